/* series_write.c - the series CSV's lines. */
#include <math.h>

#include "series_write.h"

void ssd__series_put_head(FILE *f, const char *meta_json, int flags) {
    fprintf(f, "# ssdcore-series 1\n# %s\nt_s,bytes,ops%s%s\n", meta_json,
            flags & SSD__SERIES_LAT
                ? ",lat_mean_us,lat_p99_us,lat_max_us,read_bytes,write_bytes,read_ops,"
                  "write_ops,read_lat_mean_us,read_lat_p99_us,read_lat_max_us,"
                  "write_lat_mean_us,write_lat_p99_us,write_lat_max_us"
                : "",
            flags & SSD__SERIES_TEMP ? ",temp_c" : "");
}

void ssd__series_put_row(FILE *f, const ssd_sample *s, int flags) {
    /* Microseconds: a virtual run that stops on a byte budget can end with
     * an interval far shorter than a millisecond, and t_s must stay
     * strictly increasing for every reader. */
    fprintf(f, "%.6f,%llu,%llu", s->t_s, (unsigned long long)(s->bytes[0] + s->bytes[1]),
            (unsigned long long)(s->ops[0] + s->ops[1]));
    if (flags & SSD__SERIES_LAT)
        fprintf(f, ",%.3f,%.3f,%.3f,%llu,%llu,%llu,%llu,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f",
                s->lat_mean_us, s->lat_p99_us, s->lat_max_us, (unsigned long long)s->bytes[0],
                (unsigned long long)s->bytes[1], (unsigned long long)s->ops[0],
                (unsigned long long)s->ops[1], s->dir_lat_mean_us[0], s->dir_lat_p99_us[0],
                s->dir_lat_max_us[0], s->dir_lat_mean_us[1], s->dir_lat_p99_us[1],
                s->dir_lat_max_us[1]);
    if ((flags & SSD__SERIES_TEMP) && isfinite(s->temp_c))
        fprintf(f, ",%.1f", s->temp_c);
    else if (flags & SSD__SERIES_TEMP)
        fputc(',', f);
    fputc('\n', f);
}
