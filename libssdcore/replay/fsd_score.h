/* fsd_score.h - what the fsd run, the fsd suite and the application
 * score share beyond the public list of traces. */
#ifndef SSDCORE_FSD_SCORE_H
#define SSDCORE_FSD_SCORE_H

#include <stddef.h>

#include "jsonw.h"
#include "ssdcore/target.h"

/* The replay timing of an fsd trace of gb GB at scale 1 (0: an
 * application) in a run scaled by scale, into buf: copies "no-idle",
 * applications "as-recorded", or "scale=F" below scale 1 (their think
 * time shrinks with the sets, never grows). */
void ssd__replay_fsd_timing(double gb, double scale, char *buf, size_t len);

/* ssd__jw_open for the replay scores' JSON: clears err, and on NULL
 * arguments or unknown flags returns the code with why in err after
 * "what: ". */
int ssd__replay_jw_open(struct ssd__jw *w, ssd_target *t, char **out, int flags, const char *what,
                        char *err, size_t errlen);

#endif
