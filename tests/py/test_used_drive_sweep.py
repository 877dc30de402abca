"""Issue 21's proof on used drives, small: 50 random simulated drives
(consumer-like and enterprise-like), each fresh after a TRIM, sequentially
filled and randomly filled, each state with the whole-drive fill, the
2-hour 4K QD32 test and WSAT, analysed by `ssdcore analyze --json` from
each log (its metadata carries the capacity, written_before_bytes and
precondition; a filled drive's run has the same drive's fresh run of the
same workload as its --reference) and scored against the model's regimes.
Targets: at least 99 % of the runs labelled right, no false cache, every
visible used-state onset within 5 % (as its own test, per state).
bench/used_drive_sweep.py runs the same with 200 drives.

Every state meets them on seed 2026 (seq_fill since round 20, fresh and
random_fill since round 21, 4 Dec 2026); on seed 7 seq_fill does, fresh
and random_fill not yet (docs/analysis.md, "The 50-drive sweep's misses,
round 21", lists what is left). A state that misses them here goes into
PENDING as a strict xfail, and its mark goes the day it meets them."""
import json
import os
import pytest

from used_drive_scoring import STATES, sweep, table

SMALL = dict(cap_range=(120, 1000), tick_s=2, interval=(1, 2, 4))
# Measured 4 Dec 2026 (seed 2026 / 7), labelled right of 150, no false cache,
# onsets over 5 % in brackets (round 19's analysis and scorer: fresh 147 (2) /
# 144 (3), seq_fill 149 (1) / 150 (0), random_fill 146 (4) / 143 (3); round
# 21: fresh 149 (0) / 146 (1), seq_fill 149 (0) / 150 (0), random_fill
# 150 (0) / 144 (2)). No state is pending on seed 2026.
PENDING = {}


@pytest.fixture(scope="module")
def logs(module_tmp):
    return str(module_tmp("used"))


@pytest.fixture(scope="module")
def sweeps(logs):
    """The sweep with the fresh runs as reference, and the same runs' rows
    without it (sweep's `alone`), from one simulation of the 450 runs."""
    alone = []
    rows = sweep(50, 2026, logs, reference=True, alone=alone, **SMALL)
    return rows, alone


@pytest.fixture(scope="module")
def rows(sweeps):
    return sweeps[0]


@pytest.fixture(scope="module")
def rows_alone(sweeps):
    """The same logs, each filled run analysed alone, without its fresh
    run: what a user who never measured the drive fresh gets (the rows of
    `sweep(50, 2026, logs, **SMALL)` on them, without simulating again)."""
    return sweeps[1]


@pytest.mark.slow
def test_the_sweep_covers_every_kind_state_and_workload(rows):
    assert len(rows) == 50 * 9
    kinds = {r["kind"] for r in rows}
    assert "enterprise" in kinds and len(kinds - {"enterprise"}) >= 2
    # The preconditioned states reach the used state: most runs there have a
    # visible used-state onset to find (the clean blocks the idle after the
    # fill prepared, then GC). An onset inside the run's first lasting phase
    # (a few GiB of idle-cleaned blocks in one sample) has no place to score,
    # so the count is of onsets the curve can show: 80 (seq_fill) and 49
    # (random_fill) of 150 on seed 2026.
    for state in STATES[1:]:
        onsets = [r for r in rows if r["state"] == state and r["onset_err"] is not None]
        assert len(onsets) >= 40, (state, len(onsets))


@pytest.mark.slow
def test_no_false_cache_in_any_state(rows):
    """The first target every state meets already (seeds 2026 and 7): with
    the fresh run as reference, a filled drive's clean blocks are never an
    SLC cache (before it: 10 on seed 2026, 7 on seed 7)."""
    bad = [f"{r['drive']} {r['kind']} {r['state']} {r['workload']}: {'; '.join(r['problems'])}"
           for r in rows if r["false_cache"]]
    assert not bad, "\n".join(bad)


@pytest.mark.slow
def test_no_false_cache_without_the_fresh_run_either(rows_alone):
    """Without the reference a filled drive's run has only its own curve
    and its context (written full, how): a fast start that drops once,
    into the used state, is the clean blocks running out (DESIGN.md's
    contract), never a cache (before: 10 false caches of 450 runs on seed
    2026, 7 on seed 7, the spare area or idle-cleaned blocks called a
    cache). A static cache that survives a fill and drops straight into
    GC reads the same and is missed (the note says so), which this does
    not score."""
    bad = [f"{r['drive']} {r['kind']} {r['state']} {r['workload']}: {'; '.join(r['problems'])}"
           for r in rows_alone if r["false_cache"]]
    assert not bad, "\n".join(bad)


@pytest.mark.slow
@pytest.mark.parametrize("state", [
    pytest.param(s, marks=pytest.mark.xfail(strict=True, reason=PENDING[s])) if s in PENDING
    else s for s in STATES])
def test_used_drive_targets(rows, state):
    cells = [c for c in table(rows) if c["state"] == state]
    runs = sum(c["runs"] for c in cells)
    right = sum(c["right"] for c in cells)
    bad = [f"{r['drive']} {r['kind']} {r['workload']}: {'; '.join(r['problems'])}"
           for r in rows if r["state"] == state and r["problems"]]
    assert right >= 0.99 * runs, f"{right} of {runs} labelled right:\n" + "\n".join(bad[:15])
    assert sum(c["false_caches"] for c in cells) == 0


# The third target read per run: every visible used-state onset
# within 5 % (or within the sample it fell in). Measured with the label's
# own allowance since 6 Dec 2026 (round 38); before, the error subtracted
# the sample slack and called 5.5 % "within". Not met on seed 2026:
PENDING_ONSETS = {
    "random_fill": "drive 34 (random fill, then the fill, against its fresh run) reads its "
                   "used state at 3.8 GiB for 4.0 (5.5 % off; labelled wrong, one of the 1 %)",
}


