/* Fuzzes the analysis on arbitrary arrays: pairs of doubles become interval
 * lengths (absolute value, so most inputs are valid) and byte counts,
 * including huge, tiny and denormal values. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t n = size / 16;
    if (n < 3 || n > 50000)
        return 0;
    double *t = malloc(n * sizeof *t), *b = malloc(n * sizeof *b);
    if (!t || !b) {
        free(t);
        free(b);
        return 0;
    }
    double acc = 0;
    for (size_t i = 0; i < n; i++) {
        double dt, by;
        memcpy(&dt, data + 16 * i, 8);
        memcpy(&by, data + 16 * i + 8, 8);
        acc += fabs(dt);
        t[i] = acc;
        b[i] = fabs(by);
    }
    ssd_series *s = NULL;
    if (ssd_series_from_arrays(&s, t, b, n) == 0) {
        ssd_analysis *a = NULL;
        if (ssd_analysis_create(&a) == 0) {
            /* Half the inputs also go through the block path. */
            if (data[0] & 1)
                ssd_analysis_set_option(a, "exact_limit", "64");
            if (ssd_analysis_run(a, s, (data[1] & 1) ? s : NULL) == 0) {
                char *json = NULL;
                if (ssd_analysis_to_json(a, "fuzz", 0, &json) == 0)
                    ssd_free(json);
            }
        }
        ssd_analysis_free(a);
    }
    ssd_series_free(s);
    free(t);
    free(b);
    return 0;
}
