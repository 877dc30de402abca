/* interrupt.h - internal: the process-wide stop request of ssd_interrupt().
 * A generation counter rather than a flag, so nothing has to reset it: a
 * job or idle remembers the generation it started in and stops when the
 * counter moves. */
#ifndef SSD_INTERRUPT_H
#define SSD_INTERRUPT_H

unsigned ssd__interrupt_generation(void);

/* Sleeps, waking early with SSD_EINTERRUPTED once ssd_interrupt() is called. */
int ssd__sleep_interruptible(double seconds);

#endif
