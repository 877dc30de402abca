/*
 * ssdcore/fileops.h - real file work inside one drive, timed the way the
 * review labs time it (METHODOLOGY.md tests 9 and 10):
 *
 *   ssd_copy_*      Robocopy-like tree copy (recursive, mirror, list-only,
 *                   N parallel workers, retries, Robocopy's summary and exit bits)
 *   ssd_archive_*   7-Zip-style packing through libarchive (7z/Deflate by default)
 *   ssd_extract_*   secure unpacking (no "..", no absolute paths, no writes
 *                   through symlinks out of the destination)
 *   ssd_fileset_*   deterministic generated file sets: iso, program, work
 *   ssd_filebench_* make a set, then time copy, archive and extract on it
 *
 * Conventions shared by every handle here:
 * - *_create(&h) returns 0 or SSD_ENOMEM; *_free(NULL) is a no-op; handles are
 *   independent of each other and may be freed in any order.
 * - Options are set by key and text value: *_set_option(h, "workers", "8"),
 *   checked against the handle's table, *_options(&n) (base.h; their keys,
 *   ranges, defaults and help are listed in docs/options.md and by each
 *   command's --help). Unknown keys give SSD_EINVAL, bad values SSD_EINVAL or
 *   SSD_ERANGE; the handle's *_errmsg() then names the key.
 * - Functions return 0 (or a count) on success, a negative SSD_E* code or
 *   -errno on failure; *_errmsg(h) holds a message naming the path at fault
 *   (never NULL, "" before any failure), valid until the next call on h.
 * - One handle must not be used from two threads at once; different handles
 *   may run concurrently. The run functions never print, never exit, and
 *   hold no process-wide state except where noted (the 7z writer's TMPDIR).
 */
#ifndef SSDCORE_FILEOPS_H
#define SSDCORE_FILEOPS_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Progress of a long run, delivered on the thread that called the run
 * function (never on a copy worker) at most once per progress interval
 * (option progress_interval; 0 = at every opportunity, for tests). Totals
 * may still grow while a tree is being scanned. */
typedef struct ssd_fileops_progress {
    size_t size;       /* set by the library: sizeof this struct (base.h) */
    const char *phase; /* "scan", "copy", "sync", "archive", "extract", "mkset" */
    uint64_t files_done;
    uint64_t files_total;
    uint64_t bytes_done;
    uint64_t bytes_total;
    double elapsed_s;
} ssd_fileops_progress;

/* A progress callback; user is passed back unchanged. Return 0 to go on;
 * non-zero stops the run soon and cleanly: queued work is abandoned, a file
 * being written is removed rather than left partial (a half archive too),
 * and the run returns SSD_EINTERRUPTED with what was done so far in its
 * result. The callback is not called again after it asked to stop. */
typedef int (*ssd_fileops_progress_fn)(void *user, const ssd_fileops_progress *progress);

/* ------------------------------------------------------------------------ */
/* Tree copy                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct ssd_copy ssd_copy;

/* One row of Robocopy's summary table: six columns that will not grow, so
 * this value type, embedded in ssd_copy_result, has no size member. */
typedef struct ssd_copy_counts {
    uint64_t total;
    uint64_t copied;
    uint64_t skipped;
    uint64_t mismatch;
    uint64_t failed;
    uint64_t extras;
} ssd_copy_counts;

/* The outcome of ssd_copy_run(). Bytes count file data (symlink targets
 * count their length). */
typedef struct ssd_copy_result {
    size_t size; /* sizeof this struct: see "The API convention" in base.h */
    ssd_copy_counts dirs;
    ssd_copy_counts files;
    ssd_copy_counts bytes;
    double total_s;   /* wall time of the run, sync included */
    double copy_s;    /* scan + copy, until the last worker finished */
    double sync_s;    /* flushing the destination before the clock stopped */
    double failed_s;  /* time spent in failed attempts and retry waits (summed over workers) */
    double extras_s;  /* time spent purging extras (mirror) */
    double bw_bps;    /* bytes copied / total_s */
    int exit_bits;    /* Robocopy's: 1 copied, 2 extras, 4 mismatches, 8 failures */
    int first_error;  /* code of the first failure (0 when none) */
    unsigned workers; /* workers used */
} ssd_copy_result;