@pytest.mark.slow
@pytest.mark.parametrize("state", [
    pytest.param(s, marks=pytest.mark.xfail(strict=True, reason=PENDING_ONSETS[s]))
    if s in PENDING_ONSETS else s for s in STATES])
def test_every_visible_onset_within_5pc(rows, state):
    late = [f"{r['drive']} {r['kind']} {r['workload']}: {100 * r['onset_err']:.1f} %"
            for r in rows if r["state"] == state and r["onset_err"] is not None
            and r["onset_err"] > 0.05]
    assert not late, "\n".join(late)


def _synthetic(fast_gib, n=200, fast=2e9, slow=1e9):
    """A drive written full: fast_gib at `fast` B/s, then its used state at
    `slow`, in n 1 s samples; the model's truth and the series."""
    import numpy as np
    GiB = 2 ** 30
    edge = fast_gib * GiB
    b, cum = [], 0.0
    for _ in range(n):
        left = max(0.0, edge - cum)
        x = min(fast, left) + (1 - min(fast, left) / fast) * slow if left > 0 else slow
        b.append(x)
        cum += x
    series = (np.arange(1.0, n + 1), np.array(b))
    truth = {"phases": [
        {"regime": "native", "start_bytes": 0, "bytes": edge, "runtime_s": edge / fast},
        {"regime": "gc", "start_bytes": edge, "bytes": cum - edge,
         "runtime_s": n - edge / fast}]}
    return truth, series


def test_scoring_a_used_state_from_the_runs_start_and_within_a_sample():
    """An onset inside the run's first lasting phase is the run's state from
    its start, as a model in it from the first byte (no onset to place);
    an onset is placed at a sample boundary, so within the sample it fell
    in is right. Before: 'used state from 1.5 GiB missed' on a 1 s-sampled
    NVMe fill whose first sample held all the clean blocks, and 'used state
    at 6.6 GiB, truth 6.3' with 2 GiB samples."""
    from used_drive_scoring import score_run
    truth, series = _synthetic(1.5)
    direct = {"cache": None, "folding": None, "gc": None,
              "phases": [{"start_bytes": 0}]}
    r = score_run(truth, series, direct)
    assert not r["problems"] and r["onset_err"] is None, r
    # A lasting fast start: the onset is a position to find, and missing it
    # is still a problem.
    truth, series = _synthetic(60)
    assert "missed" in " ".join(score_run(truth, series, direct)["problems"])
    # Found at the sample boundary after the change: right, error 0.
    at = truth["phases"][1]["start_bytes"]
    cum = series[1].cumsum()
    after = float(cum[cum.searchsorted(at)])
    found = {"cache": None, "folding": None, "gc": {"start_bytes": after},
             "phases": [{"start_bytes": 0}, {"start_bytes": after}]}
    r = score_run(truth, series, found)
    assert not r["problems"] and r["onset_err"] == 0, r
    # Three samples late is wrong.
    found["gc"]["start_bytes"] = found["phases"][1]["start_bytes"] = after + 3 * 2e9
    r = score_run(truth, series, found)
    assert r["problems"] and r["onset_err"] > 0.05, r


def test_interval_score_takes_a_cache_within_its_stated_uncertainty():
    """The sweep's second score (not the headline): a cache size more than
    5 % off is still right there when the model's size lies within
    bytes +- uncertainty_bytes and that uncertainty is no wider than three
    samples' bytes; the strict score's problems stay as they were."""
    from used_drive_scoring import score_run
    truth, series = _synthetic(60)
    truth["phases"][0]["regime"], truth["phases"][1]["regime"] = "slc", "native"
    edge = truth["phases"][0]["start_bytes"] + truth["phases"][0]["bytes"]
    cum = series[1].cumsum()
    at = float(cum[cum.searchsorted(edge)])

    def run(got, u):
        a = {"cache": {"bytes": got, "uncertainty_bytes": u, "censored": "none"},
             "folding": None, "gc": None,
             "phases": [{"start_bytes": 0}, {"start_bytes": at}]}
        return score_run(truth, series, a)
    # (2 GB samples before the model's end, 1 GB after it)
    r = run(0.93 * edge, 0.08 * edge)  # 5.2 GB: within 3 samples (6 GB)
    assert r["problems"] and r["right_interval"] is True, r
    assert r["problems"] == [p for p in r["problems"] if p.startswith("cache ")], r
    assert run(0.93 * edge, 0.05 * edge)["right_interval"] is False  # outside
    assert run(0.85 * edge, 0.16 * edge)["right_interval"] is False  # wider than 3 samples
    r = run(1.01 * edge, 0.0)
    assert not r["problems"] and r["right_interval"], r


def test_undecided_score_takes_only_the_reading_the_analysis_said_it_could_not_choose():
    """The sweep's third score (not the headline): a run wrong only in the
    reading its `undecided` names and did not take (a cache read as clean
    blocks under cache_or_clean_blocks) is right there; the same miss
    with no `undecided`, with the other read_as, or beside another
    problem is not."""
    from used_drive_scoring import score_run
    truth, series = _synthetic(60)
    truth["phases"][0]["regime"] = "slc"
    edge = truth["phases"][0]["start_bytes"] + truth["phases"][0]["bytes"]
    cum = series[1].cumsum()
    at = float(cum[cum.searchsorted(edge)])

    def run(undecided, onset=at):
        a = {"cache": None, "folding": None, "gc": {"start_bytes": onset},
             "phases": [{"start_bytes": 0}, {"start_bytes": onset}], "undecided": undecided}
        return score_run(truth, series, a)
    told = {"between": "cache_or_clean_blocks", "read_as": "clean_blocks"}
    r = run(told)
    assert r["problems"] and all("cache of" in p for p in r["problems"]), r
    assert r["undecided_right"] is True, r
    assert run(None)["undecided_right"] is False
    assert run({**told, "read_as": "cache"})["undecided_right"] is False
    assert run({"between": "direct_or_folding", "read_as": "direct"})["undecided_right"] is False
    r = run(told, onset=0.5 * at)  # the onset wrong too
    assert len(r["problems"]) > 1 and r["undecided_right"] is False, r


