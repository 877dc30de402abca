/*
 * ssdcore/trace.h - block I/O traces: read, write, generate, replay.
 *
 * A trace is an ordered list of I/Os, each with its issue time, operation,
 * byte offset and length, and (when the recording knew it) its completion
 * time. Traces are read from
 *   - ssdcore trace CSV ("# ssdcore-trace 1", then "t_s,op,offset,length"
 *     and an optional "done_s" column; docs/traces.md),
 *   - fio iologs, versions 2 and 3 (write_iolog / read_iolog),
 *   - blkparse's default text output (from blktrace): D (or Q) events are
 *     the I/Os, C events their completions,
 * the format detected from the content. They are written as ssdcore CSV or
 * fio iolog version 3 (which `fio --read_iolog` replays). Built-in
 * application scenarios (PCMark 8-style storage traces, a game-level load,
 * an application start-up) are generated from published characteristics,
 * seeded and reproducible; no benchmark's trace file is copied.
 *
 * A replay issues a trace's I/Os against a target (file, block device or
 * sim:), with the recorded timing, with idle time removed, or with time
 * scaled, at the recorded or a fixed queue depth, and summarises it like a
 * job: bytes, I/Os, busy time, bandwidth (bytes / busy time, PCMark's
 * measure), latency percentiles, per-interval samples.
 *
 * Handles are not thread-safe (one thread at a time); the functions without
 * a handle are. Strings returned through char ** are freed with ssd_free().
 */
#ifndef SSDCORE_TRACE_H
#define SSDCORE_TRACE_H

#include "base.h"
#include "job.h"
#include "target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ssd_trace ssd_trace;

/* Operations of a trace record. */
enum ssd_trace_op {
    SSD_TRACE_READ = 0,
    SSD_TRACE_WRITE = 1,
    SSD_TRACE_TRIM = 2,
    SSD_TRACE_FLUSH = 3
};

/* One I/O. size: sizeof this struct, set by the caller before
 * ssd_trace_add and ssd_trace_get (see "The API convention" in base.h);
 * t_s: issue time in seconds since the trace began; done_s: its
 * completion time, or a negative number when the recording has none; op:
 * an ssd_trace_op; offset and length in bytes (0 for a flush). */
typedef struct ssd_trace_io {
    size_t size; /* sizeof this struct: see "The API convention" in base.h */
    double t_s;
    double done_s;
    int op;
    uint64_t offset;
    uint64_t length;
} ssd_trace_io;

/* Creates an empty trace. Returns 0 or SSD_ENOMEM. */
SSD_API int ssd_trace_create(ssd_trace **out);

/* Frees tr; NULL is a no-op. */
SSD_API void ssd_trace_free(ssd_trace *tr);

/* The last error message; "" when there was none. */
SSD_API const char *ssd_trace_errmsg(const ssd_trace *tr);

/* The API convention's set_option: a trace takes no options, so every key
 * is refused (SSD_EINVAL, "unknown trace option 'KEY'"). */
SSD_API int ssd_trace_set_option(ssd_trace *tr, const char *key, const char *value);

/* Replaces tr's contents with the trace in path. format: NULL or "auto"
 * (detected from the content), "csv", "iolog" or "blkparse". With NULL or
 * "auto", path "scenario:NAME" is ssd_trace_generate(tr, NAME, 1, 0) and
 * "filetest:NAME[@SET_SIZE]" ssd_trace_filetest (SET_SIZE like "8g";
 * SSD_EINVAL for a bad one): the CLI, Python and suites name traces so.
 * Returns 0;
 * SSD_EFORMAT with the file and line at fault in ssd_trace_errmsg();
 * SSD_EINVAL for an unknown format; -errno when the file cannot be read.
 * On failure tr is left empty. */
SSD_API int ssd_trace_load(ssd_trace *tr, const char *path, const char *format);

/* The same from text in memory (len bytes, need not be NUL-terminated);
 * name is used in messages ("<memory>" when NULL). */
SSD_API int ssd_trace_parse(ssd_trace *tr, const char *text, size_t len, const char *format,
                            const char *name);

/* The format tr was last read from: "csv", "iolog2", "iolog3",
 * "blkparse", "generated", "recorded" (a built-in file test) or "" (built
 * by ssd_trace_add). Static string. */
SSD_API const char *ssd_trace_format(const ssd_trace *tr);

