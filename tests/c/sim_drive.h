/* sim_drive.h - test and bench helper (not in the library): runs a
 * workload on a sim target through its ops, the way the job loop does.
 * Built into the tests that need it (tests/c/CMakeLists.txt) and into
 * bench/sim_run (bench/sim_speed.sh); users get the same through ssd_job. */
#ifndef SSD_SIM_DRIVE_H
#define SSD_SIM_DRIVE_H

#include "sim_model.h"

/* The driver: job_begin, then run_virtual every interval_s
 * until the workload's time / bytes / coverage is done, calling cb after
 * each interval with the interval's counts and latency histograms (reset
 * before each interval). cb returns non-zero to stop. Returns 0 or a
 * negative code (message in t->err). */
typedef int (*ssd__sim_sample_fn)(void *ud, double t_s, double elapsed_s,
                                  const struct ssd__interval *iv, ssd_hist *const lat[2]);
int ssd__sim_drive(ssd_target *t, const struct ssd__workload *w, ssd__sim_sample_fn cb, void *ud);

/* Fills w with the job layer's defaults (4K, QD1, one thread, the whole
 * target, 1 s interval) for the given pattern. */
void ssd__sim_workload_defaults(struct ssd__workload *w, enum ssd__pattern pattern, uint64_t span);

#endif
