"""A dynamic cache after a random fill that ended in the run's second
sample, read with the fill's own log as reference (issue 21;
docs/analysis.md, "The fill's own log as the reference";
dynamic_ref_fold_after in regimes_fold.c). The drives are the used-drive
sweep's own (their seed and drive number in each test), simulated as the
sweep does it: a 128K sequential fill after a 4K random fill and 15
minutes' idle, analysed with the fill's own 4K log (from a purged drive)
as reference, and scored as the sweep scores it."""
from used_drive_scoring import analysed_after_fill as scored

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 47's drive 88: the 2 GiB idle GC cleaned, cached at 1.83 GB/s, ended
# in the second 1 s sample (1830, then 758 MB/s), then folding at 533 for
# 3 samples to 4 GiB, then GC at 104: read as clean blocks in one sample,
# "folding from 2.0 GiB missed; used state at 1.7 GiB, truth 4.0".
D47_88 = (COMMON + "capacity_gb=121,op_pct=12.89,bits=2,slc_type=dynamic,slc_seq_mibps=1737,"
          "slc_rand_iops=361516,native_seq_mibps=769,native_rand_mibps=577.0,fold_mibps=508,"
          "floor_mibps=74.37,gc_gamma=1.92,link_mibps=7000,iops_cap=2000000,noise=0.05,"
          "noise_direct=0.00,seed=838565024,slc_gb=31,slc_wa=1,dip_period_s=24.8,"
          "dip_duty=0.20,dip_depth=0.40")
# Seed 2026's drive 190: 1756 MB/s, then 828 holding the cache's end, then
# folding at 543-589 for 7 samples to 6 GiB, then GC at 180-370: read as
# direct writes from the first byte, "folding from 2.0 GiB missed".
D2026_190 = (COMMON + "capacity_gb=159,op_pct=20.07,bits=3,slc_type=dynamic,"
             "slc_seq_mibps=1675,slc_rand_iops=340271,native_seq_mibps=903,"
             "native_rand_mibps=665.8,fold_mibps=543,floor_mibps=122.48,gc_gamma=0.92,"
             "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.12,seed=1059487494,"
             "slc_gb=15,slc_wa=1,dip_period_s=19.3,dip_duty=0.09,dip_depth=0.41")


def test_a_cache_ended_in_the_second_sample_then_its_short_folding(tmp_path):
    a, got = scored(tmp_path, D47_88)
    assert not got["problems"], got["problems"]
    assert [p["regime"] for p in a["phases"]][:3] == ["cache", "folding", "gc"]
    assert a["cache"]["censored"] == "resolution"
    lo, hi = a["cache"]["bytes"], a["cache"]["bytes"] + a["cache"]["uncertainty_bytes"]
    assert lo <= 2 * 2**30 <= hi + 0.01 * 2**30


def test_the_folding_after_a_second_sample_s_cache_is_told(tmp_path):
    a, got = scored(tmp_path, D2026_190)
    assert not got["problems"], got["problems"]
    assert [p["regime"] for p in a["phases"]][:3] == ["cache", "folding", "gc"]


# Seed 11's drive 157: 2499 MB/s, then folding at 701-732 to 6 GiB, then
# GC at 461, 452, 675, 1584, 726, 567, 900 (its median within a step of
# the folding's level): the folding read to 9.96 GiB, "used state at 10.0
# GiB, truth 6.0".
D11_157 = (COMMON + "capacity_gb=335,op_pct=12.89,bits=3,slc_type=dynamic,slc_seq_mibps=3870,"
           "slc_rand_iops=950494,native_seq_mibps=2233,native_rand_mibps=1883.2,fold_mibps=687,"
           "floor_mibps=361.43,gc_gamma=2.38,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.12,seed=1044906421,slc_gb=55,slc_wa=1,dip_duty=0")
# Seed 47's drive 79: 4 samples of cache at 500 MB/s, 209 holding its end,
# folding at 80-86 to 6 GiB, then GC at 70, 56, 102, 75, 53, 134: the used
# state read at 6.42 GiB, "no phase boundary near the fold->gc change".
D47_79 = (COMMON + "capacity_gb=210,op_pct=7.04,bits=3,slc_type=dynamic,slc_seq_mibps=477,"
          "slc_rand_iops=107443,native_seq_mibps=222,native_rand_mibps=126.2,fold_mibps=77,"
          "floor_mibps=28.27,gc_gamma=1.75,link_mibps=560,iops_cap=100000,noise=0.02,"
          "noise_direct=0.12,seed=566008263,slc_gb=62,slc_wa=1,dip_duty=0")


