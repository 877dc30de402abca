/* report_verdict.h - internal: a verdict for every test, in a reviewer's
 * words, for the report's top and the compare's summary (the write curve's
 * own verdict is verdict_words.c's). */
#ifndef SSD_REPORT_VERDICT_H
#define SSD_REPORT_VERDICT_H

#include <stddef.h>

#include "curve_groups.h"
#include "results_model.h"
#include "text.h"

/* The deepest dip of a QD or block-size curve: a point more than 15 %
 * below the best point before it (smaller x), as Vector 180's random write
 * at QD4. */
struct ssd__dip {
    double drop;           /* 0..1 */
    double x, y;           /* where, and the figure there */
    double best_x, best_y; /* the best point before it */
};
int ssd__curve_dip(const struct ssd__results *r, const struct ssd__curve_group *cg,
                   struct ssd__dip *out);

/* "random write 4K: dips 28 % at QD4 (40,960 IOPS at QD2, 29,491 at QD4)"
 * for cg's dip, appended to t; nothing (returns 0) when there is none. */
int ssd__dip_words(struct ssd__text *t, const struct ssd__curve_group *cg,
                   const struct ssd__dip *d);

/* One line per test the run did beside its write curves (plain text, each
 * ended by "\n"): the sequential and random figures, each scaling curve
 * from its first to its last point with its dip, the mixed loads, the
 * latency tails, the recovery after idle and after TRIM, the application
 * score. */
void ssd__test_verdicts(const struct ssd__results *r, struct ssd__text *t);

#endif
