/* grow.c - an array that grows by doubling (grow.h). */
#include <stdlib.h>
#include <string.h>

#include "ssdcore/base.h"
#include "grow.h"

int ssd__grow(void *arr, size_t n, size_t *cap, size_t size, size_t first) {
    if (n < *cap)
        return 0;
    size_t room = *cap ? 2 * *cap : first;
    void *p;
    memcpy(&p, arr, sizeof p); /* arr is a T **, not a void ** */
    if (!(p = realloc(p, room * size)))
        return SSD_ENOMEM;
    memcpy(arr, &p, sizeof p);
    *cap = room;
    return 0;
}
