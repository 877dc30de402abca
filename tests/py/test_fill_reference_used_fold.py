"""Round 33 (issue 21): a used drive's folding read with a reference, and a
drive with no SLC whose used state starts flat before GC's bursts. The
drives are the used-drive sweep's own (their seed and drive number in each
test), simulated as the sweep does it and scored as the sweep scores it."""
from used_drive_scoring import analysed_after_fill, analysed_run

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 223's drive 167, 2 hours of 4K random writes after a random fill: a
# 2 GiB cache in the first 1 s sample at 2119 MB/s, then folding flat at
# 272-279 for 13 samples to 5.8 GiB, then GC around 170. The fill's own 4K
# log (a run of this workload) folded at 910 MB/s, a fresh drive's folding
# into clean blocks; only that level was looked for, and the used state
# was read from the cache's end ("used state at 2.1 GiB, before the
# model's 6.0").
D223_167 = (COMMON + "capacity_gb=951,op_pct=24.04,bits=3,slc_type=dynamic,slc_seq_mibps=5841,"
            "slc_rand_iops=1119234,native_seq_mibps=1635,native_rand_mibps=914.7,fold_mibps=493,"
            "floor_mibps=168.17,gc_gamma=1.18,link_mibps=7000,iops_cap=2000000,noise=0.00,"
            "noise_direct=0.04,seed=611027962,slc_gb=96,slc_wa=1,dip_period_s=27.8,"
            "dip_duty=0.19,dip_depth=0.58")
# Seed 181's drive 70, a drive with no SLC, the 128K fill after a random
# fill, no reference: 2 GiB of clean blocks in the first sample at 2.03
# GB/s, then GC flat at 364-380 MB/s for 7 samples, then bursts to
# 534-1718 for 11, then GC at 386: the bursts and the flat GC before them
# one phase at 552, read as a 1.49 GiB cache and its direct writes, the
# sweep's last false cache without a reference.
D181_70 = (COMMON + "capacity_gb=212,op_pct=16.09,bits=2,slc_type=none,slc_seq_mibps=4328,"
           "slc_rand_iops=1015088,native_seq_mibps=2158,native_rand_mibps=1565.2,"
           "fold_mibps=2158,floor_mibps=271.42,gc_gamma=0.88,link_mibps=7000,"
           "iops_cap=2000000,noise=0.00,noise_direct=0.04,seed=270007712,slc_gb=0,"
           "dip_period_s=16.8,dip_duty=0.09,dip_depth=0.55")


def test_a_used_drive_folds_slower_than_its_fill_log(tmp_path):
    a, got = analysed_after_fill(tmp_path, D223_167, workload="2h")
    assert not got["problems"], got["problems"]
    assert [p["regime"] for p in a["phases"]][:3] == ["cache", "folding", "gc"]
    assert a["gc"]["start_bytes"] > 5 * 2**30


def test_gc_flat_before_its_bursts_is_no_cache_s_direct_writes(tmp_path):
    a, got = analysed_run(D181_70, "random_fill", "fill", tmp_path / "run.csv")
    assert not got["false_cache"], got["problems"]
    assert a["cache"] is None
    assert a["gc"]["start_bytes"] < 2.5 * 2**30


# Seed 223's drive 138, 2 hours of 4K random writes after a random fill:
# the fill's own 4K log shows the SLC barely above the direct 4K speed
# (2.68, then 2.28 GB/s, then 0.92: no cache found), so the run's first
# sample (2268 MB/s, the 2 GiB cache) read as clean blocks, and its
# folding at 904-922 for 4 samples to 5.8 GiB as GC's start ("used state
# at 2.2 GiB, before the model's 6.0"); GC runs around 450 after it.
D223_138 = (COMMON + "capacity_gb=131,op_pct=25.83,bits=3,slc_type=dynamic,slc_seq_mibps=5619,"
            "slc_rand_iops=898459,native_seq_mibps=2700,native_rand_mibps=2291.2,"
            "fold_mibps=1079,floor_mibps=434.39,gc_gamma=1.39,link_mibps=7000,"
            "iops_cap=2000000,noise=0.02,noise_direct=0.04,seed=7182786,slc_gb=30,slc_wa=1,"
            "dip_duty=0")


def test_a_flat_level_after_a_clean_start_before_gc(tmp_path):
    a, got = analysed_after_fill(tmp_path, D223_138, workload="2h")
    assert not got["problems"], got["problems"]
    assert a["gc"]["start_bytes"] > 5 * 2**30
