/* The SNIA PTS steady-state rule on rounds (suite/pts_steady.c): a 5-round
 * window, data excursion within 20 % and slope excursion within 10 % of
 * the window's mean. */
#include <criterion/criterion.h>
#include <math.h>

#include "suite_impl.h"

Test(pts_steady, needs_five_rounds) {
    double y[4] = {100, 100, 100, 100};
    struct ssd__pts_window w;
    cr_assert_eq(ssd__pts_steady(y, 4, &w), 0);
    cr_assert_eq(w.first, 0);
    cr_assert(isnan(w.mean));
}

Test(pts_steady, flat_window_holds_and_names_its_rounds) {
    double y[7] = {500, 300, 101, 99, 100, 102, 98};
    struct ssd__pts_window w;
    cr_assert_eq(ssd__pts_steady(y, 7, &w), 1);
    cr_assert_eq(w.first, 3);
    cr_assert_eq(w.last, 7);
    cr_assert_float_eq(w.mean, 100, 1e-9);
    cr_assert_float_eq(w.range, 4, 1e-9);
    cr_assert_float_eq(w.range_limit, 20, 1e-9);
    /* The same window one round earlier still holds the 300. */
    cr_assert_eq(ssd__pts_steady(y, 6, &w), 0);
}

Test(pts_steady, data_excursion_over_20_percent_fails) {
    /* mean 100, range 22 > 20; slope zero (symmetric) */
    double y[5] = {100, 111, 89, 111, 89};
    struct ssd__pts_window w;
    cr_assert_eq(ssd__pts_steady(y, 5, &w), 0);
    cr_assert_gt(w.range, w.range_limit);
    cr_assert_leq(w.slope_excursion, w.slope_limit);
}

Test(pts_steady, slope_excursion_over_10_percent_fails) {
    /* a steady fall of 3 per round: range 12 (within 20), slope excursion 12 > 10 */
    double y[5] = {106, 103, 100, 97, 94};
    struct ssd__pts_window w;
    cr_assert_eq(ssd__pts_steady(y, 5, &w), 0);
    cr_assert_leq(w.range, w.range_limit);
    cr_assert_float_eq(w.slope, -3, 1e-9);
    cr_assert_float_eq(w.slope_excursion, 12, 1e-9);
    /* the fitted line through the window: y = intercept + slope * round */
    cr_assert_float_eq(w.intercept + w.slope * 3, 100, 1e-9);
    /* a fall of 2 per round (excursion 8) is within the limit */
    double z[5] = {104, 102, 100, 98, 96};
    cr_assert_eq(ssd__pts_steady(z, 5, &w), 1);
}

Test(pts_steady, nan_or_zero_never_holds) {
    double y[5] = {1, 1, NAN, 1, 1}, z[5] = {0, 0, 0, 0, 0};
    struct ssd__pts_window w;
    cr_assert_eq(ssd__pts_steady(y, 5, &w), 0);
    cr_assert_eq(ssd__pts_steady(z, 5, &w), 0);
}

/* A drive written from its purge (WSAT, HIR's pre-write): rounds of y
 * IOPS, each writing `per` bytes of a drive of capacity `cap`. */
static void written(double *b, int n, double per) {
    for (int i = 0; i < n; i++)
        b[i] = (i + 1) * per;
}

Test(pts_used_steady, fresh_plateau_is_not_the_steady_state) {
    /* flat at the fresh level for 2x the capacity: the rule holds, but
     * the drive never left its fresh state (sim:p4500-4tb,gc_model=plain
     * until 2.3x) */
    double y[20], b[20];
    for (int i = 0; i < 20; i++)
        y[i] = 185000 + (i % 2) * 500;
    written(b, 20, 0.1);
    struct ssd__pts_window w;
    cr_assert_eq(ssd__pts_used_steady(y, b, 20, 1.0, &w), 0);
    cr_assert_eq(w.rule, 1);
    cr_assert_float_eq(w.capacities, 2.0, 1e-9);
    cr_assert_str_eq(w.not_reached, "still at the fresh level: no used state yet");
    /* the same after only a tenth of the capacity: still fresh */
    cr_assert_eq(ssd__pts_used_steady(y, b, 20, 20.0, &w), 0);
    cr_assert_str_eq(w.not_reached, "less than the capacity written since the purge: still fresh");
}

Test(pts_used_steady, a_slow_slide_is_still_falling) {
    /* -1 % per round from 100000 after a fresh 200000: each 5-round
     * window meets the rule, the level one capacity (10 rounds) earlier
     * is 10 % higher */
    double y[40], b[40];
    for (int i = 0; i < 40; i++)
        y[i] = i < 5 ? 200000 : 100000 * pow(0.99, i - 5);
    written(b, 40, 0.1);
    struct ssd__pts_window w;
    cr_assert_eq(ssd__pts_used_steady(y, b, 40, 1.0, &w), 0);
    cr_assert_eq(w.rule, 1);
    cr_assert_gt(w.earlier, 1.1 * w.mean);
    cr_assert_str_eq(w.not_reached, "still falling: more than 10 % higher one capacity earlier");
}

Test(pts_used_steady, a_settled_used_drive_is_steady) {
    /* fresh 200000, then down to 60000 and flat */
    double y[40], b[40];
    for (int i = 0; i < 40; i++)
        y[i] = i < 5 ? 200000 : i < 10 ? 120000 : 60000 + (i % 3) * 300;
    written(b, 40, 0.1);
    struct ssd__pts_window w;
    cr_assert_eq(ssd__pts_used_steady(y, b, 40, 1.0, &w), 1);
    cr_assert_null(w.not_reached);
    /* the fresh level: the rounds up to the capacity (rounds 6-10) */
    cr_assert_float_eq(w.fresh, 120000, 1e-9);
    cr_assert_eq(w.first, 36);
    /* the plain rule's window is unchanged */
    struct ssd__pts_window v;
    ssd__pts_steady(y, 40, &v);
    cr_assert_float_eq(v.mean, w.mean, 1e-9);
}

Test(pts_used_steady, a_cache_then_the_fresh_direct_level_is_not_steady) {
    /* a consumer drive: 3 rounds in its SLC cache at 80000, then its fresh
     * direct writes at 12800 on clean blocks past its capacity (bx200's
     * garbage collection starts at 1.1x): the drop from the cache is no
     * used state */
    double y[15], b[15];
    for (int i = 0; i < 15; i++)
        y[i] = i < 3 ? 80000 : 12800 + (i % 2) * 100;
    written(b, 15, 0.1);
    struct ssd__pts_window w;
    cr_assert_eq(ssd__pts_used_steady(y, b, 15, 1.0, &w), 0);
    cr_assert_eq(w.rule, 1);
    cr_assert_float_eq(w.fresh, 12860, 1e-9);
    cr_assert_str_eq(w.not_reached, "still at the fresh level: no used state yet");
}
