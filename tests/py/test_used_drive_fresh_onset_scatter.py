"""A fresh drive's used state with no SLC cache that falls less than a step
by the run's end but shows by its scatter (issue 21; docs/analysis.md,
round 45: `late_onset`'s scatter in libssdcore/analysis/regimes_used.c).
The drive is the used-drive sweep's own (seed and drive number), simulated
as the sweep does it and scored as it scores it."""

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


def test_a_fresh_drive_s_used_state_shows_by_its_scatter(tmp_path):
    a, got = analysed_run(D227_34, "fresh", "2h", tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]
    assert abs(a["gc"]["start_bytes"] / 2**30 / 2369.5 - 1) < 0.05, a["gc"]
