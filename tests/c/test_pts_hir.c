/* HIR's verdict on its wait states (suite/pts_hir.c; SNIA PTS v2.0.2
 * section 11): recovery with idle, none, not monotonic beyond noise, or
 * no verdict when the wait states ran on different drive states. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "suite_impl.h"

static const struct ssd__hir_wait rising[] = {
    {5, 4000, 40, 1700}, {10, 5700, 20, 1700}, {15, 7700, 20, 1690}, {50, 21800, 60, 1680}};

Test(pts_hir, rising_bursts_recover) {
    struct ssd__hir_verdict v;
    ssd__pts_hir_verdict(rising, 4, 1766, NULL, "steady state", &v);
    cr_expect_str_eq(v.verdict, "recovers");
    cr_expect(v.comparable && v.monotonic && v.fall == -1);
    cr_expect(strstr(v.words, "section 11: the drive recovers with idle") == v.words, "%s",
              v.words);
    cr_expect(strstr(v.words, "each longer wait faster beyond noise"), "%s", v.words);
}

Test(pts_hir, flat_bursts_are_no_recovery) {
    struct ssd__hir_wait w[] = {{5, 16063, 30, 16100}, {50, 16046, 30, 16100}};
    struct ssd__hir_verdict v;
    ssd__pts_hir_verdict(w, 2, 16205, NULL, "steady state", &v);
    cr_expect_str_eq(v.verdict, "none");
    cr_expect(strstr(v.words, "no recovery with idle"), "%s", v.words);
}

Test(pts_hir, a_fall_within_noise_is_not_a_fall) {
    struct ssd__hir_wait w[] = {{25, 178735, 900, 16000}, {50, 178000, 900, 16000}};
    struct ssd__hir_verdict v;
    ssd__pts_hir_verdict(w, 2, 16205, NULL, "steady state", &v);
    cr_expect_str_eq(v.verdict, "recovers");
    cr_expect(strstr(v.words, "(the one step to a longer wait within noise)"), "%s", v.words);
    w[1].mean = 150000; /* 28 735 below, 22 standard errors */
    ssd__pts_hir_verdict(w, 2, 16205, NULL, "steady state", &v);
    cr_expect_str_eq(v.verdict, "not monotonic");
    cr_expect_eq(v.fall, 1);
}

Test(pts_hir, no_baseline_is_no_verdict) {
    /* bx200 at --scale 0.05: the pre-write stopped by time on a fresh drive */
    struct ssd__hir_wait w[] = {{0.25, 20170, 100, 12800},
                                {0.5, 27557, 100, 12900},
                                {0.75, 33077, 300, 3900},
                                {1.25, 15788, 150, 12600},
                                {2.5, 23969, 200, 12700}};
    struct ssd__hir_verdict v;
    ssd__pts_hir_verdict(w, 5, NAN, "less than the capacity written since the purge: still fresh",
                         "time", &v);
    cr_expect_str_eq(v.verdict, "not comparable");
    cr_expect(!v.comparable && !v.monotonic && v.fall == 3);
    cr_expect(strstr(v.words, "no verdict on recovery: the pre-write did not reach"), "%s",
              v.words);
    cr_expect(strstr(v.words, "a larger scale"), "%s", v.words);
    cr_expect(strstr(v.words, "from 33077 IOPS after 0.75 s of idle to 15788 IOPS after 1.25 s"),
              "%s", v.words);
}

Test(pts_hir, a_return_to_baseline_elsewhere_is_no_verdict) {
    struct ssd__hir_wait w[4];
    memcpy(w, rising, sizeof w);
    w[2].baseline = 3000; /* the drive ended the return far above its baseline */
    struct ssd__hir_verdict v;
    ssd__pts_hir_verdict(w, 4, 1766, NULL, "steady state", &v);
    cr_expect_str_eq(v.verdict, "not comparable");
    cr_expect(strstr(v.words, "after the 15 s wait state ends at 3000 IOPS"), "%s", v.words);
}

Test(pts_hir, no_wait_state) {
    struct ssd__hir_verdict v;
    ssd__pts_hir_verdict(NULL, 0, 1766, NULL, "steady state", &v);
    cr_expect_str_eq(v.verdict, "no bursts");
}

Test(pts_hir, the_steps_within_noise_are_counted_out_of_all) {
    /* The audit (h22aud2, finding 8): "(1 of the steps within noise)". */
    struct ssd__hir_wait w[] = {
        {5, 40000, 300, 16000}, {25, 178735, 900, 16000}, {50, 178000, 900, 16000}};
    struct ssd__hir_verdict v;
    ssd__pts_hir_verdict(w, 3, 16205, NULL, "steady state", &v);
    cr_expect_str_eq(v.verdict, "recovers");
    cr_expect(strstr(v.words, "(1 of the 2 steps to a longer wait within noise)"), "%s", v.words);
}
