"""A run straight after a whole-drive fill, with no idle between (issue 21's
own fill.suite: the 2-hour test right after the sequential fill; the
sweep's opt-in `seq_fill_noidle` state; docs/analysis.md, "No room in the
cache right after a fill"). The fill left the cache full: a static one
holds the fill's first bytes until idle time flushes it, a dynamic one the
fill's last, which the run folds while it writes. So a fast first level is
the clean spare area at the direct speed (then the fill's end folding, then
GC), or what the fill's last folding freed in SLC mode: a little room, a
few seconds' writes. The drives are the used-drive sweep's own (seed 2026,
their numbers in each test), at their full size; the run's log records
`idle_before_s` 0, `precondition` seq_fill and what was written before."""
import json
import subprocess

import pytest

from analyze_cli import cli, regimes
from used_drive_scoring import score_run, simulate

GIB = 2**30
COMMON = "sim:bx200,native_write_lat_us=0,"
# Drive 5: 32 GiB of clean blocks at 1,032 MB/s (its direct speed), the
# fill's end folding at 482 to 97 GiB, then GC at 322.
D5 = (COMMON + "capacity_gb=421,op_pct=25.66,bits=3,slc_type=dynamic,slc_seq_mibps=3071,"
      "slc_rand_iops=667013,native_seq_mibps=1311,native_rand_mibps=1031.8,fold_mibps=612,"
      "floor_mibps=297.96,gc_gamma=1.07,link_mibps=7000,iops_cap=2000000,noise=0.05,"
      "noise_direct=0.00,seed=1016900168,slc_gb=24,slc_wa=1,dip_period_s=14.2,"
      "dip_duty=0.16,dip_depth=0.45")
# Drive 78: 0.06 GiB of clean blocks inside the first second, then folding
# at 30 MB/s to 22 GiB, then GC at 3.
D78 = (COMMON + "capacity_gb=233,op_pct=11.22,bits=2,slc_type=dynamic,slc_seq_mibps=511,"
       "slc_rand_iops=86094,native_seq_mibps=148,native_rand_mibps=86.9,fold_mibps=51,"
       "floor_mibps=2.82,gc_gamma=2.46,link_mibps=560,iops_cap=100000,noise=0.02,"
       "noise_direct=0.04,seed=582643744,slc_gb=15,slc_wa=1,dip_period_s=21.2,"
       "dip_duty=0.12,dip_depth=0.39")
# Drive 36, a sequential fill run: 0.16 GiB at its direct speed (96 MB/s),
# then 74 as the model alternates SLC writes and folding.
D36 = (COMMON + "capacity_gb=351,op_pct=23.76,bits=2,slc_type=dynamic,slc_seq_mibps=389,"
       "slc_rand_iops=76266,native_seq_mibps=101,native_rand_mibps=45.6,fold_mibps=46,"
       "floor_mibps=6.66,gc_gamma=1.64,link_mibps=560,iops_cap=100000,noise=0.00,"
       "noise_direct=0.12,seed=314881430,slc_gb=65,slc_wa=1,dip_duty=0")
# Drive 173: 0.81 GiB the fill's last folding freed, written at the SLC
# speed (302 MB/s), then the fill's end folding at 30 to the run's end.
D173 = (COMMON + "capacity_gb=1614,op_pct=20.58,bits=2,slc_type=dynamic,slc_seq_mibps=424,"
        "slc_rand_iops=77064,native_seq_mibps=107,native_rand_mibps=60.8,fold_mibps=52,"
        "floor_mibps=6.25,gc_gamma=1.98,link_mibps=560,iops_cap=100000,noise=0.05,"
        "noise_direct=0.04,seed=135469965,slc_gb=463,slc_wa=1,dip_duty=0")
INTERVAL = (1, 1, 5)


def run(tmp_path, spec, workload="2h"):
    log = tmp_path / "run.csv"
    truth, series, _, _ = simulate(spec, "seq_fill_noidle", workload, log, INTERVAL)
    return log, truth, series


def test_clean_blocks_then_the_fills_end_folding_are_no_cache(tmp_path):
    """32 GiB at the direct speed then a drop to the folding read as a
    cache of 32 GiB (7.7 % of the capacity): no room is left for one, so
    it is the clean blocks (direct), then the folding, then GC, as the
    model has it. The same log told 15 minutes of idle keeps the cache
    (the rule is gated on no idle), as does one whose idle is unknown."""
    log, truth, series = run(tmp_path, D5)
    a = cli(log)
    assert a["cache"] is None
    assert regimes(a) == ["direct", "folding", "gc"]
    assert score_run(truth, series, a)["problems"] == []
    for told in (("--idle-before-s", "900"), ("--precondition", "unknown")):
        assert cli(log, *told)["cache"]["bytes"] / GIB == pytest.approx(32.4, abs=0.5)


