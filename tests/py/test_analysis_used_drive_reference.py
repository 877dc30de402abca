"""A used drive's run analysed with the same drive's fresh run of the same
workload as its reference (docs/analysis.md, "Runs on a used drive": "With
the fresh run as reference"). From one curve, a static SLC cache that idle
time emptied after a fill (then GC) and a cacheless drive's clean blocks
(then GC) look alike, and so do a dynamic cache's folding and direct
writes; the reference's levels tell them apart. Drives of the used-drive
sweep (tests/py/used_drive_scoring.py, seed 2026) that were labelled wrong
with a reference before: the used state missed after 23 GiB of clean
blocks written in one sample (no cache), a cache of 5.6 GiB missed
(static), folding missed (dynamic)."""
import os
import subprocess
import sys

import numpy as np
import pytest

import ssdcore

sys.path.insert(0, os.path.dirname(__file__))
from used_drive_scoring import score_run, simulate  # noqa: E402


def filled_run(spec, state, workload, tmp_path, interval=None, names=("fresh.csv", "used.csv")):
    """The drive's fresh run of workload (the reference) and its run in
    state, and the second analysed against the first, as a filled drive's
    run is: (truth, series, analysis, fresh log, used log)."""
    fresh, used = tmp_path / names[0], tmp_path / names[1]
    args = () if interval is None else (interval,)
    simulate(spec, "fresh", workload, fresh, *args)
    truth, series, _, _ = simulate(spec, state, workload, used, *args)
    return truth, series, ssdcore.analyze(str(used), reference=str(fresh)), fresh, used

BASE = "sim:bx200,native_write_lat_us=0,"
NO_CACHE = BASE + (  # datacenter-like: no cache, 11 % spare
    "capacity_gb=244,op_pct=11.36,bits=3,slc_type=none,slc_gb=0,native_seq_mbps=5311,"
    "native_rand_mbps=4080,fold_mbps=5311,floor_mbps=985.3,gc_gamma=1.82,gc_settle_gb=0,"
    "gc_spread=0.00,link_mbps=7000,iops_cap=2000000,read_seq_mbps=6300,read_rand_iops=1000000,"
    "write_lat_us=15,idle_gc_mbps=50,idle_gc_gb=4.1,noise=0.02,noise_direct=0.06,dip_duty=0,"
    "seed=318200402,tick_s=2")
STATIC = BASE + (
    "capacity_gb=279,op_pct=27.17,bits=2,slc_type=static,slc_seq_mbps=489,slc_rand_iops=122059,"
    "native_seq_mbps=226,native_rand_mbps=183.7,fold_mbps=226,floor_mbps=28.59,gc_gamma=2.33,"
    "link_mbps=560,iops_cap=100000,noise=0.02,noise_direct=0.12,seed=869240300,slc_gb=7.6,"
    "slc_wa=1.37,dip_duty=0,tick_s=2")
DYNAMIC = BASE + (
    "capacity_gb=358,op_pct=16.05,bits=3,slc_type=dynamic,slc_seq_mbps=452,slc_rand_iops=100065,"
    "native_seq_mbps=128,native_rand_mbps=65.5,fold_mbps=52,floor_mbps=11.27,gc_gamma=0.82,"
    "link_mbps=560,iops_cap=100000,noise=0.05,noise_direct=0.04,seed=480716256,slc_gb=51,"
    "slc_wa=1,dip_period_s=21.1,dip_duty=0.13,dip_depth=0.39,tick_s=2")
# The sweep's drive 19 (seed 2026): after a sequential fill and idle time
# its static cache takes 44 GiB at the cache's speed, 36 fresh.
STATIC_GROWN = BASE + (
    "capacity_gb=1607,op_pct=16.23,bits=2,slc_type=static,slc_seq_mbps=529,"
    "slc_rand_iops=123898,native_seq_mbps=312,native_rand_mbps=278.4,fold_mbps=312,"
    "floor_mbps=46.37,gc_gamma=1.90,link_mbps=560,iops_cap=100000,noise=0.02,"
    "noise_direct=0.12,seed=215317831,slc_gb=36.2,slc_wa=1.01,dip_duty=0,tick_s=2")
INTERVAL = (1, 2, 4)


@pytest.mark.parametrize("spec,state,workload,expect", [
    (NO_CACHE, "seq_fill", "wsat", "no cache"),
    (STATIC, "random_fill", "2h", "cache"),
    (DYNAMIC, "seq_fill", "2h", "folding"),
    # writes at the cache's speed past the fresh cache's size are the cache
    (STATIC_GROWN, "seq_fill", "fill", "cache"),
])
def test_the_fresh_run_tells_a_used_drives_cache_from_its_clean_blocks(spec, state, workload,
                                                                      expect, tmp_path):
    truth, series, a, fresh, used = filled_run(spec, state, workload, tmp_path, INTERVAL)
    r = score_run(truth, series, a)
    assert not r["problems"], r["problems"]
    # (sequential writes over a sequentially filled drive have no used state)
    assert (a["gc"] is None) == (workload == "fill" and state == "seq_fill")
    if expect == "no cache":
        assert a["cache"] is None
    elif expect == "cache":
        assert a["cache"] is not None
    else:
        assert a["cache"] is not None and a["folding"] is not None
        assert a["folding"]["start_bytes"] < a["gc"]["start_bytes"]
    # The CLI's --reference gives the same verdict.
    cli = os.path.join(os.environ.get("SSD_BUILD_DIR", "build"), "ssdcore")
    out = subprocess.run([cli, "analyze", "--json", "--reference", str(fresh), str(used)],
                         capture_output=True, text=True, check=True).stdout
    import json
    b = json.loads(out)
    for k in ("cache", "folding", "gc"):
        assert (a[k] is None) == (b[k] is None), k
        if a[k] is not None:
            assert a[k]["start_bytes" if k != "cache" else "bytes"] == \
                b[k]["start_bytes" if k != "cache" else "bytes"], k


