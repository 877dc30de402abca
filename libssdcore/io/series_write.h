/* series_write.h - internal: the series CSV (DESIGN.md, version 1), written
 * by the job's live log (a replay's too: its job writes it). */
#ifndef SSD_SERIES_WRITE_H
#define SSD_SERIES_WRITE_H

#include <stdio.h>

#include "ssdcore/job.h"

/* The optional columns after the t_s,bytes,ops every series has. */
enum ssd__series_columns {
    SSD__SERIES_LAT = 1, /* latency and per-direction columns */
    SSD__SERIES_TEMP = 2 /* temp_c, the drive's temperature */
};

/* The version line, the metadata line (a JSON object) and the column
 * names: t_s,bytes,ops and the columns flags (enum ssd__series_columns)
 * ask for. */
void ssd__series_put_head(FILE *f, const char *meta_json, int flags);

/* One row of s, with the columns the head named. A temperature that could
 * not be read is an empty field (NaN to every reader), never 0. */
void ssd__series_put_row(FILE *f, const ssd_sample *s, int flags);

#endif