def test_a_fast_first_sample_is_no_cache(tmp_path):
    """Clean blocks that ran out inside the first second, read as a cache
    ended inside the sample (0.04 GiB, "at least"): with no room in the
    cache it is direct writes."""
    log, truth, series = run(tmp_path, D78)
    a = cli(log)
    assert a["cache"] is None
    r = score_run(truth, series, a)
    assert not r["false_cache"] and r["problems"] == []


def test_a_short_start_at_the_direct_speed_is_no_cache(tmp_path):
    """A sequential fill straight after the fill: 0.17 GiB at the direct
    speed, then a level 1.3 times below it, read as a cache: a drop direct
    writes make into their folding (under NOIDLE_SLC_OVER_FOLD); the fresh
    run's direct level (the same workload) says it ran at that speed."""
    log, truth, series = run(tmp_path, D36, "fill")
    ref = tmp_path / "fresh.csv"
    simulate(D36, "fresh", "fill", ref, INTERVAL)
    for a in (cli(log), cli(log, "--reference", ref)):
        assert a["cache"] is None
        assert not score_run(truth, series, a)["false_cache"]


def test_the_room_the_fills_folding_freed_is_a_cache(tmp_path):
    """0.81 GiB (0.05 % of the capacity) at the SLC speed, then the folding
    10 times slower: the little room the fill's last folding freed, faster
    than direct writes run over their folding (NOIDLE_SLC_OVER_FOLD), a
    cache kept; with the fresh run as reference too, whose direct level
    (about 61 MB/s) it ran far above."""
    log, truth, series = run(tmp_path, D173)
    ref = tmp_path / "fresh.csv"
    simulate(D173, "fresh", "2h", ref, INTERVAL)
    for a in (cli(log), cli(log, "--reference", ref)):
        assert a["cache"]["bytes"] / GIB == pytest.approx(0.81, abs=0.05)
        assert not score_run(truth, series, a)["missed_cache"]


# Drive 48 (seed 2026): 3,115 GB, a dynamic cache; after the whole-drive
# fill 162 GiB of clean blocks at 1.64 GB/s, the fill's end folding at
# 1.15 to 526 GiB, then GC at 0.43.
D48 = (COMMON + "capacity_gb=3115,op_pct=19.01,bits=2,slc_type=dynamic,slc_seq_mibps=6262,"
       "slc_rand_iops=1214573,native_seq_mibps=1951,native_rand_mibps=1572.8,fold_mibps=1365,"
       "floor_mibps=377.09,gc_gamma=0.82,link_mibps=7000,iops_cap=2000000,noise=0.02,"
       "noise_direct=0.04,seed=708507585,slc_gb=219,slc_wa=1,dip_period_s=13.8,"
       "dip_duty=0.14,dip_depth=0.53")
# Issue 21's own fill.suite, its fill the whole drive (512g on its 512 GB
# drive; 3115g here): the long 4K run straight after the 128K fill.
ISSUE_SUITE = """trim
idle 15m
job name=fill pattern=write bs=128k qd=32 bytes={cap}g
job name=steady pattern=randwrite bs=4k qd=32 bytes=1024g interval=1s log=steady
analyze steady
"""


