/* fuzz_text.h - a fuzz input as the text the readers of results.json get:
 * the file reader refuses NUL bytes before parsing, so such inputs are
 * skipped. */
#ifndef SSD_FUZZ_TEXT_H
#define SSD_FUZZ_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The input as a NUL-terminated copy (free() it); NULL when it holds a NUL
 * byte or memory ran out. */
static inline char *fuzz_text(const uint8_t *data, size_t size) {
    if (memchr(data, 0, size))
        return NULL;
    char *text = malloc(size + 1);
    if (text) {
        memcpy(text, data, size);
        text[size] = 0;
    }
    return text;
}

#endif
