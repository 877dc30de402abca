"""A fresh drive's used state that begins gently, late in a long run
(docs/analysis.md, "A gentle onset in a run of one phase"): small synthetic
series, seconds."""
import numpy as np
import pytest

import ssdcore

GB = 1e9


def held_then_slid(n_flat, n_slide, fall, noise=0.015, seed=4, bps=686e6):
    """1 s samples at one speed for n_flat samples, then a slide of
    `fall` (a ratio) over n_slide samples, lognormal noise."""
    rng = np.random.default_rng(seed)
    lv = np.concatenate([np.full(n_flat, bps),
                         bps * np.exp(-np.log(fall) * np.arange(1, n_slide + 1) / n_slide)])
    b = lv * np.exp(noise * rng.standard_normal(len(lv)))
    return np.arange(1.0, len(b) + 1), b


def test_a_fresh_runs_one_level_then_a_late_gentle_fall_is_the_used_state():
    """A datacenter drive written fresh held its speed for 2.5x its
    capacity, then slid 1.2x to the end (the sweep's drive 121: 686 MB/s for
    3,800 GiB of a 1.5 TB drive, then 580). The segmentation made it one
    phase, and a gentle onset inside the last phase was never sought in the
    run's only phase: "no used state". That level held past the capacity,
    so it was no cache (none holds that much) and not yet the used state
    (no GC before the capacity): the fall after it is the used state."""
    t, b = held_then_slid(6000, 1200, 1.2)
    onset = float(b[:6000].sum())
    cap = round(onset / 2.5)
    a = ssdcore.analyze((t, b), capacity_bytes=cap, written_before_bytes=0)
    assert a["cache"] is None
    assert a["gc"] is not None, [p["regime"] for p in a["phases"]]
    assert abs(a["gc"]["start_bytes"] - onset) <= 0.05 * onset
    assert [p["regime"] for p in a["phases"]] == ["direct", "gc"]


@pytest.mark.parametrize("written_before", ["cap", "none"])
def test_one_phase_stays_one_unless_the_run_started_fresh_and_held_past_the_capacity(
        written_before):
    """The rule's limits. On a drive written before the run (one capacity
    since TRIM) its first level may already be the used state, so nothing
    is split. A fresh drive whose run ends before the capacity: no used
    state."""
    t, b = held_then_slid(6000, 1200, 1.2)
    total = float(b.sum())
    if written_before == "cap":
        a = ssdcore.analyze((t, b), capacity_bytes=round(total / 2.5),
                            written_before_bytes=round(total / 2.5))
        assert a["gc"] is None or a["gc"]["start_bytes"] < 0.5 * total
    else:
        a = ssdcore.analyze((t, b), capacity_bytes=round(1.2 * total), written_before_bytes=0)
        assert a["gc"] is None