def test_the_issue_s_suite_knows_its_fill_left_the_cache_full(tmp_path):
    """The issue's suite fills with a job, not a `precondition` step: the
    run after it recorded no precondition, so the rule above never applied
    there, and drive 48's clean blocks read as a cache of 162 GiB (MISMATCH
    with the model). The suite now records the whole-drive sequential job
    as a seq_fill: no cache, the fill's end folding, then GC, through the
    CLI, Python and the report alike, as the model has it."""
    import ssdcore

    sf = tmp_path / "fill.suite"
    sf.write_text(ISSUE_SUITE.format(cap=3115))
    out = tmp_path / "cli"
    text = subprocess.run(["ssdcore", "suite", D48, "--suite-file", str(sf), "--out", str(out)],
                          check=True, capture_output=True, text=True).stdout
    assert "MISMATCH" not in text and "steady: 1024.0 GiB" in text and "no SLC cache" in text
    py = ssdcore.suite(D48, tmp_path / "py", suite_file=sf)
    res = json.load(open(out / "results.json"))
    for r in (res, py):
        job = next(s for s in r["steps"] if s["name"] == "steady")
        a = next(s for s in r["steps"] if s["kind"] == "analyze")["analysis"]
        assert a["precondition"] == "seq_fill" and a["idle_before_s"] == 0
        assert a["cache"] is None
        assert regimes(a)[0] == "direct" and "folding" in regimes(a) and regimes(a)[-1] == "gc"
        truth = job["sim_truth"]
        assert [p["regime"] for p in truth["phases"]] == ["native", "fold", "gc"]
        assert a["gc"]["start_bytes"] / GIB == pytest.approx(truth["gc_start_bytes"] / GIB,
                                                             rel=0.1)
    for d in (out, tmp_path / "py"):
        page = (d / "report.html").read_text()
        assert "steady: no SLC cache" in page and "MISMATCH" not in page
    # The same log with the drive's past unknown: the false cache it had.
    assert cli(out / "steady.csv", "--precondition", "unknown")["cache"]["bytes"] / GIB > 100


# Drive 81 (seed 2026): after the issue's fill 38.7 GiB of clean blocks at
# 543 MiB/s, the fill's end folding at 258 to 262 GiB, then GC at 126.
D81 = (COMMON + "capacity_gb=1348,op_pct=21.37,bits=2,slc_type=dynamic,slc_seq_mibps=3216,"
       "slc_rand_iops=512172,native_seq_mibps=841,native_rand_mibps=547.8,fold_mibps=396,"
       "floor_mibps=118.98,gc_gamma=2.37,link_mibps=7000,iops_cap=2000000,noise=0.05,"
       "noise_direct=0.08,seed=220247611,slc_gb=146,slc_wa=1,dip_period_s=18.9,"
       "dip_duty=0.19,dip_depth=0.50")


@pytest.mark.parametrize("spec,cap,gc_gib", [(D5, 421, 97.0), (D81, 1348, 261.7)])
def test_the_issue_s_suite_tells_the_fills_end_folding_from_gc(tmp_path, spec, cap, gc_gib):
    """The issue's run is 1 TiB, not the sweep's 2 hours: GC after the
    fill's end folding is a long tail, and the segmentation's three levels
    (clean blocks, the folding's quiet level, GC's scatter) were merged
    from the first drop into one used state sliding from the folding's
    level ("used state from 32.5 GiB, model 97.0": MISMATCH). With no room
    in the cache after a sequential fill, the first drop is the folding
    and the used state starts at the next lasting, scattered level."""
    sf = tmp_path / "fill.suite"
    sf.write_text(ISSUE_SUITE.format(cap=cap))
    out = tmp_path / "r"
    text = subprocess.run(["ssdcore", "suite", spec, "--suite-file", str(sf), "--out", str(out)],
                          check=True, capture_output=True, text=True).stdout
    assert "MISMATCH" not in text
    res = json.load(open(out / "results.json"))
    a = next(s for s in res["steps"] if s["kind"] == "analyze")["analysis"]
    assert a["cache"] is None and regimes(a) == ["direct", "folding", "gc"]
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(gc_gib, rel=0.05)
    # The headline ends the clean blocks where the folding starts, and says
    # where the used state does ("until 261.5 GiB" read as clean blocks
    # through the folding).
    fold = a["folding"]["start_bytes"] / GIB
    assert "clean-block speed " in text and f" until {fold:.1f} GiB" in text
    assert f"used state from {a['gc']['start_bytes'] / GIB:.1f} GiB" in text
    alone = cli(out / "steady.csv")
    assert regimes(alone) == regimes(a)


# Drive 65 (seed 2026): a static cache of 111 GiB, which the fill left
# holding its first bytes; after it 124 GiB of clean blocks at 31 MB/s,
# then GC at 9.
D65 = (COMMON + "capacity_gb=3417,op_pct=14.45,bits=3,slc_type=static,slc_seq_mibps=439,"
       "slc_rand_iops=112018,native_seq_mibps=71,native_rand_mibps=31.2,fold_mibps=71,"
       "floor_mibps=8.60,gc_gamma=1.02,link_mibps=560,iops_cap=100000,noise=0.02,"
       "noise_direct=0.08,seed=259684245,slc_gb=110.9,slc_wa=1.19,dip_duty=0")


