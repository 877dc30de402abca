#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "numfmt.h"
#include "ssdcore/base.h"

Test(numfmt, shortest_form_that_reads_back_exactly) {
    char buf[SSD__NUM_BUF];
    cr_expect_str_eq(ssd__fmt_json_number(buf, 0.35), "0.35");
    cr_expect_str_eq(ssd__fmt_json_number(buf, 240057409536.0), "240057409536");
    cr_expect_str_eq(ssd__fmt_json_number(buf, 0.1 + 0.2), "0.30000000000000004");
    cr_expect_str_eq(ssd__fmt_json_number(buf, -2.5e-9), "-2.5e-09");
    srand(3);
    for (int i = 0; i < 100000; i++) {
        double v = ldexp((double)rand() / RAND_MAX, rand() % 200 - 100);
        cr_assert_eq(strtod(ssd__fmt_json_number(buf, v), NULL), v, "%s", buf);
    }
}

/* Whole numbers below 1e15 are written without snprintf: the same text
 * as the general path's "%.15g" (ssd__fmt_json_number takes the first of
 * 15, 16, 17 digits that reads back). */
static void same_as_general_path(double v) {
    char buf[SSD__NUM_BUF], want[64];
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(want, sizeof want, "%.*g", digits, v);
        if (strtod(want, NULL) == v)
            break;
    }
    cr_assert_str_eq(ssd__fmt_json_number(buf, v), want);
}

Test(numfmt, whole_numbers_are_written_as_the_general_path_writes_them) {
    static const double edge[] = {0,
                                  1,
                                  -1,
                                  9,
                                  10,
                                  -10,
                                  1e14,
                                  999999999999999.0,
                                  -999999999999999.0,
                                  1e15,
                                  -1e15,
                                  4503599627370497.0,
                                  1e300,
                                  -0.0,
                                  0.5,
                                  2147483648.0,
                                  -2147483649.0};
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
        same_as_general_path(edge[i]);
    srand(5);
    for (int i = 0; i < 200000; i++)
        same_as_general_path((rand() % 2 ? -1 : 1) *
                             floor(ldexp((double)rand() / RAND_MAX, rand() % 52)));
    char buf[SSD__NUM_BUF];
    cr_expect_str_eq(ssd__fmt_json_number(buf, -0.0), "-0");
    cr_expect_str_eq(ssd__fmt_json_number(buf, 1e15), "1e+15");
}

/* ssd__fmt_fixed writes what printf("%.*f") writes, or leaves it to it. */
static void fixed_as_printf(double v, int digits) {
    char buf[SSD__NUM_BUF] = "", want[400];
    snprintf(want, sizeof want, "%.*f", digits, v);
    int n = ssd__fmt_fixed(buf, v, digits);
    if (n) {
        cr_assert_str_eq(buf, want, "%.17g at %d digits", v, digits);
        cr_assert_eq(n, (int)strlen(want));
        cr_assert_eq(strtod(buf, NULL), v, "%s reads back", buf);
    }
}

Test(numfmt, fixed_point_is_printfs_text_or_left_to_it) {
    static const double edge[] = {
        0,    -0.0, 0.5,     0.0005, 0.001, 1e-9,  1,     35.1,
        -1,   -2.5, 1e14,    1e15,   1e300, 2.675, 0.125, 1125899906842.623,
        1e-3, NAN,  INFINITY};
    for (int d = 0; d <= 9; d++)
        for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
            fixed_as_printf(edge[i], d);
    int fast = 0;
    char buf[SSD__NUM_BUF];
    srand(7);
    for (int i = 0; i < 300000; i++) {
        uint64_t k = ((uint64_t)rand() << 31 | (uint64_t)rand()) >> (rand() % 62);
        int d = i % 3 == 0 ? 3 : i % 3 == 1 ? 6 : rand() % 10;
        double v = i % 3 == 0   ? (double)k / 1e3 /* a latency of whole ns, in us */
                   : i % 3 == 1 ? (double)k / 1e6 /* a time of whole us, in s */
                                : ldexp((double)rand() / RAND_MAX, rand() % 80 - 40);
        fixed_as_printf(v, d);
        fast += ssd__fmt_fixed(buf, v, d) > 0;
    }
    cr_expect_gt(fast, 100000, "the whole ns and us take the fast way");
    cr_expect_eq(ssd__fmt_fixed(buf, 2.5e-4, 3), 0, "not a multiple of 0.001");
    cr_expect_eq(ssd__fmt_fixed(buf, -0.0, 1), 0, "printf writes -0.0");
    cr_expect_eq(ssd__fmt_fixed(buf, 0.005, 3), 5);
    cr_expect_str_eq(buf, "0.005");
}

/* ssd__fmt_fixed_rounded writes what printf("%.*f") writes for any value
 * it takes, ties and near-ties left to printf. */
