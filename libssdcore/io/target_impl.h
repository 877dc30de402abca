/* target_impl.h - internal: the target object and the per-kind operations.
 *
 * Real targets (file, block) are driven through an I/O engine on the fd.
 * Virtual-time targets (sim) provide run_virtual instead: the job loop asks
 * the model to advance by one sampling interval at a time, so a two-hour run
 * costs seconds and stays deterministic. */
#ifndef SSD_TARGET_IMPL_H
#define SSD_TARGET_IMPL_H

#include <stdint.h>

#include "interrupt.h"

#include "errmsg.h"
#include "jsonw.h"
#include "ssdcore/health.h"
#include "ssdcore/hist.h"
#include "ssdcore/target.h"
#include "workload.h"

/* What one sampling interval completed; index 0 = reads, 1 = writes. */
struct ssd__interval {
    uint64_t bytes[2];
    uint64_t ops[2];
};

/* Test hook: non-zero makes ssd_target_trim refuse with SSD_EUNSUPPORTED, as
 * a device without discard or a filesystem without hole punching does, so
 * the suite runner's handling can be tested on any target. */
extern int ssd__trim_refused_for_tests;

struct ssd__target_ops {
    const char *kind; /* "file", "block", "sim" */
    /* Optional (NULL: SSD_EUNSUPPORTED). */
    int (*trim)(ssd_target *t, uint64_t offset, uint64_t length);
    /* Optional (NULL: SSD_EUNSUPPORTED). Discards everything, securely where
     * the device can; *how names what was done ("secure discard",
     * "discard", "hole punch", "model reset"). */
    int (*purge)(ssd_target *t, const char **how);
    /* Optional (NULL: ssd_target_precondition runs jobs). Writes the whole
     * target `loops` times, 128 KiB sequential (random = 0) or 4 KiB random
     * writes at QD32, each loop one pass over every block, at a cost that
     * does not depend on the size; bytes > 0 (sequential, one loop): only
     * the first `bytes` from offset 0 (a fill level); *written = bytes
     * written. */
    int (*fill)(ssd_target *t, int random, unsigned loops, uint64_t bytes, uint64_t *written);
    /* Optional (NULL: the job layer sleeps). */
    int (*idle)(ssd_target *t, double seconds);
    /* Virtual-time targets only. job_begin is called once per job before the
     * first run_virtual, with the checked workload. */
    int (*job_begin)(ssd_target *t, const struct ssd__workload *w);
    /* Advances virtual time by up to dt_s running the job's workload, but
     * stops early once max_bytes (0 = no limit) have completed in this call
     * or the workload's full_coverage pass is complete. Adds what completed
     * to *iv and every completed I/O's latency in ns to lat[0] (reads) /
     * lat[1] (writes) (ssd_hist_record_n for batches); sets *elapsed_s to
     * the virtual seconds that passed (< dt_s only when it stopped early).
     * Returns 0 or a negative code with a message in t->err.
     * The job (job.c) calls job_begin once, then run_virtual once per
     * sampling interval (dt_s = the interval, or what is left of the time
     * budget), and ends after a step that returned early, once the time or
     * byte budget is spent, or once a coverage pass has completed span
     * bytes; every step becomes one sample at the summed elapsed_s. */
    int (*run_virtual)(ssd_target *t, double dt_s, uint64_t max_bytes, struct ssd__interval *iv,
                       ssd_hist *lat[2], double *elapsed_s);
    /* Optional (NULL: no drive counters): fills *h (cleared to NaN by the
     * caller); 0 or a negative code with a message in t->err. */
    int (*health)(ssd_target *t, ssd_health *h);
    /* Releases impl; the fd is closed by the caller. */
    void (*close)(ssd_target *t);
};

struct ssd_target {
    const struct ssd__target_ops *ops;
    void *impl; /* per-kind state */
    int fd;     /* -1 for sim targets */
    int is_open;
    uint64_t size; /* usable bytes */
    unsigned block_size;
    /* options */
    uint64_t opt_size;
    int opt_destroy_data, opt_buffered, opt_read_only;
    int opt_layout; /* 0 auto, 1 always, 2 never */
    int opt_no_fitrim;
    ssd_trim_reach trim_reach; /* the last TRIM's */
    /* The analysis context this handle knows (DESIGN.md, "The analysis
     * context travels with the run"): once a whole-target TRIM, a purge or
     * a precondition told it (ctx_known), the bytes written through it
     * since the last TRIM or purge and how the drive was preconditioned
     * since then (enum ssd_precondition; -1 when writes since left it
     * unknown). A job takes them when not given them (ssd__target_context);
     * a target opened fresh knows nothing. */
    int ctx_known;
    uint64_t ctx_written;
    int ctx_precondition;
    /* And the seconds the drive idled since the last write through t
     * (idle_known): 0 after a job that wrote or a precondition, plus each
     * ssd_target_idle; unknown on a target opened fresh, after a job that
     * only read (as a suite counts it, suite/written_since_trim.c) or an
     * idle cut short. A job takes it as its idle_before when not given. */
    int idle_known;
    double idle_s;
    /* And the bytes written through t since the drive last idled
     * (since_idle_known): 0 after an ssd_target_idle, plus each job's and
     * precondition's writes (a read or a TRIM adds nothing); unknown on a
     * target opened fresh (but a sim: drive opened fresh, which nothing
     * wrote) and after an idle cut short. An idle flushes the SLC cache,
     * which then holds at most these. A job takes it as its
     * written_since_idle when not given. */
    int since_idle_known;
    uint64_t since_idle_written;
    /* Why writes are refused although read_only was not asked for (a file
     * that is the user's, not ssdcore's; a read-only filesystem), as a
     * predicate that follows the URI ("is on a read-only filesystem"), or "". */
    char write_refused[160];
    unsigned open_gen; /* ssd__interrupt_generation() when the open began */
    char *uri;
    char err[SSD__ERRMSG_SIZE];
};