def test_a_drop_too_deep_for_the_folding_is_the_used_state(tmp_path):
    """The clean blocks at the direct speed, then a level 3.5 times lower
    to the run's end, no room in the cache: the drop was read as the
    folding (no used state found). Direct writes drop at most 2.7 times
    into the folding after them on the sweep's drives (NOIDLE_SLC_OVER_FOLD
    is 3): deeper is GC, the used state from where the clean blocks ran
    out, as the model has it."""
    log, truth, series = run(tmp_path, D65)
    a = cli(log)
    assert a["cache"] is None and regimes(a) == ["direct", "gc"]
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(123.9, rel=0.05)
    assert score_run(truth, series, a)["problems"] == []


# Drive 104 (seed 2026): 1.4 GiB the fill's last folding freed, written at
# 273 MiB/s, then the fill's end folding at 56 to 221 GiB, then GC at 6.
D104 = (COMMON + "capacity_gb=2772,op_pct=9.47,bits=3,slc_type=dynamic,slc_seq_mibps=385,"
        "slc_rand_iops=78410,native_seq_mibps=209,native_rand_mibps=98.4,fold_mibps=118,"
        "floor_mibps=5.18,gc_gamma=0.92,link_mibps=560,iops_cap=100000,noise=0.05,"
        "noise_direct=0.04,seed=958617819,slc_gb=169,slc_wa=1,dip_period_s=9.9,"
        "dip_duty=0.19,dip_depth=0.50")


@pytest.mark.parametrize("spec,want", [(D104, ["cache", "folding", "gc"]),
                                       (D173, ["cache", "folding"])])
def test_after_the_freed_room_the_fills_end_folds(tmp_path, spec, want):
    """A cache kept right after a sequential fill is the room the fill's
    last folding freed, which only a dynamic cache has (a static one still
    holds the fill's first bytes): the level after it is the fill's end
    folding, to GC or to the run's end. It read as direct writes ("folding
    from 1.4 GiB missed"), with no reference."""
    log, truth, series = run(tmp_path, spec)
    a = cli(log)
    assert regimes(a) == want
    assert score_run(truth, series, a)["problems"] == []


# Drive 29 (seed 2026): a 128K sequential fill straight after the fill,
# 0.14 GiB fast, then the model folds to the end at 27 MiB/s.
D29 = (COMMON + "capacity_gb=258,op_pct=22.13,bits=3,slc_type=dynamic,slc_seq_mibps=443,"
       "slc_rand_iops=71481,native_seq_mibps=60,native_rand_mibps=44.2,fold_mibps=19,"
       "floor_mibps=5.10,gc_gamma=2.06,link_mibps=560,iops_cap=100000,noise=0.00,"
       "noise_direct=0.12,seed=229972768,slc_gb=69,slc_wa=1,dip_duty=0")


def test_sequential_writes_after_the_fill_have_no_used_state(tmp_path):
    """Sequential writes over a sequentially filled drive free whole
    blocks: no GC, so a deep drop in them is never the used state (the
    rule above read the sweep's fill runs as "false used state at 0.2-2.7
    GiB" before it left them out)."""
    log, truth, series = run(tmp_path, D29, "fill")
    a = cli(log)
    assert "gc" not in regimes(a) and a["gc"] is None
    assert score_run(truth, series, a)["problems"] == []


# Drive 30 (seed 13): 0.09 GiB the fill's last folding freed, inside the
# first second (103 MiB/s), then the fill's end folding at 23 to the end.
D30 = (COMMON + "capacity_gb=1306,op_pct=15.25,bits=2,slc_type=dynamic,slc_seq_mibps=473,"
       "slc_rand_iops=75691,native_seq_mibps=57,native_rand_mibps=41.4,fold_mibps=32,"
       "floor_mibps=10.91,gc_gamma=2.05,link_mibps=560,iops_cap=100000,noise=0.02,"
       "noise_direct=0.04,seed=782288199,slc_gb=285,slc_wa=1,dip_period_s=8.7,"
       "dip_duty=0.20,dip_depth=0.56")


def test_a_first_sample_s_deep_drop_is_still_the_folding(tmp_path):
    """A first level of one sample (freed SLC room, not clean blocks at
    the direct speed) drops more than direct writes do into the folding:
    the drop-to-GC rule needs a lasting first level (it read seed 13's
    drive 30 as "false used state at 0.1 GiB")."""
    log, truth, series = run(tmp_path, D30)
    a = cli(log)
    assert "gc" not in regimes(a) and "folding" in regimes(a)
    assert score_run(truth, series, a)["problems"] == []
