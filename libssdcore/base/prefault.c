/* prefault.c - populating a large array's pages in one call (prefault.h).
 * `ssdcore analyze` of a million samples took about 16,000 page faults on
 * its arrays, each a trap into the kernel for one 4 KiB page; populating
 * an array's pages in one madvise pays the allocation and clearing of each
 * page but not a trap each. Transparent huge pages were measured first and
 * dropped: the kernel's synchronous compaction made runs slower on a busy
 * machine. */
#include <stdint.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "prefault.h"

enum { PREFAULT_MIN = 1 << 20 }; /* below it, a few faults cost less than the call */

void ssd__prefault(void *p, size_t len) {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    if (!p || len < PREFAULT_MIN)
        return;
    uintptr_t page = 4096;
    uintptr_t a = ((uintptr_t)p + page - 1) & ~(page - 1);
    uintptr_t b = ((uintptr_t)p + len) & ~(page - 1);
    if (b > a)
        (void)madvise((void *)a, b - a, MADV_POPULATE_WRITE);
#else
    (void)p;
    (void)len;
#endif
}
