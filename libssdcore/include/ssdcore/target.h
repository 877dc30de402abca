/*
 * ssdcore/target.h - what a benchmark runs against.
 *
 * A target is opened from a URI:
 *   - a regular file path: created if missing (option "size"), laid out with
 *     real random data before any read, so reads touch the device. A file
 *     ssdcore creates carries the mark user.ssdcore.layout (or a side file
 *     PATH.ssdcore-layout), "complete" once its layout finished; a layout
 *     that did not finish is laid out again, never trusted. An existing file
 *     without the mark is the user's: it is opened read-only and read as it
 *     is; writing, trimming, extending or laying it out needs
 *     "destroy_data" (docs/crash-safety.md);
 *   - a block device path (/dev/...): its size comes from the device; writes
 *     destroy its data, so opening it for writing needs "destroy_data" and a
 *     mounted device is always refused;
 *   - "sim:PROFILE[,key=value,...]": the simulated drive, in virtual time.
 *
 * A target keeps its state across workloads (a drive filled by one job is
 * still full for the next; a simulated drive remembers its cache), which is
 * what the methodology's fill / idle / TRIM / measure sequences need.
 *
 * Lifecycle: ssd_target_create, ssd_target_set_option..., ssd_target_open,
 * any number of jobs, ssd_target_free. Not thread-safe: one thread at a time.
 */
#ifndef SSDCORE_TARGET_H
#define SSDCORE_TARGET_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ssd_target ssd_target;

/* Creates an unopened target handle. Returns 0 or SSD_ENOMEM. */
SSD_API int ssd_target_create(ssd_target **out);

/* Closes and frees t; NULL is a no-op. */
SSD_API void ssd_target_free(ssd_target *t);

/*
 * Sets an option before ssd_target_open. Keys and values are strings; the
 * keys, types, defaults and meaning are the table ssd_target_options()
 * returns (docs/options.md shows it): "size" (file targets: the size to
 * create or extend to, "8g"; zero is refused), "destroy_data" ("1" allows
 * writes to a block device or to an existing file ssdcore did not create;
 * required for them), "buffered" ("1": the page cache instead of O_DIRECT),
 * "read_only", "fitrim" (auto | never) and "layout" (auto | always | never).
 * Returns 0, SSD_EINVAL / SSD_ERANGE (unknown key or bad value; see
 * ssd_target_errmsg) or SSD_ESTATE (already open).
 */
SSD_API int ssd_target_set_option(ssd_target *t, const char *key, const char *value);

/* The options ssd_target_set_option accepts, in a static array of *n
 * entries (ssdcore/base.h). Thread-safe. */
SSD_API const ssd_option_info *ssd_target_options(size_t *n);

/* ssd_target_open(t, uri) opens any of the kinds above: declared in sim.h,
 * with the box that defines it (it must know sim: as well as files and
 * devices); <ssdcore.h> includes both. */

/* The last error message; "" when there was none. Valid until the next call
 * on t. */
SSD_API const char *ssd_target_errmsg(const ssd_target *t);

/* The target's URI as opened, its usable size in bytes, its logical block
 * size (the alignment O_DIRECT needs) and its kind: "file", "block" or "sim". */
SSD_API const char *ssd_target_uri(const ssd_target *t);
SSD_API uint64_t ssd_target_size(const ssd_target *t);
SSD_API unsigned ssd_target_block_size(const ssd_target *t);
SSD_API const char *ssd_target_kind(const ssd_target *t);

/* What t knows, as JSON in a malloc'd string (ssd_free): {"uri", "kind",
 * "size_bytes", "block_size", "written_since_trim_bytes", "precondition"}:
 * the last two are the analysis context a job on t takes (the bytes written
 * through t since a whole-target TRIM or purge, and how a precondition since
 * then filled the drive: "none", "seq_fill", "random_fill"), null while t
 * does not know them (opened fresh; writes since a precondition). On an
 * unopened target uri is null, kind "closed" and the sizes 0. flags: enum
 * ssd_json_flags (base.h). Returns 0, SSD_EINVAL (NULL, an unknown flag) or
 * SSD_ENOMEM. */
SSD_API int ssd_target_to_json(const ssd_target *t, int flags, char **out);

/* Discards [offset, offset+length): BLKDISCARD on devices, a punched hole
 * in files, the model's TRIM on sim targets. Returns 0 or a negative code:
 * SSD_EUNSAFE on a file or device opened read_only. */
SSD_API int ssd_target_trim(ssd_target *t, uint64_t offset, uint64_t length);

/* Purges the target (a sanitize, as SNIA PTS starts every test): its data
 * is gone and an SSD returns to its fresh state. Block devices:
 * BLKSECDISCARD of the whole device, or BLKDISCARD where the device has no
 * secure discard; files: the whole file punched; sim targets: the model
 * returns to a fresh drive (nothing mapped, the cache empty, no garbage).
 * *how (may be NULL) names what was done: "secure discard", "discard",
 * "hole punch" or "model reset" (a static string; "" on failure). Returns
 * 0 or a negative code: SSD_EUNSAFE on a target opened read_only or a file
 * ssdcore did not create, SSD_EUNSUPPORTED when the device cannot discard. */
SSD_API int ssd_target_purge(ssd_target *t, const char **how);

/* Whether the last successful ssd_target_trim reached the drive, and how.
 * A punched hole in a file reaches the SSD only when the filesystem passes
 * discards: mounted with "discard", or a FITRIM (what fstrim does) on its
 * mount point. So after punching, a file target runs FITRIM on the file's
 * filesystem unless it is mounted with discard or the option "fitrim" is
 * "never"; FITRIM needs root or CAP_SYS_ADMIN, and a refusal is recorded,
 * not an error. */
typedef struct ssd_trim_reach {
    size_t size; /* sizeof this struct: see "The API convention" in base.h */
    int reached; /* 1 reached the device, 0 it did not (warn), -1 no TRIM yet */
    /* "discard mount option", "FITRIM", "block device BLKDISCARD",
     * "model (sim)", or "not passed: ext4 mounted without discard, FITRIM
     * refused: EPERM (Operation not permitted)" (or "FITRIM disabled") */
    char how[256];
    /* file targets: the file's filesystem as /proc/self/mountinfo lists it
     * ("" for other targets) */
    char fs_type[32];
    char mount_point[256];
    char mount_options[256]; /* per-mount options, then the superblock's */
    int fitrim_tried;        /* 1 when FITRIM was attempted */
    int fitrim_errno;        /* its errno when it failed, else 0 */
    uint64_t fitrim_bytes;   /* bytes the kernel reported trimmed by FITRIM */
} ssd_trim_reach;

/* Copies the last TRIM's reach into *out, whose size the caller sets (the
 * library fills as far as it reaches and keeps it). Returns 0, or
 * SSD_EINVAL for a NULL argument or a size below the first version's. */
SSD_API int ssd_target_trim_reach(const ssd_target *t, ssd_trim_reach *out);

/* Leaves the drive idle for `seconds` so it can collect garbage: a sleep on
 * real targets (interruptible: returns SSD_EINTERRUPTED after
 * ssd_interrupt()), virtual time on sim targets. */
SSD_API int ssd_target_idle(ssd_target *t, double seconds);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_TARGET_H */
