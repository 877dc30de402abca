/* file_read.h - internal: reading a whole text file (results.json, a suite
 * file) with a size limit, refusing binary data. */
#ifndef SSD_FILE_READ_H
#define SSD_FILE_READ_H

#include <stddef.h>
#include <sys/stat.h>

/* Reads the text file at path into *out (NUL-terminated; free() it).
 * Returns 0, or writes why into err (SSD__ERRMSG_SIZE bytes, naming path)
 * and returns -errno, SSD_ERANGE (larger than max_mib MiB), SSD_EFORMAT (a
 * NUL byte: binary data, not `what`) or SSD_ENOMEM; *out is NULL then. */
int ssd__read_text(const char *path, unsigned max_mib, const char *what, char *err, char **out);
/* The same from fd, which ssd__open_text opened for path (a reader that
 * wants its own kind of file or its fstat); fd is closed either way. */
int ssd__read_text_fd(int fd, const char *path, unsigned max_mib, const char *what, char *err,
                      char **out);

/* Opens path for reading as a text input (blocking reads): without
 * blocking in open(), so that a FIFO with no writer cannot hang it, and
 * only a regular file, or a FIFO or pipe when fifo_ok. Returns the
 * descriptor, or writes why into err (naming path) and returns -errno,
 * -EISDIR or SSD_EINVAL (a device, a socket, or a FIFO when not fifo_ok).
 * out_st, when not NULL, receives its fstat. */
int ssd__open_text(const char *path, int fifo_ok, struct stat *out_st, char *err);

#endif
