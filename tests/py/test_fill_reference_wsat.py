"""WSAT (4K random writes right after the preconditioning) of a dynamic
cache after a random fill, read with the fill's own log as reference
(issue 21; docs/analysis.md, "The fill's own log as the reference";
ref_cache_end_in_first_sample in regimes_reference.c). The drives are the
used-drive sweep's own (their seed and drive number in each test),
simulated as the sweep does it and scored as the sweep scores it."""
from used_drive_scoring import analysed_after_fill as scored

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 47's drive 88: the 2 GiB idle GC cleaned, cached at 1.49 GB/s, then
# folding at 0.40 GB/s (the fill's log folded at 0.21) to 4 GiB, then GC
# at 0.10, the first 5 s sample 0.71 GB/s: bounded against the fill's
# folding level, "cache 2.28 GiB (at least), truth 2.00".
D47_88 = (COMMON + "capacity_gb=121,op_pct=12.89,bits=2,slc_type=dynamic,slc_seq_mibps=1737,"
          "slc_rand_iops=361516,native_seq_mibps=769,native_rand_mibps=577.0,fold_mibps=508,"
          "floor_mibps=74.37,gc_gamma=1.92,link_mibps=7000,iops_cap=2000000,noise=0.05,"
          "noise_direct=0.00,seed=838565024,slc_gb=31,slc_wa=1,dip_period_s=24.8,"
          "dip_duty=0.20,dip_depth=0.40")
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
