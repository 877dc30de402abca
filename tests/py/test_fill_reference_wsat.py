"""WSAT (4K random writes right after the preconditioning) of a dynamic
cache after a random fill, read with the fill's own log as reference
(issue 21; docs/analysis.md, "The fill's own log as the reference";
ref_cache_end_in_first_sample in regimes_reference.c). The drives are the
used-drive sweep's own (their seed and drive number in each test),
simulated as the sweep does it and scored as the sweep scores it."""
from test_fill_reference_random_fold import D47_88
from used_drive_scoring import analysed_after_fill as scored

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 47's drive 88: the 2 GiB idle GC cleaned, cached at 1.49 GB/s, then
# folding at 0.40 GB/s (the fill's log folded at 0.21) to 4 GiB, then GC
# at 0.10, the first 5 s sample 0.71 GB/s: bounded against the fill's
# folding level, "cache 2.28 GiB (at least), truth 2.00".
# (The drive's spec is the fill test's, test_fill_reference_random_fold.py.)
# Seed 173's drive 1: the 2 GiB at 2.88 GB/s, folding at 0.41 to 4 GiB, then
# GC at 0.13, the first 5 s sample 0.78 GB/s, then 0.17 (GC): bounded
# against the second sample, "cache 2.85 GiB (at least), truth 2.00".
D173_1 = (COMMON + "capacity_gb=562,op_pct=20.96,bits=2,slc_type=dynamic,slc_seq_mibps=4509,"
          "slc_rand_iops=849997,native_seq_mibps=1022,native_rand_mibps=771.9,fold_mibps=512,"
          "floor_mibps=99.17,gc_gamma=1.36,link_mibps=7000,iops_cap=2000000,noise=0.02,"
          "noise_direct=0.08,seed=828324260,slc_gb=60,slc_wa=1,dip_period_s=22.0,"
          "dip_duty=0.16,dip_depth=0.55")


def _bounds_hold(a, got):
    assert not got["problems"], got["problems"]
    c = a["cache"]
    assert c["censored"] == "resolution"
    assert c["bytes"] <= 2 * 2**30 <= c["bytes"] + c["uncertainty_bytes"]


def test_a_first_sample_cache_s_lower_bound_is_over_the_direct_level_not_the_fill_s_folding(
        tmp_path):
    _bounds_hold(*scored(tmp_path, D47_88, workload="wsat"))


def test_a_first_sample_cache_s_lower_bound_is_over_the_direct_level_not_the_next_sample(
        tmp_path):
    _bounds_hold(*scored(tmp_path, D173_1, workload="wsat"))


# Seed 53's drive 124, a static cache after a random fill: 408 MB/s, 266
# holding the cache's end, then the 2 GiB idle GC cleaned at the fill's
# direct 160 for two samples, then GC at 61: the end placed in the second
# direct sample against GC, "cache 4.46 GiB, truth 2.71".
D53_124 = (COMMON + "capacity_gb=322,op_pct=13.00,bits=2,slc_type=static,slc_seq_mibps=511,"
           "slc_rand_iops=108713,native_seq_mibps=226,native_rand_mibps=153.3,fold_mibps=226,"
           "floor_mibps=45.61,gc_gamma=2.08,link_mibps=560,iops_cap=100000,noise=0.05,"
           "noise_direct=0.04,seed=913739583,slc_gb=3.4,slc_wa=1.26,dip_duty=0")
# Seed 173's drive 12: 295, 235 holding the end, 164 and 157 direct, then
# GC at 68: "cache 3.84 GiB, truth 2.11".
D173_12 = (COMMON + "capacity_gb=161,op_pct=24.58,bits=3,slc_type=static,slc_seq_mibps=405,"
           "slc_rand_iops=77309,native_seq_mibps=202,native_rand_mibps=160.7,fold_mibps=202,"
           "floor_mibps=43.37,gc_gamma=2.45,link_mibps=560,iops_cap=100000,noise=0.00,"
           "noise_direct=0.00,seed=66239829,slc_gb=2.7,slc_wa=1.29,dip_period_s=8.5,"
           "dip_duty=0.10,dip_depth=0.60")


def test_a_static_cache_ends_before_two_samples_of_direct_writes(tmp_path):
    _, got = scored(tmp_path, D53_124, workload="wsat")
    assert not got["problems"], got["problems"]


def test_a_static_cache_ends_before_direct_writes_not_in_them(tmp_path):
    _, got = scored(tmp_path, D173_12, workload="wsat")
    assert not got["problems"], got["problems"]


# What the step back is not: seed 2026's drive 142, 2 hours after a
# sequential fill against its fresh run (1 s samples): 2.93 GB/s, 2.46,
# then the cache slowed by a GC dip to 1.59 and 1.58 (the direct level),
# 1.18 holding the end, 0.95, then direct writes at 1.54; stepping back
# over the dip read "cache 26.00 GiB, truth 30.13".
D2026_142 = (COMMON + "capacity_gb=3538,op_pct=12.54,bits=3,slc_type=static,"
             "slc_seq_mibps=6091,slc_rand_iops=1410589,native_seq_mibps=2250,"
             "native_rand_mibps=1446.7,fold_mibps=2250,floor_mibps=363.65,gc_gamma=1.07,"
             "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=314712202,"
             "slc_gb=68.5,slc_wa=1.07,dip_period_s=23.7,dip_duty=0.17,dip_depth=0.55")


def test_a_dip_inside_the_cache_is_no_direct_writes_to_step_back_over(tmp_path):
    from used_drive_scoring import simulate, analysed_run
    fresh = tmp_path / "fresh.csv"
    simulate(D2026_142, "fresh", "2h", fresh)
    _, got = analysed_run(D2026_142, "seq_fill", "2h", tmp_path / "run.csv", reference=fresh)
    assert not got["problems"], got["problems"]
