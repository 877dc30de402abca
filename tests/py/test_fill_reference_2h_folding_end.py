"""2-hour 4K random runs of used drives read with the fill's own log as
reference (issue 21; docs/analysis.md, "The fill's own log as the
reference"): where the folding after a small cache ends (round 36). The
drives are the used-drive sweep's own (their seed and drive number in each
test), simulated as the sweep does it: the fill, 15 minutes' idle, then 2
hours of 4K random writes, analysed with the fill's own log (from a purged
drive) as reference, and scored as the sweep scores it."""
import pytest

from used_drive_scoring import analysed_after_fill as scored

GIB = 2**30
COMMON = "sim:bx200,native_write_lat_us=0,"

# Seed 89's drive 5, after a random fill: the 2 GiB idle GC cleaned,
# cached in the first 1 s sample at 1512 MB/s, 600 holding its end, then
# the folding flat at 99 MB/s to 4.0 GiB and GC at 71. Split at the
# fill's (4K, same workload) levels, the mixed sample outweighed the
# folding's step to GC: the folding ended after 3 samples, "used state at
# 2.1 GiB, before the model's 4.0" (ref_level_split).
D89_5 = (COMMON + "capacity_gb=427,op_pct=13.84,bits=2,slc_type=dynamic,slc_seq_mibps=1843,"
         "slc_rand_iops=387072,native_seq_mibps=408,native_rand_mibps=279.0,fold_mibps=145,"
         "floor_mibps=65.61,gc_gamma=1.04,link_mibps=7000,iops_cap=2000000,noise=0.00,"
         "noise_direct=0.00,seed=166267384,slc_gb=39,slc_wa=1,dip_period_s=28.2,dip_duty=0.13,"
         "dip_depth=0.39")



# Seed 151's drive 180, after a random fill: a 2 GiB cache at 390 MB/s,
# the folding at 55-62 MB/s (2 % noise, 12 % per-second direct noise) to
# 4.0 GiB, then GC's first bursts (68, 74, 83, 104, 44, 75, 80, 37) before
# it settles at 40: the segmentation gave the bursts to the folding, "used
# state at 4.7 GiB, truth 4.0" (fold_end_at_scatter).
D151_180 = (COMMON + "capacity_gb=1097,op_pct=17.44,bits=2,slc_type=dynamic,slc_seq_mibps=540,"
            "slc_rand_iops=103839,native_seq_mibps=170,native_rand_mibps=133.1,fold_mibps=76,"
            "floor_mibps=37.57,gc_gamma=1.87,link_mibps=560,iops_cap=100000,noise=0.02,"
            "noise_direct=0.12,seed=923423584,slc_gb=224,slc_wa=1,dip_period_s=12.7,"
            "dip_duty=0.15,dip_depth=0.39")


# Both end their folding at the model's 4.0 GiB once read right.
@pytest.mark.parametrize("spec", [D89_5, D151_180], ids=[
    "the_mixed_sample_after_a_first_sample_cache_stays_out_of_the_split",
    "a_noisy_folding_ends_where_gc_starts_to_scatter"])
def test_the_folding_ends_where_gc_starts(tmp_path, spec):
    a, got = scored(tmp_path, spec, "random_fill", "2h")
    assert not got["problems"], got["problems"]
    assert [p["regime"] for p in a["phases"]] == ["cache", "folding", "gc"]
    assert 3.8 * GIB <= a["gc"]["start_bytes"] <= 4.2 * GIB