def test_the_folding_ends_where_gc_s_bursts_start(tmp_path):
    a, got = scored(tmp_path, D11_157)
    assert not got["problems"], got["problems"]
    assert [p["regime"] for p in a["phases"]][:3] == ["cache", "folding", "gc"]
    assert a["gc"]["start_bytes"] < 7 * 2**30


def test_the_folding_after_a_found_cache_s_drop_sample_ends_at_gc(tmp_path):
    _, got = scored(tmp_path, D47_79)
    assert not got["problems"], got["problems"]


# What a second sample above the level is not: seed 11's drive 37 (2514
# MB/s, then folding at 1209 for one sample, then GC at 805, 928, 770,
# 442) and 13's drive 39 (3117, then 1272 holding the folding's end, then
# GC at 357, 352, 342, then 274): read "cache 2.72 (3.76) GiB (at least),
# truth 2.00" when that sample was taken for the cache's end.
D11_37 = (COMMON + "capacity_gb=639,op_pct=25.95,bits=2,slc_type=dynamic,slc_seq_mibps=2939,"
          "slc_rand_iops=551377,native_seq_mibps=1741,native_rand_mibps=1203.3,fold_mibps=1153,"
          "floor_mibps=291.62,gc_gamma=2.47,link_mibps=7000,iops_cap=2000000,noise=0.00,"
          "noise_direct=0.00,seed=481604250,slc_gb=57,slc_wa=1,dip_duty=0")
D13_39 = (COMMON + "capacity_gb=2359,op_pct=10.23,bits=2,slc_type=dynamic,slc_seq_mibps=5622,"
          "slc_rand_iops=1220921,native_seq_mibps=2191,native_rand_mibps=1755.4,fold_mibps=1418,"
          "floor_mibps=209.31,gc_gamma=1.15,link_mibps=7000,iops_cap=2000000,noise=0.05,"
          "noise_direct=0.00,seed=370063222,slc_gb=252,slc_wa=1,dip_period_s=15.8,"
          "dip_duty=0.16,dip_depth=0.48")


# Seed 89's drive 86: 3630 MB/s, then 1691, then GC's first samples flat
# at 1362, 1338, 1399 to 8.77 GiB, then GC at 940: "cache 3.69 GiB (at
# least), truth 2.00" when that level was taken for the folding.
D89_86 = (COMMON + "capacity_gb=2225,op_pct=23.79,bits=2,slc_type=dynamic,slc_seq_mibps=6142,"
          "slc_rand_iops=1175619,native_seq_mibps=3564,native_rand_mibps=1902.4,fold_mibps=2187,"
          "floor_mibps=445.38,gc_gamma=2.06,link_mibps=7000,iops_cap=2000000,noise=0.00,"
          "noise_direct=0.08,seed=504783170,slc_gb=179,slc_wa=1,dip_duty=0")


def test_no_second_sample_cache_before_gc_s_first_samples(tmp_path):
    for spec in (D11_37, D13_39, D89_86):
        _, got = scored(tmp_path, spec)
        assert not got["problems"], got["problems"]


# Seed 89's drive 94: the 2 GiB cache over 4 whole samples at 478 MB/s,
# 291 holding its end, then folding at 135 to 4 GiB, then GC at 15 (the
# cache test found the fast start whole); 89's drive 72: 5 samples at
# 430, then 20 at 108 to 6 GiB, then GC at 20 (one phase at 108): "cache
# of 2.00 GiB missed" both.
D89_94 = (COMMON + "capacity_gb=2208,op_pct=11.53,bits=2,slc_type=dynamic,slc_seq_mibps=456,"
          "slc_rand_iops=102655,native_seq_mibps=189,native_rand_mibps=161.2,fold_mibps=129,"
          "floor_mibps=11.34,gc_gamma=1.03,link_mibps=560,iops_cap=100000,noise=0.00,"
          "noise_direct=0.00,seed=118578194,slc_gb=344,slc_wa=1,dip_period_s=28.8,"
          "dip_duty=0.10,dip_depth=0.57")
D89_72 = (COMMON + "capacity_gb=312,op_pct=21.65,bits=3,slc_type=dynamic,slc_seq_mibps=409,"
          "slc_rand_iops=73772,native_seq_mibps=212,native_rand_mibps=88.9,fold_mibps=103,"
          "floor_mibps=7.93,gc_gamma=1.36,link_mibps=560,iops_cap=100000,noise=0.02,"
          "noise_direct=0.00,seed=43888297,slc_gb=18,slc_wa=1,dip_duty=0")


def test_a_cache_of_a_few_samples_before_its_longer_folding(tmp_path):
    for spec in (D89_94, D89_72):
        a, got = scored(tmp_path, spec)
        assert not got["problems"], got["problems"]
        assert [p["regime"] for p in a["phases"]][:3] == ["cache", "folding", "gc"]
        assert a["cache"]["censored"] == "none"


