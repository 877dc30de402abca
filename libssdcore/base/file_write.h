/* file_write.h - internal: directories and atomic file replacement. */
#ifndef SSD_FILE_WRITE_H
#define SSD_FILE_WRITE_H

#include <stddef.h>
#include <sys/types.h>

/* mkdir -p: creates path and its missing parents with mode (less the
 * umask). Returns 0, or -errno (-ENOTDIR when path exists as a non-directory,
 * -ENAMETOOLONG past 4095 bytes). */
int ssd__mkdirs(const char *path, mode_t mode);

/* Writes data to path atomically: a temporary file beside it, fsync,
 * rename, fsync of the directory. Returns 0 or -errno. */
int ssd__write_atomic(const char *path, const char *data, size_t len);

#endif