def test_a_fresh_run_is_not_changed_by_a_reference(tmp_path):
    """The reference speaks only for a drive written before the run: a run
    after a TRIM (written_before 0) gets the same regimes with or without
    one."""
    fresh, other = tmp_path / "fresh.csv", tmp_path / "fresh2.csv"
    simulate(STATIC, "fresh", "2h", fresh, INTERVAL)
    simulate(STATIC, "fresh", "wsat", other, INTERVAL)
    a = ssdcore.analyze(str(other))
    b = ssdcore.analyze(str(other), reference=str(fresh))
    assert [p["regime"] for p in a["phases"]] == [p["regime"] for p in b["phases"]]
    assert a["cache"] == b["cache"] and a["gc"] == b["gc"]


def test_a_sequential_fill_over_a_sequentially_filled_drive_has_no_used_state(tmp_path):
    """Sequential overwrites of data written sequentially free whole blocks:
    GC copies nothing, so the run has no used state (the model's 100 such
    fills of the sweep: none). Before: 'false used state at 124.2 GiB' on
    a cacheless drive whose speed wandered near the end of the fill."""
    spec = BASE + (
        "capacity_gb=143,op_pct=15.61,bits=2,slc_type=none,slc_seq_mbps=2125,"
        "slc_rand_iops=478734,native_seq_mbps=549,native_rand_mbps=302.3,fold_mbps=549,"
        "floor_mbps=42.66,gc_gamma=1.60,link_mbps=7000,iops_cap=2000000,noise=0.05,"
        "noise_direct=0.08,seed=872098494,slc_gb=0,dip_duty=0,tick_s=2")
    log = tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "seq_fill", "fill", log, INTERVAL)
    assert not any(p["regime"] == "gc" for p in truth["phases"])
    a = ssdcore.analyze(str(log))
    assert a["precondition"] == "seq_fill" and a["gc"] is None
    assert not score_run(truth, series, a)["problems"]


def test_a_big_drive_whose_short_reference_cannot_rule_out_a_cache(tmp_path):
    """A 1.7 TB SATA drive without a cache: its fresh 2-hour run writes a
    fifth of the capacity, too little to say it has no cache, but its
    randomly filled run's fast start (the clean blocks, 2 GiB) runs no
    faster than that reference's direct level, as an SLC cache would:
    no cache. Before: 'false cache of 2.53 GiB' (200-drive sweep, drive
    86), the fast start a step below the direct level as a phase (its
    median took in the drop) though the cache test put it at it."""
    spec = BASE + (
        "capacity_gb=1682,op_pct=8.71,bits=2,slc_type=none,slc_seq_mbps=484,"
        "slc_rand_iops=81239,native_seq_mbps=93,native_rand_mbps=55.0,fold_mbps=93,"
        "floor_mbps=12.11,gc_gamma=2.15,link_mbps=560,iops_cap=100000,noise=0.05,"
        "noise_direct=0.04,seed=782631654,slc_gb=0,dip_period_s=9.9,dip_duty=0.13,"
        "dip_depth=0.44")
    truth, series, a, fresh, used = filled_run(spec, "random_fill", "2h", tmp_path)
    assert a["cache"] is None and a["gc"] is not None
    assert not score_run(truth, series, a)["false_cache"]


def test_folding_at_the_used_states_speed_is_said_to_be_either(tmp_path):
    """A dynamic cache on a drive written full: the drive folds it before GC
    runs, and GC may follow at the same speed. Seed 7's drive 33 of the
    used-drive sweep, sequentially filled (the fill's last writes still
    cached, the fresh cache 252 GB): 19 GiB of cache, then 21 MiB/s to the
    end of the 2-hour run, all of it folding in the model; the same curve
    as a run whose GC followed at that speed (the model's WSAT of drive
    26). The used state found says it may be folding
    (gc.may_be_folding, the note, the CLI's line), and the scorer reads
    the folding that ends the run as the used state from where it began.
    Before: 'folding from 19.3 GiB missed; false used state at 19.3 GiB'.
    A flat level longer than folding what the cache held can last (164
    GiB after a 2 GiB cache on a randomly filled drive, whose cache GC had
    emptied) is the used state, and says nothing of folding."""
    spec = BASE + (
        "capacity_gb=1292,op_pct=27.98,bits=2,slc_type=dynamic,slc_seq_mbps=447,"
        "slc_rand_iops=84854,native_seq_mbps=93,native_rand_mbps=50.9,fold_mbps=39,"
        "floor_mbps=7.44,gc_gamma=1.56,link_mbps=560,iops_cap=100000,noise=0.02,"
        "noise_direct=0.12,seed=399032058,slc_gb=252,slc_wa=1,dip_duty=0")
    truth, series, a, fresh, used = filled_run(spec, "seq_fill", "2h", tmp_path)
    assert [p["regime"] for p in truth["phases"]] == ["slc", "fold"]
    assert a["cache"] is not None and a["gc"] is not None
    assert a["gc"]["may_be_folding"] is True and a.gc_may_be_folding
    assert "folding" in a["regime_note"]
    assert abs(a["gc"]["start_bytes"] - truth["phases"][1]["start_bytes"]) < 0.05 * 2 ** 30 * 20
    assert not score_run(truth, series, a)["problems"]
    cli = os.path.join(os.environ.get("SSD_BUILD_DIR", "build"), "ssdcore")
    out = subprocess.run([cli, "analyze", "--reference", str(fresh), str(used)],
                         capture_output=True, text=True, check=True).stdout
    assert "or the cache's folding" in out

    spec = BASE + (
        "capacity_gb=2566,op_pct=11.84,bits=2,slc_type=dynamic,slc_seq_mbps=409,"
        "slc_rand_iops=103368,native_seq_mbps=76,native_rand_mbps=67.4,fold_mbps=26,"
        "floor_mbps=19.17,gc_gamma=1.15,link_mbps=560,iops_cap=100000,noise=0.05,"
        "noise_direct=0.08,seed=474950632,slc_gb=715,slc_wa=1,dip_period_s=14.9,"
        "dip_duty=0.15,dip_depth=0.32")
    truth, series, a, fresh, used = filled_run(spec, "random_fill", "2h", tmp_path,
                                               names=("fresh2.csv", "used2.csv"))
    assert [p["regime"] for p in truth["phases"]] == ["slc", "fold", "gc"]
    assert a["gc"] is not None and a["gc"]["may_be_folding"] is False
    assert not score_run(truth, series, a)["problems"]


