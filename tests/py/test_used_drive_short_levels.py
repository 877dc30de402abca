"""A dynamic cache after a sequential fill with short levels after it, no
reference (issue 21; docs/analysis.md, Method, "Round 45: short levels
after a used drive's cache"; seq_fold_run_after_direct in regimes_fold.c,
used_cache_end_in_second in regimes_used.c). The idle time emptied the
cache; the run writes it at the SLC speed, then the spare area's clean
blocks at the direct level, then folds what the cache holds at a quiet
level below them, then GC scatters. The drive is the used-drive sweep's
own (its seed and drive number), simulated as the sweep does it."""
from pathlib import Path

from used_drive_scoring import analysed_run

GIB = 2**30
COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 227's drive 56: a 16 GiB dynamic cache on a 221 GB drive.
D227_56 = (COMMON + "capacity_gb=221,op_pct=23.56,bits=2,slc_type=dynamic,slc_seq_mibps=5008,"
           "slc_rand_iops=830073,native_seq_mibps=2380,native_rand_mibps=1641.6,fold_mibps=1434,"
           "floor_mibps=399.89,gc_gamma=1.35,link_mibps=7000,iops_cap=2000000,noise=0.05,"
           "noise_direct=0.08,seed=284628861,slc_gb=16,slc_wa=1,dip_duty=0")


def test_a_folding_too_short_for_a_phase_after_short_direct_writes(tmp_path: Path):
    # 2 hours: 16 GiB of cache at 2.75 GB/s, direct writes at 1.64 for 8
    # samples to 30.0 GiB, the folding flat at 950-1040 MiB/s for 18
    # samples to 48.2 GiB, then GC at 400-650: read as the folding from
    # the cache's end and the used state from 30.4 GiB before.
    a, got = analysed_run(D227_56, "seq_fill", "2h", tmp_path / "run.csv")
    assert not got["problems"], got["problems"]
    regimes = [p["regime"] for p in a["phases"]]
    assert regimes == ["cache", "direct", "folding", "gc"], regimes
    assert abs(a["folding"]["start_bytes"] / GIB - 30.0) < 1.5, a["folding"]
    assert abs(a["gc"]["start_bytes"] / GIB - 48.2) < 2.4, a["gc"]


def test_a_cache_ends_in_the_second_sample_before_one_of_direct_writes(tmp_path: Path):
    # WSAT's 5 s samples: 2772 MiB/s, 1846 holding the cache's end, 1604
    # of direct writes, then folding at 978 and GC: the end was placed in
    # the 1604 against the folding's level, "cache 27.85 GiB, truth 16.00".
    a, got = analysed_run(D227_56, "seq_fill", "wsat", tmp_path / "run.csv")
    assert not got["problems"], got["problems"]
    assert abs(a["cache"]["bytes"] / GIB - 16.0) < 0.8, a["cache"]
