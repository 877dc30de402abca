/* precondition.h - internal: the words for how a drive was preconditioned
 * before a run (DESIGN.md, "The analysis context travels with the run"):
 * job, replay and suite record one in the series metadata ("precondition"),
 * the analysis reads it back, the `precondition` step and command name the
 * fill by it, and a sim: URI's `precondition=` opens its drive in that
 * state. The values are enum ssd_precondition (ssdcore/analysis.h). One
 * table for all of them, read and written. */
#ifndef SSD_PRECONDITION_H
#define SSD_PRECONDITION_H

#include <stddef.h>

/* "none", "seq_fill", "random_fill" or "unknown" (anything out of range). */
const char *ssd__precondition_name(int value);
/* The value of the len-byte word s, or -1 when it is none of them. */
int ssd__precondition_parse(const char *s, size_t len);
/* The same as an option table's enum words (options.h). */
#define SSD__PRECONDITION_WORDS "none seq_fill random_fill unknown"

/* The suite keyword and precondition kind of a partial sequential fill
 * (`fill level=90%`), spelled once: the same word names fill2021's
 * whole-drive fill step in step_names.c, a different thing. */
#define SSD__FILL_KIND "fill"

#endif
