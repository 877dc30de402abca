"""The used-drive sweep's opt-in span mode (bench/used_drive_sweep.py
--span; docs/simulator.md, "Runs over part of the drive"): every run
writes a part of its drive only, as CrystalDiskMark's test file or fio
--size/--offset do. A few small drives here (seconds); the 60-drive
table is in docs/simulator.md."""
import json

import numpy as np
import pytest

from used_drive_scoring import (SPAN_STREAM, analyze_logs, draw, draw_span, parse_span, simulate,
                                span_area, sweep, table)

SMALL = dict(cap_range=(120, 1000), tick_s=2, interval=(1, 2, 4))
GIB = 2 ** 30


def test_parse_span_takes_fractions_or_sizes():
    assert parse_span("0.01-0.1") == ("frac", 0.01, 0.1)
    assert parse_span("8g-64g") == ("bytes", 8 * GIB, 64 * GIB)
    assert parse_span("32GiB") == ("bytes", 32 * GIB, 32 * GIB)
    for bad in ("0.1-8g", "64g-8g", "x", "0-0.1", "1-2-3"):
        with pytest.raises(ValueError):
            parse_span(bad)


def test_span_area_lies_inside_the_drive_within_the_range():
    rng = np.random.default_rng(1)
    cap = 500 * 10 ** 9
    for _ in range(200):
        u = draw_span(rng)
        off, size = span_area(("bytes", 8 * GIB, 64 * GIB), u, cap)
        assert 8 * GIB - 2 ** 20 <= size <= 64 * GIB and off % 2 ** 20 == 0
        assert 0 <= off and off + size <= cap
        off, size = span_area(("frac", 0.02, 0.3), u, cap)
        assert 0.02 * cap - 2 ** 20 <= size <= 0.3 * cap and off + size <= cap
    # Never more than the drive.
    assert span_area(("frac", 1, 1), (0.5, 0.5), cap)[1] <= cap


def test_span_mode_keeps_the_default_sweeps_drives(tmp_path):
    """The span draws come from their own stream: the drives (and so a
    default sweep's runs and kept logs) are the same with or without
    --span, and each run's log records the area it wrote."""
    span = parse_span("8g-64g")
    rows = sweep(3, 2026, str(tmp_path), states=("fresh", "seq_fill"), span=span, keep=True,
                 **SMALL)
    rng = np.random.default_rng(2026)
    specs = [draw(rng, SMALL["cap_range"], SMALL["tick_s"])[1] for _ in range(3)]
    assert [r["spec"] for r in rows if r["state"] == "fresh" and r["workload"] == "2h"] == specs
    srng = np.random.default_rng([2026, SPAN_STREAM])
    for i in range(3):
        u = draw_span(srng)
        rs = [r for r in rows if r["drive"] == i and not r.get("too_short")]
        assert rs
        for r in rs:
            with open(r["log"]) as f:
                f.readline()
                meta = json.loads(f.readline().lstrip("# "))
            off, size = span_area(span, u, meta["capacity_bytes"])
            assert (meta["offset"], meta["span"], meta["span_bytes"]) == (off, size, size)
            assert r["span_bytes"] == size and 0 < r["span_fraction"] < 1
            assert r["log"].endswith("-span.csv")
    # No false cache on these drives; the table counts the analysed runs.
    assert not any(r["false_cache"] for r in rows if not r.get("too_short"))
    assert sum(c["runs"] for c in table(rows)) == sum(not r.get("too_short") for r in rows)


