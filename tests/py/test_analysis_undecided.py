"""What one curve of a used drive cannot decide, said in fields in every
path (issue 21: "without the capacity [context], say what cannot be
told"; docs/analysis.md, "What one curve cannot decide"). Two classes of
the used-drive sweep's runs without a reference are undecidable from the
curve: after a random fill, a static SLC cache straight into GC reads as
the clean blocks idle GC prepared (the labels take the clean blocks), and
after a sequential fill a dynamic cache the fill shrank folds before GC, at
a level read as direct writes or as the used state's start. The fill's
own log (or the drive's fresh run) as the reference decides both. The C
result (ssd_analysis_undecided), `ssdcore analyze` (text and --json), a
suite's results.json (the step's analysis object) and Python
(AnalysisResult.undecided, .undecided_read_as, .decided_by and the
summary frame's columns) say the same."""
import json
import math
import os
import subprocess
import sys

import numpy as np
import pytest

import ssdcore

GIB = 2 ** 30
MIB = 2 ** 20


def write_log(path, rates, capacity, precondition, written_before):
    """A one-second series CSV whose metadata carries the analysis
    context, as a job writes it."""
    meta = {"capacity_bytes": capacity, "written_before_bytes": written_before,
            "precondition": precondition, "idle_before_s": 900, "pattern": "randwrite",
            "block_size": 4096, "queue_depth": 32, "interval_s": 1}
    with open(path, "w") as f:
        f.write("# ssdcore-series 1\n# " + json.dumps(meta) + "\nt_s,bytes\n")
        for i, r in enumerate(rates):
            f.write(f"{i + 1},{int(r)}\n")
    return str(path)


def seq_fill_fold_as_used_state(rng):
    """A 2-hour run after a sequential fill, shaped as seed 13's drive 184
    in the sweep (296 GB): a dynamic cache the fill shrank to 18 GiB at
    1.72 GiB/s, its folding at 566 MiB/s to 30 GiB, a quiet 330 MiB/s to
    150 s, then GC at 146 bursting to 1.2-3.5x it one sample in three. Read
    as the cache, then one used state sliding from 330 MiB/s: the folding
    is inside the used state's start."""
    n = 7200
    levels = ((18 * GIB, 1720 * MIB, 0.015), (30 * GIB, 566 * MIB, 0), (None, 330 * MIB, 0))
    b, w = np.empty(n), 0.0
    for i in range(n):
        left, r = 1.0, 0.0
        for end, lv, cv in levels:
            if end is not None and w >= end:
                continue
            t = left if end is None else min(left, max(0.0, (end - w - r) / lv))
            r += t * lv * math.exp(cv * rng.standard_normal())
            left -= t
            if left <= 0:
                break
        if i >= 150:
            r = 146 * MIB * (rng.uniform(1.2, 3.5) if rng.random() < 0.33 else 1.0)
        b[i] = r
        w += r
    return b


def random_fill_one_drop(rng):
    """A 2-hour run after a random fill: 19.2 GiB at 298 MiB/s (a static
    cache idle time flushed, or clean blocks), then straight into GC at
    25.5 MiB/s (seed 2026's drive 7)."""
    n, fast, hi = 7200, 19.2 * GIB, 298 * MIB
    b, w = np.empty(n), 0.0
    for i in range(n):
        t = min(1.0, max(0.0, (fast - w) / hi))
        b[i] = t * hi + (1 - t) * 25.5 * MIB * math.exp(0.05 * rng.standard_normal())
        w += b[i]
    return b


def seq_fill_fold_at_gc_speed(rng):
    """A 2-hour run after a sequential fill shaped as seed 13's drive 107
    (355 GiB): a dynamic cache of 24 GiB at 1260 MiB/s, then its folding at
    112 MiB/s and GC at 117, one level to the end. Read as the clean
    blocks a fill left (the level after them outlasts any clean room, so
    it is no direct writes), which a cache folding at GC's speed reads
    the same as."""
    n, cache, hi = 7200, 24 * GIB, 1260 * MIB
    b, w = np.empty(n), 0.0
    for i in range(n):
        t = min(1.0, max(0.0, (cache - w) / hi))
        b[i] = t * hi * math.exp(0.005 * rng.standard_normal()) + \
            (1 - t) * 114 * MIB * math.exp(0.02 * rng.standard_normal())
        w += b[i]
    return b


