"""A used drive with no SLC cache, written past its capacity, then idle:
its run starts on the clean blocks it was left, then GC. Between the two
the curve may show a stretch at a middle level that is no level the drive
holds: one of the drive's periodic dips falling right before the clean
blocks run out, or GC's first samples bursting above the floor GC settles
at. Without a reference, three apparent levels on such a drive prove no
cache: the fast start is read as clean blocks, `undecided` between a cache
and clean blocks as a single drop is (docs/analysis.md, "Three levels on a
drive written full"). The drives are the used-drive sweep's own, seed 313
(its two false caches without a reference at n36), at their full size."""
import pytest

from analyze_cli import cli, regimes
from used_drive_scoring import score_run, simulate

GIB = 2**30
COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 313's drive 19, 2 hours after a sequential fill: 1.7 GB/s with a dip
# to 823-941 MB/s for 5 samples inside it, then 742-809 for 6 samples (the
# same dip, period 29 s), then GC at 238-480 from 62.8 GiB; read as a 59.4
# GiB cache, folding at 734 MiB/s, then GC.
D313_19 = (COMMON + "capacity_gb=322,op_pct=22.16,bits=2,slc_type=none,slc_seq_mibps=5109,"
           "slc_rand_iops=943311,native_seq_mibps=2145,native_rand_mibps=1645.0,fold_mibps=2145,"
           "floor_mibps=248.52,gc_gamma=1.56,link_mibps=7000,iops_cap=2000000,noise=0.05,"
           "noise_direct=0.12,seed=384856199,slc_gb=0,dip_period_s=29.3,dip_duty=0.18,"
           "dip_depth=0.41")
# Seed 313's drive 92, the fill after a random fill: 2 GiB at 1.1 GB/s,
# then 351, 351, 493, 636, 492, 456, 444, 351, 614, 583 MB/s, then GC at a
# floor of 351 with bursts to about 500; read as a 1.96 GiB cache, direct
# writes at 452 MiB/s to 6.5 GiB, then GC.
D313_92 = (COMMON + "capacity_gb=132,op_pct=24.73,bits=3,slc_type=none,slc_seq_mibps=3535,"
           "slc_rand_iops=804819,native_seq_mibps=1140,native_rand_mibps=879.4,fold_mibps=1140,"
           "floor_mibps=258.27,gc_gamma=1.86,link_mibps=7000,iops_cap=2000000,noise=0.02,"
           "noise_direct=0.00,seed=217400142,slc_gb=0,dip_period_s=28.8,dip_duty=0.20,"
           "dip_depth=0.46")
# Seed 61's drive 136, the fill after a random fill: a 2 GiB dynamic cache
# at 507 MB/s in 4 samples, folding flat at 82 MB/s for 27 samples, then
# GC bursting 59-171 (the segmentation gives the folding and GC's first
# bursts one phase of 71 samples, a quarter of them at GC's floor).
D61_136 = (COMMON + "capacity_gb=210,op_pct=10.38,bits=2,slc_type=dynamic,slc_seq_mibps=484,"
           "slc_rand_iops=94976,native_seq_mibps=208,native_rand_mibps=84.5,fold_mibps=79,"
           "floor_mibps=22.94,gc_gamma=0.83,link_mibps=560,iops_cap=100000,noise=0.02,"
           "noise_direct=0.00,seed=910110532,slc_gb=21,slc_wa=1,dip_period_s=29.1,"
           "dip_duty=0.15,dip_depth=0.44")
# Seed 137's drive 6, the fill after a random fill: a 2.2 GiB dynamic cache
# in the first sample, folding at 592-610 MB/s for 3 samples, then GC
# bursting 288-677 above a floor of 290 (one phase of 32 samples).
D137_6 = (COMMON + "capacity_gb=140,op_pct=14.20,bits=2,slc_type=dynamic,slc_seq_mibps=4082,"
          "slc_rand_iops=845110,native_seq_mibps=1800,native_rand_mibps=1578.0,fold_mibps=568,"
          "floor_mibps=243.28,gc_gamma=1.33,link_mibps=7000,iops_cap=2000000,noise=0.05,"
          "noise_direct=0.04,seed=1027085337,slc_gb=35,slc_wa=1,dip_period_s=27.6,"
          "dip_duty=0.13,dip_depth=0.36")
INTERVAL = (1, 1, 5)


@pytest.mark.parametrize("spec, state, workload, gc_at", [
    (D313_19, "seq_fill", "2h", 62.8),      # a dip of the fast start's own
    (D313_92, "random_fill", "fill", 2.0),  # GC's first bursts above its floor
])
def test_a_middle_stretch_that_is_no_level_proves_no_cache(tmp_path, spec, state, workload,
                                                           gc_at):
    run = tmp_path / "run.csv"
    truth, series, _, _ = simulate(spec, state, workload, run, INTERVAL)
    assert truth["cache_nominal_bytes"] == 0
    a = cli(run)
    assert regimes(a)[:2] == ["direct", "gc"], regimes(a)
    assert "cache" not in regimes(a) and "folding" not in regimes(a)
    assert a["cache"] is None
    assert a["undecided"] == {"between": "cache_or_clean_blocks", "read_as": "clean_blocks",
                              "decided_by": "reference"}
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(gc_at, rel=0.05)
    s = score_run(truth, series, a)
    assert not s["false_cache"] and not s["problems"], s["problems"]


@pytest.mark.parametrize("spec", [D61_136, D137_6])
def test_a_cache_then_a_level_then_gcs_bursts_is_still_a_cache(tmp_path, spec):
    """A real cache on a drive written full, then a level it holds (its
    folding, flat from its first samples), then GC bursting above its
    floor: the stretch after the cache starts with a level, so it is no
    GC from its start, and the cache stays."""
    run = tmp_path / "run.csv"
    truth, series, _, _ = simulate(spec, "random_fill", "fill", run, INTERVAL)
    a = cli(run)
    assert regimes(a)[0] == "cache" and "gc" in regimes(a), regimes(a)
    s = score_run(truth, series, a)
    assert not s["missed_cache"] and not s["problems"], s["problems"]
