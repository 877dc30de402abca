"""A 128K fill after a 4K random fill, read with the fill's own log as
reference (issue 21; docs/analysis.md, "The fill's own log as the
reference"): the mixed samples at a short level's ends (round 35). The
drives are the used-drive sweep's own (their seed and drive number in each
test), simulated as the sweep does it: a 128K sequential fill after a 4K
random fill and 15 minutes' idle, analysed with the fill's own 4K log
(from a purged drive) as reference, and scored as the sweep scores it."""
from used_drive_scoring import analysed_after_fill as scored

GIB = 2**30
COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 139's drive 24: the 2 GiB idle GC cleaned, cached inside the first
# 1 s sample (2697 MB/s), then the folding at 1046 for one whole sample,
# 911 holding its end, then GC at 672: read as clean blocks in one sample,
# "used state at 2.5 GiB, truth 4.0" (dynamic_ref_fold_one_sample).
D139_24 = (COMMON + "capacity_gb=188,op_pct=21.83,bits=2,slc_type=dynamic,slc_seq_mibps=4311,"
           "slc_rand_iops=960030,native_seq_mibps=2379,native_rand_mibps=1333.0,fold_mibps=998,"
           "floor_mibps=359.09,gc_gamma=1.00,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.00,seed=153081420,slc_gb=44,slc_wa=1,dip_duty=0")
# Seed 151's drive 27: 2732 MB/s, then the folding at 953, 784 holding its
# end, then GC at 465 bursting to 1400 later.
D151_27 = (COMMON + "capacity_gb=128,op_pct=24.84,bits=2,slc_type=dynamic,slc_seq_mibps=5168,"
           "slc_rand_iops=1224361,native_seq_mibps=2018,native_rand_mibps=1199.3,fold_mibps=908,"
           "floor_mibps=268.23,gc_gamma=1.19,link_mibps=7000,iops_cap=2000000,noise=0.02,"
           "noise_direct=0.04,seed=680555571,slc_gb=36,slc_wa=1,dip_duty=0")


def test_a_folding_of_one_sample_ends_inside_the_next(tmp_path):
    for spec in (D139_24, D151_27):
        a, got = scored(tmp_path, spec)
        assert not got["problems"], got["problems"]
        assert [p["regime"] for p in a["phases"]][:3] == ["cache", "folding", "gc"]
        # The model's folding ends at 4.0 GiB, inside the third 1 s sample.
        assert 3.3 * GIB <= a["gc"]["start_bytes"] <= 4.4 * GIB
        lo, hi = a["cache"]["bytes"], a["cache"]["bytes"] + a["cache"]["uncertainty_bytes"]
        assert lo <= 2 * GIB <= hi


# Seed 139's drive 160: a 14.05 GiB static cache at 4.3 GB/s, 2628 MB/s
# holding its end, then the 1.9 GiB idle GC cleaned at 960 for one whole
# sample, 635 holding their end, then GC at 260: the cache test found the
# cache, and the used state was read from its end, "used state at 14.5
# GiB, truth 15.9". Seed 151's drive 193: 1.62 GB/s, 1083 holding the end,
# then 2 GiB of direct writes at 266-376 for 6 samples, then GC at 101:
# "used state at 5.5 GiB, truth 7.4".
D139_160 = (COMMON + "capacity_gb=558,op_pct=19.48,bits=2,slc_type=static,slc_seq_mibps=4129,"
            "slc_rand_iops=670804,native_seq_mibps=969,native_rand_mibps=834.0,fold_mibps=969,"
            "floor_mibps=203.12,gc_gamma=1.67,link_mibps=7000,iops_cap=2000000,noise=0.02,"
            "noise_direct=0.12,seed=198795954,slc_gb=17.7,slc_wa=1.26,dip_duty=0")
D151_193 = (COMMON + "capacity_gb=417,op_pct=18.99,bits=3,slc_type=static,slc_seq_mibps=1550,"
            "slc_rand_iops=336323,native_seq_mibps=359,native_rand_mibps=143.7,fold_mibps=359,"
            "floor_mibps=36.45,gc_gamma=1.09,link_mibps=7000,iops_cap=2000000,noise=0.05,"
            "noise_direct=0.00,seed=223895365,slc_gb=7.9,slc_wa=1.45,dip_period_s=28.6,"
            "dip_duty=0.10,dip_depth=0.47")


def test_direct_writes_between_a_found_static_cache_and_gc(tmp_path):
    for spec in (D139_160, D151_193):
        a, got = scored(tmp_path, spec)
        assert not got["problems"], got["problems"]
        assert [p["regime"] for p in a["phases"]][:3] == ["cache", "direct", "gc"]
