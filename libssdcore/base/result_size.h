/* result_size.h - internal: the versioned result structs of the public API
 * (ssdcore/base.h, "The API convention"). Each starts with `size_t size`:
 * the caller's sizeof for structs passed in, the library's for structs it
 * hands out. */
#ifndef SSD_RESULT_SIZE_H
#define SSD_RESULT_SIZE_H

#include <stddef.h>

/* 1 when the caller's struct at dst (its first member the size it set) has
 * room for at least min bytes: the struct's first published version. */
int ssd__result_size_ok(const void *dst, size_t min);

/* Copies the library's full result src (full bytes) into the caller's dst,
 * as far as dst's size reaches, keeping dst's size member. */
void ssd__result_copy(void *dst, const void *src, size_t full);

#endif
