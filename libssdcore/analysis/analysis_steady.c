/* analysis_steady.c - steady state by the SNIA PTS rule: within a
 * measurement window of 5 rounds, the range of the round averages is at
 * most ss_range of their mean and the excursion of the least-squares line
 * across the window at most ss_slope of it.
 *
 * Rounds: the spec's round is one pass of its test matrix, in which its
 * tracking variable (4K random-write IOPS) is measured over one minute; a
 * time series has no passes, so a round is ss_round_s seconds of it (60,
 * the spec's minute; shorter for short runs) and its value the bytes
 * written in it over its duration.
 *
 * Which steady state: the spec runs its rounds after preconditioning,
 * with the drive already in its used state; a run from a fresh drive
 * holds the fresh plateau (and an SLC cache) first, which meets the rule
 * too but which the drive leaves. So the steady state reported is the
 * last stable region, the one the drive settles into: it is reached when
 * the run's last 5 rounds meet the rule, and it starts where the longest
 * stretch reaching the end, taken as one measurement window, still meets
 * it (a slow slide meets the 5-round rule everywhere, window by window, and
 * so would have started long before the drive settled). Rounds are
 * counted back from the end. The first window anywhere that meets the
 * rule (often the fresh plateau) is reported beside, and the rolling
 * variant is the earliest sample from which every 5-round window starting
 * at a sample up to the end meets it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"

#define ROUNDS 5

/* Cumulative bytes at time t, interpolating linearly inside a sample.
 * *hint is the first sample whose end is >= t for a nearby t (or n): a
 * window sliding one sample at a time moves it a step, so the rolling
 * variant costs O(n), not O(n log n) (it doubled the analysis' time at
 * 7,200 samples); anything else finds it by binary search. */
double ssd__bytes_at(const struct ssd__curve *c, double t, size_t *hint) {
    size_t lo = *hint;
    if (lo > c->n)
        lo = c->n;
    for (int step = 0; step < 4; step++) {
        if (lo < c->n && c->t[lo] < t)
            lo++;
        else if (lo > 0 && c->t[lo - 1] >= t)
            lo--;
        else
            goto found;
    }
    {
        /* Farther: gallop from the hint to a bracket, then bisect it. The
         * window of rounds moves a round (60 samples at 1 s) per step, so
         * the bracket is a few probes away, not log2(n) of them, each a
         * mispredicted branch. The answer is the same: the first sample
         * whose end is >= t (the times strictly increase). */
        size_t a, b;
        if (lo < c->n && c->t[lo] < t) { /* the answer is after lo */
            size_t step = 1;
            a = lo + 1;
            b = a;
            while (b < c->n && c->t[b] < t) {
                a = b + 1;
                b = b + step < c->n ? b + step : c->n;
                step *= 2;
            }
        } else if (lo > 0 && c->t[lo - 1] >= t) { /* the answer is before lo */
            size_t step = 1;
            b = lo - 1;
            a = b;
            while (a > 0 && c->t[a - 1] >= t) {
                b = a - 1;
                a = a > step ? a - step : 0;
                step *= 2;
            }
        } else {
            goto found; /* t[lo - 1] < t <= t[lo]: the fourth step found it */
        }
        while (a < b) { /* t[a - 1] < t <= t[b] (or b = n) */
            size_t mid = a + (b - a) / 2;
            if (c->t[mid] < t)
                a = mid + 1;
            else
                b = mid;
        }
        lo = a;
    }
found:
    *hint = lo;
    if (lo >= c->n)
        return c->total;
    double t0 = lo ? c->t[lo - 1] : 0;
    double part = (t - t0) / ssd__curve_dt(c, lo);
    return c->cum[lo] + c->b[lo] * (part < 0 ? 0 : part);
}

/* Evaluates the window of 5 rounds starting at time t0; 1 when steady. */
/* hint: ROUNDS + 1 sample positions, one per round boundary, kept from
 * one call to the next. */
static int check_window(const struct ssd__curve *c, const struct ssd__analysis_opts *o, double t0,
                        double round, size_t *hint) {
    double v[ROUNDS];
    double prev = ssd__bytes_at(c, t0, &hint[0]);
    for (int k = 0; k < ROUNDS; k++) {
        double next = ssd__bytes_at(c, t0 + (k + 1) * round, &hint[k + 1]);
        v[k] = (next - prev) / round;
        prev = next;
    }
    double mean = 0, mn = INFINITY, mx = -INFINITY;
    for (int k = 0; k < ROUNDS; k++) {
        mean += v[k];
        mn = v[k] < mn ? v[k] : mn;
        mx = v[k] > mx ? v[k] : mx;
    }
    mean /= ROUNDS;
    /* Slope of the least-squares line through (k, v[k]), k = 0..4. */
    double sxy = 0;
    for (int k = 0; k < ROUNDS; k++)
        sxy += (k - 2.0) * (v[k] - mean);
    double slope = sxy / 10.0;
    double excursion = fabs(slope) * (ROUNDS - 1);
    return mean > 0 && mx - mn <= o->ss_range * mean && excursion <= o->ss_slope * mean;
}

