/* fsd_score.h - what the fsd run and the fsd suite share beyond the
 * public list of traces. */
#ifndef SSDCORE_FSD_SCORE_H
#define SSDCORE_FSD_SCORE_H

#include <stddef.h>

/* The replay timing of an fsd trace of gb GB at scale 1 (0: an
 * application) in a run scaled by scale, into buf: copies "no-idle",
 * applications "as-recorded", or "scale=F" below scale 1 (their think
 * time shrinks with the sets, never grows). */
void ssd__replay_fsd_timing(double gb, double scale, char *buf, size_t len);

#endif
