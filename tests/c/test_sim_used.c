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