/* Open a regular file / a block device into t (target_file.c,
 * target_block.c): set ops, fd, size and block_size. */
int ssd__file_target_open(ssd_target *t, const char *path);
int ssd__block_target_open(ssd_target *t, const char *path);

/* The layout mark of a file target (target_layout_mark.c): none (the
 * user's file), incomplete (ssdcore's, layout begun but not finished) or
 * complete (ssdcore's, SIZE bytes laid out). */
enum ssd__layout_mark { SSD__MARK_NONE, SSD__MARK_INCOMPLETE, SSD__MARK_COMPLETE };
/* path's mark: the xattr, or where user xattrs are missing a side file
 * that names this very file (inode, birth time, generation; see
 * target_layout_mark.c). */
enum ssd__layout_mark ssd__layout_mark_get(const char *path, uint64_t *size);
/* Sets t->fd's mark; 0 or a negative code with a message in t->err. */
int ssd__layout_mark_set(ssd_target *t, const char *path, enum ssd__layout_mark m, uint64_t size);

/* Fills t->trim_reach after a hole was punched in a file target
 * (trim_reach.c): the discard mount option, else FITRIM on the mount point
 * unless opt_no_fitrim, else a "not passed" reason. Never fails: what it
 * cannot learn it says in trim_reach.how. */
void ssd__file_trim_reach(ssd_target *t);

/* Whether t knows its analysis context; then *written and *precondition
 * (-1: not known) as a job on it records them. */
int ssd__target_context(const ssd_target *t, uint64_t *written, int *precondition);
/* Notes `bytes` written through t by a job (precondition < 0: the
 * precondition word no longer holds when bytes > 0; SEQ_FILL: the job
 * wrote the whole drive sequentially, a seq_fill when the drive was fresh
 * or sequentially filled before it), or, with set, a
 * precondition or fill that wrote `bytes` since the previous context and
 * left the drive in `precondition` (-1: unknown). */
void ssd__target_note_written(ssd_target *t, uint64_t bytes, int set, int precondition);
/* Whether t knows how long the drive idled since its last write through t;
 * then *idle_s, the seconds. */
int ssd__target_idle_since_write(const ssd_target *t, double *idle_s);
/* Forgets it: something t did not see wrote to the drive or kept it busy
 * (a suite's file tests on its filesystem). */
void ssd__target_forget_idle(ssd_target *t);
/* Whether t knows the bytes written through it since the drive last
 * idled; then *written, the bytes. */
int ssd__target_written_since_idle(const ssd_target *t, uint64_t *written);
/* Forgets it (as ssd__target_forget_idle). */
void ssd__target_forget_since_idle(ssd_target *t);

/* The start of every call that needs t open (what names it in the
 * message): SSD_EINVAL for a NULL t; else t's message cleared, and
 * SSD_ESTATE unless t is open. 0 when the call may go on. */
int ssd__target_ready(ssd_target *t, const char *what);

/* Non-zero when writes to t are refused (read_only, or write_refused set). */
int ssd__target_writes_refused(const ssd_target *t);

/* ssd_drive_identity_json() for any target, the sim: profile taken as it
 * is written (sim/target_uri.c checks it first, and gives a sim: drive's
 * user capacity as sim_capacity and its idle temperature, where a fresh
 * model sits, as sim_temp_c: the simulator sits above io/). text: the
 * document SSD_JSON_TEXT restyles, where serial_hashed stands only beside a
 * serial (a line about a serial that is not there would name nothing). */
int ssd__drive_identity_json(const char *target, int hash_serial, int text, uint64_t sim_capacity,
                             double sim_temp_c, enum ssd__jw_style style, char **out);

/* The hwmon temperature input (".../temp1_input") of the disk under target
 * (drive_identity.c): a block device, the disk a file's filesystem is on, a
 * partition's disk, a loop device's backing file's. 0, or -1 when none. */
int ssd__hwmon_temp_input(const char *target, char *path, size_t len);
/* That input's reading in degrees Celsius; NaN when unreadable. */
double ssd__hwmon_read_c(const char *input);

#endif