/* The file tr was last read from by ssd_trace_load (the path as given),
 * or NULL when its I/Os came from elsewhere. Owned by tr. */
SSD_API const char *ssd_trace_source(const ssd_trace *tr);

/* The built-in scenario or file test tr was last made from
 * (ssd_trace_generate, ssd_trace_filetest, or ssd_trace_load of
 * "scenario:NAME" or "filetest:NAME[@SET_SIZE]": "pcm8-excel", "iso-copy"),
 * or NULL when its I/Os came from elsewhere. Owned by tr. */
SSD_API const char *ssd_trace_name(const ssd_trace *tr);

/* Writes tr to path, replacing it atomically (a temporary file renamed
 * into place). Refused (SSD_EUNSAFE, with the reason in ssd_trace_errmsg)
 * when path is the file tr was loaded from, a device node or another
 * non-regular file, or a non-empty file ssdcore did not write (one that
 * does not begin as this format's files do). format: "csv" (default for
 * NULL) or "iolog3"; iolog3 names `file` (NULL: "/dev/null-trace") as the
 * file every I/O goes to, so fio replays it with --read_iolog and
 * --replay_redirect. Returns 0, SSD_EINVAL, SSD_EUNSAFE or -errno. */
SSD_API int ssd_trace_save(ssd_trace *tr, const char *path, const char *format, const char *file);

/* The largest read or write a trace may hold: 1 GiB (the kernel splits far
 * smaller ones; a replay buffers the largest I/O once per queue slot). */
#define SSD_TRACE_MAX_IO_BYTES (1ull << 30)

/* Appends one I/O (io->size set; times must not decrease; length > 0
 * except for a flush, at most SSD_TRACE_MAX_IO_BYTES for a read or write;
 * offset + length within 2^64). Returns 0, SSD_EINVAL with a message, or
 * SSD_ENOMEM. */
SSD_API int ssd_trace_add(ssd_trace *tr, const ssd_trace_io *io);

/* Number of I/Os, and one of them (0 <= i < count; else SSD_ERANGE) into
 * *out, whose size the caller sets (SSD_EINVAL when it is below the first
 * version's; the library keeps it). */
SSD_API size_t ssd_trace_count(const ssd_trace *tr);
SSD_API int ssd_trace_get(const ssd_trace *tr, size_t i, ssd_trace_io *out);

/* Characteristics as a JSON object: format, name (ssd_trace_name, or
 * null), ios, reads, writes, trims, flushes,
 * read_bytes, write_bytes, duration_s, the share of sequential reads and
 * writes (an I/O that starts where the previous one of its kind ended),
 * idle_share (time with no I/O in flight, when completions are known, else
 * time between I/Os more than 1 ms apart), max_overlap (the largest number
 * of I/Os in flight; 1 when completions are unknown), size_mix ([[bytes,
 * count]...], the most common sizes). flags: enum ssd_json_flags (base.h).
 * Returns 0, SSD_EINVAL (NULL or an unknown flag) or SSD_ENOMEM. */
SSD_API int ssd_trace_to_json(const ssd_trace *tr, int flags, char **out);

/* The largest number of I/Os the recording had in flight at once, from
 * issue and completion times of the I/Os whose completion it knows; 1 when
 * it knows none. This is
 * the replay's "recorded" queue depth. */
SSD_API unsigned ssd_trace_max_overlap(const ssd_trace *tr);

/* ---- built-in application scenarios ------------------------------------ */

/* The scenarios, 0 <= i < ssd_trace_scenario_count(): name ("pcm8-bf3",
 * "game-level", ...) and a one-line description with the published figures
 * it follows. NULL out of range. Static strings. */
SSD_API size_t ssd_trace_scenario_count(void);
SSD_API const char *ssd_trace_scenario_name(size_t i);
SSD_API const char *ssd_trace_scenario_describe(size_t i);

/* Replaces tr's contents with scenario `name`, generated from seed (the same
 * seed gives the same trace). The trace addresses `span` bytes (0: the
 * scenario's own footprint, at most 16 GiB); offsets are 4 KiB aligned.
 * Returns 0, SSD_EINVAL (unknown name; the message lists the names) or
 * SSD_ENOMEM. */
SSD_API int ssd_trace_generate(ssd_trace *tr, const char *name, uint64_t seed, uint64_t span);

/* ---- recorded file tests ------------------------------------------------- */

