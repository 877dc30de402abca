/* verdict_words.c - the regimes of a write curve as a reviewer says them
 * (verdict_words.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "ssdcore/suite.h"
#include "verdict_words.h"

/* Where a position lies against the capacity written since TRIM or purge
 * (the metadata does not say which: both reset written_before; a run on
 * a used drive counts what was written before it, and says so: "until
 * 15.0 GiB (2.06x the capacity written since TRIM or purge)" read as if
 * 15 GiB were twice the capacity, the round-22 audit). */
static void capacity_share(struct ssd__text *t, const struct ssd_analysis_summary *m, double at) {
    if (!(isfinite(m->capacity_bytes) && m->capacity_bytes > 0))
        return;
    if (m->written_before_bytes > 0) {
        char before[SSD__NUM_BUF];
        ssd__text_add(
            t, " (with the %s written before this run, %.2fx the capacity since TRIM or purge)",
            ssd__fmt_size(before, m->written_before_bytes),
            (at + m->written_before_bytes) / m->capacity_bytes);
    } else
        ssd__text_add(t, " (%.2fx the capacity)", at / m->capacity_bytes);
}

/* No SLC cache holds more than this share of the capacity (raw / bits,
 * regimes.h, MAX_CACHE_CAPACITY_SHARE): a run that wrote that much without a drop shows the
 * drive has none. */
#define NO_CACHE_HOLDS_MORE 0.64

/* Whether the speed ever fell lastingly below the first level (by the
 * analysis' default min_drop, 1.3x). */
static int dropped(const struct ssd_phase *ph, size_t nph) {
    for (size_t i = 1; i < nph; i++)
        if (ph[i].level_bps * 1.3 < ph[0].level_bps)
            return 1;
    return 0;
}

/* A run with no cache whose clean blocks ended in a folding before the
 * used state (right after a fill with no idle: the fill's end folding). */
static int folded_first(const struct ssd_analysis_summary *m) {
    return !m->has_cache && m->has_gc && m->gc_start_bytes > 0 && m->has_folding &&
           m->folding_start_bytes > 0 && m->folding_start_bytes < m->gc_start_bytes;
}

static const char *fast_start_words(const struct ssd_analysis_summary *m) {
    return m->written_before_bytes > 0 || m->precondition == SSD_PRECONDITION_SEQ_FILL ||
                   m->precondition == SSD_PRECONDITION_RANDOM_FILL
               ? "clean-block speed"
               : "fresh-state speed";
}

const char *ssd__no_cache_level_words(const struct ssd_analysis_summary *m) {
    return m->has_gc && m->gc_start_bytes > 0 ? fast_start_words(m) : "write speed";
}

int ssd__one_speed_throughout(const struct ssd_analysis_summary *m, const struct ssd_phase *ph,
                              size_t nph) {
    return !m->has_cache && !m->has_gc && !m->has_folding && !dropped(ph, nph) &&
           !(isfinite(m->capacity_bytes) &&
             m->total_bytes >= NO_CACHE_HOLDS_MORE * m->capacity_bytes);
}

/* The share of the cache's size from which its uncertainty is shown
 * beside it in words: below that, the figure's own last digits say as much
 * (the sweep and the seed tables hold a cache size to 5 %). */
#define CACHE_SHOWN_UNCERTAINTY 0.05

double ssd__cache_at_most_bytes(const struct ssd_analysis_summary *m) {
    return m->has_cache && m->cache_censored == SSD_CENSOR_RESOLUTION &&
                   isfinite(m->cache_uncertainty_bytes)
               ? m->cache_bytes + m->cache_uncertainty_bytes
               : NAN;
}

double ssd__cache_shown_bytes(const struct ssd_analysis_summary *m) {
    double at_most = ssd__cache_at_most_bytes(m);
    return isfinite(at_most) ? at_most : m->cache_bytes;
}

const char *ssd__cache_bound_word(const struct ssd_analysis_summary *m) {
    return isfinite(ssd__cache_at_most_bytes(m))                  ? "at most "
           : m->has_cache && m->cache_censored != SSD_CENSOR_NONE ? "at least "
                                                                  : "";
}

