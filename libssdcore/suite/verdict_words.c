/* verdict_words.c - the regimes of a write curve as a reviewer says them
 * (verdict_words.h). */
#include <math.h>

#include "verdict_words.h"

/* Where a position lies against the capacity written since TRIM (a run on
 * a used drive counts what was written before it). */
static void capacity_share(struct ssd__text *t, const struct ssd_analysis_summary *m, double at) {
    if (!(isfinite(m->capacity_bytes) && m->capacity_bytes > 0))
        return;
    if (m->written_before_bytes > 0)
        ssd__text_add(t, " (%.2fx the capacity written since TRIM)",
                      (at + m->written_before_bytes) / m->capacity_bytes);
    else
        ssd__text_add(t, " (%.2fx the capacity)", at / m->capacity_bytes);
}

void ssd__text_regimes(struct ssd__text *t, const struct ssd_analysis_summary *m,
                       const struct ssd_phase *ph, size_t nph) {
    const double GiB = 1073741824.0, MiB = 1048576.0;
    if (m->has_cache) {
        ssd__text_add(t, "SLC cache %s%.2f GiB at %.1f MiB/s",
                      m->cache_censored != SSD_CENSOR_NONE ? ">= " : "", m->cache_bytes / GiB,
                      m->cache_level_bps / MiB);
        if (isfinite(m->cache_drop_ratio))
            ssd__text_add(t, ", then %.1fx slower (%.1f MiB/s)", m->cache_drop_ratio,
                          m->post_cache_bps / MiB);
    } else if (m->has_gc) {
        ssd__text_add(t, "no SLC cache; fresh-state speed %.1f MiB/s until %.1f GiB",
                      m->post_cache_bps / MiB, m->gc_start_bytes / GiB);
        capacity_share(t, m, m->gc_start_bytes);
    } else {
        ssd__text_add(t, "no SLC cache; %.1f MiB/s", m->post_cache_bps / MiB);
    }
    if (m->has_folding)
        ssd__text_add(t, "; folding from %.1f GiB at %.1f MiB/s", m->folding_start_bytes / GiB,
                      m->folding_level_bps / MiB);
    if (m->has_gc) {
        if (m->has_cache) {
            ssd__text_add(t, "; used state from %.1f GiB", m->gc_start_bytes / GiB);
            capacity_share(t, m, m->gc_start_bytes);
            ssd__text_add(t, ":");
        } else {
            ssd__text_add(t, ", then used state:");
        }
        ssd__text_add(t, " %.1f falling to %.1f MiB/s", m->gc_level_bps / MiB,
                      m->gc_end_level_bps / MiB);
    }
    for (size_t i = 0; i < nph; i++)
        if (ph[i].has_dips)
            ssd__text_add(t, "; periodic dips every %.0f s to %.0f%% (%s)", ph[i].dip_period_s,
                          100 * (1 - ph[i].dip_depth), ssd_analysis_regime_name(ph[i].regime));
}
