"""Fresh runs of the used-drive sweep whose used state round 34's rule
places right (docs/analysis.md, "Method", step 9's notes on the used
state's onset: "A GC dip of the fresh state is no scatter onset"): a
fresh level with GC dips, the used state a step below it, and the
scatter's jump put on one of the fresh state's dips a few samples before
the step. The drives are the sweep's own, at full size; each run is
scored as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

B = ("sim:bx200,native_write_lat_us=0,link_mibps=7000,iops_cap=2000000,")
RUNS = {
    # seed 101's drive 156, WSAT: no SLC cache, 1.34 GB/s with dips to
    # 1.04-1.14 (3 of 22 samples), then GC at 270-450 from 161 GiB; the
    # scatter's jump fell on the dip at 143.9 GiB ("used state at 143.9
    # GiB, truth 160.7")
    "s101_d156": (B + "capacity_gb=140,op_pct=24.50,bits=2,slc_type=none,slc_seq_mibps=6202,"
                  "slc_rand_iops=1082261,native_seq_mibps=1981,native_rand_mibps=1347.4,"
                  "fold_mibps=1981,floor_mibps=132.63,gc_gamma=0.95,noise=0.00,"
                  "noise_direct=0.08,seed=990368372,slc_gb=0,dip_period_s=19.7,dip_duty=0.11,"
                  "dip_depth=0.56"),
    # seed 167's drive 30, WSAT: a 6.4 GiB static cache, direct writes at
    # 1.33 GB/s with dips, GC from 205.8 GiB; the jump on the dip at 193.1
    # ("used state at 193.1 GiB, truth 205.8")
    "s167_d30": (B + "capacity_gb=193,op_pct=19.76,bits=2,slc_type=static,slc_seq_mibps=6373,"
                 "slc_rand_iops=1474343,native_seq_mibps=1695,native_rand_mibps=1372.1,"
                 "fold_mibps=1695,floor_mibps=176.57,gc_gamma=1.46,noise=0.00,"
                 "noise_direct=0.12,seed=280054386,slc_gb=6.4,slc_wa=1.19,dip_period_s=13.3,"
                 "dip_duty=0.13,dip_depth=0.55"),
    # seed 199's drive 114, WSAT: an 8.6 GiB static cache, direct writes
    # at 1.54 GB/s with dips (7 of 29 samples), GC at 170-380 from 246.7
    # GiB; the jump on the dip at 215.4 ("used state at 215.4 GiB, truth
    # 246.7")
    "s199_d114": (B + "capacity_gb=227,op_pct=23.09,bits=2,slc_type=static,slc_seq_mibps=6431,"
                  "slc_rand_iops=1288555,native_seq_mibps=1925,native_rand_mibps=1550.5,"
                  "fold_mibps=1925,floor_mibps=63.39,gc_gamma=1.13,noise=0.02,"
                  "noise_direct=0.08,seed=425379857,slc_gb=8.6,slc_wa=1.40,dip_period_s=24.6,"
                  "dip_duty=0.16,dip_depth=0.58"),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_gc_dip_before_the_used_state_is_no_onset(tmp_path, name):
    _, got = analysed_run(RUNS[name], "fresh", "wsat", tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]


SEQ_RUNS = {
    # seed 53's drive 13, WSAT after a sequential fill (whose log shows no
    # cache): 12 GiB at 2.45 GB/s in the first sample, the folding flat at
    # 487 MiB/s for 5 samples, then GC at 155-216 from 24.2 GiB ("used
    # state at 12.0 GiB, truth 24.2")
    "s53_d13": (B + "capacity_gb=161,op_pct=16.72,bits=2,slc_type=dynamic,slc_seq_mibps=4558,"
                "slc_rand_iops=1033669,native_seq_mibps=2326,native_rand_mibps=1313.3,"
                "fold_mibps=863,floor_mibps=130.29,gc_gamma=0.80,noise=0.05,noise_direct=0.00,"
                "seed=402126787,slc_gb=39,slc_wa=1,dip_period_s=19.3,dip_duty=0.18,"
                "dip_depth=0.49"),
    # seed 151's drive 8: 1.87 GB/s in the first sample, 2 samples at
    # 582-597 MiB/s, then GC at 256-420 from 16.2 GiB ("used state at 9.1
    # GiB, truth 16.2")
    "s151_d8": (B + "capacity_gb=259,op_pct=7.68,bits=2,slc_type=dynamic,slc_seq_mibps=5551,"
                "slc_rand_iops=1153766,native_seq_mibps=2721,native_rand_mibps=1907.8,"
                "fold_mibps=833,floor_mibps=257.42,gc_gamma=2.49,noise=0.00,"
                "noise_direct=0.12,seed=459097627,slc_gb=37,slc_wa=1,dip_period_s=26.8,"
                "dip_duty=0.16,dip_depth=0.55"),
    # seed 229's drive 163: 1.29 GB/s, then 2 samples at 472-479 MiB/s,
    # then GC at 270-380 from 11.0 GiB ("used state at 6.3 GiB, truth 11.0")
    "s229_d163": (B + "capacity_gb=150,op_pct=8.78,bits=2,slc_type=dynamic,slc_seq_mibps=5840,"
                  "slc_rand_iops=1164711,native_seq_mibps=2523,native_rand_mibps=1306.6,"
                  "fold_mibps=918,floor_mibps=262.59,gc_gamma=0.93,noise=0.05,"
                  "noise_direct=0.12,seed=915308758,slc_gb=23,slc_wa=1,dip_period_s=24.2,"
                  "dip_duty=0.12,dip_depth=0.38"),
}


# seed 13's drive 48, 2 hours after a random fill, no reference: a 2 GiB
# dynamic cache inside the first second, its folding at 868-895 MiB/s for 4
# samples, then GC scattering 515-1142 from 6.0 GiB ("used state at 2.2
# GiB, before the model's 6.0")
S13_D48 = (B + "capacity_gb=291,op_pct=15.72,bits=3,slc_type=dynamic,slc_seq_mibps=6095,"
           "slc_rand_iops=1142416,native_seq_mibps=3399,native_rand_mibps=2366.3,fold_mibps=1261,"
           "floor_mibps=499.97,gc_gamma=1.23,noise=0.00,noise_direct=0.08,seed=1023796434,"
           "slc_gb=67,slc_wa=1,dip_period_s=19.8,dip_duty=0.19,dip_depth=0.34")
FAST_START_RUNS = {**{k: (v, "seq_fill", "wsat") for k, v in SEQ_RUNS.items()},
                   "s13_d48": (S13_D48, "random_fill", "2h")}


@pytest.mark.parametrize("name", sorted(FAST_START_RUNS))
def test_flat_level_after_a_first_sample_fast_start_is_no_used_state(tmp_path, name):
    spec, state, wl = FAST_START_RUNS[name]
    _, got = analysed_run(spec, state, wl, tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]
