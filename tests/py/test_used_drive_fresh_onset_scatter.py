"""A fresh drive's used state with no SLC cache, where the curve shows it
by its scatter or by the end of the direct writes' returns to their top
(issue 21; docs/analysis.md, round 45: `late_onset`'s scatter and
`slide_past_top` in libssdcore/analysis). The drives are the used-drive
sweep's own (seed and drive number), simulated as the sweep does it and
scored as it scores them."""

import pytest

from used_drive_scoring import analysed_run

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 227's drive 34, fresh 2 hours: a datacenter drive's direct writes at
# 1160 MiB/s within 1 % to 2369.5 GiB, then GC at 1024-1150 dipping to
# 780-960; the level-then-line split finds the knee at the model's onset,
# but the line falls 1.13x by the run's end, under min_step: "used state
# from 2369.5 GiB missed". GC's scatter (8x the level's noise) tells it.
D227_34 = (COMMON + "capacity_gb=2165,op_pct=18.68,bits=3,slc_type=none,slc_gb=0,"
           "native_seq_mibps=2404,native_rand_mibps=1160,fold_mibps=2404,floor_mibps=780.5,"
           "gc_gamma=1.87,gc_settle_gb=0,gc_spread=0.15,link_mibps=3500,iops_cap=2000000,"
           "read_seq_mibps=3150,read_rand_iops=1000000,write_lat_us=15,idle_gc_mibps=167,"
           "idle_gc_gb=5.8,noise=0.02,noise_direct=0.03,dip_duty=0,seed=477134529")
# Seed 277's drive 181, fresh WSAT (5-second samples), no SLC cache: direct
# writes at 609 MiB/s dipping to 400-570 every 16 s, then GC at 178-316
# from 189.5 GiB. The slide's walk back from the knee went over the last
# dips (window medians 5 % under the level) to 167.0 GiB, 12 % early,
# though the speed came back to 609 between them.
D277_181 = (COMMON + "capacity_gb=168,op_pct=22.29,bits=3,slc_type=none,slc_seq_mibps=4107,"
            "slc_rand_iops=804552,native_seq_mibps=1227,native_rand_mibps=609.4,"
            "fold_mibps=1227,floor_mibps=101.62,gc_gamma=1.03,link_mibps=7000,"
            "iops_cap=2000000,noise=0.00,noise_direct=0.00,seed=229705591,slc_gb=0,"
            "dip_period_s=16.0,dip_duty=0.17,dip_depth=0.38")

# The guard: seed 2026's drive 57, fresh WSAT, direct writes at 1258 MiB/s
# with dips of 1-2 samples, then GC from 367.3 GiB at 901, 959, 809, 981,
# 1030, 1154 (6 samples in a row below the top), a burst back at 1239,
# then 693-1054. The burst is no return of the direct writes: without the
# bound on runs below the top the onset went to 400.4 GiB.
D2026_57 = (COMMON + "capacity_gb=325,op_pct=22.55,bits=2,slc_type=none,slc_seq_mibps=4976,"
            "slc_rand_iops=1195534,native_seq_mibps=2557,native_rand_mibps=1259.2,"
            "fold_mibps=2557,floor_mibps=185.51,gc_gamma=2.33,link_mibps=7000,"
            "iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=1065872635,slc_gb=0,"
            "dip_period_s=26.4,dip_duty=0.20,dip_depth=0.38")


@pytest.mark.parametrize("spec, wl, onset_gib", [(D227_34, "2h", 2369.5),
                                                 (D277_181, "wsat", 189.5),
                                                 (D2026_57, "wsat", 367.3)])
def test_a_fresh_drive_s_used_state_without_a_cache(tmp_path, spec, wl, onset_gib):
    a, got = analysed_run(spec, "fresh", wl, tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]
    assert abs(a["gc"]["start_bytes"] / 2**30 / onset_gib - 1) < 0.05, a["gc"]
