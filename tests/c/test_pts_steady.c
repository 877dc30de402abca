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
