"""The used-drive scorer's onset rules (tests/py/used_drive_scoring.py,
regime_scoring.score) on synthetic runs: what it asks of an analysis where
the model's used state begins."""
import numpy as np

from used_drive_scoring import GIB, score_run


def _run(levels, n):
    """A flat run of n 1 s samples through the model's phases `levels`
    ((regime, bytes or None for the rest of the run, rate B/s), ...):
    (truth, series), each sample the bytes written in its second."""
    phases, at, t0 = [], 0.0, 0.0
    for regime, size, rate in levels:
        size = rate * n - at if size is None else size  # (the last one: to the run's end)
        phases.append({"regime": regime, "start_bytes": at, "bytes": size,
                       "runtime_s": size / rate, "start_s": t0})
        at += size
        t0 += size / rate
    ends = np.cumsum([p["runtime_s"] for p in phases])
    rates = [lv[2] for lv in levels]

    def written(s):  # bytes written by second s
        out, t = 0.0, 0.0
        for p, r in zip(phases, rates):
            d = min(max(s - t, 0.0), p["runtime_s"])
            out += d * r
            t += p["runtime_s"]
        return out if s <= ends[-1] else out + (s - ends[-1]) * rates[-1]
    cum = np.array([written(s) for s in range(n + 1)])
    series = (np.arange(1.0, n + 1), np.diff(cum))
    phases[-1]["bytes"] = float(cum[-1]) - phases[-1]["start_bytes"]
    phases[-1]["runtime_s"] = phases[-1]["bytes"] / rates[-1]
    return {"phases": phases}, series


def _analysis(cache_end, fold_at, gc_at):
    ph = [{"regime": "cache", "start_bytes": 0.0}]
    if fold_at is not None:
        ph.append({"regime": "folding", "start_bytes": fold_at})
    ph.append({"regime": "gc", "start_bytes": gc_at})
    return {"cache": {"bytes": cache_end, "censored": "none", "uncertainty_bytes": 0.0},
            "folding": {"start_bytes": fold_at} if fold_at is not None else None,
            "gc": {"start_bytes": gc_at}, "phases": ph}


def test_an_onset_after_a_scored_cache_is_asked_within_the_first_lasting_phase():
    """Seed 13's drive 48 (seq_fill, 2h, 7200 1 s samples): a 13.2 GiB
    cache at 2877 MB/s, 27 GiB of folding at 918 MB/s, then GC at ~600 from
    40.4 GiB, inside the run's first lasting phase (1 %: 43.9 GiB). The
    scorer took the used state as the run's state from its start (meant for
    a used drive whose idle cleaned a sample or two before GC: no cache,
    nothing to see) and asked for no onset, so an analysis placing it
    anywhere past 40.4 GiB -- 400 GiB, past a 1.5x drop it labelled
    folding -- was right, onset error None. After the cache the scorer
    asks for, the onset is a change of its own, scored as any other."""
    truth, series = _run([("slc", 13.16 * GIB, 2877e6), ("fold", 27.25 * GIB, 918e6),
                          ("gc", None, 600e6)], 7200)
    at = truth["phases"][2]["start_bytes"]
    late = score_run(truth, series, _analysis(13.16 * GIB, 13.16 * GIB, 400 * GIB))
    assert late["problems"] and late["onset_err"] > 0.05, late
    right = score_run(truth, series, _analysis(13.16 * GIB, 13.16 * GIB, at))
    assert not right["problems"] and right["onset_err"] == 0, right


def test_a_used_state_right_after_the_idles_clean_blocks_is_still_from_the_start():
    """No cache before it: 1.5 GiB of clean blocks at 2 GB/s, then GC at
    1 GB/s (a drive written full whose idle cleaned one sample's worth) has
    no onset to place; an analysis reading the run as its used state
    throughout is right."""
    truth, series = _run([("native", 1.5 * GIB, 2e9), ("gc", None, 1e9)], 200)
    a = {"cache": None, "folding": None, "gc": {"start_bytes": 0.0},
         "phases": [{"regime": "gc", "start_bytes": 0.0}]}
    r = score_run(truth, series, a)
    assert not r["problems"] and r["onset_err"] is None, r


def test_an_onset_where_the_speed_left_its_level_is_right_past_the_models():
    """Seed 229's drive 110 (fresh WSAT, a datacenter drive without a
    cache, 5 s samples): the model's GC starts at 681 GiB, but the host's
    4K random writes are capped below the flash's program rate, so GC's
    first, nearly empty, victims cost the host nothing and the speed holds
    its level, noise alone, for six samples (110 GiB) more. The analysis
    put the onset where the speed left it, 16 % past the model's, and the
    scorer called it wrong: the curve holds no onset before. Any onset up
    to the sample the speed left its level is as right as the model's;
    one past it is still wrong."""
    rng = np.random.default_rng(5)
    rate, n, onset_s, held_s = 3.6e9, 240, 100, 6
    r = np.full(n, rate)
    fall = np.arange(n - onset_s - held_s)
    r[onset_s + held_s:] = rate * (0.55 + 0.45 * np.exp(-fall / 12.0)) * 0.985
    r *= 1 + 0.004 * rng.standard_normal(n)
    series = (np.arange(1.0, n + 1) * 5, r * 5)
    at = float(series[1][:onset_s].sum())
    total = float(series[1].sum())
    truth = {"phases": [
        {"regime": "native", "start_bytes": 0.0, "bytes": at, "runtime_s": onset_s * 5.0,
         "start_s": 0.0},
        {"regime": "gc", "start_bytes": at, "bytes": total - at,
         "runtime_s": (n - onset_s) * 5.0, "start_s": onset_s * 5.0}]}

    def analysis(gc_sample):
        gc_at = float(series[1][:gc_sample].sum())
        return {"cache": None, "folding": None, "gc": {"start_bytes": gc_at},
                "phases": [{"regime": "native", "start_bytes": 0.0},
                           {"regime": "gc", "start_bytes": gc_at}]}
    left = score_run(truth, series, analysis(onset_s + held_s))
    assert not left["problems"] and left["onset_err"] == 0, left
    late = score_run(truth, series, analysis(onset_s + held_s + 12))
    assert late["problems"] and late["onset_err"] > 0.05, late