/* A decision made while scanning, for list-only output and logs. action is
 * one of "new file", "newer", "older", "changed", "same", "new dir",
 * "extra file", "extra dir", "mismatch", "failed". Called on the
 * thread that runs ssd_copy_run(). */
typedef void (*ssd_copy_log_fn)(void *user, const char *action, const char *relpath, uint64_t size);

SSD_API int ssd_copy_create(ssd_copy **out);
SSD_API void ssd_copy_free(ssd_copy *c);
SSD_API const char *ssd_copy_errmsg(const ssd_copy *c);

/* The options: workers, mirror, list_only, sync, retries... (Robocopy's /MT,
 * /MIR, /L, /R; xattrs, acls and sparse as rsync's -X, -A, --sparse). */
SSD_API const ssd_option_info *ssd_copy_options(size_t *n);
SSD_API int ssd_copy_set_option(ssd_copy *c, const char *key, const char *value);
SSD_API int ssd_copy_set_progress(ssd_copy *c, ssd_fileops_progress_fn fn, void *user);
SSD_API int ssd_copy_set_log(ssd_copy *c, ssd_copy_log_fn fn, void *user);

/*
 * Copies the tree at src into dst (created if missing). Returns 0 when the run
 * completed, even with per-file failures: those are counted in res->files.failed
 * and res->exit_bits has bit 8 set; ssd_copy_failure() lists them. Returns a
 * negative code only for a fatal error (source unreadable, destination
 * impossible to create, out of memory), Robocopy's exit bit 16, or
 * SSD_EINTERRUPTED when the progress callback stopped it (res then counts
 * what was done; no partial file is left). The source is never modified.
 * Runs without the Python GIL from cffi.
 */
SSD_API int ssd_copy_run(ssd_copy *c, const char *src, const char *dst, ssd_copy_result *res);

/* The number of failures recorded by the last run (at most 1000 are kept),
 * and the text of failure i ("relpath: reason"), NULL when out of range. */
SSD_API size_t ssd_copy_failure_count(const ssd_copy *c);
SSD_API const char *ssd_copy_failure(const ssd_copy *c, size_t i);

/* The last run's results as a JSON object, what `ssdcore copy --json`
 * prints: {"src", "dst", "list_only", "dirs"/"files"/"bytes": {"total",
 * "copied", "skipped", "mismatch", "failed", "extras"}, "times": {"total_s",
 * "copy_s", "sync_s", "failed_s", "extras_s"}, "bw_bps", "workers",
 * "robocopy_exit" (Robocopy's bits, res->exit_bits: what `ssdcore copy
 * --robocopy-exit` exits with; "exit_code" before round 21), "failures":
 * [...]}, in a
 * malloc'd string freed with ssd_free(). flags: enum ssd_json_flags.
 * Returns 0, SSD_EINVAL (NULL argument, unknown flag), SSD_ESTATE (no run
 * yet, or the last one failed with a negative code) or SSD_ENOMEM. The
 * same holds for ssd_archive_to_json, ssd_extract_to_json and
 * ssd_fileset_to_json below. */
SSD_API int ssd_copy_to_json(const ssd_copy *c, int flags, char **out);

/* ------------------------------------------------------------------------ */
/* Archive and extract                                                       */
/* ------------------------------------------------------------------------ */

/* Timings of an archive or extract run. On archive: read = reading the source
 * files, codec = libarchive's compression (for 7z this includes its staging
 * temporary file), write = writing the archive. On extract: read = reading the
 * archive, codec = decompression, write = writing the files. */
