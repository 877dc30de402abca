"""Runs of the used-drive sweep read without a reference whose quiet level
before the used state (docs/analysis.md, "A quiet level between the fast
start and the used state") carries GC dips: the drive pauses for GC every
few tens of seconds inside its direct writes, and the level comes back
after each pause. Round 35's walk through one dip stopped at the first
dip it could not prove by GC's samples after it, and the onset stayed at
the cache's end ("used state at 8.5 GiB, truth 10.5"); or, run on, at a
last dip right before GC. The drives are the sweep's own, at full size;
each run is scored as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

B = "sim:bx200,native_write_lat_us=0,"
RUNS = {
    # seed 53's drive 117, 2 hours after a random fill: a static cache at
    # 308 MiB/s to 8.5 GiB, direct writes at 82-91, a dip of 48, 45, 42,
    # 42, 67, back at 83-90 for 13 samples, then GC at 21-34 from 10.5 GiB
    # ("used state at 8.5 GiB, truth 10.5")
    "s53_d117": (B + "capacity_gb=447,op_pct=21.22,bits=2,slc_type=static,slc_seq_mibps=464,"
                 "slc_rand_iops=79432,native_seq_mibps=103,native_rand_mibps=86.6,fold_mibps=103,"
                 "floor_mibps=21.25,gc_gamma=0.90,link_mibps=560,iops_cap=100000,noise=0.05,"
                 "noise_direct=0.08,seed=812069516,slc_gb=10.3,slc_wa=1.23,dip_period_s=26.7,"
                 "dip_duty=0.16,dip_depth=0.49", "random_fill"),
    # seed 149's drive 178, 2 hours after a random fill: direct writes at
    # 41-44 MiB/s with dips of two samples every 12-13 (26 and 23, 26 and
    # 31, 35 and 26), then GC at 11-19 from 10.5 GiB ("used state at 8.5
    # GiB, truth 10.5")
    "s149_d178": (B + "capacity_gb=386,op_pct=16.41,bits=2,slc_type=static,slc_seq_mibps=382,"
                  "slc_rand_iops=80599,native_seq_mibps=102,native_rand_mibps=42.6,"
                  "fold_mibps=102,floor_mibps=11.70,gc_gamma=1.90,link_mibps=560,"
                  "iops_cap=100000,noise=0.00,noise_direct=0.12,seed=331001748,slc_gb=11.4,"
                  "slc_wa=1.36,dip_period_s=11.6,dip_duty=0.14,dip_depth=0.59", "random_fill"),
    # seed 127's drive 184, 2 hours after a sequential fill (right before:
    # the walk through its first dip must not end at its last): direct
    # writes at 378-409 MiB/s, a dip 332, 206, 208, 208, 317, back for 10
    # samples, then 319, 246, 242, 157 and GC at 12-15 from 14.98 GiB
    "s127_d184": (B + "capacity_gb=192,op_pct=14.40,bits=3,slc_type=static,slc_seq_mibps=1588,"
                  "slc_rand_iops=332646,native_seq_mibps=543,native_rand_mibps=389.3,"
                  "fold_mibps=543,floor_mibps=12.47,gc_gamma=2.18,link_mibps=7000,"
                  "iops_cap=2000000,noise=0.02,noise_direct=0.08,seed=279756596,slc_gb=4.1,"
                  "slc_wa=1.16,dip_period_s=18.9,dip_duty=0.20,dip_depth=0.55", "seq_fill"),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_gc_dips_inside_the_quiet_level(tmp_path, name):
    spec, state = RUNS[name]
    _, got = analysed_run(spec, state, "2h", tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]


# A folding, then GC whose bursts write freed blocks at the direct speed
# above the folding for several samples in a row: no return of the level
# (a sample a step above the level and a step below the fast start is a
# burst); and its guard, a "level" that was a dip inside the fast start,
# whose speed comes back within a step of the fast start.
BURSTS = {
    # seed 137's drive 74, 2 hours after a random fill: a dynamic cache at
    # 388 MiB/s to 1.9 GiB, its folding at 34-37 for 57 samples to 4.0
    # GiB, then GC at 24-26 with 44-61 for 6 samples 40 in ("used state
    # at 1.9 GiB, truth 4.0")
    "s137_d74": (B + "capacity_gb=623,op_pct=24.51,bits=2,slc_type=dynamic,slc_seq_mibps=535,"
                 "slc_rand_iops=100915,native_seq_mibps=139,native_rand_mibps=88.1,fold_mibps=56,"
                 "floor_mibps=24.93,gc_gamma=2.03,link_mibps=560,iops_cap=100000,noise=0.05,"
                 "noise_direct=0.08,seed=590336227,slc_gb=64,slc_wa=1,dip_duty=0", "2h"),
    # seed 157's drive 153, a fill after a random fill (right before):
    # 216 and 206 MiB/s, a dip to 159 and 148, then 197-207 to 1.9 GiB and
    # GC at 58-65 from 2.0 GiB
    "s157_d153": (B + "capacity_gb=1983,op_pct=8.68,bits=3,slc_type=none,slc_seq_mibps=458,"
                  "slc_rand_iops=111869,native_seq_mibps=207,native_rand_mibps=91.8,"
                  "fold_mibps=207,floor_mibps=27.08,gc_gamma=1.63,link_mibps=560,"
                  "iops_cap=100000,noise=0.00,noise_direct=0.08,seed=393855907,slc_gb=0,"
                  "dip_period_s=12.4,dip_duty=0.16,dip_depth=0.43", "fill"),
}


@pytest.mark.parametrize("name", sorted(BURSTS))
def test_gc_bursts_above_the_quiet_level(tmp_path, name):
    spec, wl = BURSTS[name]
    _, got = analysed_run(spec, "random_fill", wl, tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]
