"""A fresh drive's short cache that ran through the run's periodic GC
dips (docs/analysis.md, Method, `dipped_cache_level`):
its phase's level, a median over a few samples that the dips pulled
down, read the drop's sample as more cache than it held; the cache ran
at its faster samples' speed, and the drop's sample is split against
that. The drives are the used-drive sweep's own, at full size; each run
is scored as the sweep scores it. (The generated curve is
tests/c/test_analysis_curve.c's
a_short_fresh_cache_that_ran_through_a_gc_dip_splits_its_end_at_its_faster_samples.)"""

import pytest

from used_drive_scoring import analysed_run

# Seed 127's drive 199 (2 hours, 1 s samples: 2877, 1600, 1418, 2877, then
# the drop's 1549 before direct writes at 1000 with dips): split against
# the phase's 1600, "cache 9.53 GiB, truth 8.91". Seed 89's drive 156 (2
# hours: 725, 724, 1129, 840, then the drop's 553 before 515): "cache 3.29
# GiB, truth 2.91".
S127_199 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1192,op_pct=18.93,bits=3,slc_type=static,"
            "slc_seq_mibps=5669,slc_rand_iops=944468,native_seq_mibps=1616,native_rand_mibps=963.5,"
            "fold_mibps=1616,floor_mibps=244.00,gc_gamma=2.46,link_mibps=7000,iops_cap=2000000,"
            "noise=0.00,noise_direct=0.08,seed=100557934,slc_gb=12.6,slc_wa=1.42,dip_period_s=10.1,"
            "dip_duty=0.15,dip_depth=0.34")
S89_156 = ("sim:bx200,native_write_lat_us=0,capacity_gb=205,op_pct=16.62,bits=2,slc_type=static,"
           "slc_seq_mibps=1745,slc_rand_iops=278895,native_seq_mibps=557,native_rand_mibps=498.9,"
           "fold_mibps=557,floor_mibps=27.20,gc_gamma=1.81,link_mibps=7000,iops_cap=2000000,"
           "noise=0.02,noise_direct=0.12,seed=968517621,slc_gb=4.3,slc_wa=1.49,dip_period_s=16.3,"
           "dip_duty=0.19,dip_depth=0.57")


@pytest.mark.parametrize("spec", [S127_199, S89_156])
def test_a_short_fresh_cache_through_gc_dips(tmp_path, spec):
    _, got = analysed_run(spec, "fresh", "2h", tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]