def test_a_static_cache_of_a_few_samples_then_direct_writes_after_a_fill(tmp_path):
    """A static cache survives a sequential fill (idle time empties it):
    WSAT in 5 s samples writes its 30 GiB at 1.9 GB/s in 3 samples, the 15
    GiB of direct writes idle time cleaned at 0.69 in 5, then GC. The
    segmentation made them one phase whose median is nearer the direct
    level, and the cache test without a reference needs 12 samples to see
    two levels; the reference's cache and direct levels tell them apart.
    Seed 2026's drive 39 of the used-drive sweep. Before: 'cache of 30.27
    GiB missed'."""
    spec = BASE + (
        "capacity_gb=1737,op_pct=9.14,bits=2,slc_type=static,slc_seq_mbps=2444,"
        "slc_rand_iops=486035,native_seq_mbps=828,native_rand_mbps=686.9,fold_mbps=828,"
        "floor_mbps=184.17,gc_gamma=2.23,link_mbps=7000,iops_cap=2000000,noise=0.02,"
        "noise_direct=0.00,seed=646783130,slc_gb=60.4,slc_wa=1.30,dip_period_s=19.1,"
        "dip_duty=0.14,dip_depth=0.57")
    truth, series, a, fresh, used = filled_run(spec, "seq_fill", "wsat", tmp_path)
    assert [p["regime"] for p in truth["phases"]] == ["slc", "native", "gc"]
    r = score_run(truth, series, a)
    assert not r["problems"], r["problems"]
    assert a["cache"] is not None and a["gc"] is not None
    assert [p["regime"] for p in a["phases"]][:2] == ["cache", "direct"]


