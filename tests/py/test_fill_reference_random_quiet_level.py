"""The folding after a random fill's dynamic cache, read with the fill's
own 4K log (another workload) as reference (issue 21; docs/analysis.md,
"The fill's own log as the reference"; quiet_level_before_used in
regimes_used.c). A log that showed the drive's cache dynamic tells that
the few GiB idle GC cleaned after the random fill were cached and fold
before GC runs: the quiet level after that cache is the folding, and the
used state starts where it ends, as without a reference. The drive is the
used-drive sweep's own, simulated as the sweep does it."""
from used_drive_scoring import analysed_after_fill as scored

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 227's drive 18: the 2 GiB cache in the first 1 s sample at 1.91
# GB/s, folding flat at 375 MiB/s to 4.0 GiB, then GC at 222 bursting to
# 536 for four samples: read "direct writes" to 6.56 GiB, "used state at
# 6.6 GiB, truth 4.0", where the run alone read it at 3.80.
D227_18 = (COMMON + "capacity_gb=328,op_pct=7.96,bits=2,slc_type=dynamic,slc_seq_mibps=2658,"
           "slc_rand_iops=509029,native_seq_mibps=1022,native_rand_mibps=464.3,fold_mibps=375,"
           "floor_mibps=99.47,gc_gamma=2.50,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.00,seed=14719365,slc_gb=69,slc_wa=1,dip_period_s=24.5,"
           "dip_duty=0.17,dip_depth=0.42")


def test_the_used_state_starts_after_the_folding_of_a_dynamic_cache(tmp_path):
    a, got = scored(tmp_path, D227_18)
    assert not got["problems"], got["problems"]
    assert abs(a["gc"]["start_bytes"] - 4 * 2**30) < 0.25 * 2**30


def test_a_used_cache_slower_than_the_log_s_is_no_clean_blocks(tmp_path):
    # The same drive 2 hours after its random fill, against the fill's
    # 4K log (cache at 1988 MiB/s, direct writes at 464, folding at 170):
    # the 2 GiB cache at 871 MiB/s, nearer the log's direct level than its
    # cache's, then folding at 170 to 4.0 GiB, then GC at 101, was read as
    # clean blocks: "cache of 2.00 GiB missed, used state at 2.1 GiB".
    # Clean blocks are written no faster than the fresh drive wrote past
    # its cache; 1.9 times that is a cache.
    a, got = scored(tmp_path, D227_18, workload="2h")
    assert not got["problems"], got["problems"]
    assert [p["regime"] for p in a["phases"]][:3] == ["cache", "folding", "gc"]