def random_fill_first_sample_fold(rng):
    """A fill after a random fill shaped as seed 2026's drive 62 (1 TB): a
    2 GiB dynamic cache at 5.5 GB/s ends inside the first 1 s sample
    (2.68 GB/s), its folding at 825 MB/s to 6 GiB, then GC at 76 MB/s.
    Read as clean blocks (direct writes) at 796 MiB/s, then GC, with
    nothing said until round 27: the first sample ran 3.2x the level after
    it, a cache that ended in it, and its folding reads as direct writes."""
    b = [2.68e9] + [825e6 * math.exp(0.02 * rng.standard_normal()) for _ in range(4)] + [493e6]
    return np.array(b + [76e6 * math.exp(0.03 * rng.standard_normal()) for _ in range(1200)])


CASES = {
    "seq_fill_outlast": (seq_fill_fold_at_gc_speed, 355 * GIB, "seq_fill",
                         "cache_or_clean_blocks", "clean_blocks"),
    # (curve, capacity, precondition, between, read_as)
    "random_fill": (random_fill_one_drop, 2993e9, "random_fill", "cache_or_clean_blocks",
                    "clean_blocks"),
    "random_fill_first_sample_fold": (random_fill_first_sample_fold, 1000e9, "random_fill",
                                      "direct_or_folding", "direct"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_path_says_what_one_curve_cannot_decide(case, tmp_path):
    make, cap, pre, between, read_as = CASES[case]
    log = write_log(tmp_path / f"{case}.csv", make(np.random.default_rng(7)), int(cap), pre,
                    int(2 * cap))
    # --json
    j = json.loads(subprocess.run(["ssdcore", "analyze", "--json", log], check=True,
                                  capture_output=True, text=True).stdout)
    assert j.get("undecided") == {"between": between, "read_as": read_as,
                                  "decided_by": "reference"}, j.get("undecided")
    assert "fill's own log" in j["regime_note"]
    # the text
    text = subprocess.run(["ssdcore", "analyze", log], check=True, capture_output=True,
                          text=True).stdout
    line = next((x for x in text.splitlines() if x.startswith("  cannot tell: ")), "")
    assert "from this run alone" in line and "--reference FILE decides" in line, text
    # Python
    a = ssdcore.analyze(log)
    assert (a.undecided, a.undecided_read_as, a.decided_by) == (between, read_as, "reference")
    assert "cannot tell: " in repr(a)
    row = a.summary().iloc[0]
    assert (row["undecided"], row["undecided_read_as"], row["decided_by"]) == \
        (between, read_as, "reference")
    # The verdict itself is the one the labels took.
    if read_as == "clean_blocks":
        assert not a.cache_found and a.gc_start_bytes is not None
    elif case == "random_fill_first_sample_fold":
        # The cache that ended in the first sample is told (round 46,
        # `first_sample_cache_before_level`); the field says what the
        # level after it, direct writes or its folding, cannot tell.
        assert a.cache_found and a.gc_start_bytes is not None
    else:
        assert a.cache_found and a.folding_start_bytes is None and a.gc_start_bytes is not None


def test_a_fresh_drive_has_nothing_undecided(tmp_path):
    """The same seq_fill curve on a fresh drive (nothing written before):
    a cache, then the used state once the capacity is written; no field."""
    b = seq_fill_fold_as_used_state(np.random.default_rng(7))
    log = write_log(tmp_path / "fresh.csv", b, int(296e9), "none", 0)
    a = ssdcore.analyze(log)
    assert a.undecided is None and a.decided_by is None
    assert "cannot tell" not in repr(a)


def test_the_reference_decides(tmp_path):
    """With a reference the question is decided: no undecided field (the
    fill's log here is the drive's fresh run of the same workload, a cache
    of 18 GiB then its folding, then GC)."""
    rng = np.random.default_rng(3)
    n, cache, hi, fold_end, fold = 7200, 18 * GIB, 1.66 * GIB, 30 * GIB, 330 * MIB
    b, w = np.empty(n), 0.0
    for i in range(n):
        t = min(1.0, max(0.0, (cache - w) / hi))
        lv = fold if w < 296e9 * 0.95 else 154 * MIB
        b[i] = t * hi + (1 - t) * lv * math.exp(0.02 * rng.standard_normal())
        w += b[i]
    ref = write_log(tmp_path / "fresh.csv", b, int(296e9), "none", 0)
    log = write_log(tmp_path / "run.csv", seq_fill_fold_as_used_state(np.random.default_rng(7)),
                    int(296e9), "seq_fill", int(592e9))
    a = ssdcore.analyze(log, reference=ref)
    assert a.undecided is None, (a.undecided, a.regime_note)


def test_a_run_that_never_dropped_leaves_cache_or_direct_undecided(tmp_path):
    """One speed through a run shorter than any cache (1 GiB at 2 GB/s on
    a 1 TB drive): its level may be a cache larger than the run; a run
    writing 64 % of the capacity decides (without the capacity, giving it)."""
    b = 2e9 * np.exp(0.01 * np.random.default_rng(1).standard_normal(60)) / 120
    log = write_log(tmp_path / "short.csv", b, int(1e12), "none", 0)
    a = ssdcore.analyze(log)
    assert (a.undecided, a.undecided_read_as, a.decided_by) == \
        ("cache_or_direct", "direct", "longer_run"), a.regime_note
    a = ssdcore.analyze((np.arange(1, 61, dtype=float), b))
    assert (a.undecided, a.decided_by) == ("cache_or_direct", "capacity"), a.regime_note


def test_a_sequential_fills_folding_once_undecided_is_now_read(tmp_path):
    """The curve of seed 13's drive 184 was one this field was written on:
    read as the cache, then one used state sliding from 330 MiB/s, the
    folding inside it ("folding_or_used_state"). The sequential fill's
    order (cache, direct writes, folding, GC; docs/analysis.md, *After a
    sequential fill: direct writes, folding, GC*) now reads it as the
    model has it, direct writes to 30 GiB, folding to 68 GiB, then GC, and
    a reading that is decided carries no `undecided`."""
    log = write_log(tmp_path / "seq.csv", seq_fill_fold_as_used_state(np.random.default_rng(7)),
                    int(296e9), "seq_fill", int(2 * 296e9))
    j = json.loads(subprocess.run(["ssdcore", "analyze", "--json", log], check=True,
                                  capture_output=True, text=True).stdout)
    assert "undecided" not in j or j["undecided"] is None, j.get("undecided")
    assert [p["regime"] for p in j["phases"]] == ["cache", "direct", "folding", "gc"]
    assert abs(j["folding"]["start_bytes"] / GIB - 30) < 1.5
    assert abs(j["gc"]["start_bytes"] / GIB - 68.4) < 3.4


def test_a_one_sample_fast_start_after_a_random_fill_is_undecided(tmp_path):
    """Seed 47's drive 88 in the used-drive sweep (121 GB, MLC, a dynamic
    cache; the fresh drive's 2 GiB of cache at 1.83 GB/s, folding at 533
    MB/s to 4 GiB, GC at 104 bursting): the fill after a random fill, as
    the sweep simulates it. Its fast start lasts one sample, which the
    cache test cannot judge; read as clean blocks and the used state from
    1.7 GiB (the folding inside its start), with nothing said until round
    27. It now says what the longer fast starts say; and since round 35
    the folding's quiet level goes with the fast start, the used state
    from its end at 4 GiB (quiet_level_before_used), and what is undecided
    is that level: direct writes after a first sample that ran faster,
    or a dynamic cache's folding."""
    sys.path.insert(0, os.path.dirname(__file__))
    from used_drive_scoring import simulate
    spec = ("sim:bx200,native_write_lat_us=0,capacity_gb=121,op_pct=12.89,bits=2,"
            "slc_type=dynamic,slc_seq_mibps=1737,slc_rand_iops=361516,native_seq_mibps=769,"
            "native_rand_mibps=577.0,fold_mibps=508,floor_mibps=74.37,gc_gamma=1.92,"
            "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.00,seed=838565024,"
            "slc_gb=31,slc_wa=1,dip_period_s=24.8,dip_duty=0.20,dip_depth=0.40")
    log = tmp_path / "d88.csv"
    simulate(spec, "random_fill", "fill", log)
    a = ssdcore.analyze(str(log))
    assert [p["regime"] for p in a["phases"]][:2] == ["direct", "gc"]
    assert abs(a["phases"][0]["end_bytes"] / GIB - 4.0) < 0.5
    assert (a.undecided, a.undecided_read_as, a.decided_by) == \
        ("direct_or_folding", "direct", "reference")


def test_a_first_sample_cache_after_a_sequential_fill_is_told(tmp_path):
    """Seed 2026's drive 196 in the used-drive sweep (137 GB, TLC, a
    dynamic cache; 27 % spare area): WSAT after a sequential fill, as the
    sweep simulates it. The cache the fill shrank (11.1 GiB at 2.8 GB/s)
    ends inside the first 5 s sample (2.4x the level after it), its
    folding runs at 1.03 GiB/s to 35 GiB, then GC at 235 MiB/s. Until
    round 46 it read as direct writes to the spare area the fill left
    clean, then the used state from 35.2 GiB, with `undecided`
    direct_or_folding: a quiet level between a first sample 2x faster
    and a used state a step below is a cache's folding on a drive
    written full (only an SLC cache runs above its direct writes there;
    `first_sample_cache_before_level`, h46nr), so the three phases are
    told, and nothing is left undecided."""
    sys.path.insert(0, os.path.dirname(__file__))
    from used_drive_scoring import simulate
    spec = ("sim:bx200,native_write_lat_us=0,capacity_gb=137,op_pct=27.29,bits=3,"
            "slc_type=dynamic,slc_seq_mibps=6174,slc_rand_iops=1160762,native_seq_mibps=2820,"
            "native_rand_mibps=1593.4,fold_mibps=1845,floor_mibps=198.02,gc_gamma=1.57,"
            "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=349161825,"
            "slc_gb=14,slc_wa=1,dip_duty=0")
    log = tmp_path / "d196.csv"
    simulate(spec, "seq_fill", "wsat", log)
    a = ssdcore.analyze(str(log))
    assert [p["regime"] for p in a["phases"]] == ["cache", "folding", "gc"]
    assert a.cache_found and abs(a.gc_start_bytes / GIB - 35.2) < 1.5
    assert abs(a.folding_start_bytes / GIB - 11.1) < 1.5
    assert a.undecided is None
    j = json.loads(subprocess.run(["ssdcore", "analyze", "--json", str(log)], check=True,
                                  capture_output=True, text=True).stdout)
    assert not j.get("undecided")


def test_a_cacheless_drives_first_phase_after_a_sequential_fill_keeps_no_field(tmp_path):
    """Seed 139's drive 36 (197 GB, no SLC cache, 10.6 % spare area), WSAT
    after a sequential fill: two 5 s samples of direct writes at 1531
    MiB/s, one at 776 (GC starting in it), then GC at 340. The first phase
    took in the samples after the direct writes, so its level (a median)
    sits a drop below the first sample, but the first sample ran no faster
    than the second: no cache ended in it, and the round-28 note's
    question (direct writes or a cache's folding) is not asked."""
    sys.path.insert(0, os.path.dirname(__file__))
    from used_drive_scoring import simulate
    spec = ("sim:bx200,native_write_lat_us=0,capacity_gb=197,op_pct=10.61,bits=3,"
            "slc_type=none,slc_seq_mibps=4322,slc_rand_iops=807358,native_seq_mibps=2508,"
            "native_rand_mibps=1530.9,fold_mibps=2508,floor_mibps=288.84,gc_gamma=1.56,"
            "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.00,seed=992116133,"
            "slc_gb=0,dip_duty=0")
    log = tmp_path / "d36.csv"
    simulate(spec, "seq_fill", "wsat", log)
    a = ssdcore.analyze(str(log))
    assert not a.cache_found and a.gc_start_bytes is not None
    assert a.undecided is None, (a.undecided, a.regime_note)