@pytest.mark.parametrize("spec,workload,regimes", [
    # Seed 7's drive 18: a static cache that slows as it fills (2.1 GB/s,
    # then 1.07, 0.91, 0.76) against direct writes at 0.48. Before: the
    # cache cut at the first sample below the midpoint (4.92 GiB of 6.48),
    # or missed.
    (BASE + "capacity_gb=796,op_pct=22.81,bits=2,slc_type=static,slc_seq_mbps=2575,"
     "slc_rand_iops=548267,native_seq_mbps=770,native_rand_mbps=484.1,fold_mbps=770,"
     "floor_mbps=25.18,gc_gamma=1.31,link_mbps=7000,iops_cap=2000000,noise=0.00,"
     "noise_direct=0.00,seed=214241055,slc_gb=6.9,slc_wa=1.07,dip_period_s=9.8,dip_duty=0.19,"
     "dip_depth=0.38", "2h", ["slc", "native", "gc"]),
    # The same drive's fill: the cache in 3 samples, 2 GiB of direct writes
    # in 3 (slower than fresh: 600 against 770 MB/s), then GC; the cache
    # test took the direct writes for the drop's transition. Before:
    # 'cache of 6.45 GiB missed'.
    (BASE + "capacity_gb=796,op_pct=22.81,bits=2,slc_type=static,slc_seq_mbps=2575,"
     "slc_rand_iops=548267,native_seq_mbps=770,native_rand_mbps=484.1,fold_mbps=770,"
     "floor_mbps=25.18,gc_gamma=1.31,link_mbps=7000,iops_cap=2000000,noise=0.00,"
     "noise_direct=0.00,seed=214241055,slc_gb=6.9,slc_wa=1.07,dip_period_s=9.8,dip_duty=0.19,"
     "dip_depth=0.38", "fill", ["slc", "native", "gc"]),
    # Seed 7's drive 32: 7.2 GiB of static cache in 20 samples (a slower
    # start in the first 3), 2 GiB of direct writes in 19, then GC, in a
    # 7,200-sample run. Before: 'cache of 7.19 GiB missed'.
    (BASE + "capacity_gb=481,op_pct=14.10,bits=2,slc_type=static,slc_seq_mbps=499,"
     "slc_rand_iops=118916,native_seq_mbps=151,native_rand_mbps=117.5,fold_mbps=151,"
     "floor_mbps=19.50,gc_gamma=1.45,link_mbps=560,iops_cap=100000,noise=0.02,"
     "noise_direct=0.12,seed=95389367,slc_gb=9.7,slc_wa=1.36,dip_period_s=16.6,dip_duty=0.18,"
     "dip_depth=0.47", "2h", ["slc", "native", "gc"]),
    # Seed 2026's drive 34: 2 GiB of dynamic cache in one 5 s WSAT sample,
    # its last 0.1 GiB in the next (59 MB/s), 10 samples of folding at 42,
    # then GC at 11; the cache's end was placed against GC. Before: 'cache
    # 2.15 GiB, truth 2.00'.
    (BASE + "capacity_gb=2185,op_pct=10.73,bits=2,slc_type=dynamic,slc_seq_mbps=522,"
     "slc_rand_iops=105972,native_seq_mbps=127,native_rand_mbps=65.6,fold_mbps=81,"
     "floor_mbps=9.05,gc_gamma=0.93,link_mbps=560,iops_cap=100000,noise=0.00,"
     "noise_direct=0.12,seed=1032281515,slc_gb=381,slc_wa=1,dip_duty=0", "wsat",
     ["slc", "fold", "gc"]),
    # Seed 2026's drive 5's fill: 2 GiB of dynamic cache inside the first
    # 1 s sample, folding at 612 MB/s for 7 samples, then GC at 381, in an
    # 850-sample fill; the fresh fill never showed its folding level.
    # Before: 'cache 2.32 GiB, truth 2.00; used state at 2.0 GiB, truth 6.0'.
    (BASE + (
     "capacity_gb=421,op_pct=25.66,bits=3,slc_type=dynamic,slc_seq_mbps=3071,"
     "slc_rand_iops=667013,native_seq_mbps=1311,native_rand_mbps=1031.8,fold_mbps=612,"
     "floor_mbps=297.96,gc_gamma=1.07,link_mbps=7000,iops_cap=2000000,noise=0.05,"
     "noise_direct=0.00,seed=1016900168,slc_gb=24,slc_wa=1,dip_period_s=14.2,"
     "dip_duty=0.16,dip_depth=0.45"), "fill", ["slc", "fold", "gc"]),
    # Seed 2026's drive 17's fill: 2 GiB of dynamic cache in the first 1 s
    # sample, 5 samples of folding at 0.9 GB/s, GC at 0.36; the fresh fill
    # never showed its folding. Before: 'used state at 2.5 GiB, truth 6.0'.
    (BASE + (
     "capacity_gb=537,op_pct=27.49,bits=3,slc_type=dynamic,slc_seq_mbps=4687,"
     "slc_rand_iops=985287,native_seq_mbps=1936,native_rand_mbps=1075.0,fold_mbps=907,"
     "floor_mbps=199.14,gc_gamma=2.31,link_mbps=7000,iops_cap=2000000,noise=0.02,"
     "noise_direct=0.08,seed=16398653,slc_gb=54,slc_wa=1,dip_duty=0"), "fill", ["slc", "fold", "gc"]),
    # Seed 7's drive 33, WSAT: its cache ends in the second 5 s sample (330,
    # then 96 MB/s, then folding at 21), not in the first: the rule above
    # must not take the first sample for the whole cache (it did, before
    # its guard: 'cache 1.51 GiB (at least), truth 2.00').
    (BASE + (
     "capacity_gb=1292,op_pct=27.98,bits=2,slc_type=dynamic,slc_seq_mbps=447,"
     "slc_rand_iops=84854,native_seq_mbps=93,native_rand_mbps=50.9,fold_mbps=39,"
     "floor_mbps=7.44,gc_gamma=1.56,link_mbps=560,iops_cap=100000,noise=0.02,"
     "noise_direct=0.12,seed=399032058,slc_gb=252,slc_wa=1,dip_duty=0"), "wsat", ["slc", "fold", "gc"]),
    # Seed 2026's drive 1: a dynamic cache of 2 GiB in one WSAT sample,
    # its folding, then GC. Before: 'folding from 2.0 GiB missed'.
    (BASE + "capacity_gb=731,op_pct=16.05,bits=3,slc_type=dynamic,slc_seq_mbps=452,"
     "slc_rand_iops=100065,native_seq_mbps=128,native_rand_mbps=65.5,fold_mbps=52,"
     "floor_mbps=11.27,gc_gamma=0.82,link_mbps=560,iops_cap=100000,noise=0.05,"
     "noise_direct=0.04,seed=480716256,slc_gb=103,slc_wa=1,dip_period_s=21.1,dip_duty=0.13,"
     "dip_depth=0.39", "wsat", ["slc", "fold", "gc"]),
])
def test_a_randomly_filled_drives_cache_by_the_reference(spec, workload, regimes, tmp_path):
    truth, series, a, fresh, used = filled_run(spec, "random_fill", workload, tmp_path)
    assert [p["regime"] for p in truth["phases"]] == regimes
    r = score_run(truth, series, a)
    assert not r["problems"], r["problems"]
    assert a["cache"] is not None and a["gc"] is not None


# Cacheless SATA drives of the 200-drive sweep (seed 2026, drives 125 and
# 139: 140 GB and 3.6 TB), randomly filled then 15 minutes idle: 2 GiB of
# clean blocks at the native speed (26-57 one-second samples), then GC, in
# a 2-hour run whose shortest phase is 72 samples. The used state was
# placed at 2.1-2.3 GiB (where the first phase could end at the earliest).
CLEAN_140 = BASE + (
    "capacity_gb=140,op_pct=15.11,bits=3,slc_type=none,slc_seq_mbps=484,slc_rand_iops=106098,"
    "native_seq_mbps=89,native_rand_mbps=45.6,fold_mbps=89,floor_mbps=10.49,gc_gamma=1.48,"
    "link_mbps=560,iops_cap=100000,noise=0.02,noise_direct=0.08,seed=459915264,slc_gb=0,"
    "dip_period_s=17.4,dip_duty=0.20,dip_depth=0.53")
CLEAN_3600 = BASE + (
    "capacity_gb=3634,op_pct=12.26,bits=2,slc_type=none,slc_seq_mbps=497,slc_rand_iops=91671,"
    "native_seq_mbps=78,native_rand_mbps=35.9,fold_mbps=78,floor_mbps=6.75,gc_gamma=0.85,"
    "link_mbps=560,iops_cap=100000,noise=0.05,noise_direct=0.08,seed=204672890,slc_gb=0,"
    "dip_duty=0")

# Drive 26 (1.9 TB): 28 samples of clean blocks, then GC 3x slower; the
# segmentation made them one phase with 75 samples of GC (its median GC's),
# so no drop was seen and the used state was missed.
CLEAN_1866 = BASE + (
    "capacity_gb=1866,op_pct=11.46,bits=2,slc_type=none,slc_seq_mbps=531,"
    "slc_rand_iops=101841,native_seq_mbps=161,native_rand_mbps=71.8,fold_mbps=161,"
    "floor_mbps=21.42,gc_gamma=0.96,link_mbps=560,iops_cap=100000,noise=0.05,"
    "noise_direct=0.12,seed=417681586,slc_gb=0,dip_duty=0")


