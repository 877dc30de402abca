"""Round 33 (issue 21): a used drive's folding read with a reference. The
drives are the used-drive sweep's own (their seed and drive number in each
test), simulated as the sweep does it and scored as the sweep scores it."""
from used_drive_scoring import analysed_after_fill

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



def test_a_used_drive_folds_slower_than_its_fill_log(tmp_path):
    a, got = analysed_after_fill(tmp_path, D223_167, workload="2h")
    assert not got["problems"], got["problems"]
    assert [p["regime"] for p in a["phases"]][:3] == ["cache", "folding", "gc"]
    assert a["gc"]["start_bytes"] > 5 * 2**30
