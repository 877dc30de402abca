"""A used drive's dynamic cache that its fresh 4K run could not show
(docs/analysis.md, "Round 48: a cache the fresh run could not show"): at
4K QD32 the fresh drive's direct writes run as fast as the queue lets its
SLC cache run, so the fresh run, the sweep's --reference, shows one level
and then folding or GC, "no cache". After a sequential fill the same
drive writes its (smaller) cache at that speed, then folds it at a quiet
level a step below, then GC: the segmentation's first phase holds both
the cache and its folding (each shorter than its shortest lasting phase),
and the reference's "no cache" read the fast start as clean blocks.
Clean blocks run out into the used state, not into a quiet level that a
second drop ends: that level is a folding, and the fast start the cache.
The drives are the used-drive sweep's own, at full size, each run scored
as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

# Seed 101's drive 147, 2 hours after a sequential fill: 6 samples at
# 2.74 GB/s (a 16.97 GiB dynamic cache), 12 at 1.55 (its folding, the
# fresh run's 1.55), then GC at 0.17; the fresh run wrote 272 GiB at 2.73
# before folding (its cache hidden in its direct writes): "cache of 16.97
# GiB missed" with the fresh run as the reference, right without one.
S101_147 = ("sim:bx200,native_write_lat_us=0,capacity_gb=288,op_pct=13.84,bits=2,"
            "slc_type=dynamic,slc_seq_mibps=5631,slc_rand_iops=1287165,native_seq_mibps=3246,"
            "native_rand_mibps=2728.6,fold_mibps=1844,floor_mibps=166.12,gc_gamma=1.01,"
            "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.04,seed=708322532,"
            "slc_gb=30,slc_wa=1,dip_duty=0")
# Seed 433's drive 3, the same with a folding of 5 samples (3 samples at
# 2.74 GB/s, 1.88 holding the 8.84 GiB end, 5 at 1.51, then GC at 0.14),
# against a fresh run whose own folding was too short to be read: "no
# cache" and no folding level, so the run is read as without a reference.
S433_3 = ("sim:bx200,native_write_lat_us=0,capacity_gb=169,op_pct=12.36,bits=2,"
          "slc_type=dynamic,slc_seq_mibps=6033,slc_rand_iops=1342581,native_seq_mibps=3405,"
          "native_rand_mibps=2776.2,fold_mibps=1847,floor_mibps=107.25,gc_gamma=2.08,"
          "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.00,seed=663156816,"
          "slc_gb=28,slc_wa=1,dip_duty=0")


@pytest.mark.parametrize("spec", [S101_147, S433_3])
def test_a_cache_the_fresh_run_could_not_show(tmp_path, spec):
    fresh, used = tmp_path / "fresh.csv", tmp_path / "used.csv"
    analysed_run(spec, "fresh", "2h", fresh)
    _, got = analysed_run(spec, "seq_fill", "2h", used, reference=fresh)
    assert got["problems"] == [], got["problems"]