static int rounded_as_printf(double v, int digits) {
    char buf[SSD__NUM_BUF] = "", want[400];
    snprintf(want, sizeof want, "%.*f", digits, v);
    int n = ssd__fmt_fixed_rounded(buf, v, digits);
    if (n) {
        cr_assert_str_eq(buf, want, "%.17g at %d digits", v, digits);
        cr_assert_eq(n, (int)strlen(want));
    } else {
        cr_assert_str_eq(buf, "", "buf unchanged");
    }
    return n > 0;
}

Test(numfmt, rounded_fixed_point_is_printfs_text_or_left_to_it) {
    static const double edge[] = {0,          -0.0, 0.5,   0.0005,  0.0015, 0.001,  1e-9,
                                  1,          35.1, 35.05, -1,      -2.5,   2.675,  2.665,
                                  0.125,      1e14, 1e15,  1e300,   1099.5, 0.9995, 9.9995,
                                  99999.9996, 1e-3, NAN,   INFINITY};
    for (int d = 0; d <= 9; d++)
        for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
            rounded_as_printf(edge[i], d);
    int fast = 0;
    srand(11);
    for (int i = 0; i < 1000000; i++) {
        int d = i % 4 == 0 ? 3 : i % 4 == 1 ? 1 : rand() % 10;
        double v;
        if (i % 5 == 0) /* next to a tie: k + 1/2 in the last digit, a few ulps off */
            v = nextafter(((double)(rand() % 100000000) + 0.5) / pow(10, d),
                          rand() % 2 ? INFINITY : 0) *
                (1 + (rand() % 5 - 2) * 1e-16);
        else if (i % 5 == 1) /* a mean latency in us: ns sums over counts */
            v = (double)((uint64_t)rand() * 977) / (double)(rand() % 100000 + 1) / 1e3;
        else
            v = ldexp((double)rand() / RAND_MAX, rand() % 70 - 40);
        fast += rounded_as_printf(v, d);
    }
    cr_expect_gt(fast, 900000, "all but the ties take the fast way");
    char buf[SSD__NUM_BUF];
    cr_expect_eq(ssd__fmt_fixed_rounded(buf, 0.0005, 3), 0, "a tie (in decimal): printf's");
    cr_expect_eq(ssd__fmt_fixed_rounded(buf, -0.0, 1), 0, "printf writes -0.0");
    cr_expect_eq(ssd__fmt_fixed_rounded(buf, 56.51234, 3), 6);
    cr_expect_str_eq(buf, "56.512");
    cr_expect_eq(ssd__fmt_fixed_rounded(buf, 0.0004, 3), 5);
    cr_expect_str_eq(buf, "0.000");
}

Test(numfmt, json_has_no_nan_or_infinity) {
    char buf[SSD__NUM_BUF];
    cr_expect_str_eq(ssd__fmt_json_number(buf, NAN), "null");
    cr_expect_str_eq(ssd__fmt_json_number(buf, -INFINITY), "null");
}

Test(numfmt, doubles_sort_ascending_with_the_one_comparison) {
    double v[] = {3, -1, 2.5, -INFINITY, 0, 2.5, 1e300};
    qsort(v, sizeof v / sizeof v[0], sizeof v[0], ssd__cmp_double);
    for (size_t i = 1; i < sizeof v / sizeof v[0]; i++)
        cr_expect(v[i - 1] <= v[i], "%g before %g", v[i - 1], v[i]);
    double a = 1, b = 1, n = NAN;
    cr_expect_eq(ssd__cmp_double(&a, &b), 0);
    cr_expect_eq(ssd__cmp_double(&a, &n), 0, "NaN is unordered, never 'less'");
}

Test(numfmt, an_exact_size_reads_back_as_the_same_bytes) {
    /* As a suite file and the CLI write sizes (`span=32g`, `set_size=50GB`),
     * never a bare 34359738368 a reader has to count the digits of; what
     * ssd_parse_size reads back is the same count. */
    static const struct {
        uint64_t bytes;
        const char *text;
    } cases[] = {{0, "0"},
                 {512, "512"},
                 {4096, "4k"},
                 {4097, "4097"},
                 {128 * 1024, "128k"},
                 {1000, "1KB"},
                 {14308ULL << 20, "14308m"},
                 {1ULL << 30, "1g"},
                 {32ULL << 30, "32g"},
                 {1000000000ULL, "1GB"},
                 {50000000000ULL, "50GB"},
                 {3ULL << 40, "3t"},
                 {4000000000000ULL, "4TB"},
                 {1ULL << 50, "1p"},
                 {1000000000000000ULL, "1PB"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[SSD__NUM_BUF];
        cr_expect_str_eq(ssd__fmt_size_exact(buf, cases[i].bytes), cases[i].text);
        uint64_t back = 0;
        cr_expect_eq(ssd_parse_size(buf, &back), 0, "%s parses", buf);
        cr_expect_eq(back, cases[i].bytes, "%s reads back as %llu", buf,
                     (unsigned long long)cases[i].bytes);
    }
}
