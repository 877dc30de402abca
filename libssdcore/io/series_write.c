/* series_write.c - the series CSV's lines. */
#include <math.h>
#include <stdio.h>

#include "series_write.h"
#include "numfmt.h"

void ssd__series_put_head(FILE *f, const char *meta_json, int flags) {
    fprintf(f, "# ssdcore-series 1\n# %s\nt_s,bytes,ops%s%s\n", meta_json,
            flags & SSD__SERIES_LAT
                ? ",lat_mean_us,lat_p99_us,lat_max_us,read_bytes,write_bytes,read_ops,"
                  "write_ops,read_lat_mean_us,read_lat_p99_us,read_lat_max_us,"
                  "write_lat_mean_us,write_lat_p99_us,write_lat_max_us"
                : "",
            flags & SSD__SERIES_TEMP ? ",temp_c" : "");
}

/* Field writers into a row's buffer: each adds a comma (but the first)
 * and returns the end. A number printf("%.*f") writes in at most 320
 * bytes (the longest finite double's digits). */
#define FIELD_MAX 320

static char *put_u64(char *p, unsigned long long u, int comma) {
    char rev[24];
    int n = 0;
    do
        rev[n++] = (char)('0' + u % 10);
    while (u /= 10);
    if (comma)
        *p++ = ',';
    while (n)
        *p++ = rev[--n];
    return p;
}

static char *put_fixed(char *p, double v, int digits, int comma) {
    if (comma)
        *p++ = ',';
    int n = ssd__fmt_fixed_rounded(p, v, digits);
    return p + (n ? n : snprintf(p, FIELD_MAX, "%.*f", digits, v));
}

void ssd__series_put_row(FILE *f, const ssd_sample *s, int flags) {
    /* Built in one buffer and written at once, the whole numbers and the
     * fixed-point ones that are whole ns or us (ssd__fmt_fixed) without
     * printf: the same text as fprintf's "%.6f,%llu,..." of each field,
     * which was half of a job's time on a sim: target (17 fields a row). */
    char line[20 * (FIELD_MAX + 2)], *p = line;
    /* Microseconds: a virtual run that stops on a byte budget can end with
     * an interval far shorter than a millisecond, and t_s must stay
     * strictly increasing for every reader. */
    p = put_fixed(p, s->t_s, 6, 0);
    p = put_u64(p, (unsigned long long)(s->bytes[0] + s->bytes[1]), 1);
    p = put_u64(p, (unsigned long long)(s->ops[0] + s->ops[1]), 1);
    if (flags & SSD__SERIES_LAT) {
        p = put_fixed(p, s->lat_mean_us, 3, 1);
        p = put_fixed(p, s->lat_p99_us, 3, 1);
        p = put_fixed(p, s->lat_max_us, 3, 1);
        for (int d = 0; d < 2; d++)
            p = put_u64(p, (unsigned long long)s->bytes[d], 1);
        for (int d = 0; d < 2; d++)
            p = put_u64(p, (unsigned long long)s->ops[d], 1);
        for (int d = 0; d < 2; d++) {
            p = put_fixed(p, s->dir_lat_mean_us[d], 3, 1);
            p = put_fixed(p, s->dir_lat_p99_us[d], 3, 1);
            p = put_fixed(p, s->dir_lat_max_us[d], 3, 1);
        }
    }
    if ((flags & SSD__SERIES_TEMP) && isfinite(s->temp_c))
        p = put_fixed(p, s->temp_c, 1, 1);
    else if (flags & SSD__SERIES_TEMP)
        *p++ = ',';
    *p++ = '\n';
    fwrite(line, 1, (size_t)(p - line), f);
}
