#!/usr/bin/env python3
"""The regime sweep (docs/analysis.md): N random simulated drives, each with
the whole-drive fill and the 2-hour 4K QD32 test, analysed with the drive's
capacity and scored against the model's regimes (tests/py/regime_scoring.py).

Run from the repo root after scripts/build.sh:
    PYTHONPATH=build/python .venv/bin/python bench/regimes_sweep.py [N] [SEED] [-v] [--runs DIR]

--runs DIR keeps each simulated run (its series and the model's truth) in
DIR and reuses it next time, so a change to the analysis is re-scored over
the same 400 runs in seconds instead of re-simulating them.
"""
import collections
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "py"))
import numpy as np  # noqa: E402

import ssdcore  # noqa: E402
from regime_scoring import fill_run, score, two_hour_run, valid_drive  # noqa: E402


def cached(runs, key, fn, spec):
    """fn(spec), or what an earlier call stored under key in runs."""
    if not runs:
        return fn(spec)
    path = os.path.join(runs, key + ".npz")
    if os.path.exists(path):
        z = np.load(path)
        return json.loads(str(z["truth"])), (z["t"], z["b"]), float(z["cap"])
    truth, (t, b), cap = fn(spec)
    np.savez(path + ".tmp.npz", t=t, b=b, cap=cap, truth=json.dumps(truth))
    os.replace(path + ".tmp.npz", path)
    return truth, (t, b), cap


def main():
    argv = sys.argv[1:]
    runs = None
    if "--runs" in argv:
        runs = argv[argv.index("--runs") + 1]
        del argv[argv.index("--runs"):argv.index("--runs") + 2]
        os.makedirs(runs, exist_ok=True)
    args = [a for a in argv if not a.startswith("-")]
    verbose = "-v" in argv
    n = int(args[0]) if args else 200
    seed = int(args[1]) if len(args) > 1 else 2026
    rng = np.random.default_rng(seed)
    rows = collections.Counter()
    right = collections.Counter()
    false_cache = false_fold = 0
    t0 = time.monotonic()
    for i in range(n):
        spec = valid_drive(rng)
        kind = spec.split("slc_type=")[1].split(",")[0]
        iface = "NVMe" if "link_mibps=7000" in spec else "SATA"
        for run, fn in (("fill", fill_run), ("2 h", two_hour_run)):
            truth, series, cap = cached(runs, f"{seed}-{i}-{run[0]}", fn, spec)
            a = ssdcore.analyze(series, capacity_bytes=cap)
            probs, fc, ff = score(truth, series, a)
            false_cache += fc
            false_fold += ff
            key = (run, kind, iface)
            rows[key] += 1
            right[key] += not probs
            if probs and verbose:
                print(f"{i} {run} {spec}: {'; '.join(probs)}", file=sys.stderr)
    total = sum(rows.values())
    ok = sum(right.values())
    print("| run | cache | interface | runs | labelled right |\n|---|---|---|---|---|")
    for key in sorted(rows):
        print(f"| {key[0]} | {key[1]} | {key[2]} | {rows[key]} | {right[key]} "
              f"({100 * right[key] / rows[key]:.0f} %) |")
    print(f"\n{n} drives, {total} runs: {ok} labelled right ({100 * ok / total:.1f} %), "
          f"{false_cache} false caches, {false_fold} false folding; "
          f"{time.monotonic() - t0:.0f} s")


if __name__ == "__main__":
    main()