def test_kept_runs_are_analysed_again_without_simulating(tmp_path, monkeypatch):
    """bench/used_drive_sweep.py --runs DIR: the logs and the model's truth
    stay in DIR, and the next sweep with the same seed and settings
    analyses them again without simulating (a change of the analysis
    measured in seconds)."""
    import used_drive_scoring as uds
    first = uds.sweep(1, 5, str(tmp_path), keep=True, states=("fresh",), **SMALL)

    def simulate(*a, **k):
        raise AssertionError("simulated again")
    monkeypatch.setattr(uds, "simulate", simulate)
    again = uds.sweep(1, 5, str(tmp_path), keep=True, states=("fresh",), **SMALL)
    assert len(first) == 3 and [r["problems"] for r in first] == [r["problems"] for r in again]
    assert all(r["log"] and r["log"].startswith(str(tmp_path)) for r in again)


def test_the_rows_without_the_reference_are_a_sweep_without_it(tmp_path):
    """sweep's `alone` (rows_alone above) holds what a second sweep without
    reference over the same kept logs gives."""
    import used_drive_scoring as uds
    alone = []
    uds.sweep(1, 5, str(tmp_path), reference=True, keep=True, alone=alone, **SMALL)
    again = uds.sweep(1, 5, str(tmp_path), keep=True, **SMALL)
    assert len(alone) == 9 and alone == again
    with pytest.raises(ValueError):
        uds.sweep(1, 5, str(tmp_path), keep=True, alone=[], **SMALL)


def test_kept_runs_written_with_the_old_key_names_are_the_same_drives(tmp_path, monkeypatch):
    """The simulator's MiB/s keys are *_mibps now (and its GiB keys *_gib);
    runs kept before the rename (the seed directories' sidecars) have
    *_mbps and *_gb in their spec. They are the same drives and are
    analysed again, not simulated again."""
    import glob
    import re
    import used_drive_scoring as uds
    first = uds.sweep(1, 5, str(tmp_path), keep=True, states=("fresh",), **SMALL)
    sides = glob.glob(str(tmp_path / "*.json"))
    assert sides
    for side in sides:
        with open(side) as f:
            k = json.load(f)
        assert "_mibps=" in k["spec"] and "_mbps=" not in k["spec"]
        k["spec"] = re.sub(r"_mibps=", "_mbps=", k["spec"]).replace("_gib=", "_gb=")
        with open(side, "w") as f:
            json.dump(k, f)

    def simulate(*a, **k):
        raise AssertionError("simulated again")
    monkeypatch.setattr(uds, "simulate", simulate)
    again = uds.sweep(1, 5, str(tmp_path), keep=True, states=("fresh",), **SMALL)
    assert [r["problems"] for r in first] == [r["problems"] for r in again]
    assert uds.same_drive_spec("sim:bx200,floor_mbps=5,slc_gb=3,capacity_gb=240,link_mbps=560") \
        == "sim:bx200,floor_mibps=5,slc_gib=3,capacity_gb=240,link_mibps=560"