typedef struct ssd_archive_result {
    size_t size; /* sizeof this struct: see "The API convention" in base.h */
    uint64_t files;
    uint64_t dirs;
    uint64_t symlinks;
    uint64_t data_bytes;    /* uncompressed file bytes */
    uint64_t archive_bytes; /* size of the archive file */
    double total_s;
    double read_s;
    double codec_s;
    double write_s;
    double sync_s;
    double bw_bps;    /* data_bytes / total_s */
    uint64_t skipped; /* FIFOs, sockets and devices left out (ssd_archive_skipped
                         names them on archive; extract counts those it met) */
} ssd_archive_result;

typedef struct ssd_archive ssd_archive;

SSD_API int ssd_archive_create(ssd_archive **out);
SSD_API void ssd_archive_free(ssd_archive *a);
SSD_API const char *ssd_archive_errmsg(const ssd_archive *a);

/* The options: format, method, level, tmpdir, sync, progress_interval. */
SSD_API const ssd_option_info *ssd_archive_options(size_t *n);
SSD_API int ssd_archive_set_option(ssd_archive *a, const char *key, const char *value);
SSD_API int ssd_archive_set_progress(ssd_archive *a, ssd_fileops_progress_fn fn, void *user);

/* Packs the tree under src (entries named relative to src) into the file
 * archive_path (replaced if it exists, only once the new archive is
 * complete). Regular files, directories and symlinks are stored; FIFOs,
 * sockets and devices carry no data an archive could hold: they are left
 * out, counted in res->skipped and named by ssd_archive_skipped().
 * The 7z format needs a staging file: its directory is passed to libarchive
 * through TMPDIR under a process-wide lock, so other threads that read TMPDIR
 * at that instant may see it. */
SSD_API int ssd_archive_run(ssd_archive *a, const char *src, const char *archive_path,
                            ssd_archive_result *res);

/* The number of entries the last run left out (at most 1000 are kept),
 * and the text of entry i ("relpath (FIFO)"), NULL when out of range. */
SSD_API size_t ssd_archive_skipped_count(const ssd_archive *a);
SSD_API const char *ssd_archive_skipped(const ssd_archive *a, size_t i);

/* The last run's results as a JSON object, what `ssdcore archive --json`
 * prints: {"operation": "archive", "archive", "tree", "files", "dirs",
 * "symlinks", "data_bytes", "archive_bytes", "total_s", "read_s", "codec_s"
 * (compressing), "write_s", "sync_s", "bw_bps" (data bytes / total_s),
 * "skipped"}; as ssd_copy_to_json. */
SSD_API int ssd_archive_to_json(const ssd_archive *a, int flags, char **out);

typedef struct ssd_extract ssd_extract;

SSD_API int ssd_extract_create(ssd_extract **out);
SSD_API void ssd_extract_free(ssd_extract *x);
SSD_API const char *ssd_extract_errmsg(const ssd_extract *x);

/* The options: sync, overwrite, absolute_symlinks (stored as they are,
 * never followed: later entries still cannot be written through them, and
 * relative targets that climb out of dst with ".." stay refused),
 * progress_interval. */
SSD_API const ssd_option_info *ssd_extract_options(size_t *n);
SSD_API int ssd_extract_set_option(ssd_extract *x, const char *key, const char *value);
SSD_API int ssd_extract_set_progress(ssd_extract *x, ssd_fileops_progress_fn fn, void *user);

/* Unpacks any format libarchive reads (7z, zip, tar.*) into dst (created if
 * missing). Secure: an entry with an absolute path, a ".." component, a path
 * through a symlink, a symlink pointing out of dst (absolute targets are
 * allowed with absolute_symlinks=1) or a hard link reaching outside dst is
 * refused with SSD_EHOSTILE before anything is written for it; a truncated or
 * corrupt archive gives SSD_EFORMAT; a full destination -ENOSPC. On any
 * failure the file being written is removed, entries before it stay. Never
 * changes the umask or working directory. */
SSD_API int ssd_extract_run(ssd_extract *x, const char *archive_path, const char *dst,
                            ssd_archive_result *res);

