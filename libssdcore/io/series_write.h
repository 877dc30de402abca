/* series_write.h - internal: the series CSV (DESIGN.md, version 1), written
 * by the job's live log and by a replay's log alike. */
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

/* A live series log, the one way a run writes its --log (a job, a replay on
 * a sim: target): one whole row per write, flushed as written, so a run
 * killed part-way leaves every row so far (docs/crash-safety.md). A log a
 * write failed on is renamed LOG.partial when closed: never a partial file
 * under the name the user asked for. Zero-initialised: not open. */
struct ssd__series_log {
    FILE *f;
    char **path; /* the owner's malloc'd path; the close may replace it */
    int columns; /* enum ssd__series_columns */
    size_t rows; /* data rows written */
    int failed;  /* a write to it failed */
};

/* Creates *path (truncating it: the caller asked ssd__output_check first)
 * and writes the head. 0, or a negative code with err (SSD__ERRMSG_SIZE). */
int ssd__series_log_open(struct ssd__series_log *l, char **path, const char *meta_json, int columns,
                         char *err);
/* Writes and flushes one row; 0, or a negative code with err. */
int ssd__series_log_row(struct ssd__series_log *l, const ssd_sample *s, char *err);
/* Closes l (nothing when it is not open), renaming a failed one to
 * *path.partial (*path then names it). Returns rc, or the log's own error
 * when rc was 0. */
int ssd__series_log_close(struct ssd__series_log *l, int rc, char *err);

#endif