# GC's first samples above the folding: seed 47's drive 187 (folding at
# 98-106 MB/s to 6 GiB, then 114, 127, 102, then GC at 43), 89's drive 75
# (folding at 701-750, then 901, 891, 525, 556, read to 8.11 GiB by the
# knee looked for past the segmentation's boundary at 6.44).
D47_187 = (COMMON + "capacity_gb=478,op_pct=7.25,bits=3,slc_type=dynamic,slc_seq_mibps=534,"
           "slc_rand_iops=114844,native_seq_mibps=205,native_rand_mibps=171.0,fold_mibps=96,"
           "floor_mibps=33.91,gc_gamma=1.69,link_mibps=560,iops_cap=100000,noise=0.00,"
           "noise_direct=0.12,seed=1060677080,slc_gb=106,slc_wa=1,dip_duty=0")
D89_75 = (COMMON + "capacity_gb=397,op_pct=27.01,bits=3,slc_type=dynamic,slc_seq_mibps=5588,"
          "slc_rand_iops=1236736,native_seq_mibps=2043,native_rand_mibps=1288.6,fold_mibps=675,"
          "floor_mibps=321.91,gc_gamma=0.86,link_mibps=7000,iops_cap=2000000,noise=0.05,"
          "noise_direct=0.08,seed=663880431,slc_gb=32,slc_wa=1,dip_period_s=9.3,dip_duty=0.14,"
          "dip_depth=0.58")


def test_the_folding_ends_where_gc_starts_above_it(tmp_path):
    for spec in (D47_187, D89_75):
        _, got = scored(tmp_path, spec)
        assert not got["problems"], got["problems"]


# Seed 181's drive 69: a GC dip inside a cache of 5 samples (464, 323,
# 321, 432, 461 MB/s, then 204 holding its end, then folding at 84), which
# the scatter's end read as a first sample's cache and a 2-sample folding:
# "false folding at 0.4 GiB". The cache is missed as before (the
# segmentation made one phase of the fast start, the folding and GC).
D181_69 = (COMMON + "capacity_gb=2083,op_pct=11.58,bits=2,slc_type=dynamic,slc_seq_mibps=444,"
           "slc_rand_iops=83351,native_seq_mibps=236,native_rand_mibps=165.1,fold_mibps=80,"
           "floor_mibps=29.01,gc_gamma=0.89,link_mibps=560,iops_cap=100000,noise=0.02,"
           "noise_direct=0.00,seed=349237053,slc_gb=130,slc_wa=1,dip_period_s=16.3,"
           "dip_duty=0.14,dip_depth=0.37")


def test_a_gc_dip_inside_the_cache_is_no_folding(tmp_path):
    _, got = scored(tmp_path, D181_69)
    assert not got["false_fold"]
    assert not any("false" in p for p in got["problems"]), got["problems"]


# Seed 167's drive 37 (a SATA drive, 225 GB): the 2 GiB idle GC cleaned,
# cached at 446 MB/s for 5 samples, then folding at 46 MB/s to 4 GiB and GC
# at 42, one level: read as clean blocks, "cache of 2.00 GiB missed",
# though the fill's 4K log showed a dynamic cache at 389 MB/s. Seed 151's
# drive 64: the same at 410 MB/s (the log's cache at 325), then folding
# and GC both at 70.
D167_37 = (COMMON + "capacity_gb=225,op_pct=23.97,bits=2,slc_type=dynamic,slc_seq_mibps=467,"
           "slc_rand_iops=102439,native_seq_mibps=145,native_rand_mibps=113.8,fold_mibps=44,"
           "floor_mibps=29.99,gc_gamma=2.06,link_mibps=560,iops_cap=100000,noise=0.05,"
           "noise_direct=0.08,seed=1004339685,slc_gb=24,slc_wa=1,dip_period_s=23.1,"
           "dip_duty=0.10,dip_depth=0.45")
D151_64 = (COMMON + "capacity_gb=1471,op_pct=24.74,bits=2,slc_type=dynamic,slc_seq_mibps=413,"
           "slc_rand_iops=83138,native_seq_mibps=211,native_rand_mibps=176.1,fold_mibps=70,"
           "floor_mibps=49.46,gc_gamma=2.00,link_mibps=560,iops_cap=100000,noise=0.02,"
           "noise_direct=0.04,seed=169499547,slc_gb=389,slc_wa=1,dip_duty=0")


def test_a_dynamic_cache_at_the_fill_log_s_cache_level_is_no_clean_blocks(tmp_path):
    for spec in (D167_37, D151_64):
        a, got = scored(tmp_path, spec)
        assert not got["problems"], got["problems"]
        assert a["cache"] and abs(a["cache"]["bytes"] / 2**30 - 2) < 0.1, a["cache"]
