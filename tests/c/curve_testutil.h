/* curve_testutil.h - a used drive's first regimes built sample by sample:
 * a cache, its folding, then GC, for the analysis tests that read them. */
#ifndef CURVE_TESTUTIL_H
#define CURVE_TESTUTIL_H

#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>

#include "test_noise.h"

/* n one-second samples (bytes each): a cache of `cache` bytes at hi B/s,
 * its folding at fold B/s (log-normal noise cv; 0 for none, which draws
 * nothing) until `fold_end` bytes, then GC, each sample gc_sample(gc);
 * the samples holding a change mix the two levels. The caller frees it. */
static inline double *cache_fold_gc_curve(size_t n, double cache, double hi, double fold_end,
                                          double fold, double cv, double gc,
                                          double (*gc_sample)(double gc)) {
    double *b = malloc(n * sizeof *b), w = 0;
    cr_assert(b);
    for (size_t i = 0; i < n; i++) {
        double x;
        if (w + hi <= cache)
            x = hi;
        else if (w < cache)
            x = (cache - w) + (1 - (cache - w) / hi) * fold;
        else if (w + fold <= fold_end)
            x = cv > 0 ? fold * exp(cv * gauss()) : fold;
        else if (w < fold_end)
            x = (fold_end - w) + (1 - (fold_end - w) / fold) * gc;
        else
            x = gc_sample(gc);
        b[i] = x;
        w += x;
    }
    return b;
}

#endif
