/* clock.h - internal: the one place time is read. Monotonic time for
 * durations (only differences mean anything), wall-clock time for the
 * timestamps results carry. */
#ifndef SSD_CLOCK_H
#define SSD_CLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* Monotonic time in nanoseconds; inline because the I/O loop reads it
 * around every I/O. */
static inline uint64_t ssd__mono_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* Monotonic time in seconds. */
double ssd__mono_s(void);

/* The current UTC time as "2026-12-01T01:24:27Z" into buf. */
void ssd__now_iso(char *buf, size_t len);

#endif
