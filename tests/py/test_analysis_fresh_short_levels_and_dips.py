"""Fresh runs of the used-drive sweep that round 30's rules read right
(docs/analysis.md, "Method", the round 30 notes; "Limits and what is
next", "Fresh runs, round 30"): short direct writes between a dynamic
cache and its folding, a cluster of GC dips after a static cache, a GC dip
longer than a short cache's first samples, a short folding before GC's
scatter, GC's scatter read as a second folding phase; and a guard, a short
run whose folding is shorter than the fresh allowance. The drives are the
sweep's own, at full size; each run is scored as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

B = ("sim:bx200,native_write_lat_us=0,link_mibps=7000,iops_cap=2000000,")
RUNS = {
    # seed 191's drive 72, 2 hours: 29 samples of direct writes between the
    # cache and its folding ("folding from 73.0 GiB missed")
    "s191_d72": (B + "capacity_gb=168,op_pct=7.79,bits=3,slc_type=dynamic,slc_seq_mibps=6073,"
                 "slc_rand_iops=1553739,native_seq_mibps=1484,native_rand_mibps=911.7,"
                 "fold_mibps=619,floor_mibps=147.40,gc_gamma=2.31,noise=0.02,noise_direct=0.08,"
                 "seed=136565793,slc_gb=47,slc_wa=1,dip_duty=0", "2h"),
    # seed 61's drive 138, fill: a cluster of GC dips after a static cache
    # ("cache 6.18 GiB, truth 5.88")
    "s61_d138": (B + "capacity_gb=335,op_pct=21.59,bits=3,slc_type=static,slc_seq_mibps=1510,"
                 "slc_rand_iops=256877,native_seq_mibps=806,native_rand_mibps=486.2,"
                 "fold_mibps=806,floor_mibps=29.15,gc_gamma=2.12,noise=0.00,noise_direct=0.08,"
                 "seed=287228828,slc_gb=6.7,slc_wa=1.14,dip_period_s=25.3,dip_duty=0.17,"
                 "dip_depth=0.49", "fill"),
    # seed 151's drive 10, fill: a GC dip 2 samples into a dynamic cache
    # ("cache of 35.00 GiB missed")
    "s151_d10": (B + "capacity_gb=550,op_pct=8.57,bits=2,slc_type=dynamic,slc_seq_mibps=3804,"
                 "slc_rand_iops=652220,native_seq_mibps=1352,native_rand_mibps=575.8,"
                 "fold_mibps=760,floor_mibps=124.07,gc_gamma=0.93,noise=0.00,noise_direct=0.00,"
                 "seed=1068662350,slc_gb=35,slc_wa=1,dip_period_s=25.4,dip_duty=0.16,"
                 "dip_depth=0.34", "fill"),
    # seed 181's drive 85, 2 hours: a 60-sample folding before GC's scatter
    # ("folding from 326.0 GiB missed")
    "s181_d85": (B + "capacity_gb=327,op_pct=16.73,bits=2,slc_type=dynamic,slc_seq_mibps=3248,"
                 "slc_rand_iops=565493,native_seq_mibps=1696,native_rand_mibps=1095.2,"
                 "fold_mibps=1145,floor_mibps=267.57,gc_gamma=1.31,noise=0.00,"
                 "noise_direct=0.08,seed=784715776,slc_gb=26,slc_wa=1,dip_period_s=14.5,"
                 "dip_duty=0.13,dip_depth=0.53", "2h"),
    # seed 89's drive 50, 2 hours: GC's scatter read as a second folding
    # phase ("used state at 1006.3 GiB, truth 612.9")
    "s89_d50": (B + "capacity_gb=461,op_pct=27.75,bits=3,slc_type=dynamic,slc_seq_mibps=6348,"
                "slc_rand_iops=1281621,native_seq_mibps=3000,native_rand_mibps=2539.9,"
                "fold_mibps=1431,floor_mibps=475.72,gc_gamma=1.25,noise=0.00,noise_direct=0.08,"
                "seed=256211944,slc_gb=117,slc_wa=1,dip_duty=0", "2h"),
    # the guard: seed 211's drive 106, WSAT in 5 s samples, a lasting phase
    # of 5 samples and a folding of 7 (the fresh allowance asked 10 once)
    "s211_d106": (B + "capacity_gb=219,op_pct=24.79,bits=3,slc_type=dynamic,slc_seq_mibps=4605,"
                  "slc_rand_iops=763690,native_seq_mibps=2211,native_rand_mibps=1958.2,"
                  "fold_mibps=1186,floor_mibps=401.73,gc_gamma=1.64,noise=0.02,"
                  "noise_direct=0.12,seed=572963735,slc_gb=13,slc_wa=1,dip_duty=0", "wsat"),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_fresh_run_is_right(tmp_path, name):
    spec, wl = RUNS[name]
    _, got = analysed_run(spec, "fresh", wl, tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]
