/*
 * ssdcore/datasets.h - reading logged datasets into a series (series.h): an
 * ssdcore series CSV, fio bw/iops logs, byte-sampled CSV, in the formats
 * series.h describes, detected from the content.
 *
 * Declared here, not in series.h: datasets/ defines them, above series/
 * (the format readers build a series through its public API). Errors,
 * ownership and thread safety as for ssd_series (series.h).
 */
#ifndef SSDCORE_DATASETS_H
#define SSDCORE_DATASETS_H

#include "base.h"
#include "series.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reads into s (ssd_series_create, then ssd_series_set_option for how to
 * read them: the keys ddir, max_file_bytes, per_io_interval and columns),
 * once: one file, every file matching a glob ("*", "?", "["), or several
 * fio logs (one per job) making one series; several series CSVs are an
 * error (separate runs). Returns 0, a negative code with the file, line and
 * field in ssd_series_errmsg(), or SSD_ESTATE after a load. */
SSD_API int ssd_series_load(ssd_series *s, const char *const *paths, size_t npaths);

/* Parses a series held in memory (the same formats), e.g. from a pipe. name
 * is used in messages. As sqlite3_open: unless memory runs out, *out
 * receives a handle even on failure, for ssd_series_errmsg(); free it with
 * ssd_series_free() in every case. */
SSD_API int ssd_series_parse(ssd_series **out, const char *name, const char *text, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_DATASETS_H */
