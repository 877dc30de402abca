/* grow.h - internal: the one way an array grows, by doubling. */
#ifndef SSD_GROW_H
#define SSD_GROW_H

#include <stddef.h>

/* Room for element n of the array at *arr (a T **, *cap elements of `size`
 * bytes): nothing when n < *cap, else twice the room (`first` elements when
 * there is none yet). Returns 0, or SSD_ENOMEM with the array and *cap as
 * they were. */
int ssd__grow(void *arr, size_t n, size_t *cap, size_t size, size_t first);

#endif
