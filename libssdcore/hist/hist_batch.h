/* hist_batch.h - internal: many values recorded in one call. */
#ifndef SSD_HIST_BATCH_H
#define SSD_HIST_BATCH_H

#include <stdint.h>

#include "ssdcore/hist.h"

/* Records count[k] values value[k] for k = 0 .. n-1, in that order: what n
 * calls of ssd_hist_record_n do, to the bit (the same long double sums in
 * the same order), the sums kept in registers between entries. A simulated
 * chunk records about 25 such entries, and reloading and storing the two
 * 80-bit sums around each was most of a call's time. */
void ssd__hist_record_each(ssd_hist *h, const uint64_t *value, const uint64_t *count, int n);

#endif