def _levels(levels, n_each, noise=0.0, seed=1):
    """A series of 1 s samples at the given levels (B/s), n_each samples
    each, and the model's phases for them (regime, level)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    b = np.concatenate([np.full(n, lv) * (1 + noise * rng.standard_normal(n))
                        for (_, lv), n in zip(levels, n_each)])
    phases, at = [], 0.0
    for (regime, lv), n in zip(levels, n_each):
        phases.append({"regime": regime, "start_bytes": at, "bytes": lv * n, "runtime_s": float(n)})
        at += lv * n
    return {"phases": phases}, (np.arange(1.0, len(b) + 1), b)


def _found(phases):
    """An analysis result with these (regime, start_bytes) phases."""
    out = {"cache": None, "folding": None, "gc": None, "phases": []}
    for regime, at in phases:
        out["phases"].append({"start_bytes": at, "regime": regime})
        if regime == "cache":
            out["cache"] = {"bytes": phases[1][1], "censored": "none", "uncertainty_bytes": 0}
        elif regime in ("folding", "gc") and out[regime] is None:
            out[regime] = {"start_bytes": at}
    return out


def test_scoring_folding_at_the_used_states_speed_is_part_of_it():
    """A dynamic cache folded at the speed of the used state after it (59
    and 59 MB/s): no curve shows where folding ends, so the used state from
    the folding's start is right and no folding is asked for. Folding
    visibly faster than the used state is still asked for."""
    from used_drive_scoring import score_run
    truth, series = _levels([("slc", 400e6), ("fold", 59e6), ("gc", 59e6)], [50, 200, 400])
    fold_at = truth["phases"][1]["start_bytes"]
    r = score_run(truth, series, _found([("cache", 0), ("gc", fold_at)]))
    assert not r["problems"], r
    truth, series = _levels([("slc", 400e6), ("fold", 100e6), ("gc", 59e6)], [50, 200, 400])
    r = score_run(truth, series, _found([("cache", 0), ("gc", fold_at)]))
    assert any("folding" in p for p in r["problems"]), r


def test_scoring_the_models_own_folding_then_gc_at_its_speed_is_right():
    """The reader's view reads folding at the used state's speed as the
    used state from the folding's start, but an analysis that labels the
    model's own phases (folding from where the model folds, no used state
    where the speed shows none) is right: a dynamic cache folding before
    the capacity has been written can only be folding (no GC before it).
    Before: 'false folding at 576.3 GiB; used state from 576.3 GiB missed'
    where the model folded from 576.3 GiB (sweep drive 1, fresh WSAT).
    What matches neither view stays wrong."""
    from used_drive_scoring import score_run
    truth, series = _levels([("slc", 400e6), ("native", 120e6), ("fold", 59e6),
                             ("gc", 59e6)], [50, 200, 200, 300])
    fold_at = truth["phases"][2]["start_bytes"]
    r = score_run(truth, series, _found([("cache", 0), ("direct", 50 * 400e6),
                                         ("folding", fold_at)]))
    assert not r["problems"] and not r["false_cache"], r
    # (the reader's view still holds: the used state from the folding's start)
    r = score_run(truth, series, _found([("cache", 0), ("direct", 50 * 400e6), ("gc", fold_at)]))
    assert not r["problems"], r
    # Folding placed 60 samples (8 %) late is wrong in both views.
    late = fold_at + 60 * 59e6
    r = score_run(truth, series, _found([("cache", 0), ("direct", 50 * 400e6), ("folding", late)]))
    assert r["problems"], r


def test_scoring_an_onset_the_speed_does_not_show_is_no_position():
    """The model may switch to GC while it still costs nothing: a speed
    that moves less than 5 % over 20 samples after the switch (noise 6 %
    a sample) is no onset to place; over 3-6 samples, noise alone moved
    it 5 % and a later onset was scored wrong."""
    from used_drive_scoring import score_run
    truth, series = _levels([("native", 4e9), ("gc", 4e9), ("gc", 1e9)], [30, 30, 200],
                            noise=0.06, seed=1)
    truth["phases"] = [truth["phases"][0],
                       dict(truth["phases"][1], bytes=truth["phases"][1]["bytes"] +
                            truth["phases"][2]["bytes"], runtime_s=230.0)]
    later = float(series[1][:60].sum())
    r = score_run(truth, series, _found([("direct", 0), ("gc", later)]))
    assert not r["problems"] and r["onset_err"] is None, r


def test_scoring_an_onset_moved_only_beyond_the_noise_before_it():
    """The speed 'moved' at the model's onset only when the shift of the
    20-sample medians beats three of its standard errors at the noise
    before it (besides 5 %): a datacenter drive's flat 2 GB/s (6 %
    noise a sample) whose model switched to GC 500 samples before the
    speed fell had its onset asked for there, the medians 5.8 % apart on
    noise alone (seed 7's drive 25 in the 50-drive sweep, fresh 2 hours:
    "used state at 1328.9 GiB, truth 759.5"). A real fall, and a flat
    level that turns into GC's scatter (seed 2026's drive 5: folding flat
    at 505 MB/s, then 312-1,082), still moved."""
    import numpy as np
    from regime_scoring import gc_shows

    def run(levels, noise, seed=18, n=1200, at_i=300):
        rng = np.random.default_rng(seed)
        b = np.asarray(levels, float) * np.exp(noise * rng.standard_normal(n))
        at = float(b[:at_i].sum())
        ph = [{"regime": "native", "start_bytes": 0.0, "bytes": at, "runtime_s": at_i},
              {"regime": "gc", "start_bytes": at, "bytes": float(b[at_i:].sum()),
               "runtime_s": n - at_i}]
        return gc_shows(ph, ph[1], (np.arange(1.0, n + 1), b), float(b.sum()) / 100)

    i = np.arange(1200)
    # (Before: moved, the flat speed's medians 5 % apart on this draw.)
    assert run(np.where(i < 800, 2e9, 1e9), 0.06) == (True, False)
    assert run(np.where(i < 300, 2e9, 1e9), 0.06) == (True, True)
    rng = np.random.default_rng(5)
    chaos = np.where(i < 300, 505e6, rng.choice([312e6, 480e6, 750e6, 1082e6], 1200))
    assert run(chaos, 0.0) == (True, True)


def test_scoring_folding_is_placed_within_its_sample():
    """Folding found at the sample boundary next to the model's start is
    right, as every other boundary (a boundary is a sample boundary)."""
    from used_drive_scoring import score_run
    truth, series = _levels([("slc", 4e9), ("fold", 1e9), ("gc", 0.3e9)], [10, 100, 300])
    at = truth["phases"][1]["start_bytes"]
    found = _found([("cache", 0), ("folding", at - 3e9), ("gc", truth["phases"][2]["start_bytes"])])
    found["cache"]["bytes"] = at  # (the cache test places the drop inside its sample)
    assert not score_run(truth, series, found)["problems"]
    found["folding"]["start_bytes"] = found["phases"][1]["start_bytes"] = at - 9e9
    assert score_run(truth, series, found)["problems"]  # two samples off


def test_scoring_folding_found_at_the_models_boundaries_is_no_false_folding():
    """Folding within VISIBLE (1.2x) of the used state after it is part of
    the used state for a reader (reader_phases), so as not to ask for a
    change no curve shows; but folding found where the model's folding
    begins, with the used state where the model's GC begins, was shown:
    it is scored against the model's phases as they are (seed 2026's drive
    157, WSAT after a random fill: 3 samples at 247 MB/s after the cache,
    then GC at 206: "false folding" though both boundaries were right).
    Folding found elsewhere is still false."""
    from used_drive_scoring import score_run
    truth, series = _levels([("slc", 400e6), ("fold", 66e6), ("gc", 59e6)], [50, 60, 400])
    fold_at, gc_at = truth["phases"][1]["start_bytes"], truth["phases"][2]["start_bytes"]
    r = score_run(truth, series, _found([("cache", 0), ("folding", fold_at), ("gc", gc_at)]))
    assert not r["problems"] and r["onset_err"] in (None, 0), r
    # The used state from the folding's start (the reader's view) stays right.
    r = score_run(truth, series, _found([("cache", 0), ("gc", fold_at)]))
    assert not r["problems"], r
    # Folding found 30 samples late is false folding.
    r = score_run(truth, series, _found([("cache", 0), ("folding", fold_at + 30 * 66e6),
                                          ("gc", gc_at)]))
    assert r["false_fold"], r


def test_scoring_a_cache_end_no_curve_shows_is_not_asked_for():
    """The sweep's drive 197 (seed 2026), 2 hours after a random fill: a
    static cache at 2,881 MB/s, then 2 GiB of direct writes at 2,474 (1.17x
    slower, under a sample), then GC at 580. The cache's end was asked for
    ("cache of 6.75 GiB missed") because the 20 samples after it measured
    the drop into GC; the step to the phase right after the cache is under
    VISIBLE, so no curve shows it. A cache whose next phase is VISIBLE-fold
    slower is still asked for."""
    from used_drive_scoring import score_run
    for direct, missed in ((2474e6, False), (1500e6, True)):
        truth, series = _levels([("slc", 2881e6), ("native", direct), ("gc", 580e6)],
                                [10, 1, 300])
        gc_at = truth["phases"][2]["start_bytes"]
        r = score_run(truth, series, _found([("direct", 0), ("gc", gc_at)]))
        assert r["missed_cache"] is missed, r


def test_a_no_idle_state_leaves_a_static_cache_full_and_the_default_states_idle():
    """The opt-in _noidle fills skip the 15-minute idle: the BX200's static
    cache stays full of the fill's data (docs/simulator.md, "A fill without
    an idle after it"); the default states, which the kept logs were made
    with, still idle (the cache flushed)."""
    import ssdcore
    from used_drive_scoring import ALL_STATES, EXTRA_STATES, prepare
    assert set(STATES) < set(ALL_STATES) and not set(EXTRA_STATES) & set(STATES)
    for state, room in (("seq_fill_noidle", 0), ("seq_fill", 2 * 2**30)):
        with ssdcore.SimTarget("sim:bx200") as t:
            written = prepare(t, state)
            assert written == pytest.approx(2 * t.size_bytes, abs=2 * 131072)
            assert t.truth("cache_room_bytes") == pytest.approx(room, rel=0.01), state


def _one_run(tmp_path, spec, state, workload):
    """One simulated run of drive `spec` (its sim: spec without the
    prefix) in `state`, analysed from its log as the sweep does: (the
    analysis' JSON, score_run's scores, the log's path)."""
    from used_drive_scoring import analyze_logs, score_run, simulate
    log = tmp_path / "run.csv"
    truth, series, _, _ = simulate("sim:" + spec, state, workload, log)
    a = analyze_logs([log])[0]
    return a, score_run(truth, series, a), log


# Cacheless consumer drives of the 200-drive sweep, randomly filled (two
# passes, 15 min idle), then the whole-drive sequential fill (seed 11's
# drives 59 and 195, seed 13's drive 169).
BURSTING_GC = [
    "bx200,native_write_lat_us=0,capacity_gb=1019,op_pct=19.56,bits=2,slc_type=none,"
    "slc_seq_mbps=4479,slc_rand_iops=1003727,native_seq_mbps=1528,native_rand_mbps=973.5,"
    "fold_mbps=1528,floor_mbps=183.31,gc_gamma=1.26,link_mbps=7000,iops_cap=2000000,noise=0.00,"
    "noise_direct=0.00,seed=98357490,slc_gb=0,dip_period_s=15.2,dip_duty=0.15,dip_depth=0.42",
    "bx200,native_write_lat_us=0,capacity_gb=151,op_pct=16.04,bits=2,slc_type=none,"
    "slc_seq_mbps=4751,slc_rand_iops=895120,native_seq_mbps=2828,native_rand_mbps=1488.5,"
    "fold_mbps=2828,floor_mbps=55.92,gc_gamma=1.68,link_mbps=7000,iops_cap=2000000,noise=0.05,"
    "noise_direct=0.04,seed=402140858,slc_gb=0,dip_period_s=9.5,dip_duty=0.12,dip_depth=0.48",
    "bx200,native_write_lat_us=0,capacity_gb=151,op_pct=24.40,bits=2,slc_type=none,"
    "slc_seq_mbps=4142,slc_rand_iops=834701,native_seq_mbps=2026,native_rand_mbps=1195.1,"
    "fold_mbps=2026,floor_mbps=117.06,gc_gamma=2.07,link_mbps=7000,iops_cap=2000000,noise=0.05,"
    "noise_direct=0.04,seed=712924909,slc_gb=0,dip_duty=0",
]


@pytest.mark.parametrize("spec", BURSTING_GC, ids=["s11-d59", "s11-d195", "s13-d169"])
def test_gc_bursting_after_a_random_fill_is_no_direct_writes(tmp_path, spec):
    """2 GiB of idle-cleaned blocks in the fill's first sample, then GC
    scattering between its level and bursts 1.2-5x above it, its first
    lasting phase's median (143 MB/s) a little above the rest (111): with
    no reference that phase was read as direct writes and its end as a
    second drop, so the fast start stayed a cache ("false cache of 1.89
    GiB"). Half its samples sit at GC's own level: no level of its own,
    one drop (regimes_used.c's holds_above)."""
    a, r, _ = _one_run(tmp_path, spec, "random_fill", "fill")
    assert not a["cache"], a["cache"]
    assert not r["problems"], r["problems"]


# Consumer drives with a dynamic cache, randomly filled, then WSAT or the
# 2-hour test: seed 11's drive 191 (WSAT), seed 13's drive 0 (WSAT), seed
# 2026's drive 157 (2 hours).
FLAT_FOLDING = [
    ("bx200,native_write_lat_us=0,capacity_gb=1881,op_pct=8.14,bits=2,slc_type=dynamic,"
     "slc_seq_mbps=399,slc_rand_iops=66461,native_seq_mbps=109,native_rand_mbps=61.2,"
     "fold_mbps=60,floor_mbps=16.25,gc_gamma=1.36,link_mbps=560,iops_cap=100000,noise=0.05,"
     "noise_direct=0.04,seed=368103616,slc_gb=485,slc_wa=1,dip_period_s=26.2,dip_duty=0.20,"
     "dip_depth=0.31", "wsat"),
    ("bx200,native_write_lat_us=0,capacity_gb=300,op_pct=27.68,bits=3,slc_type=dynamic,"
     "slc_seq_mbps=392,slc_rand_iops=71768,native_seq_mbps=225,native_rand_mbps=90.4,"
     "fold_mbps=123,floor_mbps=24.94,gc_gamma=2.18,link_mbps=560,iops_cap=100000,noise=0.05,"
     "noise_direct=0.00,seed=706015516,slc_gb=76,slc_wa=1,dip_duty=0", "wsat"),
    ("bx200,native_write_lat_us=0,capacity_gb=383,op_pct=8.26,bits=3,slc_type=dynamic,"
     "slc_seq_mbps=2653,slc_rand_iops=458794,native_seq_mbps=1146,native_rand_mbps=598.0,"
     "fold_mbps=451,floor_mbps=167.94,gc_gamma=0.93,link_mbps=7000,iops_cap=2000000,"
     "noise=0.02,noise_direct=0.00,seed=1067718233,slc_gb=107,slc_wa=1,dip_duty=0", "2h"),
    # (seed 13's drive 191: 10 folding samples within 3.02 %, half a step)
    ("bx200,native_write_lat_us=0,capacity_gb=1371,op_pct=19.78,bits=2,slc_type=dynamic,"
     "slc_seq_mbps=396,slc_rand_iops=77808,native_seq_mbps=143,native_rand_mbps=60.8,"
     "fold_mbps=85,floor_mbps=16.60,gc_gamma=1.64,link_mbps=560,iops_cap=100000,noise=0.00,"
     "noise_direct=0.08,seed=349930408,slc_gb=121,slc_wa=1,dip_duty=0", "wsat"),
]


@pytest.mark.parametrize("spec,workload", FLAT_FOLDING,
                         ids=["s11-d191", "s13-d0", "s2026-d157", "s13-d191"])
def test_a_flat_level_between_the_cache_and_gc_is_no_transition(tmp_path, spec, workload):
    """A 2 GiB dynamic cache in the run's first samples, then its folding,
    a flat level (within 3 %) 1.5-1.8x above GC's scatter for 10-80
    samples, shorter than a lasting phase: the segmentation gave it to the
    used state, and the drop from the cache read as the clean blocks
    running out ("used state at 2.1 GiB, before the model's 4.0"). A
    transition into the used state is a few samples that move; a flat
    stretch is a regime's own level, so it is split off when min_drop
    above GC (regimes_used.c's short_direct_after_cache)."""
    a, r, _ = _one_run(tmp_path, spec, "random_fill", workload)
    assert a["cache"], "no cache"
    assert not r["problems"], r["problems"]


# Consumer drives with a dynamic cache, sequentially filled (two passes,
# 15 min idle): seed 2026's drives 160 (149 GB) and 36 (351 GB).
FOLDING_AFTER_A_FILL = [
    "bx200,native_write_lat_us=0,capacity_gb=149,op_pct=25.54,bits=2,slc_type=dynamic,"
    "slc_seq_mbps=538,slc_rand_iops=84193,native_seq_mbps=211,native_rand_mbps=183.4,"
    "fold_mbps=95,floor_mbps=50.55,gc_gamma=1.49,link_mbps=560,iops_cap=100000,noise=0.00,"
    "noise_direct=0.04,seed=893756902,slc_gb=23,slc_wa=1,dip_duty=0",
    "bx200,native_write_lat_us=0,capacity_gb=351,op_pct=23.76,bits=2,slc_type=dynamic,"
    "slc_seq_mbps=389,slc_rand_iops=76266,native_seq_mbps=101,native_rand_mbps=45.6,"
    "fold_mbps=46,floor_mbps=6.66,gc_gamma=1.64,link_mbps=560,iops_cap=100000,noise=0.00,"
    "noise_direct=0.12,seed=314881430,slc_gb=65,slc_wa=1,dip_duty=0",
]


@pytest.mark.parametrize("spec,workload", [
    (FOLDING_AFTER_A_FILL[0], "2h"), (FOLDING_AFTER_A_FILL[0], "wsat"),
    (FOLDING_AFTER_A_FILL[1], "2h")], ids=["s2026-d160-2h", "s2026-d160-wsat", "s2026-d36-2h"])
def test_a_dynamic_cache_after_a_sequential_fill_folds_first(tmp_path, spec, workload):
    """A sequential fill leaves the spare area clean, and a dynamic cache
    (5 % of the capacity or more: no static area is that large) takes it in
    SLC mode, so once full no clean block is left for direct writes: the
    level after it, before GC, is its folding (17 GiB of cache, folding at
    83 MB/s to 35.7 GiB, GC at 52). It was labelled direct ("folding from
    16.9 GiB missed"), and in the 2-hour runs GC's first stretch was taken
    for a folding step before the used state (the used state 6x late)."""
    a, r, _ = _one_run(tmp_path, spec, "seq_fill", workload)
    assert a["folding"], a["phases"]
    assert not r["problems"], r["problems"]


def test_a_small_cache_after_a_fill_says_its_folding_cannot_be_told(tmp_path):
    """Seed 2026's drive 117 (461 GB, a dynamic cache), 2 hours after a
    sequential fill: the fill shrank the cache to 20 GiB (4.6 % of the
    capacity, as small as a static area), which then folds at 54 MB/s for
    58 GiB before GC at 4.8, 11x below it. A static cache reads the same
    with direct writes there (they run at least 2.5x above the used state
    after a sequential fill, and this level does), and the levels alone
    cannot tell them: the direct label stays, and the note says what holds
    either way and what a reference would tell. (Round 21 pinned this on
    drive 1, whose folding sits 1.9x above GC's start: folding since,
    test_after_a_seq_fill_a_level_too_slow_for_direct_writes_is_folding.)"""
    import ssdcore
    spec = ("bx200,native_write_lat_us=0,capacity_gb=461,op_pct=18.79,bits=3,slc_type=dynamic,"
            "slc_seq_mibps=389,slc_rand_iops=99612,native_seq_mibps=107,native_rand_mibps=75.8,"
            "fold_mibps=73,floor_mibps=4.27,gc_gamma=2.38,link_mibps=560,iops_cap=100000,"
            "noise=0.05,noise_direct=0.00,seed=331814697,slc_gb=52,slc_wa=1,dip_period_s=12.8,"
            "dip_duty=0.10,dip_depth=0.39")
    a, _, log = _one_run(tmp_path, spec, "seq_fill", "2h")
    assert a["folding"] is None and a["cache"] and a["gc"], a["phases"]
    note = ssdcore.analyze(str(log)).regime_note or ""
    assert "may be a dynamic cache's folding" in note, note
    assert "the cache and the used state's onset hold either way" in note, note


# Seed 2026's drives 1 (731 GB, a dynamic cache) and 56 (1130 GB, a static
# one), 2 hours after a sequential fill: 20 GiB of cache each, then 85 GiB
# of folding at 28 MB/s (GC at 105 GiB, starting at 14.8 MB/s) or 169 GiB
# of direct writes at 148 MB/s (GC at 189).
SMALL_CACHE_AFTER_A_SEQ_FILL = [
    "bx200,native_write_lat_us=0,capacity_gb=731,op_pct=16.05,bits=3,"
    "slc_type=dynamic,slc_seq_mbps=452,slc_rand_iops=100065,native_seq_mbps=128,"
    "native_rand_mbps=65.5,fold_mbps=52,floor_mbps=11.27,gc_gamma=0.82,link_mbps=560,"
    "iops_cap=100000,noise=0.05,noise_direct=0.04,seed=480716256,slc_gb=103,slc_wa=1,"
    "dip_period_s=21.1,dip_duty=0.13,dip_depth=0.39",
    "bx200,native_write_lat_us=0,capacity_gb=1130,op_pct=24.32,bits=3,slc_type=static,"
    "slc_seq_mibps=493,slc_rand_iops=125258,native_seq_mibps=260,native_rand_mibps=141.6,"
    "fold_mibps=260,floor_mibps=34.59,gc_gamma=0.84,link_mibps=560,iops_cap=100000,"
    "noise=0.02,noise_direct=0.08,seed=557356112,slc_gb=24.7,slc_wa=1.24,dip_period_s=30.0,"
    "dip_duty=0.17,dip_depth=0.42",
]


@pytest.mark.parametrize("spec", SMALL_CACHE_AFTER_A_SEQ_FILL, ids=["s2026-d1", "s2026-d56"])
def test_after_a_seq_fill_a_level_too_slow_for_direct_writes_is_folding(tmp_path, spec):
    """A sequential fill leaves every user block valid, so GC right after
    the spare area has been written by random writes across the drive
    copies blocks holding about that area's share of garbage: direct
    writes run 1 + capacity / spare times faster than the used state's
    start, at least 2.5x. Drive 1's level after its cache, 1.9x above GC's
    start, is too slow for that: the folding ("folding from 20.0 GiB
    missed" before, read as direct writes). Drive 56's direct writes, 3.7x
    above GC's start, stay direct, with the note that the cache and the used
    state's onset hold either way. Both caches and onsets right."""
    import ssdcore
    a, r, log = _one_run(tmp_path, spec, "seq_fill", "2h")
    note = ssdcore.analyze(str(log)).regime_note or ""
    gib = 2 ** 30
    assert a["cache"] and abs(a["cache"]["bytes"] / gib - 20.0) < 1.0, a["cache"]
    if "dynamic" in spec:
        assert a["folding"] and abs(a["folding"]["start_bytes"] / gib - 20.0) < 1.0, a["phases"]
        assert "read as a dynamic cache's folding" in note, note
        expect_gc = 104.6
    else:
        assert a["folding"] is None, a["phases"]
        assert "the cache and the used state's onset hold either way" in note, note
        expect_gc = 188.9
    assert abs(a["gc"]["start_bytes"] / gib - expect_gc) < 0.05 * expect_gc, a["gc"]
    assert not r["problems"], r["problems"]


def test_a_slow_level_after_a_seq_fill_is_folding_only_over_the_whole_drive(tmp_path, cli):
    """The rule above bounds direct writes by the used state's start,
    which holds for random writes over the whole drive. Over part of it (8
    GiB: CrystalDiskMark, a short fio test) GC finds its victims holding
    the span's overwritten data, cheaper, so a level that slow may be
    direct writes: on a small span the rule stays silent (drive 1's level
    keeps the segmentation's direct label), over the whole drive it fires
    with no caveat, and with the span unknown (a log from before, another
    tool) it fires with the caveat. The span comes from the log's metadata
    (the sweep's job records the whole drive) and an explicit one wins,
    identically from Python and the CLI."""
    import json
    import subprocess
    import ssdcore
    a, _, log = _one_run(tmp_path, SMALL_CACHE_AFTER_A_SEQ_FILL[0], "seq_fill", "2h")
    cap = a["capacity_bytes"]
    assert a["span_bytes"] and a["span_bytes"] >= 0.99 * cap, a["span_bytes"]
    caveat = "random writes over part of the drive"
    assert a["folding"] and caveat not in (a["regime_note"] or ""), a["regime_note"]
    small = ssdcore.analyze(str(log), span_bytes="8g")
    assert small["span_bytes"] == 8 * 2 ** 30
    assert small["folding"] is None, small["phases"]
    assert "read as a dynamic cache's folding" not in (small["regime_note"] or "")
    assert [p["regime"] for p in small["phases"]][:2] == ["cache", "direct"], small["phases"]
    by_cli = json.loads(subprocess.run([cli, "analyze", str(log), "--json", "--span", "8g"],
                                       check=True, capture_output=True, text=True).stdout)
    assert [(p["regime"], p["start_bytes"]) for p in by_cli["phases"]] == \
        [(p["regime"], p["start_bytes"]) for p in small["phases"]]
    # The span unknown: the log's metadata line without it (nor the
    # workload's span, which logs before span_bytes are read by).
    lines = log.read_text().splitlines(keepends=True)
    k = next(i for i, line in enumerate(lines) if line.startswith("# {"))
    meta = json.loads(lines[k][2:])
    del meta["span_bytes"], meta["span"]
    old = tmp_path / "before.csv"
    old.write_text("".join(lines[:k]) + "# " + json.dumps(meta) + "\n" + "".join(lines[k + 1:]))
    unknown = ssdcore.analyze(str(old))
    assert unknown["span_bytes"] is None
    assert unknown["folding"] and caveat in (unknown["regime_note"] or ""), unknown["regime_note"]


def test_a_noisy_folding_too_slow_for_direct_writes_keeps_its_end(tmp_path):
    """Held-out seed 53's drive 101 (518 GB, a dynamic cache, 12 % noise
    after the cache), 2 hours after a sequential fill: 24 GiB of cache,
    folding at 57 MB/s to 119 GiB, then GC at 23. The folding, 2.3x above
    GC's start, is read as folding; the rule for a fresh drive's folding,
    which moves the used state to where the folding's flattest run ends,
    put it at 102.9 GiB, 14 % early (its flattest run ended in the noise).
    That folding is one lasting level between the cache and GC's scatter:
    its end is the segmentation's."""
    spec = ("bx200,native_write_lat_us=0,capacity_gb=518,op_pct=25.10,bits=3,slc_type=dynamic,"
            "slc_seq_mibps=405,slc_rand_iops=87342,native_seq_mibps=162,native_rand_mibps=90.1,"
            "fold_mibps=98,floor_mibps=20.84,gc_gamma=1.57,link_mibps=560,iops_cap=100000,"
            "noise=0.00,noise_direct=0.12,seed=368889604,slc_gb=48,slc_wa=1,dip_period_s=13.9,"
            "dip_duty=0.18,dip_depth=0.36")
    a, r, _ = _one_run(tmp_path, spec, "seq_fill", "2h")
    gib = 2 ** 30
    assert a["folding"] and abs(a["folding"]["start_bytes"] / gib - 23.9) < 1.0, a["phases"]
    assert abs(a["gc"]["start_bytes"] / gib - 119.3) < 0.05 * 119.3, a["gc"]
    assert not r["problems"], r["problems"]


@pytest.mark.parametrize("spec,workload", [
    (FLAT_FOLDING[1][0], "2h"), (FLAT_FOLDING[1][0], "fill"),
    (FOLDING_AFTER_A_FILL[1], "2h")], ids=["s13-d0-2h", "s13-d0-fill", "s2026-d36-2h"])
def test_a_dynamic_cache_after_a_random_fill_folds_bits_minus_one_times_it(
        tmp_path, spec, workload):
    """After a random fill a dynamic cache takes every block idle GC
    cleaned in SLC mode; folding it frees (bits - 1) times what it held,
    which the host then writes at the folding's speed before GC: 2 GiB of
    cache, 4 GiB at 49 MB/s (TLC), then GC at 29, and 2 GiB then 2 GiB
    on the MLC drive. That level, 1, 2 or 3 times the cache long (within
    10 %), was labelled direct ("folding from 2.0 GiB missed")."""
    a, r, log = _one_run(tmp_path, spec, "random_fill", workload)
    assert a["folding"], a["phases"]
    assert not r["problems"], r["problems"]
    import ssdcore
    note = ssdcore.analyze(str(log)).regime_note or ""
    assert "static SLC cache that happen to last as long" in note, note


def test_a_reference_sweep_without_the_fresh_runs_is_refused(tmp_path):
    """--reference reads each filled run against its drive's fresh run; a
    sweep of filled states alone would score them without one, silently
    (round 35's helpers scored 1,224 "broken" runs that way). Refused, in
    the library and in bench/used_drive_sweep.py, before anything runs."""
    import subprocess
    import sys
    import used_drive_scoring as uds
    with pytest.raises(ValueError, match="states must include fresh"):
        uds.sweep(1, 5, str(tmp_path), states=("random_fill",), reference=True, **SMALL)
    bench = os.path.join(os.path.dirname(__file__), "..", "..", "bench", "used_drive_sweep.py")
    r = subprocess.run([sys.executable, bench, "--drives", "1", "--reference", "--states",
                        "random_fill", "--runs", str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 2 and "--states must include fresh" in r.stderr, r.stderr
    assert not os.listdir(tmp_path)


def test_the_bench_without_the_cli_on_path_says_how_to_run_it(tmp_path):
    # (round 45's audit: it simulated for 8 s, then died in a traceback,
    # FileNotFoundError: 'ssdcore')
    import subprocess
    import sys
    bench = os.path.join(os.path.dirname(__file__), "..", "..", "bench", "used_drive_sweep.py")
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + ":/usr/bin:/bin")
    r = subprocess.run([sys.executable, bench, "--drives", "1"], capture_output=True, text=True,
                       env=env, cwd=tmp_path)
    assert r.returncode == 2 and "no ssdcore on PATH" in r.stderr and "scripts/build.sh" in r.stderr
    assert "Traceback" not in r.stderr
