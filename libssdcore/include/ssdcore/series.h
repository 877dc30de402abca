/*
 * ssdcore/series.h - an in-memory write series (throughput over time); its
 * readers are in datasets.h.
 *
 * A series is a sequence of intervals: for interval i, t_s[i] is its end in
 * seconds since the start (strictly increasing, t_s[0] > 0, interval 0 starts
 * at 0) and bytes[i] the bytes completed in it. Optional per-interval columns
 * (latency figures, ops) are kept by name.
 *
 * Readers (datasets.h; the format is detected from the content, never from
 * the name):
 *  - ssdcore series CSV v1 ("# ssdcore-series 1", see DESIGN.md): t_s and
 *    bytes are required; other columns are optional, in any order; unknown
 *    ones are ignored. A header without the magic line is accepted too.
 *    A file that begins with the magic line is a live log, written a row
 *    per write(2), each ending in a newline, which a kill can cut: its last
 *    line without a newline (short of fields, or cut inside its last
 *    field) is dropped and ssd_series_note() names it (any other file's
 *    cut last line is an error).
 *  - fio write_bw_log / write_iops_log files ("time_ms, value, ddir, bs[,
 *    offset][, prio]"). Several files (one per job) or a glob pattern make
 *    one series: rows are filtered by direction (write by default), bucketed
 *    on fio's logging interval (its timestamp jitter is absorbed by rounding
 *    to the median interval) and summed across jobs. Trailing buckets that
 *    not every job reached are dropped. A file whose name contains "_iops"
 *    is read as an IOPS log (value * bs bytes per second); otherwise the
 *    value is KiB/s.
 *    Per-I/O logs (written without log_avg_msec: one row per I/O, its size
 *    in the bs field) are summed into fixed intervals instead (the
 *    per_io_interval option, 1 s by default): an interval's bytes are the sizes
 *    of the I/Os that completed in it, an interval without any is a stall
 *    (0 bytes). The format is then "fio-log-per-io" and ssd_series_note()
 *    says how many I/Os went into which intervals. A run ends where the
 *    first job's log ends; a last interval shorter than half is dropped.
 *    Per-I/O and averaged logs do not combine.
 *  - byte-sampled CSV: a header with "pos_bytes" (bytes written at the end of
 *    the chunk, cumulative) and a rate column "bps" (bytes/s) or "mib_s"
 *    (MiB/s) or "mb_s" (MB/s), as written by tools that log one speed per
 *    chunk written. Interval lengths are derived as chunk bytes / rate.
 *  - speed-per-interval CSV ("rate-csv"): a header with a time column and a
 *    throughput column, each naming its unit ("Time (ms)", "t_s", "second";
 *    "Throughput (MiB/s)", "write_MiB_s", "MB/s"; docs/analysis.md lists
 *    them). Each time ends its interval (a first time of 0: the times are
 *    the starts, and ssd_series_note() says so); bytes = speed x interval.
 *    Of a read and a write throughput column the ddir option picks one.
 *    A column without its unit, two time or two other throughput columns,
 *    or times that do not increase (several runs in one file) are refused,
 *    naming the column.
 *
 * Errors: every function returns 0 or a negative SSD_E* / -errno code.
 * ssd_series_parse and the ssd_series_from_* functions follow sqlite3_open:
 * unless memory runs out, *out receives a handle even on failure, so that
 * ssd_series_errmsg() can say what was wrong; free it with
 * ssd_series_free() in every case.
 *
 * Thread safety: a handle may be read from several threads at once; nothing
 * is shared between handles.
 */
#ifndef SSDCORE_SERIES_H
#define SSDCORE_SERIES_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ssd_series ssd_series;

/* Files larger than this are refused before parsing (SSD_ERANGE), so a
 * multi-gigabyte file of garbage costs nothing: 1 GiB, the default of the
 * max_file_bytes option. */
#define SSD_SERIES_MAX_FILE_BYTES 1073741824