/* The lab2016 file tests (METHODOLOGY.md A 9-10: copy of the ISO, Program
 * and Work sets inside the drive, 7-Zip Deflate archive and extract of the
 * Work set) recorded once as block traces of ext4 on a loop device
 * (scripts/record_file_traces.sh; datasets/filetraces/PROVENANCE.txt) and
 * built into the library, so targets without a filesystem (sim:) run them.
 * Names "SET-PHASE": iso-mkset, iso-copy, program-mkset, program-copy,
 * work-mkset, work-copy, work-archive, work-extract; a *-mkset trace
 * creates the set the others read. The same tests recorded again at the
 * queue depths the filesystem issues (image in RAM, loop device in direct
 * I/O mode, a multi-threaded recorder; up to 64 I/Os in flight) carry the
 * prefix "nvme-" (nvme-iso-copy, ...). 0 <= i < ssd_trace_filetest_count();
 * NULL out of range. Static strings. */
SSD_API size_t ssd_trace_filetest_count(void);
SSD_API const char *ssd_trace_filetest_name(size_t i);

/* The set size a file test was recorded with and the size of the loop
 * device it was recorded on. Returns 0, SSD_EINVAL (unknown name) or
 * SSD_EFORMAT. */
SSD_API int ssd_trace_filetest_sizes(const char *name, uint64_t *set_bytes, uint64_t *device_bytes);

/* Replaces tr's contents with file test `name` for a set of set_bytes (0:
 * the recorded size): the recording repeated ceil(set_bytes / recorded set
 * size) times, each repetition after the previous one and shifted by the
 * recorded device's size, as that many recorded sets side by side. A name
 * ending in "_to" keeps only the test's writes, trims and flushes (a copy
 * from another drive onto this one: nvme-iso-copy_to), "_from" only its
 * reads (a copy from this drive to another); ssd_trace_filetest_sizes
 * takes these names too. Returns
 * 0, SSD_EINVAL (unknown name; the message lists the names), SSD_ERANGE
 * (more than 256 repetitions), SSD_EFORMAT or SSD_ENOMEM. The format is
 * then "recorded". */
SSD_API int ssd_trace_filetest(ssd_trace *tr, const char *name, uint64_t set_bytes);

/* ---- replay -------------------------------------------------------------- */

typedef struct ssd_replay ssd_replay;

/* Creates a replay of trace tr on target t. Both are borrowed: they must
 * stay alive and unchanged until ssd_replay_run returns. Returns 0,
 * SSD_EINVAL (NULL argument) or SSD_ENOMEM. */
SSD_API int ssd_replay_create(ssd_replay **out, ssd_target *t, const ssd_trace *tr);

/* Frees r; NULL is a no-op. */
SSD_API void ssd_replay_free(ssd_replay *r);

/*
 * Sets an option before ssd_replay_run. Keys and values are strings; the
 * keys (timing, qd, offset, span, interval, engine, record, log,
 * written_before, precondition), their types, ranges, defaults and meaning
 * are the table ssd_replay_options() returns (`ssdcore replay --help` and
 * docs/options.md show it). "written_before" and "precondition" are
 * recorded in the log's metadata for the analysis, as a job's are
 * (DESIGN.md, "The analysis context travels with the run").
 * Returns 0, SSD_EINVAL / SSD_ERANGE with a message, or SSD_ESTATE (ran).
 */
SSD_API int ssd_replay_set_option(ssd_replay *r, const char *key, const char *value);

/* The options ssd_replay_set_option accepts, in a static array of *n
 * entries (ssdcore/base.h). Thread-safe. */
SSD_API const ssd_option_info *ssd_replay_options(size_t *n);

/* Runs the replay to its end (blocking). Writes need a target that allows
 * them (a block device opened with destroy_data). Returns 0,
 * SSD_EINTERRUPTED after ssd_interrupt() (results cover what completed), or
 * a negative code with the reason in ssd_replay_errmsg(). Runs once. */
SSD_API int ssd_replay_run(ssd_replay *r);

/* The last error message; "" when there was none. */
SSD_API const char *ssd_replay_errmsg(const ssd_replay *r);

/* Results after the run; dir is an ssd_dir (job.h). busy_s: time with at least one I/O in flight
 * (virtual seconds on sim targets); bandwidth = bytes / busy_s. */
