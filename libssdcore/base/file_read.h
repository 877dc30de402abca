/* file_read.h - internal: reading a whole text file (results.json, a suite
 * file) with a size limit, refusing binary data. */
#ifndef SSD_FILE_READ_H
#define SSD_FILE_READ_H

#include <stddef.h>

/* Reads the text file at path into *out (NUL-terminated; free() it).
 * Returns 0, or writes why into err (SSD__ERRMSG_SIZE bytes, naming path)
 * and returns -errno, SSD_ERANGE (larger than max_mib MiB), SSD_EFORMAT (a
 * NUL byte: binary data, not `what`) or SSD_ENOMEM; *out is NULL then. */
int ssd__read_text(const char *path, unsigned max_mib, const char *what, char *err, char **out);

#endif
