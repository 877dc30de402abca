#!/usr/bin/env python3
"""Used-drive regimes sweep (docs/analysis.md, "Runs on a used drive"):
random simulated drives (tests/py/regime_scoring.py's draw, consumer and
enterprise-like), each in three states before the same 4K QD32 random-write
run: fresh (TRIM, 15 min idle), sequentially filled (TRIM, one 128 KiB
sequential pass over the capacity; and the same followed by 15 min of idle
time, which empties a static cache) and randomly filled (TRIM, the capacity
written once in 4 KiB random writes). The run writes 1.5x the capacity (at
least 2 h); it is analysed with the capacity, what was written since TRIM
and the precondition, and scored against the model's regimes.

    PYTHONPATH=build/python .venv/bin/python bench/used_sweep.py [N] [SEED] [-v] [--runs DIR]
        [--no-precondition] [--snia]

--no-precondition leaves the analysis' precondition unknown; --snia adds
a fifth state, randomly filled with twice the capacity (SNIA PTS's
random preconditioning: more than the raw flash, so GC has run).
"""
import collections
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "py"))
import numpy as np  # noqa: E402

import ssdcore  # noqa: E402
from regime_scoring import GIB, _series, score, valid_drive  # noqa: E402

STATES = ("fresh", "seq_fill", "seq_fill_idle", "random_fill")


def enterprise_drive(rng):
    """An enterprise-like drive: no SLC cache, 7-28 % spare."""
    while True:
        spec = valid_drive(rng)
        kv = dict(x.split("=", 1) for x in spec[len("sim:bx200,"):].split(","))
        kv.update(slc_type="none", slc_gb=0, op_pct=f"{rng.uniform(7, 28):.2f}")
        spec = "sim:bx200," + ",".join(f"{k}={v}" for k, v in kv.items())
        try:
            ssdcore.sim_profile(spec[len("sim:"):])
            return spec
        except ssdcore.SsdError:
            continue


def used_run(spec, state):
    """(truth, (t_s, bytes), capacity, written_before) of the 4K run."""
    t = ssdcore.SimTarget(spec)
    cap = t.size
    t.trim()
    wb = 0
    if state == "fresh":
        t.idle(900)
    elif state.startswith("seq_fill"):
        ssdcore.job(t, pattern="write", bs=131072, qd=32, coverage=1, interval=60)
        wb = cap
        if state == "seq_fill_idle":
            t.idle(900)  # a static cache emptied, some room cleaned
    else:
        # random_fill_2x: twice the capacity, as SNIA PTS's random
        # preconditioning (more than the raw flash: GC has run)
        times = 2 if state == "random_fill_2x" else 1
        ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, bytes=times * cap, interval=60)
        wb = times * cap
    # Enough to reach the used state in every state: 1.5x the capacity,
    # samples of at most 20,000.
    nbytes = 1.5 * cap
    r = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, bytes=int(nbytes // 4096 * 4096),
                    interval=1)
    truth = t.truth()
    t.close()
    return truth, _series(r), cap, wb


def cached(runs, key, spec, state):
    if not runs:
        return used_run(spec, state)
    path = os.path.join(runs, key + ".npz")
    if os.path.exists(path):
        z = np.load(path)
        return json.loads(str(z["truth"])), (z["t"], z["b"]), float(z["cap"]), float(z["wb"])
    truth, (t, b), cap, wb = used_run(spec, state)
    np.savez(path + ".tmp.npz", t=t, b=b, cap=cap, wb=wb, truth=json.dumps(truth))
    os.replace(path + ".tmp.npz", path)
    return truth, (t, b), cap, wb


def onset_error(truth, a):
    gc = next((p for p in truth["phases"] if p["regime"] == "gc"), None)
    if gc is None or a["gc"] is None or gc["start_bytes"] <= 0:
        return None
    return (a["gc"]["start_bytes"] - gc["start_bytes"]) / gc["start_bytes"]


def main():
    argv = sys.argv[1:]
    runs = None
    if "--runs" in argv:
        runs = argv[argv.index("--runs") + 1]
        del argv[argv.index("--runs"):argv.index("--runs") + 2]
        os.makedirs(runs, exist_ok=True)
    args = [a for a in argv if not a.startswith("-")]
    verbose = "-v" in argv
    no_context = "--no-precondition" in argv
    states = STATES + (("random_fill_2x",) if "--snia" in argv else ())
    n = int(args[0]) if args else 30
    seed = int(args[1]) if len(args) > 1 else 2026
    rng = np.random.default_rng(seed)
    rows = collections.Counter()
    right = collections.Counter()
    fcache = collections.Counter()
    errs = collections.defaultdict(list)
    t0 = time.monotonic()
    for i in range(n):
        ent = i % 3 == 2
        spec = enterprise_drive(rng) if ent else valid_drive(rng)
        kind = "enterprise" if ent else spec.split("slc_type=")[1].split(",")[0]
        for state in states:
            truth, series, cap, wb = cached(runs, f"{seed}-{i}-{state}", spec, state)
            opts = dict(capacity=cap, written_before=wb)
            if not no_context:
                opts["precondition"] = {"fresh": "none", "seq_fill_idle": "seq_fill",
                                        "random_fill_2x": "random_fill"}.get(state, state)
            a = ssdcore.analyze(series, **opts)
            probs, fc, ff = score(truth, series, a)
            key = (state, kind)
            rows[key] += 1
            right[key] += not probs
            fcache[key] += fc
            e = onset_error(truth, a)
            if e is not None:
                errs[key].append(abs(e))
            if probs and verbose:
                regs = " ".join(f"{p['regime']}@{p['start_bytes'] / GIB:.1f}" for p in truth["phases"])
                found = " ".join(f"{p['regime']}@{p['start_bytes'] / GIB:.1f}" for p in a["phases"])
                print(f"{i} {state} {spec}\n   truth {regs}\n   found {found}\n   "
                      f"{'; '.join(probs)}", file=sys.stderr)
    print("| state | drive | runs | labelled right | false caches | used-state onset error median / worst |")
    print("|---|---|---|---|---|---|")
    for key in sorted(rows):
        e = errs[key]
        es = f"{100 * np.median(e):.1f} % / {100 * max(e):.1f} %" if e else "-"
        print(f"| {key[0]} | {key[1]} | {rows[key]} | {right[key]} ({100 * right[key] / rows[key]:.0f} %)"
              f" | {fcache[key]} | {es} |")
    for state in states:
        tot = sum(v for k, v in rows.items() if k[0] == state)
        ok = sum(v for k, v in right.items() if k[0] == state)
        fc = sum(v for k, v in fcache.items() if k[0] == state)
        e = sum((v for k, v in errs.items() if k[0] == state), [])
        es = f"{100 * np.median(e):.1f} % / {100 * max(e):.1f} %" if e else "-"
        print(f"| {state} | all | {tot} | {ok} ({100 * ok / max(tot, 1):.0f} %) | {fc} | {es} |")
    print(f"\n{n} drives; {time.monotonic() - t0:.0f} s")


if __name__ == "__main__":
    main()
