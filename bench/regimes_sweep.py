#!/usr/bin/env python3
"""The regime sweep (docs/analysis.md): N random simulated drives, each with
the whole-drive fill and the 2-hour 4K QD32 test, analysed with the drive's
capacity and scored against the model's regimes (tests/py/regime_scoring.py).

Run from the repo root after scripts/build.sh:
    PYTHONPATH=build/python .venv/bin/python bench/regimes_sweep.py [N] [SEED] [-v]
"""
import collections
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "py"))
import numpy as np  # noqa: E402

import ssdcore  # noqa: E402
from regime_scoring import fill_run, score, two_hour_run, valid_drive  # noqa: E402


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    verbose = "-v" in sys.argv
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
        iface = "NVMe" if "link_mbps=7000" in spec else "SATA"
        for run, fn in (("fill", fill_run), ("2 h", two_hour_run)):
            truth, series, cap = fn(spec)
            a = ssdcore.analyze(series, capacity=cap)
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