/* Reading files: ssd_series_create (0, SSD_EINVAL or SSD_ENOMEM), then
 * ssd_series_set_option for how to read them (the keys ddir,
 * max_file_bytes, per_io_interval and columns are the table
 * ssd_series_options() returns; docs/options.md), then ssd_series_load,
 * once: one file, every file matching a glob ("*", "?", "["), or several
 * fio logs (one per job) making one series; several series CSVs are an
 * error (separate runs). Both return 0, a negative code with the file,
 * line and field in ssd_series_errmsg(), or SSD_ESTATE after a load. */
SSD_API int ssd_series_create(ssd_series **out);
SSD_API int ssd_series_set_option(ssd_series *s, const char *key, const char *value);
SSD_API const ssd_option_info *ssd_series_options(size_t *n);
/* ssd_series_load(s, paths, npaths) and ssd_series_parse(out, name, text,
 * len), the readers, are declared in datasets.h: datasets/ defines them,
 * as every reader of a logged format; <ssdcore.h> includes it. */

/* Builds a series from arrays (copied). t_s: interval ends, strictly
 * increasing and > 0; bytes: bytes per interval, finite and >= 0. */
SSD_API int ssd_series_from_arrays(ssd_series **out, const double *t_s, const double *bytes,
                                   size_t count);

/* Builds a series from a speed per chunk written: chunk_bytes[i] bytes at
 * rate_bps[i] bytes/s (rate > 0). */
SSD_API int ssd_series_from_chunks(ssd_series **out, const double *chunk_bytes,
                                   const double *rate_bps, size_t count);

/* Adds (or replaces) an optional column, e.g. "lat_p99_us". values has
 * ssd_series_count() entries (copied; NaN marks a missing value). */
SSD_API int ssd_series_set_column(ssd_series *s, const char *name, const double *values);

/* Sets the metadata JSON object (a series CSV's "# {...}" line): what the
 * analysis must know about the run beyond its samples - capacity_bytes,
 * written_before_bytes, precondition, pattern, block_size, queue_depth
 * (DESIGN.md, "The analysis context travels with the run"). json is copied
 * (stored compact). Returns 0, SSD_EINVAL (NULL, not a JSON object; see
 * ssd_series_errmsg), SSD_ERANGE (over 64 KiB) or SSD_ENOMEM. */
SSD_API int ssd_series_set_metadata(ssd_series *s, const char *json);

/* The series as a JSON object: source, format, note, metadata (the object),
 * t_s and bytes (arrays of count numbers), columns ({name: array}, null
 * for a missing value). flags: enum ssd_json_flags (base.h). Returns 0,
 * SSD_EINVAL (NULL or an unknown flag) or SSD_ENOMEM. */
SSD_API int ssd_series_to_json(const ssd_series *s, int flags, char **out);

/* Frees the handle. NULL is a no-op. */
SSD_API void ssd_series_free(ssd_series *s);

/* The last error of the handle ("file:line: field: what"), "" when none.
 * Valid until the next call on the handle. Never NULL for a non-NULL s. */
SSD_API const char *ssd_series_errmsg(const ssd_series *s);

/* Number of intervals. */
SSD_API size_t ssd_series_count(const ssd_series *s);
/* Interval ends in seconds and bytes per interval; count entries each, owned
 * by the handle. */
SSD_API const double *ssd_series_t_s(const ssd_series *s);
SSD_API const double *ssd_series_bytes(const ssd_series *s);
/* An optional column by name, or NULL when the series has none. */
SSD_API const double *ssd_series_column(const ssd_series *s, const char *name);
/* Names of the optional columns, index 0..n-1; NULL past the end. */
SSD_API const char *ssd_series_column_name(const ssd_series *s, size_t index);
/* The metadata JSON object of a series CSV ("{}" when absent). */
SSD_API const char *ssd_series_metadata(const ssd_series *s);
/* Where the series came from (the path or pattern given) and its format:
 * "ssdcore-series-1", "fio-log", "fio-log-per-io", "bytes-csv", "rate-csv",
 * "arrays". */
SSD_API const char *ssd_series_source(const ssd_series *s);
SSD_API const char *ssd_series_format(const ssd_series *s);
/* What the reader did to the data beyond parsing it, e.g. "fio per-I/O log:
 * 52000 I/Os summed into 1 s intervals"; "" when nothing. Owned by the
 * handle. */
SSD_API const char *ssd_series_note(const ssd_series *s);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_SERIES_H */
