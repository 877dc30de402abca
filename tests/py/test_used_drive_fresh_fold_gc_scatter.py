"""A fresh drive's folding and the used state after it, told apart by GC's
scatter where the speed's level does not tell them (issue 21; docs/
analysis.md, "Round 47: where a fresh drive's folding ends"). A dynamic
cache folds at the flash's program rate, one quiet level; GC's speed
scatters with each victim block's valid data, about a median that may sit
at the folding's level, above it (GC's first victims are the folded SLC
blocks, all garbage) or below it. The drives are the used-drive sweep's
own (seed and drive number), simulated as the sweep does it and scored as
it scores it; each failed before round 47."""

import pytest

from used_drive_scoring import analysed_run

COMMON = "sim:bx200,native_write_lat_us=0,"
DRIVES = {
    # Seed 229's drive 172, 2 hours: folding at 61-70 MiB/s from 302.4 GiB,
    # GC scattering 45-190 from 530.1 (its median 70); the test for GC's
    # scatter to the run's end took the first sample off the folding's band
    # from the phase's middle, 492.8.
    "229-172-2h": ("capacity_gb=408,op_pct=26.62,bits=3,slc_type=dynamic,slc_seq_mibps=414,"
                   "slc_rand_iops=91055,native_seq_mibps=217,native_rand_mibps=179.3,"
                   "fold_mibps=79,floor_mibps=48.02,gc_gamma=1.04,link_mibps=560,"
                   "iops_cap=100000,noise=0.02,noise_direct=0.08,seed=694515337,slc_gb=87,"
                   "slc_wa=1,dip_duty=0", "2h"),
    # Seed 431's drive 183, 2 hours: folding at 54 MiB/s to 621.9 GiB, then
    # GC at 46-174 for the run's last 64 samples, fewer than a lasting
    # phase (72): "used state missed".
    "431-183-2h": ("capacity_gb=538,op_pct=12.46,bits=3,slc_type=dynamic,slc_seq_mibps=485,"
                   "slc_rand_iops=116438,native_seq_mibps=265,native_rand_mibps=169.3,"
                   "fold_mibps=85,floor_mibps=41.10,gc_gamma=1.90,link_mibps=560,"
                   "iops_cap=100000,noise=0.00,noise_direct=0.08,seed=511670702,slc_gb=115,"
                   "slc_wa=1,dip_duty=0", "2h"),
    # Seed 227's drive 129, 2 hours: a cache at the direct writes' speed,
    # folding at 1464-1612 MiB/s for 41 samples from 240.3 GiB, then GC
    # scattering 553-2413 from 301.7; the folding went into the used state.
    "227-129-2h": ("capacity_gb=250,op_pct=20.26,bits=2,slc_type=dynamic,slc_seq_mibps=5022,"
                   "slc_rand_iops=1016614,native_seq_mibps=2799,native_rand_mibps=2341.3,"
                   "fold_mibps=1830,floor_mibps=470.18,gc_gamma=1.90,link_mibps=7000,"
                   "iops_cap=2000000,noise=0.05,noise_direct=0.08,seed=206317609,slc_gb=37,"
                   "slc_wa=1,dip_period_s=28.2,dip_duty=0.12,dip_depth=0.59", "2h"),
    # Seed 463's drive 169, WSAT: folding at 1860 MiB/s from 678.4 GiB,
    # GC scattering about its level from 996.3; one folding phase to 1969
    # GiB and a second at 1201 to 2387, read as the used state's start.
    "463-169-wsat": ("capacity_gb=887,op_pct=12.76,bits=3,slc_type=dynamic,slc_seq_mibps=5791,"
                     "slc_rand_iops=925948,native_seq_mibps=3462,native_rand_mibps=2946.5,"
                     "fold_mibps=2196,floor_mibps=486.61,gc_gamma=2.44,link_mibps=7000,"
                     "iops_cap=2000000,noise=0.02,noise_direct=0.12,seed=917460546,slc_gb=122,"
                     "slc_wa=1,dip_period_s=14.6,dip_duty=0.19,dip_depth=0.31", "wsat"),
    # Seed 461's drive 61, WSAT: folding at 476 MiB/s to 667.5 GiB, then GC
    # at 660-1070 for 47 samples before it falls to 431 and on: the first
    # GC samples, above the folding, were read as still the folding.
    "461-61-wsat": ("capacity_gb=552,op_pct=16.23,bits=3,slc_type=dynamic,slc_seq_mibps=5620,"
                    "slc_rand_iops=1176428,native_seq_mibps=1232,native_rand_mibps=1097.3,"
                    "fold_mibps=534,floor_mibps=106.75,gc_gamma=2.18,link_mibps=7000,"
                    "iops_cap=2000000,noise=0.02,noise_direct=0.08,seed=326135043,slc_gb=139,"
                    "slc_wa=1,dip_period_s=11.2,dip_duty=0.10,dip_depth=0.51", "wsat"),
    # Seed 433's drive 105, 2 hours: folding at 305-374 MiB/s (3.9 % noise)
    # from 842.0 GiB to 947.4, then GC; the folding's flattest 10 samples
    # 27 in were taken for all of it, the used state read from 854.7.
    "433-105-2h": ("capacity_gb=827,op_pct=18.66,bits=2,slc_type=dynamic,slc_seq_mibps=3612,"
                   "slc_rand_iops=718780,native_seq_mibps=2119,native_rand_mibps=1036.4,"
                   "fold_mibps=700,floor_mibps=136.58,gc_gamma=1.05,link_mibps=7000,"
                   "iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=642342316,slc_gb=63,"
                   "slc_wa=1,dip_period_s=18.0,dip_duty=0.19,dip_depth=0.52", "2h"),
}


@pytest.mark.parametrize("name", sorted(DRIVES))
def test_a_fresh_drive_s_folding_ends_where_gc_scatters(name, tmp_path):
    spec, workload = DRIVES[name]
    a, got = analysed_run(COMMON + spec, "fresh", workload, tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]
    assert a["folding"] is not None and a["gc"] is not None, a["phases"]
