/* series_testutil.h - the series opener (ssd_series_create, one option,
 * ssd_series_load) as one call for the tests, and a series of one-second
 * samples built from an array. */
#ifndef SERIES_TESTUTIL_H
#define SERIES_TESTUTIL_H

#include <stdlib.h>

#include <ssdcore/datasets.h>

/* Reads paths into a new *s with option key set to value (none for a NULL
 * key); *s is left for ssd_series_errmsg and ssd_series_free either way. */
static inline int series_open_opt(ssd_series **s, const char *const *paths, size_t n,
                                  const char *key, const char *value) {
    int rc = ssd_series_create(s);
    if (!rc && key)
        rc = ssd_series_set_option(*s, key, value);
    return rc ? rc : ssd_series_load(*s, paths, n);
}

static inline int series_open(ssd_series **s, const char *path) {
    return series_open_opt(s, &path, 1, NULL, NULL);
}

/* The series of n one-second samples of b[i] bytes each (NULL when out of
 * memory or refused). */
static inline ssd_series *series_per_second(const double *b, size_t n) {
    double *t = malloc(n * sizeof *t);
    ssd_series *s = NULL;
    if (!t)
        return NULL;
    for (size_t i = 0; i < n; i++)
        t[i] = (double)(i + 1);
    if (ssd_series_from_arrays(&s, t, b, n))
        s = NULL;
    free(t);
    return s;
}

#endif
