/* result_size.c - copies a result into a caller's struct of any version. */
#include <string.h>

#include "result_size.h"

int ssd__result_size_ok(const void *dst, size_t min) {
    size_t size;
    memcpy(&size, dst, sizeof size);
    return size >= min;
}

void ssd__result_copy(void *dst, const void *src, size_t full) {
    size_t size;
    memcpy(&size, dst, sizeof size);
    size_t n = size < full ? size : full;
    if (n > sizeof size)
        memcpy((char *)dst + sizeof size, (const char *)src + sizeof size, n - sizeof size);
}
