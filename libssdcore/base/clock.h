/* clock.h - internal: the one place time is read. Monotonic time for
 * durations (only differences mean anything), wall-clock time for the
 * timestamps results carry. */
#ifndef SSD_CLOCK_H
#define SSD_CLOCK_H

#include <stddef.h>
#include <stdint.h>

/* Monotonic time in nanoseconds / seconds. */
uint64_t ssd__mono_ns(void);
double ssd__mono_s(void);

/* The current UTC time as "2026-12-01T01:24:27Z" into buf. */
void ssd__now_iso(char *buf, size_t len);

#endif
