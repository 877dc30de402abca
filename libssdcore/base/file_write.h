/* file_write.h - internal: directories, writing a whole buffer and atomic
 * file replacement. */
#ifndef SSD_FILE_WRITE_H
#define SSD_FILE_WRITE_H

#include <stddef.h>
#include <sys/types.h>

/* mkdir -p: creates path and its missing parents with mode (less the
 * umask). Returns 0, or -errno (-ENOTDIR when path exists as a non-directory,
 * -ENAMETOOLONG past 4095 bytes). */
int ssd__mkdirs(const char *path, mode_t mode);

/* Writes all n bytes of buf to fd at offset off (pwrite), or at the file
 * offset when off is negative, going on after EINTR and short writes.
 * Returns 0, -errno, or SSD_EIO when a write took no bytes at all. */
int ssd__write_all(int fd, const void *buf, size_t n, off_t off);

/* Writes data to path atomically: a temporary file beside it, fsync,
 * rename, fsync of the directory. Returns 0 or -errno. */
int ssd__write_atomic(const char *path, const char *data, size_t len);

#endif