/* The last run's results as ssd_archive_to_json's object with "operation":
 * "extract", "tree" the destination and "codec_s" the decompressing; what
 * `ssdcore extract --json` prints; as ssd_copy_to_json. */
SSD_API int ssd_extract_to_json(const ssd_extract *x, int flags, char **out);

/* ------------------------------------------------------------------------ */
/* File sets                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct ssd_fileset ssd_fileset;

typedef struct ssd_fileset_result {
    size_t size; /* sizeof this struct: see "The API convention" in base.h */
    uint64_t files;
    uint64_t dirs;
    uint64_t bytes;
    double total_s;
} ssd_fileset_result;

SSD_API int ssd_fileset_create(ssd_fileset **out);
SSD_API void ssd_fileset_free(ssd_fileset *s);
SSD_API const char *ssd_fileset_errmsg(const ssd_fileset *s);

/* The options: kind, size, seed (the same kind, size and seed give
 * byte-identical sets), sync, progress_interval. */
SSD_API const ssd_option_info *ssd_fileset_options(size_t *n);
SSD_API int ssd_fileset_set_option(ssd_fileset *s, const char *key, const char *value);

/* Progress of ssd_fileset_run: phase "mkset", files and bytes written of
 * the planned totals (known from the start). A non-zero return stops the run:
 * the file being written is never named, the files before it stay, and the run
 * returns SSD_EINTERRUPTED. fn NULL removes the callback. */
SSD_API int ssd_fileset_set_progress(ssd_fileset *s, ssd_fileops_progress_fn fn, void *user);

/* Generates the set into dir (created if missing; must be empty or absent,
 * or hold an unfinished set of the same kind, size and seed, which is then
 * completed: each file is named only when whole, so one left by a full disk
 * or a kill is complete and kept). */
SSD_API int ssd_fileset_run(ssd_fileset *s, const char *dir, ssd_fileset_result *res);

/* The last run's results as a JSON object, what `ssdcore mkset --json`
 * prints: {"kind", "dir", "size_bytes" (asked for), "seed", "files", "dirs",
 * "bytes" (written), "total_s"}; as ssd_copy_to_json. */
SSD_API int ssd_fileset_to_json(const ssd_fileset *s, int flags, char **out);

/* ------------------------------------------------------------------------ */
/* File benchmark                                                            */
/* ------------------------------------------------------------------------ */

typedef struct ssd_filebench ssd_filebench;

SSD_API int ssd_filebench_create(ssd_filebench **out);
SSD_API void ssd_filebench_free(ssd_filebench *b);
SSD_API const char *ssd_filebench_errmsg(const ssd_filebench *b);

/* The options: set, size, seed, steps, workers, format, method, level, keep,
 * progress_interval (each part's). */
SSD_API const ssd_option_info *ssd_filebench_options(size_t *n);
SSD_API int ssd_filebench_set_option(ssd_filebench *b, const char *key, const char *value);

/* Progress of ssd_filebench_run: the callback of each part in turn, with its
 * phase ("mkset", then "scan"/"copy"/"sync", "archive", "extract") and that
 * part's totals. A non-zero return stops the run as it stops that part. */
SSD_API int ssd_filebench_set_progress(ssd_filebench *b, ssd_fileops_progress_fn fn, void *user);

/* Makes the set under dir/ (a scratch directory on the filesystem under
 * test), then times each step with caches dropped before it and data synced
 * before its clock stops. Returns 0 and fills the results JSON. */
SSD_API int ssd_filebench_run(ssd_filebench *b, const char *dir);

/* The results of the last run as a JSON object (schema "ssdcore-filebench 1")
 * in a malloc'd string freed with ssd_free(). flags: enum ssd_json_flags.
 * Returns 0, SSD_EINVAL (NULL argument, unknown flag), SSD_ESTATE (no run
 * yet) or SSD_ENOMEM. */
SSD_API int ssd_filebench_to_json(const ssd_filebench *b, int flags, char **out);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_FILEOPS_H */
