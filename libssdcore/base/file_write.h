/* file_write.h - internal: directories and atomic file replacement. */
#ifndef SSD_FILE_WRITE_H
#define SSD_FILE_WRITE_H

#include <stddef.h>

/* mkdir -p: creates path and its missing parents (path is modified while
 * it runs and restored). Returns 0 or -errno. */
int ssd__mkdirs(char *path);

/* Writes data to path atomically: a temporary file beside it, fsync,
 * rename, fsync of the directory. Returns 0 or -errno. */
int ssd__write_atomic(const char *path, const char *data, size_t len);

#endif
