/* pts_hir.c - what HIR's bursts say (SNIA PTS v2.0.2 section 11, host
 * idle recovery): whether the drive recovers with idle time, and whether
 * the wait states can be compared at all.
 *
 * Section 11 compares wait states on one drive state: the pre-write takes
 * the drive to its steady state (the baseline), and every wait state
 * starts from it (its return to baseline). Without that baseline the wait
 * states run one after another on a drive still changing (clean blocks
 * running out part-way through them, at a small --scale), so their bursts
 * measure different drives and no verdict is given. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "suite_impl.h"

/* The steady state's data excursion (section 3.1): a level within 20 %
 * of the baseline is the baseline as far as the rule can tell. */
#define BASE_BAND 0.2
/* Two standard errors: a difference of burst means beyond this is not
 * the bursts' scatter. */
#define NOISE_Z 2.0

static double diff_noise(const struct ssd__hir_wait *a, const struct ssd__hir_wait *b) {
    return NOISE_Z * sqrt(a->sem * a->sem + b->sem * b->sem);
}

static void add(char *buf, size_t len, size_t *at, const char *fmt, double x, double y) {
    if (*at >= len)
        return;
    int n = snprintf(buf + *at, len - *at, fmt, x, y);
    *at += n > 0 ? (size_t)n : 0;
}

void ssd__pts_hir_verdict(const struct ssd__hir_wait *w, int n, double baseline,
                          const char *no_baseline, const char *stopped_by,
                          struct ssd__hir_verdict *v) {
    memset(v, 0, sizeof *v);
    v->fall = -1;
    v->monotonic = 1;
    double worst = 0; /* the largest standard error, relative to its mean */
    for (int k = 0; k < n; k++) {
        if (w[k].mean > 0)
            worst = fmax(worst, w[k].sem / w[k].mean);
        if (k && w[k - 1].mean - w[k].mean > diff_noise(&w[k - 1], &w[k]) && v->fall < 0) {
            v->fall = k;
            v->monotonic = 0;
        }
    }
    v->noise_rel = worst;
    size_t at = 0, len = sizeof v->words;
    if (n <= 0) {
        v->verdict = "no bursts";
        snprintf(v->words, len, "section 11: no wait state ran");
        return;
    }
    if (isnan(baseline)) {
        v->verdict = "not comparable";
        at = (size_t)snprintf(v->words, len,
                              "section 11: no verdict on recovery: the pre-write did not reach "
                              "the steady state (%s)%s, so the wait states ran one after another "
                              "on a drive still changing state and their bursts measure "
                              "different drives; ",
                              no_baseline ? no_baseline : "not reached",
                              stopped_by && !strcmp(stopped_by, "time")
                                  ? " before its time limit (a larger scale gives it longer)"
                                  : "");
        if (v->monotonic)
            add(v->words, len, &at,
                "the burst means do not fall beyond noise as the idle time grows", 0, 0);
        else {
            add(v->words, len, &at, "the burst means fall from %.0f IOPS after %g s of idle",
                w[v->fall - 1].mean, w[v->fall - 1].wait_s);
            add(v->words, len, &at, " to %.0f IOPS after %g s, beyond noise", w[v->fall].mean,
                w[v->fall].wait_s);
        }
        add(v->words, len, &at, "; bursts' standard error at most %.1f %% of their mean",
            100 * worst, 0);
        return;
    }
    v->comparable = 1;
    /* The returns to baseline show whether every wait state started from
     * the same drive. */
    for (int k = 0; k < n; k++)
        if (fabs(w[k].baseline - baseline) > BASE_BAND * baseline) {
            v->comparable = 0;
            v->verdict = "not comparable";
            at = (size_t)snprintf(v->words, len,
                                  "section 11: no verdict on recovery: the return to baseline "
                                  "after the %g s wait state ends at ",
                                  w[k].wait_s);
            add(v->words, len, &at,
                "%.0f IOPS, more than 20 %% away from the baseline %.0f IOPS, so the wait "
                "states did not start from one drive state",
                w[k].baseline, baseline);
            return;
        }
    int above = 0;
    for (int k = 0; k < n; k++)
        above += w[k].mean - baseline > fmax(BASE_BAND * baseline, NOISE_Z * w[k].sem);
    if (!above) {
        v->verdict = "none";
        at = (size_t)snprintf(v->words, len,
                              "section 11: no recovery with idle: every wait state's bursts "
                              "are within 20 %% of the baseline (%.0f IOPS)",
                              baseline);
    } else if (!v->monotonic) {
        v->verdict = "not monotonic";
        at = (size_t)snprintf(v->words, len,
                              "section 11: the drive recovers with idle, but not steadily: the "
                              "bursts after %g s of idle ",
                              w[v->fall].wait_s);
        add(v->words, len, &at, "(%.0f IOPS) are slower than after a shorter wait (%.0f IOPS), ",
            w[v->fall].mean, w[v->fall - 1].mean);
        add(v->words, len, &at, "beyond noise", 0, 0);
    } else {
        v->verdict = "recovers";
        at = (size_t)snprintf(v->words, len,
                              "section 11: the drive recovers with idle: bursts %.2fx the "
                              "baseline (%.0f IOPS) after ",
                              w[0].mean / baseline, baseline);
        add(v->words, len, &at, "%g s of idle, %.2fx", w[0].wait_s, w[n - 1].mean / baseline);
        add(v->words, len, &at, " after %g s", w[n - 1].wait_s, 0);
        int flat = 0;
        for (int k = 1; k < n; k++)
            flat += w[k].mean - w[k - 1].mean <= diff_noise(&w[k - 1], &w[k]);
        add(v->words, len, &at,
            !flat    ? ", each longer wait faster beyond noise"
            : n == 2 ? ", never falling beyond noise (the one step to a longer wait within noise)"
                     : ", never falling beyond noise (%.0f of the %.0f steps to a longer wait "
                       "within noise)",
            flat, n - 1);
    }
    add(v->words, len, &at, "; bursts' standard error at most %.1f %% of their mean", 100 * worst,
        0);
}