def test_a_reference_that_never_dropped_tells_no_cache(tmp_path):
    """The span sweep's seed 2026 drive 9 (an enterprise drive, no cache):
    its fresh fill of a 42.7 GiB span wrote 2.29 GB/s throughout, its
    fill of the same span after a random fill 2.3 GiB of the clean blocks
    idle GC left at 2.32 GB/s, then GC at 1.03. A reference at one speed,
    shorter than any cache could be, may show a cache's level as well as
    direct writes: the used run is read as without it (clean blocks, the
    used state from 2.3 GiB), not "a cache of at most 2.35 GiB"."""
    spec = ("sim:bx200,native_write_lat_us=0,capacity_gb=154,op_pct=13.59,bits=3,slc_type=none,"
            "slc_gb=0,native_seq_mibps=2372,native_rand_mibps=1273,fold_mibps=2372,"
            "floor_mibps=553.0,gc_gamma=1.95,gc_settle_gb=0,gc_spread=0.05,link_mibps=3500,"
            "iops_cap=2000000,read_seq_mibps=3150,read_rand_iops=1000000,write_lat_us=15,"
            "idle_gc_mibps=146,idle_gc_gb=2.4,noise=0.02,noise_direct=0.03,dip_duty=0,"
            "seed=955091588,tick_s=2")
    span = ("bytes", 8 * GIB, 64 * GIB)
    logs = {}
    for state in ("fresh", "random_fill"):
        logs[state] = str(tmp_path / f"{state}.csv")
        simulate(spec, state, "fill", logs[state], span=span, span_u=(0.8050053669774745,
                                                                      0.567461050475236))
    (alone,) = analyze_logs([logs["random_fill"]])
    (ref,) = analyze_logs([logs["random_fill"]], args=["--reference", logs["fresh"]])
    for a in (alone, ref):
        assert a["span_bytes"] == 45812285440
        assert a["cache"] is None, a["cache"]
        assert a["gc"] and abs(a["gc"]["start_bytes"] / GIB - 2.3) < 0.1


def test_one_level_past_the_clean_blocks_over_a_span_may_follow_a_cache(tmp_path):
    """The span sweep's seed 2026 drive 1 (358 GB, a dynamic cache) after a
    sequential fill, the 2-hour test over 47.3 GiB: 16.6 GiB of cache at
    380 MiB/s, folding at 27, then GC over the span at 32 (over the whole
    drive its floor is 11). One drop, then a level past every clean block
    the drive can have had: over the whole drive that level is GC, so the
    fast start was the clean blocks; over a span GC may run at the
    folding's speed, and the analysis says a cache would read the same."""
    spec = ("sim:bx200,native_write_lat_us=0,capacity_gb=358,op_pct=16.05,bits=3,"
            "slc_type=dynamic,slc_seq_mibps=452,slc_rand_iops=100065,native_seq_mibps=128,"
            "native_rand_mibps=65.5,fold_mibps=52,floor_mibps=11.27,gc_gamma=0.82,link_mibps=560,"
            "iops_cap=100000,noise=0.05,noise_direct=0.04,seed=480716256,slc_gb=51,slc_wa=1,"
            "dip_period_s=21.1,dip_duty=0.13,dip_depth=0.39,tick_s=2")
    log = str(tmp_path / "seq_fill-2h.csv")
    truth, _, cap, _ = simulate(spec, "seq_fill", "2h", log, interval=(1, 2, 4),
                                span=("bytes", 8 * GIB, 64 * GIB),
                                span_u=(0.8548084843288105, 0.32001635421034924))
    assert [p["regime"] for p in truth["phases"]] == ["slc", "fold", "gc"]
    (part,) = analyze_logs([log])
    (whole,) = analyze_logs([log], args=["--span", str(cap)])
    assert part["span_bytes"] < 0.2 * cap and whole["span_bytes"] == cap
    for a in (part, whole):  # the labels: clean blocks, the used state at their end
        assert a["cache"] is None and abs(a["gc"]["start_bytes"] / GIB - 16.6) < 0.2
    assert "folding at the used state's speed would read the same" in part.get("regime_note", "")
    # (Over the whole drive the level is past any clean room, so no direct
    # writes; since round 26 the note says a dynamic cache whose folding
    # starts that level reads the same, as this one's does: the fast start
    # is 4.6 % of the capacity, no larger than a dynamic cache a fill
    # leaves. Not the span's note.)
    assert "folding at the used state's speed" not in (whole.get("regime_note") or "")
    assert "whose folding starts that level" in (whole.get("regime_note") or "")
    assert whole["undecided"] == {"between": "cache_or_clean_blocks", "read_as": "clean_blocks",
                                  "decided_by": "reference"}