SSD_API double ssd_replay_busy_s(const ssd_replay *r);
SSD_API double ssd_replay_runtime_s(const ssd_replay *r);
SSD_API uint64_t ssd_replay_bytes(const ssd_replay *r, int dir);
SSD_API uint64_t ssd_replay_ios(const ssd_replay *r, int dir);

/* The average access time in seconds: the mean of completion - issue over
 * the reads and writes (not trims or flushes), as PCMark 10 defines it; 0
 * before any completed. In the results JSON as "access_us", in µs as every
 * latency ("access_s", seconds, before round 20). */
SSD_API double ssd_replay_access_s(const ssd_replay *r);

/* The results as a JSON object: target, trace (its summary, name included), timing, qd,
 * engine, runtime_s, busy_s, bytes, ios, bw_bps (bytes / busy_s), iops,
 * access_us (ssd_replay_access_s in µs), read/write {bytes, ios, lat_ns percentiles}, samples
 * [[t_s, bytes, ops]...], interrupted. flags: enum ssd_json_flags (base.h). Returns 0, SSD_EINVAL
 * (NULL or an unknown flag), SSD_ESTATE (not run) or SSD_ENOMEM. */
SSD_API int ssd_replay_to_json(const ssd_replay *r, int flags, char **out);

/*
 * The application score: every built-in scenario generated from seed and
 * replayed on t (mapped into its first 8 GiB) with the given timing (NULL:
 * "as-recorded", PCMark 8's way: think time stays, only busy time counts).
 * JSON: {"timing", "seed", "traces": [{"name", "description", "ios", "bytes",
 * "busy_s", "bw_bps"}...], "score_bps" (total bytes / total busy time),
 * "mean_bps" (mean of the traces' bw_bps)}. flags: enum ssd_json_flags
 * (base.h). Returns 0 with *out to free with ssd_free(), SSD_EINVAL (NULL,
 * an unknown flag), or a negative code with the trace and reason in err
 * (errlen bytes; may be NULL).
 */
SSD_API int ssd_replay_apps_json(ssd_target *t, const char *timing, uint64_t seed, int flags,
                                 char **out, char *err, size_t errlen);

/*
 * A PCMark 10 Full System Drive-like score (docs/traces.md): application
 * start-ups and use (the built-in scenarios, with their think time, 11.5
 * minutes in all, times scale when scale < 1) and file copies (the nvme-*
 * recordings, back to back at their recorded queue depth): 20 GB of ISO
 * files and 2.37 GB of photos, each copied onto the drive, inside it and
 * off it, times scale (0 < scale <= 10; 1 is UL's sizes; a set rounds up to
 * whole 1 GiB recordings). Each set is created
 * first (not scored). Per trace: bandwidth (bytes / busy time) and average
 * access time; bw_bps and access_us are their geometric means over
 * the scored traces and score = sqrt(bandwidth in MB/s x 1 / access time
 * in ms), UL's geometric mean of bandwidth and 1 / access time in units of
 * our own. JSON: {"scale", "seed", "traces": [{"name", "trace",
 * "description", "scored", "qd", "timing", "runtime_s", "ios", "bytes",
 * "busy_s", "bw_bps", "access_us"}...], "bw_bps", "access_us", "score"}
 * (bandwidth_bps and access_s, seconds, before round 20). flags: enum ssd_json_flags (base.h).
 * Writes the target (a device needs destroy_data). Returns 0 with *out to free with ssd_free(),
 * SSD_EINVAL (NULL, an unknown flag), SSD_ERANGE for a bad scale, or a negative code with the trace
 * and reason in err (errlen bytes; may be NULL).
 */
SSD_API int ssd_replay_fsd_json(ssd_target *t, double scale, uint64_t seed, int flags, char **out,
                                char *err, size_t errlen);

/* The run's traces in order, 0 <= i: *name the PCMark 10 trace it stands
 * for ("cp1"; NULL for a preparation that is not scored), *trace
 * "scenario:NAME" or "filetest:NAME", *gb the file set in GB at scale 1 (0:
 * not a copy). Any pointer may be NULL. Returns 0 or SSD_ERANGE past the
 * end. Static strings. (The `fsd` suite is built from this list.) */
SSD_API int ssd_replay_fsd_trace(size_t i, const char **name, const char **trace, double *gb);

/* The combined score: sqrt(bandwidth in MB/s x 1 / access time in ms); 0
 * unless both are positive. */
SSD_API double ssd_replay_fsd_score(double bandwidth_bps, double access_s);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_TRACE_H */