@pytest.mark.parametrize("spec", [CLEAN_140, CLEAN_3600, CLEAN_1866])
def test_clean_blocks_shorter_than_a_lasting_phase_end_where_they_run_out(spec, tmp_path):
    truth, series, a, fresh, used = filled_run(spec, "random_fill", "2h", tmp_path, (1, 1, 5))
    r = score_run(truth, series, a)
    assert not r["problems"], r["problems"]
    assert a["cache"] is None
    gc = next(x for x in truth["phases"] if x["regime"] == "gc")
    assert abs(a["gc"]["start_bytes"] - gc["start_bytes"]) <= 0.03 * gc["start_bytes"]


# Dynamic-cache SATA drives of the 200-drive sweep (seed 2026, drives 78
# and 160), randomly filled then 15 minutes idle: a 2 GiB cache at about
# 340 MB/s, then folding, in WSAT's 5 s samples. The first sample is cache
# all through (1.6 GiB at the reference's cache level), the second ends the
# cache (113-150 MB/s against folding at 31-86): it was "at most 1.58 GiB,
# ended inside the first sample".
CACHE_IN_SECOND_78 = BASE + (
    "capacity_gb=233,op_pct=11.22,bits=2,slc_type=dynamic,slc_seq_mbps=511,"
    "slc_rand_iops=86094,native_seq_mbps=148,native_rand_mbps=86.9,fold_mbps=51,"
    "floor_mbps=2.82,gc_gamma=2.46,link_mbps=560,iops_cap=100000,noise=0.02,"
    "noise_direct=0.04,seed=582643744,slc_gb=15,slc_wa=1,dip_period_s=21.2,dip_duty=0.12,"
    "dip_depth=0.39")
CACHE_IN_SECOND_160 = BASE + (
    "capacity_gb=149,op_pct=25.54,bits=2,slc_type=dynamic,slc_seq_mbps=538,"
    "slc_rand_iops=84193,native_seq_mbps=211,native_rand_mbps=183.4,fold_mbps=95,"
    "floor_mbps=50.55,gc_gamma=1.49,link_mbps=560,iops_cap=100000,noise=0.00,"
    "noise_direct=0.04,seed=893756902,slc_gb=23,slc_wa=1,dip_duty=0")

# Drive 119: the same, but the segmentation made the two samples (342 and
# 128 MB/s) one phase, then 7 of folding at 54 and GC at 27: "no cache",
# the used state from the cache's end.
CACHE_IN_SECOND_119 = BASE + (
    "capacity_gb=230,op_pct=25.56,bits=2,slc_type=dynamic,slc_seq_mbps=399,"
    "slc_rand_iops=83541,native_seq_mbps=237,native_rand_mbps=124.4,fold_mbps=99,"
    "floor_mbps=21.99,gc_gamma=0.83,link_mbps=560,iops_cap=100000,noise=0.00,"
    "noise_direct=0.00,seed=349020526,slc_gb=48,slc_wa=1,dip_duty=0")


@pytest.mark.parametrize("spec", [CACHE_IN_SECOND_78, CACHE_IN_SECOND_160, CACHE_IN_SECOND_119])
def test_a_cache_that_fills_its_first_sample_ends_in_the_second(spec, tmp_path):
    truth, series, a, fresh, used = filled_run(spec, "random_fill", "wsat", tmp_path, (1, 1, 5))
    r = score_run(truth, series, a)
    assert not r["problems"], r["problems"]
    slc = truth["phases"][0]
    assert slc["regime"] == "slc"
    assert a["cache"]["censored"] in (None, "none"), a["cache"]
    assert abs(a["cache"]["bytes"] - slc["bytes"]) <= 0.05 * slc["bytes"]


# Dynamic-cache NVMe drives of the 200-drive sweep (seed 2026, drive 153's
# fill, drive 62's 2-hour run), randomly filled then 15 minutes idle: a
# 2 GiB cache ends inside the first 1 s sample, then folding, then GC a
# step below. The segmentation gave the first sample and the folding one
# phase (at the folding's level): "no cache", the used state at the
# folding's start or end.
FOLD_IN_FIRST_153 = BASE + (
    "capacity_gb=161,op_pct=22.75,bits=3,slc_type=dynamic,slc_seq_mbps=2781,"
    "slc_rand_iops=510182,native_seq_mbps=737,native_rand_mbps=572.8,fold_mbps=248,"
    "floor_mbps=54.57,gc_gamma=1.56,link_mbps=7000,iops_cap=2000000,noise=0.05,"
    "noise_direct=0.08,seed=504080022,slc_gb=27,slc_wa=1,dip_period_s=22.5,dip_duty=0.11,"
    "dip_depth=0.37")
FOLD_IN_FIRST_62 = BASE + (
    "capacity_gb=907,op_pct=18.70,bits=3,slc_type=dynamic,slc_seq_mbps=5235,"
    "slc_rand_iops=1222771,native_seq_mbps=1313,native_rand_mbps=622.9,fold_mbps=802,"
    "floor_mbps=33.23,gc_gamma=1.85,link_mbps=7000,iops_cap=2000000,noise=0.02,"
    "noise_direct=0.08,seed=818658249,slc_gb=177,slc_wa=1,dip_duty=0")


@pytest.mark.parametrize("spec,workload", [(FOLD_IN_FIRST_153, "fill"), (FOLD_IN_FIRST_62, "2h")])
def test_a_cache_in_the_first_sample_then_folding_in_one_phase(spec, workload, tmp_path):
    truth, series, a, fresh, used = filled_run(spec, "random_fill", workload, tmp_path, (1, 1, 5))
    r = score_run(truth, series, a)
    assert not r["problems"], r["problems"]
    assert a["cache"] is not None and a["folding"] is not None


