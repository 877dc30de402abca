"""A fresh drive's cache of a few samples at the start of its run
(docs/analysis.md, "A short cache at the start"): WSAT's 5 s samples hold
a cache of 1 to 3 of them, and a 1 s fill or 2-hour run may start with a
fast first sample or a GC dip before its cache's level. The drives are the
used-drive sweep's own (their seed and drive number in each test), at full
size, simulated as the sweep does it; each run is scored as the sweep
scores it (a fresh run is read alone in every mode)."""
import pytest

from used_drive_scoring import analysed_run

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 223's drive 39, WSAT: 10 GiB of dynamic cache ending at 0.94 of the
# first sample (2288 MB/s), then direct writes flat at 1394: no phase
# boundary at the cache's end.
D223_39 = (COMMON + "capacity_gb=167,op_pct=21.53,bits=3,slc_type=dynamic,slc_seq_mibps=3678,"
           "slc_rand_iops=580476,native_seq_mibps=1924,native_rand_mibps=1329.3,fold_mibps=973,"
           "floor_mibps=126.56,gc_gamma=1.81,link_mibps=7000,iops_cap=2000000,noise=0.05,"
           "noise_direct=0.00,seed=558507150,slc_gb=10,slc_wa=1,dip_duty=0")
# Seed 269's drive 171, WSAT: an 11.5 GiB static cache in the first sample
# (2646 MB/s), then 1108 flat.
S269_171 = (COMMON + "capacity_gb=293,op_pct=18.03,bits=2,slc_type=static,slc_seq_mibps=3175,"
            "slc_rand_iops=789822,native_seq_mibps=1747,native_rand_mibps=1056.6,"
            "fold_mibps=1747,floor_mibps=113.15,gc_gamma=1.54,link_mibps=7000,iops_cap=2000000,"
            "noise=0.05,noise_direct=0.00,seed=91909397,slc_gb=11.6,slc_wa=1.03,dip_duty=0")
# Seed 263's drive 146, WSAT: 2877 MB/s twice, the drop's sample at 1892,
# 9 samples of direct writes at 1622, then folding at 858: "cache of 30.00
# GiB missed" (the two fast samples were read as the direct writes' start).
D263_146 = (COMMON + "capacity_gb=152,op_pct=15.03,bits=3,slc_type=dynamic,slc_seq_mibps=4642,"
            "slc_rand_iops=1019739,native_seq_mibps=2301,native_rand_mibps=1548.3,"
            "fold_mibps=1218,floor_mibps=76.90,gc_gamma=0.80,link_mibps=7000,"
            "iops_cap=2000000,noise=0.00,noise_direct=0.12,seed=522894168,slc_gb=30,slc_wa=1,"
            "dip_duty=0")
# Seed 151's drive 193, fill: a first sample at 1586 MB/s, the cache at
# 1150 for 4 more, then 376 flat: "cache of 5.45 GiB missed".
S151_193 = (COMMON + "capacity_gb=417,op_pct=18.99,bits=3,slc_type=static,slc_seq_mibps=1550,"
            "slc_rand_iops=336323,native_seq_mibps=359,native_rand_mibps=143.7,fold_mibps=359,"
            "floor_mibps=36.45,gc_gamma=1.09,link_mibps=7000,iops_cap=2000000,noise=0.05,"
            "noise_direct=0.00,seed=223895365,slc_gb=7.9,slc_wa=1.45,dip_period_s=28.6,"
            "dip_duty=0.10,dip_depth=0.47")
# Seed 211's drive 45, 2 hours: a GC dip over the first 3 samples (718, 714,
# 729 MB/s), the cache at 1.9 GB/s for 5, then direct writes at 800:
# "cache of 11.16 GiB missed".
S211_45 = (COMMON + "capacity_gb=357,op_pct=25.11,bits=2,slc_type=static,slc_seq_mibps=2126,"
           "slc_rand_iops=469137,native_seq_mibps=864,native_rand_mibps=770.3,fold_mibps=864,"
           "floor_mibps=30.85,gc_gamma=1.73,link_mibps=7000,iops_cap=2000000,noise=0.02,"
           "noise_direct=0.04,seed=589048684,slc_gb=12.4,slc_wa=1.13,dip_period_s=18.6,"
           "dip_duty=0.18,dip_depth=0.34")


@pytest.mark.parametrize("spec", [D223_39, S269_171])
def test_a_cache_ending_inside_the_first_sample_of_a_short_run(tmp_path, spec):
    """The first sample alone is split off at the first segment's own
    noise (a short run's exact segmentation judged it at the run's, which
    the used state's chaos makes large), and the cache test judges it."""
    a, got = analysed_run(spec, "fresh", "wsat", tmp_path / "run.csv")
    assert a["cache"] is not None and a["cache"]["censored"] == "resolution"
    assert got["problems"] == [], got["problems"]


def test_two_samples_at_one_level_before_the_direct_writes_are_a_cache(tmp_path):
    """Two fast samples at one level, min_drop above a lasting phase after
    them, are a cache of their own, not the start of that phase."""
    a, got = analysed_run(D263_146, "fresh", "wsat", tmp_path / "run.csv")
    assert a["cache"] is not None
    assert got["problems"] == [], got["problems"]


def test_a_fast_first_sample_before_a_short_cache(tmp_path):
    """A short segment after a faster first sample that stands min_drop
    above the segment after it is the cache: it joins the first sample,
    not the slower level after it."""
    a, got = analysed_run(S151_193, "fresh", "fill", tmp_path / "run.csv")
    assert a["cache"] is not None
    assert got["problems"] == [], got["problems"]


def test_a_gc_dip_at_the_start_of_the_cache(tmp_path):
    """A run that starts in a GC dip (3 samples below the midpoint, then
    the cache's level) counts the dip with the cache, as a dip between
    samples at its level."""
    a, got = analysed_run(S211_45, "fresh", "2h", tmp_path / "run.csv")
    assert a["cache"] is not None
    assert got["problems"] == [], got["problems"]
