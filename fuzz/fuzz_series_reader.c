/* Fuzzes the series readers alone (format detection, series CSV v1, fio
 * bw/iops logs, pos_bytes CSV) and every accessor of what they return:
 * fuzz_series also analyses each series, which makes it ~10x slower, too
 * slow for the 10M-execution runs of bench/fuzz_readers.sh. */
#include <stddef.h>
#include <stdint.h>

#include <ssdcore.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ssd_series *s = NULL;
    if (ssd_series_parse(&s, "fuzz", (const char *)data, size) == 0) {
        /* A few bytes of per-I/O log spanning a month bin into millions of
         * empty intervals (bounded by the reader): touching each under ASan
         * took over 10 s. The reader's own work is what is fuzzed. */
        size_t n = ssd_series_count(s);
        if (n > 100000)
            n = 100000;
        const double *t = ssd_series_t_s(s), *b = ssd_series_bytes(s);
        volatile double sum = 0;
        for (size_t i = 0; i < n; i++)
            sum += t[i] + b[i];
        const char *name;
        for (size_t c = 0; (name = ssd_series_column_name(s, c)) != NULL; c++) {
            const double *v = ssd_series_column(s, name);
            for (size_t i = 0; v && i < n; i++)
                sum += v[i] == v[i] ? v[i] : 0;
        }
        (void)sum;
        (void)ssd_series_metadata(s);
        (void)ssd_series_source(s);
        (void)ssd_series_format(s);
        (void)ssd_series_note(s);
    }
    ssd_series_free(s);
    return 0;
}