def _fold_run(fold, gc_level, n_fold, n_gc, burst_p, burst_x, lead=None, fold_noise=0.01,
              gc_head=(), seed=3):
    """A 400 GB drive with a dynamic cache, randomly filled (written twice
    over), then idle: its reference (fresh: 100 GB of cache at 2.8 GB/s,
    60 GB of direct writes at 1.2 or 1.9, then folding at `fold`), and the used
    run: a 2 GiB cache ending inside the first 1 s sample (or the samples
    `lead`, the cache's), n_fold samples of folding at `fold`, then GC at
    gc_level with bursts (a share burst_p of its samples burst_x faster:
    blocks idle time cleaned met again; gc_head: GC's first samples, as
    multiples of its level). Returns the analysis, the cache's
    size and where the model's GC begins."""
    rng = np.random.default_rng(seed)
    direct = 1.2e9 if fold < 0.7e9 else 1.9e9  # (folding a step below direct writes)
    ref = np.concatenate([np.full(36, 2.8e9), np.full(50, direct), np.full(400, fold)])
    ref *= 1 + 0.01 * rng.standard_normal(ref.size)
    gc = gc_level * (1 + 0.02 * rng.standard_normal(n_gc))
    gc[rng.random(n_gc) < burst_p] *= burst_x
    gc[:len(gc_head)] = gc_level * np.asarray(gc_head, float)
    if lead is None:
        lead = [2.0e9 + 0.29 * fold]  # the cache for 0.71 s, folding for 0.29
    cache = sum(lead[:-1]) + (lead[-1] - fold) / (2.8e9 - fold) * 2.8e9
    used = np.concatenate([lead, fold * (1 + fold_noise * rng.standard_normal(n_fold)), gc])
    a = ssdcore.analyze((np.arange(1.0, used.size + 1), used),
                        reference=(np.arange(1.0, ref.size + 1), ref), capacity_bytes=400e9,
                        written_before_bytes=800e9, precondition="random_fill")
    return a, cache, float(used[:len(lead) + n_fold].sum())


@pytest.mark.parametrize("fold,gc_level,n_fold,n_gc,burst_p,burst_x,lead,fold_noise,gc_head", [
    # drive 150's shape (seed 2026): 4 samples of folding 1.2x above GC,
    # whose bursts made the least-squares split not pay: "used state at
    # 2.1 GiB, before the model's 4.0"
    (455e6, 378e6, 4, 5000, 0.15, 2.7, None, 0.01, ()),
    (400e6, 336e6, 5, 7000, 0.12, 2.5, None, 0.01, ()),
    # drive 157's: the cache's sample, 9 of folding and the first GC
    # samples made one first phase at the folding's level: "no cache",
    # the used state 3 GiB late
    (473e6, 355e6, 9, 800, 0.1, 1.3, None, 0.01, ()),
    # drive 94's (after a sequential fill): 2 samples of cache, one where
    # it ended, 12 of folding, then GC, one phase at GC's level: "cache of
    # 7.05 GiB missed"
    (1216e6, 374e6, 12, 3000, 0.1, 2.0, [2.8e9, 2.8e9, 2.27e9], 0.0, ()),
    # drive 160's: a cache of 4 samples, 22 of folding, then GC whose
    # first bursts drew the segmentation's boundary 5 samples late
    (99e6, 62e6, 22, 1500, 0.05, 1.5, [2.8e9, 2.8e9, 2.8e9, 1.5e9], 0.015,
     (1.2, 0.96, 1.0, 2.4, 3.2, 0.97, 0.97, 1.0, 3.0, 2.0)),
])
def test_a_run_of_folding_samples_after_a_one_sample_cache(fold, gc_level, n_fold, n_gc,
                                                          burst_p, burst_x, lead, fold_noise,
                                                          gc_head):
    """docs/analysis.md "A run of folding samples after a cache of a few
    samples": on a drive written full the dynamic cache is folded before
    GC, and the consecutive samples at the folding's level after the
    cache's samples are the folding, whatever GC's bursts do to a
    least-squares split."""
    a, cache, gc_at = _fold_run(fold, gc_level, n_fold, n_gc, burst_p, burst_x, lead, fold_noise,
                                gc_head)
    assert a["cache"] is not None, a["phases"][:3]
    c = a["cache"]
    assert c["bytes"] * 0.95 <= cache <= (c["bytes"] + (c["uncertainty_bytes"] or 0)) * 1.05, \
        (c, cache)
    assert a["folding"] is not None, a["phases"][:3]
    assert abs(a["folding"]["start_bytes"] - cache) <= (lead or [0.5e9])[-1]
    assert a["gc"] is not None and abs(a["gc"]["start_bytes"] - gc_at) <= 1.5 * gc_level, \
        (a["gc"]["start_bytes"], gc_at)


def test_a_cache_the_segmentation_ended_is_the_one_its_folding_follows(tmp_path):
    """Seed 7's drive 34 (the held-out seed; found there when the rule above
    was widened), WSAT after a sequential fill: a 2 GiB-sample cache at the
    reference's level, a sample where it ended, then folding at the
    reference's folding level for 413 GiB, then GC. The segmentation made
    those phases itself, so fold_run_after_cache leaves them; but the run
    of folding samples after the cache's still says that phase 0 is the
    dynamic cache whose folding follows (the reference's levels are read
    from there): before, the folding was labelled direct writes
    ('folding from 15.9 GiB missed')."""
    spec = BASE + (
        "capacity_gb=2667,op_pct=17.39,bits=2,slc_type=dynamic,slc_seq_mbps=3969,"
        "slc_rand_iops=690148,native_seq_mbps=1882,native_rand_mbps=1568.4,fold_mbps=620,"
        "floor_mbps=179.59,gc_gamma=1.51,link_mbps=7000,iops_cap=2000000,noise=0.00,"
        "noise_direct=0.12,seed=500163425,slc_gb=449,slc_wa=1,dip_duty=0")
    truth, series, a, fresh, used = filled_run(spec, "seq_fill", "wsat", tmp_path, (1, 1, 5))
    r = score_run(truth, series, a)
    assert not r["problems"], r["problems"]
    assert [p["regime"] for p in a["phases"]] == ["cache", "folding", "gc"]


