/* text_file.h - private to datasets/: whole-file loading with a limit. */
#ifndef SSD_TEXT_FILE_H
#define SSD_TEXT_FILE_H

#include <stddef.h>
#include <stdint.h>

/* Reads path into a malloc'd NUL-terminated buffer (*out, *len), and when
 * lines is not NULL its line count (newlines + 1), found in the same pass
 * as the NUL check. Fails with SSD_ERANGE over limit bytes, SSD_EFORMAT on
 * NUL bytes, -errno on OS errors, writing a message naming the path into
 * err. */
int ssd__load_text(const char *path, uint64_t limit, char **out, size_t *len, size_t *lines,
                   char *err, size_t errsize);

#endif
