/* output_check.h - internal: the one decision of what an output may replace
 * (docs/crash-safety.md, "What an output may replace"). Every command that
 * writes a file asks ssd__output_check before it writes, so the rule cannot
 * differ from one writer to the next. */
#ifndef SSD_OUTPUT_CHECK_H
#define SSD_OUTPUT_CHECK_H

#include <stddef.h>
#include <sys/types.h>

/* A file the command reads, known by device and inode (never by name: a
 * second name, a symlink or a "./" must not slip past). */
struct ssd__file_id {
    dev_t dev;
    ino_t ino;
    const char *name; /* what it is, for the message ("the target itself",
                       * "the trace t.csv", a path); not owned */
};

/* Fills id from path (stat, following symlinks) or from an open fd.
 * Returns 0, or -errno when there is no such file (then id is unusable and
 * the caller leaves it out). */
int ssd__file_id_of(struct ssd__file_id *id, const char *path);
int ssd__file_id_of_fd(struct ssd__file_id *id, int fd, const char *name);

enum {
    /* The writer opens the file and writes into it (a live log) instead of
     * renaming a new file over it. */
    SSD__OUT_IN_PLACE = 1,
    /* The user said so (destroy_data / --destroy-data): a file ssdcore did
     * not write may be replaced. Never lifts the other refusals. */
    SSD__OUT_USER_SAYS_SO = 2,
    /* The writer has destroy_data: the refusal of a file ssdcore did not
     * create says it would lift it. */
    SSD__OUT_DESTROY_DATA_LIFTS = 4,
};

/* May `path` be written as an output of a command that reads `inputs`?
 *
 * 0 when path does not exist (or cannot be looked at: the writer then
 * fails with its own message), or is a regular file that is none of the
 * inputs and, when `signature` is given, is empty or begins with it (every
 * file this writer makes begins with it, so a file that does not was not
 * made by ssdcore). Otherwise SSD_EUNSAFE with a message in err
 * (SSD__ERRMSG_SIZE) naming `what`, the path and the reason:
 *   - it is one of the inputs (same device and inode): never, whatever the
 *     flags;
 *   - it is not a regular file: a directory, a device node, a FIFO, a
 *     socket. A rename would replace the node itself (as root, /dev/null
 *     for every process); writing in place would write into the device.
 *     Never for rename writers; for SSD__OUT_IN_PLACE writers a FIFO or a
 *     socket is a stream the user opened (`--log >(tail)`) and is allowed;
 *   - it is a non-empty regular file that does not begin with signature,
 *     unless SSD__OUT_USER_SAYS_SO. */
int ssd__output_check(const char *what, const char *path, const struct ssd__file_id *inputs,
                      size_t ninputs, const char *signature, unsigned flags, char *err);

/* Whether name is a plain file name that stays inside a directory: not
 * empty, no '/', not starting with '.', no control character. Names read
 * from results.json (series, logs) must be. */
int ssd__plain_file_name(const char *name);

#endif
