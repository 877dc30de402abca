/* The simulator after fills and on used drives: what it writes, how fast,
 * and that its ground truth says what its curve shows (issue 21, item 5). */
#include <math.h>

#include "sim_test_util.h"

/* A host writes whole I/Os, and the truth counts what the host wrote: a
 * 128 KiB job's job_written_bytes is a whole number of 128 KiB blocks and
 * the bytes the job's intervals reported. It was a double summed from
 * the model's continuous rate (not a multiple of the block). */
Test(sim_used, job_written_bytes_is_whole_ios_and_the_series_total) {
    const char *pats[] = {"write", "randwrite"};
    for (int k = 0; k < 2; k++) {
        ssd_target *t = open_sim("sim:mp44l-1tb");
        struct ssd__workload w =
            wl(t, k ? SSD__PAT_RANDWRITE : SSD__PAT_WRITE, "128k", 32, 7.3, 0.7);
        struct series s = run(t, &w);
        double got = truth(t, "job_written_bytes");
        cr_assert_eq(fmod(got, 131072), 0, "%s: %.3f bytes, not whole 128 KiB I/Os", pats[k], got);
        cr_assert_eq(got, s.total_w, "%s: truth %.0f, series %.0f", pats[k], got, s.total_w);
        series_free(&s);
        ssd_target_free(t);
    }
}

/* A sequential overwrite of data a dynamic cache holds leaves whole SLC
 * blocks stale, and they erase for free, as the native blocks do: after
 * one sequential pass (the end of it still in the cache) and a sequential
 * overwrite of the drive's start, no garbage is left anywhere. The model
 * kept the stale cached data and folded it after the fill as if valid
 * (seq_fill_noidle on dynamic caches). */
Test(sim_used, a_sequential_overwrite_frees_the_cache_blocks_it_makes_stale) {
    ssd_target *t = open_sim("sim:mp44l-1tb,noise=0,noise_direct=0");
    cr_assert_eq(ssd_target_precondition(t, "seq_fill", 1, NULL, NULL, NULL), 0);
    double held = truth(t, "cache_used_bytes");
    cr_assert_gt(held, 10 * GiB, "the pass ends while folding: %.1f GiB cached", held / GiB);
    cr_assert_lt(truth(t, "invalid_bytes"), 1 * MiB);
    struct ssd__workload w = wl(t, SSD__PAT_WRITE, "128k", 32, 0, 1);
    w.max_bytes = (uint64_t)(2 * held);
    struct series s = run(t, &w);
    cr_assert_lt(truth(t, "invalid_bytes"), 0.01 * held, "stale: %.2f GiB of %.1f cached",
                 truth(t, "invalid_bytes") / GiB, held / GiB);
    series_free(&s);
    ssd_target_free(t);
}
