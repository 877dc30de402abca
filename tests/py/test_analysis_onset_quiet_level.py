"""Runs of the used-drive sweep after a random fill, read without a
reference, whose used state round 35's rule places right
(docs/analysis.md, "Method", step 9's notes on the used state's onset:
"A quiet level between the fast start and the used state"): the fast
start (a cache, or idle time's clean blocks, in a sample or a few), then
a quiet level the drive holds (a dynamic cache's folding, or direct
writes to the clean blocks), then GC a step below it. The level may be
shorter than a lasting phase or longer than SHORT_LEVEL samples, and GC's
first samples may burst back towards it: the onset was placed at the
level's start or where GC's bursts ended. The drives are the sweep's own,
at full size; each run is scored as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

B = "sim:bx200,native_write_lat_us=0,"
RUNS = {
    # seed 2026's drive 157, a fill: 2 GiB of cache in the first second,
    # folding at 451 MiB/s to 6.0 GiB, then GC at 322-425 with bursts to
    # 530 and 958 ("used state at 8.9 GiB, truth 6.0")
    "s2026_d157": (B + "capacity_gb=383,op_pct=8.26,bits=3,slc_type=dynamic,slc_seq_mibps=2653,"
                   "slc_rand_iops=458794,native_seq_mibps=1146,native_rand_mibps=598.0,"
                   "fold_mibps=451,floor_mibps=167.94,gc_gamma=0.93,link_mibps=7000,"
                   "iops_cap=2000000,noise=0.02,noise_direct=0.00,seed=1067718233,slc_gb=107,"
                   "slc_wa=1,dip_duty=0", "fill"),
    # seed 13's drive 48, a fill: the folding at 1252-1263 MiB/s for 2
    # samples, then GC scattering 710-1640 ("used state at 11.9 GiB,
    # truth 6.0")
    "s13_d48": (B + "capacity_gb=291,op_pct=15.72,bits=3,slc_type=dynamic,slc_seq_mibps=6095,"
                "slc_rand_iops=1142416,native_seq_mibps=3399,native_rand_mibps=2366.3,"
                "fold_mibps=1261,floor_mibps=499.97,gc_gamma=1.23,link_mibps=7000,"
                "iops_cap=2000000,noise=0.00,noise_direct=0.08,seed=1023796434,slc_gb=67,"
                "slc_wa=1,dip_period_s=19.8,dip_duty=0.19,dip_depth=0.34", "fill"),
    # seed 89's drive 149, WSAT: the folding flat at 18 MiB/s for 22
    # samples, then GC at 10-11 ("used state at 2.1 GiB, truth 4.0")
    "s89_d149": (B + "capacity_gb=121,op_pct=13.72,bits=2,slc_type=dynamic,slc_seq_mibps=417,"
                 "slc_rand_iops=75425,native_seq_mibps=70,native_rand_mibps=42.6,fold_mibps=30,"
                 "floor_mibps=9.45,gc_gamma=2.38,link_mibps=560,iops_cap=100000,noise=0.05,"
                 "noise_direct=0.08,seed=829602182,slc_gb=25,slc_wa=1,dip_duty=0", "wsat"),
    # seed 53's drive 24, WSAT: the folding at 92-106 MiB/s for 4 samples,
    # then GC at 32-63 ("used state at 1.9 GiB, before the model's 4.0")
    "s53_d24": (B + "capacity_gb=249,op_pct=18.19,bits=2,slc_type=dynamic,slc_seq_mibps=530,"
                "slc_rand_iops=112187,native_seq_mibps=268,native_rand_mibps=187.7,"
                "fold_mibps=132,floor_mibps=31.92,gc_gamma=1.29,link_mibps=560,"
                "iops_cap=100000,noise=0.05,noise_direct=0.12,seed=676718892,slc_gb=67,"
                "slc_wa=1,dip_duty=0", "wsat"),
    # seed 2026's drive 23, 2 hours: a static cache at 392 MiB/s for 7
    # samples, direct writes to the clean blocks flat at 64 for 31, then
    # GC at 16-21 ("used state at 2.9 GiB, truth 4.9")
    "s2026_d23": (B + "capacity_gb=236,op_pct=15.05,bits=2,slc_type=static,slc_seq_mibps=464,"
                  "slc_rand_iops=104871,native_seq_mibps=77,native_rand_mibps=63.5,"
                  "fold_mibps=77,floor_mibps=16.09,gc_gamma=1.68,link_mibps=560,"
                  "iops_cap=100000,noise=0.02,noise_direct=0.00,seed=802786854,slc_gb=3.6,"
                  "slc_wa=1.24,dip_duty=0", "2h"),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_quiet_level_before_the_used_state(tmp_path, name):
    spec, wl = RUNS[name]
    _, got = analysed_run(spec, "random_fill", wl, tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]


# Runs whose quiet level holds a GC dip of a few samples before GC
# (level_through_dip): the level's walk stopped at the dip and the used
# state began there; the speed comes back to the level after it, and GC,
# when it starts, runs well below anything the dip touched.
DIPS = {
    # seed 167's drive 78, a fill: direct writes at 138-143 MiB/s to 2.1
    # GiB, a dip to 112 and 121, 149, then GC at 34-49 ("used state at
    # 2.1 GiB, truth 2.5")
    "s167_d78": (B + "capacity_gb=160,op_pct=17.00,bits=2,slc_type=static,slc_seq_mibps=397,"
                 "slc_rand_iops=81161,native_seq_mibps=142,native_rand_mibps=86.5,fold_mibps=142,"
                 "floor_mibps=21.27,gc_gamma=1.44,link_mibps=560,iops_cap=100000,noise=0.05,"
                 "noise_direct=0.08,seed=126434612,slc_gb=0.7,slc_wa=1.34,dip_period_s=10.1,"
                 "dip_duty=0.11,dip_depth=0.36", "random_fill", "fill"),
    # seed 2026's drive 156, WSAT after a sequential fill (5-second
    # samples): direct writes at 686 and 597 MiB/s, a dip to 475, 686,
    # then 435 (the mixed sample) and GC at 43-92 ("used state at 12.3
    # GiB, truth 20.0")
    "s2026_d156": (B + "capacity_gb=342,op_pct=9.65,bits=3,slc_type=static,slc_seq_mibps=5635,"
                   "slc_rand_iops=1320349,native_seq_mibps=1459,native_rand_mibps=686.2,"
                   "fold_mibps=1459,floor_mibps=42.52,gc_gamma=2.13,link_mibps=7000,"
                   "iops_cap=2000000,noise=0.05,noise_direct=0.00,seed=479435434,slc_gb=3.6,"
                   "slc_wa=1.01,dip_period_s=28.2,dip_duty=0.12,dip_depth=0.34", "seq_fill", "wsat"),
    # seed 131's drive 132, WSAT: direct writes at 50 MiB/s, 39 and 37,
    # 50 for two samples, then GC at 10-22 ("used state at 4.1 GiB, truth
    # 5.0")
    "s131_d132": (B + "capacity_gb=137,op_pct=14.91,bits=2,slc_type=static,slc_seq_mibps=537,"
                  "slc_rand_iops=118373,native_seq_mibps=74,native_rand_mibps=50.2,fold_mibps=74,"
                  "floor_mibps=9.79,gc_gamma=2.28,link_mibps=560,iops_cap=100000,noise=0.00,"
                  "noise_direct=0.00,seed=305538219,slc_gb=4.1,slc_wa=1.38,dip_period_s=26.7,"
                  "dip_duty=0.13,dip_depth=0.35", "random_fill", "wsat"),
    # seed 149's drive 21, WSAT: 79 MiB/s, 54 and 68, 79, then GC at
    # 22-39 ("used state at 1.8 GiB, before the model's 2.8")
    "s149_d21": (B + "capacity_gb=242,op_pct=13.37,bits=3,slc_type=static,slc_seq_mibps=393,"
                 "slc_rand_iops=71284,native_seq_mibps=118,native_rand_mibps=79.5,fold_mibps=118,"
                 "floor_mibps=22.39,gc_gamma=2.46,link_mibps=560,iops_cap=100000,noise=0.00,"
                 "noise_direct=0.00,seed=15392117,slc_gb=1.2,slc_wa=1.46,dip_period_s=27.3,"
                 "dip_duty=0.15,dip_depth=0.53", "random_fill", "wsat"),
    # seed 163's drive 9, WSAT: 87 MiB/s, 71, 86, then 65 and GC at 20-30
    # ("used state at 3.4 GiB, before the model's 4.4")
    "s163_d9": (B + "capacity_gb=217,op_pct=24.88,bits=3,slc_type=static,slc_seq_mibps=462,"
                "slc_rand_iops=80000,native_seq_mibps=125,native_rand_mibps=87.0,fold_mibps=125,"
                "floor_mibps=20.29,gc_gamma=2.29,link_mibps=560,iops_cap=100000,noise=0.05,"
                "noise_direct=0.04,seed=440990478,slc_gb=2.9,slc_wa=1.20,dip_period_s=13.9,"
                "dip_duty=0.16,dip_depth=0.53", "random_fill", "wsat"),
}


@pytest.mark.parametrize("name", sorted(DIPS))
def test_gc_dip_inside_the_quiet_level(tmp_path, name):
    spec, state, wl = DIPS[name]
    _, got = analysed_run(spec, state, wl, tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]
