/* precondition.h - internal: the words for how a drive was preconditioned
 * before a run (DESIGN.md, "The analysis context travels with the run"):
 * job, replay and suite record one in the series metadata ("precondition"),
 * the analysis reads it back, the `precondition` step and command name the
 * fill by it, and a sim: URI's `precondition=` opens its drive in that
 * state. The values are enum ssd_precondition (ssdcore/analysis.h). One
 * table for all of them: what is written is always the first spelling,
 * what is read takes the aliases too (the sim URI's older words). */
#ifndef SSD_PRECONDITION_H
#define SSD_PRECONDITION_H

#include <stddef.h>

/* "none", "seq_fill", "random_fill" or "unknown" (anything out of range). */
const char *ssd__precondition_name(int value);
/* The value of the len-byte word s (a name or an alias: fresh = none,
 * full = seq_fill, dirty = random_fill), or -1 when it is none of them. */
int ssd__precondition_parse(const char *s, size_t len);
/* The same as an option table's enum words (options.h); the options
 * parser takes the aliases too. */
#define SSD__PRECONDITION_WORDS "none seq_fill random_fill unknown"
/* The aliases, as messages and the options' help name them. */
#define SSD__PRECONDITION_ALIASES "fresh = none, full = seq_fill, dirty = random_fill"
#define SSD__PRECONDITION_ALIAS_HELP                                                               \
    "; fresh, full and dirty are read as none, seq_fill and random_fill"

/* The suite keyword and precondition kind of a partial sequential fill
 * (`fill level=90%`), spelled once: the same word names fill2021's
 * whole-drive fill step in step_names.c, a different thing. */
#define SSD__FILL_KIND "fill"

#endif