def test_clean_blocks_at_a_static_cache_drives_direct_level_end_where_they_run_out(tmp_path):
    """The sweep's drive 18 (seed 2026), a static cache of 2.3 GB, 2-hour run
    after a sequential fill: 81 GiB of the spare area's clean blocks at the
    reference's direct level (65 samples, shorter than a lasting phase of
    72), then GC, whose first bursts drew the segmentation's boundary 13
    samples late ("used state at 86.3 GiB, truth 81.3"). The split of the
    first phase at the clean blocks' end ran only when the reference showed
    no cache; a static cache's reference with this run's fast start at its
    direct level says the same: clean blocks, not a cache."""
    spec = BASE + (
        "capacity_gb=338,op_pct=27.87,bits=2,slc_type=static,slc_seq_mbps=4894,"
        "slc_rand_iops=994762,native_seq_mbps=1695,native_rand_mbps=1336.2,fold_mbps=1695,"
        "floor_mbps=381.45,gc_gamma=1.03,link_mbps=7000,iops_cap=2000000,noise=0.02,"
        "noise_direct=0.00,seed=127872678,slc_gb=2.3,slc_wa=1.06,dip_period_s=29.8,"
        "dip_duty=0.10,dip_depth=0.33")
    truth, series, a, fresh, used = filled_run(spec, "seq_fill", "2h", tmp_path, (1, 1, 5))
    r = score_run(truth, series, a)
    assert not r["problems"], r["problems"]
    gc = next(p for p in truth["phases"] if p["regime"] == "gc")
    assert abs(a["gc"]["start_bytes"] - gc["start_bytes"]) <= 0.05 * gc["start_bytes"]


def test_a_static_cache_the_best_split_cut_inside_is_split_at_the_reference_level():
    """The sweep's drive 179 (seed 2026), WSAT after a random fill, 5 s
    samples: a static cache at 410 MB/s for 4 samples and part of a fifth,
    7 samples of direct writes at 57, then GC at 3. The best two-level
    split of the fast start fell after the second sample, the cache test
    ended the cache after the fifth, and the two did not agree, so the
    phases were merged back: one phase at the direct level, 'cache of 9.04
    GiB missed'. The reference's levels split it where the cache ends."""
    rng = np.random.default_rng(2)
    cap, dt = 1316e9, 5.0
    # (The reference's cache the run's, 4.74 samples: a static cache is one
    # area, and the drive's fresh WSAT read 9.04 GiB as the used run did.
    # It held 4.4 before, 9.01e9 bytes for the 9.01 GiB the fill's log
    # read, 7 % under the run's, which a same-workload reference's static
    # cache now sizes.)
    ref = np.concatenate([np.full(4, 409.6e6), [0.744 * 409.6e6 + 0.256 * 57.1e6],
                          np.full(4315, 57.1e6)]) * (1 + 0.01 * rng.standard_normal(4320))
    used = np.concatenate([[410.6e6, 409.2e6, 410.8e6, 406.7e6, 319.3e6],
                           57e6 * (1 + 0.01 * rng.standard_normal(7)), [19.1e6],
                           3.3e6 * (1 + 0.1 * rng.standard_normal(4307))])
    cache = 4 * dt * 409.6e6 + dt * (319.3e6 - 57e6) / (409.6e6 - 57e6) * 409.6e6
    t = lambda b: dt * np.arange(1.0, b.size + 1)  # noqa: E731
    a = ssdcore.analyze((t(used), used * dt), reference=(t(ref), ref * dt), capacity_bytes=cap,
                        written_before_bytes=2 * cap, precondition="random_fill")
    assert a["cache"] is not None and abs(a["cache"]["bytes"] - cache) <= 0.05 * cache, a["cache"]
    assert [p["regime"] for p in a["phases"]] == ["cache", "direct", "gc"]


# The sweep's drive 170 (seed 2026): WSAT after a random fill, a 2 GiB cache
# in the first 5 s sample, 1.5 samples of folding at 291 MB/s, then GC at
# 264 scattering 225-355. And the test's small drive 36 (seed 2026, 2 s
# noise tick): a fill after a random fill, folding sliding 53 -> 40 MB/s
# with dips for 2 GiB, then GC at 17.
FOLD_THEN_SCATTER_170 = BASE + (
    "capacity_gb=509,op_pct=9.92,bits=3,slc_type=dynamic,slc_seq_mbps=3045,"
    "slc_rand_iops=686246,native_seq_mbps=1363,native_rand_mbps=812.2,fold_mbps=473,"
    "floor_mbps=201.50,gc_gamma=2.01,link_mbps=7000,iops_cap=2000000,noise=0.02,"
    "noise_direct=0.08,seed=795785427,slc_gb=30,slc_wa=1,dip_duty=0")
NOISY_FOLD_36 = BASE + (
    "capacity_gb=230,op_pct=23.76,bits=2,slc_type=dynamic,slc_seq_mbps=389,"
    "slc_rand_iops=76266,native_seq_mbps=101,native_rand_mbps=45.6,fold_mbps=46,"
    "floor_mbps=6.66,gc_gamma=1.64,link_mbps=560,iops_cap=100000,noise=0.00,"
    "noise_direct=0.12,seed=314881430,slc_gb=43,slc_wa=1,dip_duty=0,tick_s=2")