/* What a regime's dips are a share of, as the words before them name it
 * ("to 49% of the clean-block speed"): the regime's name ("(direct)") was
 * a word of the analysis a buyer does not know (the round-22 audit). */
static const char *dips_of(const struct ssd_analysis_summary *m, int regime) {
    switch (regime) {
    case SSD_REGIME_CACHE:
        return "the cache's speed";
    case SSD_REGIME_DIRECT:
        return m->has_cache                                        ? "the speed after the cache"
               : !m->has_gc                                        ? "that speed"
               : !strcmp(fast_start_words(m), "clean-block speed") ? "the clean-block speed"
                                                                   : "the fresh-state speed";
    case SSD_REGIME_FOLDING:
        return "the folding speed";
    case SSD_REGIME_GC:
        return "the used-state speed";
    case SSD_REGIME_THROTTLE:
        return "the throttled speed";
    case SSD_REGIME_SLOW_START:
        return "the slow start's speed";
    default:
        return "the speed there";
    }
}

/* The phases of one regime whose dips the words name, at most. */
enum { SSD__MAX_DIP_PHASES = 8 };

static unsigned regime_bit(int regime) {
    return 1u << (regime & 31);
}

/* The dips of the phases whose regime is in `regimes` (bits regime_bit),
 * once per regime (*said: the regimes said before). They follow the
 * clause of the phase they describe ("clean-block speed 234 MiB/s until
 * 15 GiB; periodic dips every 16 s to 49% of the clean-block speed; then
 * used state: 7.0 MiB/s"), never the later phase's (the round-23 audit). */
static void dips_clauses(struct ssd__text *t, const struct ssd_analysis_summary *m,
                         const struct ssd_phase *ph, size_t nph, unsigned regimes, unsigned *said) {
    const double GiB = 1073741824.0;
    /* One clause per regime: its phases' dips said once when they are the
     * same (a level either side of a burst), else each with where its phase
     * starts ("in the speed after the cache, every 19 s to 40% from 0.0 GiB
     * and every 22 s to 45% from 12.3 GiB"): two phases of one regime that
     * dip differently read as the same clause twice. */
    for (size_t i = 0; i < nph; i++) {
        if (!(regimes & regime_bit(ph[i].regime)) || *said & regime_bit(ph[i].regime))
            continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = ph[j].has_dips && ph[j].regime == ph[i].regime;
        if (!ph[i].has_dips || seen)
            continue;
        *said |= regime_bit(ph[i].regime);
        char words[SSD__MAX_DIP_PHASES][48];
        double from[SSD__MAX_DIP_PHASES];
        size_t n = 0;
        for (size_t k = i; k < nph && n < SSD__MAX_DIP_PHASES; k++) {
            if (!ph[k].has_dips || ph[k].regime != ph[i].regime)
                continue;
            snprintf(words[n], sizeof words[n], "every %.0f s to %.0f%%", ph[k].dip_period_s,
                     100 * (1 - ph[k].dip_depth));
            int dup = 0;
            for (size_t d = 0; d < n && !dup; d++)
                dup = !strcmp(words[d], words[n]);
            if (!dup)
                from[n++] = ph[k].start_bytes;
        }
        /* One: "every 16 s to 49% of the clean-block speed"; several say
         * what they are a share of first, then each with where it starts. */
        if (n == 1)
            ssd__text_add(t, "; periodic dips %s of %s", words[0], dips_of(m, ph[i].regime));
        else
            ssd__text_add(t, "; periodic dips in %s", dips_of(m, ph[i].regime));
        for (size_t d = 0; d < n && n > 1; d++)
            ssd__text_add(t, "%s%s from %.1f GiB",
                          d == 0       ? ", "
                          : d + 1 == n ? " and "
                                       : ", ",
                          words[d], from[d] / GiB);
    }
}

