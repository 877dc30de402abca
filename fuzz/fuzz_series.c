/* Fuzzes the series readers (format detection, series CSV v1, fio logs,
 * pos_bytes CSV) and, when a series parses, the analysis of it. */
#include <stddef.h>
#include <stdint.h>

#include <ssdcore.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ssd_series *s = NULL;
    if (ssd_series_parse(&s, "fuzz", (const char *)data, size) == 0 &&
        ssd_series_count(s) <= 100000) {
        ssd_analysis *a = NULL;
        if (ssd_analysis_create(&a) == 0 && ssd_analysis_run(a, s, NULL) == 0) {
            char *json = NULL;
            if (ssd_analysis_to_json(a, NULL, 1, &json) == 0)
                ssd_free(json);
        }
        ssd_analysis_free(a);
    }
    ssd_series_free(s);
    return 0;
}