void ssd__steady_state(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                       struct ssd__result *res) {
    double round = o->ss_round_s;
    double dur = c->duration;
    /* Short runs get shorter rounds, so 5 rounds always fit ten times. */
    if (ROUNDS * 10 * round > dur)
        round = dur / (ROUNDS * 10);
    /* And long runs get longer rounds, so their count stays bounded (a
     * fuzzer found that a huge duration made this loop endless). */
    if (dur / round > 10000)
        round = dur / 10000;
    res->ss_round_s = round;
    res->ss_reached = res->ss_rolling_reached = 0;
    res->ss_rounds = 0;
    res->ss_start_s = res->ss_start_bytes = res->ss_mean_bps = NAN;
    res->ss_range_ratio = res->ss_slope_ratio = res->ss_rolling_start_s = NAN;
    res->ss_rolling_start_bytes = res->ss_first_stable_s = NAN;
    res->ss_fresh_start_s = res->ss_fresh_bps = NAN;
    res->sum.steady_fresh = 0;
    size_t hint[ROUNDS + 1] = {0};
    size_t nrounds = (size_t)(dur / round + 1e-9);
    /* The first window anywhere that meets the rule (often the fresh
     * plateau): reported beside, for what it is. */
    for (size_t k = 0; k + ROUNDS <= nrounds; k++)
        if (check_window(c, o, (double)k * round, round, hint)) {
            res->ss_first_stable_s = (double)k * round;
            break;
        }
    /* The last stable region: rounds counted back from the run's end (a
     * partial round at the start is left out), the stretch growing one
     * round at a time while, taken as one measurement window, it meets the
     * rule: its rounds' range within ss_range of its average and its
     * least-squares line's excursion across it within ss_slope. Reached
     * when the last 5 rounds do (the spec's test where the drive ends). */
    double sv = 0, skv = 0, sk = 0, skk = 0, mn = INFINITY, mx = -INFINITY;
    double prev = c->total;
    for (size_t m = 1; m <= nrounds; m++) {
        double k = (double)(nrounds - m); /* the round's index from the start */
        double t0 = dur - (double)m * round;
        double at = ssd__bytes_at(c, t0, hint);
        double v = (prev - at) / round;
        prev = at;
        sv += v, skv += k * v, sk += k, skk += k * k;
        mn = v < mn ? v : mn;
        mx = v > mx ? v : mx;
        if (m < ROUNDS)
            continue;
        double mean = sv / (double)m;
        double slope = ((double)m * skv - sk * sv) / ((double)m * skk - sk * sk);
        double excursion = fabs(slope) * (double)(m - 1);
        if (!(mean > 0 && mx - mn <= o->ss_range * mean && excursion <= o->ss_slope * mean))
            break;
        res->ss_reached = 1;
        res->ss_rounds = m;
        res->ss_start_s = t0;
        res->ss_start_bytes = at;
        res->ss_mean_bps = mean;
        res->ss_range_ratio = (mx - mn) / mean;
        res->ss_slope_ratio = excursion / mean;
    }
    /* The rolling variant: windows may start at any sample boundary; the
     * last window is the last whose 5 rounds fit in the run. The walk back
     * tries every stride-th start (about 256 of them: every start cost
     * 0.4 ms at 7,200 samples), then the starts after the first one that
     * fails, one by one. */
    size_t last = c->n;
    for (size_t i = 0; i < c->n; i++) {
        double t0 = i ? c->t[i - 1] : 0;
        if (t0 + ROUNDS * round > dur + 1e-9)
            break;
        last = i;
    }
    if (last < c->n) {
        size_t stride = c->n / 256 + 1, i = last, start = c->n;
        for (;;) {
            double t0 = i ? c->t[i - 1] : 0;
            if (!check_window(c, o, t0, round, hint)) {
                /* Refine between the failure and the last start that held. */
                for (size_t k = start < c->n ? start : i + 1; k-- > i + 1;) {
                    if (!check_window(c, o, c->t[k - 1], round, hint))
                        break;
                    start = k;
                }
                break;
            }
            start = i;
            if (i == 0)
                break;
            i = i > stride ? i - stride : 0;
        }
        if (start < c->n) {
            res->ss_rolling_reached = 1;
            res->ss_rolling_start_s = start ? c->t[start - 1] : 0;
            res->ss_rolling_start_bytes = c->cum[start];
        }
    }
}

/* The fresh plateau is not the steady state (issue #21): a drive cannot run
 * out of clean blocks before its capacity, less what was written since
 * TRIM before the run, has been written (docs/analysis.md, "Used state"),
 * so a run that ends short of that, with no used state found, ends on the
 * fresh drive's plateau however flat it is: the SNIA rule applies after
 * preconditioning, and the drive leaves this plateau. Only with the
 * capacity known, no deliberate fill recorded (a seq_fill or
 * random_fill drive is in its used state from the start) and random writes
 * recorded as the pattern: sequential writes free whole blocks, so a
 * sequential run's level after its cache holds past the capacity (GC has
 * nothing to copy), and that plateau is the drive's steady state (the
 * BIWIN X570's fresh 200 GiB write, datasets/). */
void ssd__steady_fresh(const struct ssd__curve *c, const struct ssd__analysis_opts *o,
                       double capacity, struct ssd__result *res) {
    if (!res->ss_reached || res->sum.has_gc || !(capacity > 0) || !isfinite(capacity) ||
        (o->precondition != SSD_PRECONDITION_NONE && o->precondition != SSD_PRECONDITION_UNKNOWN) ||
        !(o->written_before_bytes + c->total < capacity) || strncmp(res->pattern, "rand", 4))
        return;
    res->sum.steady_fresh = 1;
    res->ss_fresh_start_s = res->ss_start_s;
    res->ss_fresh_bps = res->ss_mean_bps;
    res->ss_reached = 0;
    res->ss_rounds = 0;
    res->ss_start_s = res->ss_start_bytes = res->ss_mean_bps = NAN;
    res->ss_range_ratio = res->ss_slope_ratio = NAN;
    res->ss_rolling_reached = 0; /* the rolling variant found the same plateau */
    res->ss_rolling_start_s = res->ss_rolling_start_bytes = NAN;
}
