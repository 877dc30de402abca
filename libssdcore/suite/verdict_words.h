/* verdict_words.h - internal: an analysis said in a reviewer's words, for
 * the text summary, results.json's headline and the report. */
#ifndef SSD_VERDICT_WORDS_H
#define SSD_VERDICT_WORDS_H

#include <stddef.h>

#include "ssdcore/analysis.h"
#include "text.h"

/* The regimes of a write curve in a reviewer's words, appended as one
 * sentence: "SLC cache 2.00 GiB at 320 MiB/s, then 6.4x slower (50.0
 * MiB/s); used state from 246 GiB (1.10x the capacity): 26.6 MiB/s" or
 * "no SLC cache; fresh-state speed 233 MiB/s until 253 GiB (1.06x the
 * capacity), then used state: 115.8 MiB/s just after the onset, falling to
 * 28.7 MiB/s at the end (-0.291 MiB/s per GiB written)",
 * with "; periodic dips every 15 s to 45% of the fresh-state speed".
 * Plain text; the caller escapes it for HTML. */
void ssd__text_regimes(struct ssd__text *t, const struct ssd_analysis_summary *m,
                       const struct ssd_phase *ph, size_t nph);

/* What a run with no cache writes at first: "write speed" when no used
 * state follows (one speed); else, before its used state, "fresh-state
 * speed" on a drive fresh from TRIM, "clean-block speed" on one written
 * before the run (written_before_bytes, or a fill as its precondition):
 * there the fast start is the clean blocks the earlier writes left (spare
 * area, idle-time GC), not a fresh state. The report's truth table and chart legend, the
 * headline's rows and compare say it so (ssd__no_cache_speed_words). */
const char *ssd__no_cache_level_words(const struct ssd_analysis_summary *m);

/* The cache's upper bound when its drop fell inside the first sample
 * (censored "resolution"): the bytes that sample wrote, which bound it from
 * above as cache_bytes (what the sample wrote beyond the post-cache rate)
 * bounds it from below. NaN for any other cache, or none. */
double ssd__cache_at_most_bytes(const struct ssd_analysis_summary *m);

/* The cache figure a page shows: the upper bound when the drop fell inside
 * the first sample, else cache_bytes; and the words before it: "at most ",
 * "at least " (no drop before the end) or "". */
double ssd__cache_shown_bytes(const struct ssd_analysis_summary *m);
const char *ssd__cache_bound_word(const struct ssd_analysis_summary *m);

/* Whether a run's speed never dropped and it wrote less than any cache
 * could hold (or the capacity is unknown): its one level may be a cache's
 * or direct writes, and nothing tells which (the analysis' regime_note
 * says the same, by the same rule). */
int ssd__one_speed_throughout(const struct ssd_analysis_summary *m, const struct ssd_phase *ph,
                              size_t nph);

#endif
