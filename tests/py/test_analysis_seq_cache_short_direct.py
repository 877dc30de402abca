"""A dynamic cache after a sequential fill whose direct writes lasted about
a sample, on a WSAT run's 5 s samples: the cache test took the cache, the
direct writes and the two samples that mix them with their neighbours as
one fast start (docs/analysis.md, Limits, round 42: "WSAT caches merged
with a 2-sample native level"). A speed change goes into one sample, so
three samples stepping down from the cache's speed to a level a step above
the folding held a level between the two: the direct writes to the clean
blocks the idle-bounded cache left (seq_cache_short_direct). The drives are
the used-drive sweep's own, at full size, read with the fill's own log as
reference, with the fresh run and with none; each run is scored as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_after_fill, analysed_run, simulate

# Seed 101's drive 136 (WSAT after a sequential fill: 2288 and 2499 MiB/s,
# 2231 holding the cache's end, direct writes at 1746, 1423 holding their
# end, then folding at 767: "cache 47.68 GiB, truth 29.88") and seed 367's
# drive 36 (2727, 2748, 2082, 1780, 1630, then folding at 820: "cache 52.13
# GiB, truth 29.88").
S101_136 = ("sim:bx200,native_write_lat_us=0,capacity_gb=515,op_pct=18.59,bits=2,"
            "slc_type=dynamic,slc_seq_mibps=3562,slc_rand_iops=853467,native_seq_mibps=2040,"
            "native_rand_mibps=1746.3,fold_mibps=896,floor_mibps=425.50,gc_gamma=1.35,"
            "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.00,seed=366766776,"
            "slc_gb=33,slc_wa=1,dip_period_s=19.8,dip_duty=0.11,dip_depth=0.35")
S367_36 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1417,op_pct=24.78,bits=3,"
           "slc_type=dynamic,slc_seq_mibps=4019,slc_rand_iops=825876,native_seq_mibps=2356,"
           "native_rand_mibps=1799.8,fold_mibps=1072,floor_mibps=123.79,gc_gamma=1.81,"
           "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=749691662,"
           "slc_gb=105,slc_wa=1,dip_duty=0")


@pytest.mark.parametrize("spec", [S101_136, S367_36])
def test_short_direct_writes_end_the_cache_with_the_fill_log(tmp_path, spec):
    analysis, got = analysed_after_fill(tmp_path, spec, "seq_fill", "wsat")
    assert got["problems"] == [], got["problems"]
    assert 27 < analysis["cache"]["bytes"] / 2**30 < 32, analysis["cache"]
    assert [p["regime"] for p in analysis["phases"][:3]] == ["cache", "direct", "folding"]


def test_short_direct_writes_end_the_cache_without_reference(tmp_path):
    analysis, got = analysed_run(S367_36, "seq_fill", "wsat", tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]
    assert 27 < analysis["cache"]["bytes"] / 2**30 < 32, analysis["cache"]


def test_short_direct_writes_end_the_cache_with_the_fresh_run(tmp_path):
    # With the fresh run as reference (its own 2-sample cache read as none,
    # direct writes at 1746 MiB/s): the same fast start, the same split.
    fresh = tmp_path / "fresh.csv"
    simulate(S101_136, "fresh", "wsat", fresh)
    analysis, got = analysed_run(S101_136, "seq_fill", "wsat", tmp_path / "run.csv",
                                 reference=fresh)
    assert got["problems"] == [], got["problems"]
    assert 27 < analysis["cache"]["bytes"] / 2**30 < 32, analysis["cache"]
