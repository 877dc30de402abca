/* interrupt.c - ssd_interrupt() and the interruptible sleep of idles. */
#include <errno.h>
#include <stdatomic.h>
#include <time.h>

#include "interrupt.h"
#include "ssdcore/base.h"

/* Lock-free on every platform ssdcore builds on, so a signal handler may
 * touch it. */
static _Atomic unsigned interrupt_gen;

void ssd_interrupt(void) {
    atomic_fetch_add(&interrupt_gen, 1);
}

unsigned ssd__interrupt_generation(void) {
    return atomic_load(&interrupt_gen);
}

int ssd__sleep_interruptible(double seconds) {
    unsigned gen = ssd__interrupt_generation();
    struct timespec end;
    clock_gettime(CLOCK_MONOTONIC, &end);
    double whole = (double)(long long)seconds;
    end.tv_sec += (time_t)whole;
    end.tv_nsec += (long)((seconds - whole) * 1e9);
    if (end.tv_nsec >= 1000000000L) {
        end.tv_sec++;
        end.tv_nsec -= 1000000000L;
    }
    for (;;) {
        if (ssd__interrupt_generation() != gen)
            return SSD_EINTERRUPTED;
        /* Wake every 50 ms to see an interrupt: a signal handler cannot
         * wake another thread's sleep portably. */
        struct timespec now, step;
        clock_gettime(CLOCK_MONOTONIC, &now);
        step = now;
        step.tv_nsec += 50000000L;
        if (step.tv_nsec >= 1000000000L) {
            step.tv_sec++;
            step.tv_nsec -= 1000000000L;
        }
        int last =
            step.tv_sec > end.tv_sec || (step.tv_sec == end.tv_sec && step.tv_nsec >= end.tv_nsec);
        if (last)
            step = end;
        int rc;
        do
            rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &step, NULL);
        while (rc == EINTR && ssd__interrupt_generation() == gen);
        if (ssd__interrupt_generation() != gen)
            return SSD_EINTERRUPTED;
        if (last)
            return 0;
    }
}