void ssd__text_regimes(struct ssd__text *t, const struct ssd_analysis_summary *m,
                       const struct ssd_phase *ph, size_t nph) {
    unsigned dips_of_regimes = 0; /* the regimes whose dips were said */
    const double GiB = 1073741824.0, MiB = 1048576.0;
    double at_most = ssd__cache_at_most_bytes(m);
    if (m->has_cache && isfinite(at_most)) {
        /* The drop is inside the first sample: the cache lies between
         * what that sample wrote beyond the post-cache rate and all it
         * wrote, and its speed is at least the sample's. */
        ssd__text_add(t,
                      "SLC cache at most %.2f GiB (it ended inside the first sample or two; "
                      "at least %.2f GiB) at >= %.1f MiB/s",
                      at_most / GiB, m->cache_bytes / GiB, m->cache_level_bps / MiB);
        if (isfinite(m->cache_drop_ratio))
            ssd__text_add(t, ", then at least %.1fx slower (%.1f MiB/s)", m->cache_drop_ratio,
                          m->post_cache_bps / MiB);
    } else if (m->has_cache) {
        ssd__text_add(t, "SLC cache %s%.2f", m->cache_censored != SSD_CENSOR_NONE ? ">= " : "",
                      m->cache_bytes / GiB);
        /* Where the samples cannot place the end within 5 % (a drop over
         * two or three samples, a cache of a few samples), the figure
         * carries its uncertainty: "3.83 +- 1.19 GiB", not "3.83 GiB". */
        if (m->cache_censored == SSD_CENSOR_NONE && isfinite(m->cache_uncertainty_bytes) &&
            m->cache_uncertainty_bytes >= CACHE_SHOWN_UNCERTAINTY * m->cache_bytes)
            ssd__text_add(t, " +- %.2f", m->cache_uncertainty_bytes / GiB);
        ssd__text_add(t, " GiB at %.1f MiB/s", m->cache_level_bps / MiB);
        if (isfinite(m->cache_drop_ratio))
            ssd__text_add(t, ", then %.1fx slower (%.1f MiB/s)", m->cache_drop_ratio,
                          m->post_cache_bps / MiB);
    } else if (m->has_gc && !(m->gc_start_bytes > 0)) {
        /* The used state from the first byte (a run right after a fill):
         * no fast start to name. */
        ssd__text_add(t, "no SLC cache");
    } else if (m->has_gc) {
        ssd__text_add(t, "no SLC cache; %s %.1f MiB/s", fast_start_words(m),
                      m->post_cache_bps / MiB);
        /* Levels of their own before the used state (a step the analysis
         * found too slight for a cache: MP44L after a fill, 302 MiB/s to
         * 27.4 GiB, then 261 to 83.7) are said, not hidden in "302 until
         * 83.7 GiB". */
        for (size_t i = 1, said = 0; i < nph && said < 3; i++)
            if (ph[i].start_bytes < m->gc_start_bytes && ph[i].regime == SSD_REGIME_DIRECT &&
                ph[i - 1].regime == SSD_REGIME_DIRECT) {
                ssd__text_add(t, ", %.1f MiB/s from %.1f GiB", ph[i].level_bps / MiB,
                              ph[i].start_bytes / GiB);
                said++;
            }
        /* (With a folding after them, no cache before it (a drive a fill
         * left full with no idle: the fill's end folding), the clean
         * blocks end where the folding starts; the used state's start is
         * said after it: "until 261.5 GiB ...; folding from 38.9 GiB" read
         * as the clean blocks lasting through the folding.) */
        if (folded_first(m))
            ssd__text_add(t, " until %.1f GiB", m->folding_start_bytes / GiB);
        else {
            ssd__text_add(t, " until %.1f GiB", m->gc_start_bytes / GiB);
            capacity_share(t, m, m->gc_start_bytes);
        }
    } else if (ssd__one_speed_throughout(m, ph, nph)) {
        /* One speed all through a run shorter than any cache could be
         * (CrystalDiskMark's 1 GiB test file on a drive with a 2 GiB cache):
         * that says nothing about a cache. */
        ssd__text_add(t,
                      "no drop in %.2f GiB: %.1f MiB/s throughout (an SLC cache larger than "
                      "that would not show)",
                      m->total_bytes / GiB, m->post_cache_bps / MiB);
    } else {
        ssd__text_add(t, "no SLC cache; %.1f MiB/s", m->post_cache_bps / MiB);
    }
    size_t before_dips = t->len;
    dips_clauses(t, m, ph, nph,
                 regime_bit(SSD_REGIME_SLOW_START) | regime_bit(SSD_REGIME_CACHE) |
                     regime_bit(SSD_REGIME_DIRECT),
                 &dips_of_regimes);
    int dips_said = t->len != before_dips;
    if (m->has_folding)
        ssd__text_add(t, "; folding from %.1f GiB at %.1f MiB/s", m->folding_start_bytes / GiB,
                      m->folding_level_bps / MiB);
    dips_clauses(t, m, ph, nph, regime_bit(SSD_REGIME_FOLDING), &dips_of_regimes);
    if (m->has_gc) {
        if (m->has_cache || folded_first(m)) {
            ssd__text_add(t, "; used state from %.1f GiB", m->gc_start_bytes / GiB);
            capacity_share(t, m, m->gc_start_bytes);
            ssd__text_add(t, ":");
        } else if (!(m->gc_start_bytes > 0)) {
            ssd__text_add(t, "; used state from the first byte (no clean blocks left):");
        } else {
            ssd__text_add(t, "%s then used state:", dips_said ? ";" : ",");
        }
        if (m->gc_sliding && isfinite(m->gc_start_level_bps))
            /* A slide has no one level: where it starts, where it ends
             * and how fast it goes (analysis_slide.c). */
            ssd__text_add(t,
                          " %.1f MiB/s just after the onset, %s to %.1f MiB/s at the end (%+.3g "
                          "MiB/s per GiB written)",
                          m->gc_start_level_bps / MiB,
                          m->gc_end_level_bps < m->gc_start_level_bps ? "falling" : "rising",
                          m->gc_end_level_bps / MiB, m->gc_slope_bps_per_gib / MiB);
        else
            ssd__text_add(t, " %.1f MiB/s", m->gc_level_bps / MiB);
    }
    dips_clauses(t, m, ph, nph, regime_bit(SSD_REGIME_GC), &dips_of_regimes);
    /* The rest (a burst, a throttle): at the end, as before. */
    dips_clauses(t, m, ph, nph, ~0u, &dips_of_regimes);
}

