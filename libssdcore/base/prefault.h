/* prefault.h - internal: the pages of a large array mapped in one call
 * instead of one page fault per 4 KiB page as it is first written. */
#ifndef SSD_PREFAULT_H
#define SSD_PREFAULT_H

#include <stddef.h>

/* Maps the whole pages inside [p, p + len), writable, when len is large
 * (MADV_POPULATE_WRITE, Linux 5.14); call it on memory about to be written
 * in full. Only a hint: nothing changes but the page faults taken (none
 * where the kernel does not know the advice), and it never fails. */
void ssd__prefault(void *p, size_t len);

#endif