@pytest.mark.parametrize("spec,workload,interval", [
    (FOLD_THEN_SCATTER_170, "wsat", (1, 1, 5)),
    (NOISY_FOLD_36, "fill", (1, 2, 4)),
])
def test_the_folding_run_ends_where_the_speed_falls_below_it(spec, workload, interval,
                                                             tmp_path):
    """The run of folding samples after the cache ends where the speed
    falls a step below its level, not at a faster sample (drive 170: a GC
    burst to 355 MB/s right after the folding's second sample, before
    which the run was too short: "used state at 3.1 GiB, before the
    model's 6.0"); and where the least-squares split of the phase after
    the cache at the folding's level pays, that split is made instead (a
    folding that slides and dips, whose run ended at its first dip: "used
    state at 2.6 GiB, truth 4.0")."""
    truth, series, a, fresh, used = filled_run(spec, "random_fill", workload, tmp_path, interval)
    r = score_run(truth, series, a)
    assert not r["problems"], r["problems"]


def test_a_static_cache_faster_than_the_reference_level_is_still_the_cache():
    """Seed 11's drive 19 of the used-drive sweep (a held-out seed), 2-hour
    run after a random fill and idle time: the static cache's 3.9 GiB in
    three 1 s samples at 1.10, 1.43 and 1.78 GB/s, 2 GiB of direct writes
    at 0.785 in 3, then GC at 0.125. The fresh reference measured its
    cache on three samples too, at 1.19 GB/s, so the used run's cache
    samples (median 1.43) sat 1.2x above it, over a step, and the rules
    that split a cache off a fast start by the reference's levels asked
    for the cache's level within a step, on either side: 'cache of 3.92
    GiB missed', the fast start read as clean blocks. Writes faster than
    the reference's cache are no direct writes; only a cache level a step
    below the reference's is refused."""
    rng = np.random.default_rng(11)
    cap, n = 206e9, 3600
    noise = lambda m: 1 + 0.02 * rng.standard_normal(m)  # noqa: E731
    ref = np.concatenate([[1184e6, 1191e6, 1190e6, 0.4 * 1190e6 + 0.6 * 800e6],
                          800e6 * noise(n - 4)])
    used = np.concatenate([[1102e6, 1432e6, 1784e6], 785e6 * noise(2), [520e6],
                           125e6 * noise(n - 6)])
    t = np.arange(1.0, n + 1)
    a = ssdcore.analyze((t, used), reference=(t, ref), capacity_bytes=cap,
                        written_before_bytes=2 * cap, precondition="random_fill")
    cache = (1102e6 + 1432e6 + 1784e6) + (783e6 - 785e6)  # ends at the third sample
    assert a["cache"] is not None, a.get("regime_note")
    assert abs(a["cache"]["bytes"] - cache) <= 0.1 * cache, a["cache"]
    assert [p["regime"] for p in a["phases"]] == ["cache", "direct", "gc"]


def test_clean_blocks_in_a_first_phase_longer_than_two_lasting_phases(tmp_path):
    """Seed 11's drive 119 of the used-drive sweep (held out), a cacheless
    SATA drive's 2-hour run after a random fill and idle time: the 2 GiB
    idle time cleaned at 55 MB/s in 40 samples (with GC dips), then GC at
    17 with bursts to 40. The segmentation made the 40 fast samples and
    182 of GC one first phase of 222 samples, its median GC's, so no drop
    was seen ("used state from 2.0 GiB missed"). The split of such a phase
    where the clean blocks ran out asked for a first phase of at most two
    lasting phases (144 samples); what bounds the fast level is the clean
    blocks the drive can have."""
    spec = BASE + (
        "capacity_gb=396,op_pct=19.44,bits=2,slc_type=none,slc_seq_mbps=391,"
        "slc_rand_iops=67727,native_seq_mbps=93,native_rand_mbps=53.0,fold_mbps=93,"
        "floor_mbps=15.73,gc_gamma=1.43,link_mbps=560,iops_cap=100000,noise=0.00,"
        "noise_direct=0.12,seed=464262774,slc_gb=0,dip_period_s=18.3,dip_duty=0.14,"
        "dip_depth=0.57")
    truth, series, a, fresh, used = filled_run(spec, "random_fill", "2h", tmp_path)
    r = score_run(truth, series, a)
    assert not r["problems"], r["problems"]
    assert a["cache"] is None and a["gc"] is not None
    assert a["gc"]["start_bytes"] == pytest.approx(truth["gc_start_bytes"], rel=0.05)


def test_a_static_cache_and_direct_writes_in_one_phase_with_the_used_states_start(tmp_path):
    """Seed 11's drive 38 of the used-drive sweep (held out), 2 hours
    after a random fill and idle time: its static cache in 5 samples at
    331 MB/s, 2 GiB of direct writes in 9 at 253, then GC at 45. The
    segmentation made those and GC's first 36 samples one phase of 49
    (median 54 MB/s, GC's), so the cache and direct writes could not be
    split off by the reference's levels ("cache of 1.69 GiB missed; used
    state at 5.8 GiB, truth 3.7"). The direct writes are the run of
    samples between the reference's levels' midpoints; the GC samples
    after them go to the used state."""
    spec = BASE + (
        "capacity_gb=139,op_pct=24.01,bits=3,slc_type=static,slc_seq_mbps=482,"
        "slc_rand_iops=81000,native_seq_mbps=271,native_rand_mbps=240.7,fold_mbps=271,"
        "floor_mbps=40.47,gc_gamma=2.32,link_mbps=560,iops_cap=100000,noise=0.00,"
        "noise_direct=0.04,seed=183348091,slc_gb=2.2,slc_wa=1.31,dip_duty=0")
    truth, series, a, fresh, used = filled_run(spec, "random_fill", "2h", tmp_path)
    r = score_run(truth, series, a)
    assert not r["problems"], r["problems"]
    assert [p["regime"] for p in a["phases"]][:3] == ["cache", "direct", "gc"]
