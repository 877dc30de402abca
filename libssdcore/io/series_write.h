/* series_write.h - internal: the series CSV (DESIGN.md, version 1), written
 * by the job's live log and by a replay's log alike. */
#ifndef SSD_SERIES_WRITE_H
#define SSD_SERIES_WRITE_H

#include <stdio.h>

#include "ssdcore/job.h"

/* The version line, the metadata line (a JSON object) and the column
 * names; with_lat adds the latency and per-direction columns to the
 * t_s,bytes,ops every series has. */
void ssd__series_put_head(FILE *f, const char *meta_json, int with_lat);

/* One row of s, with the columns the head named. */
void ssd__series_put_row(FILE *f, const ssd_sample *s, int with_lat);

#endif