/* A speed as "233 MiB/s" or "1.85 GiB/s" (three digits, binary units). */
static void speed_text(char *buf, size_t len, double bps) {
    static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    for (; fabs(bps) >= 1024 && u < 4; u++)
        bps /= 1024;
    snprintf(buf, len, "%.3g %s/s", bps, unit[u]);
}

const char *ssd_dips_base_words(const struct ssd_analysis_summary *s, const struct ssd_phase *ph,
                                size_t nph, char *buf, size_t len) {
    char lv[40], levels[160] = "";
    if (!buf || !len)
        return buf;
    if (s && isfinite(s->dip_base_bps) && s->dip_base_bps > 0) {
        speed_text(lv, sizeof lv, s->dip_base_bps);
        snprintf(buf, len, "%s (one level for all phases: the speed's 75th percentile)", lv);
        return buf;
    }
    /* The levels of the phases after the cache, each once: "284 MiB/s or
     * 201 MiB/s", not "284 or 201 or 284" for a direct level a slump
     * interrupted. */
    size_t n = 0, at = 0;
    for (size_t i = 0; ph && i < nph && at < sizeof levels; i++) {
        if (ph[i].regime == SSD_REGIME_CACHE || ph[i].regime == SSD_REGIME_SLOW_START)
            continue;
        speed_text(lv, sizeof lv, ph[i].level_bps);
        if (strstr(levels, lv))
            continue;
        if (n++ == 4) {
            snprintf(levels + at, sizeof levels - at, " ...");
            break;
        }
        at += (size_t)snprintf(levels + at, sizeof levels - at, "%s%s", n > 1 ? " or " : "", lv);
    }
    if (n == 1)
        snprintf(buf, len, "its one phase's level (%s)", levels);
    else if (n)
        snprintf(buf, len, "the level of the phase each dip is in (%s)", levels);
    else
        snprintf(buf, len, "the level of the phase each dip is in");
    return buf;
}
