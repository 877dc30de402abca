#!/usr/bin/env python3
"""Prints the accuracy table of the write-curve analysis against the
simulator's ground truth (docs/analysis.md quotes it).

Run from the repo root after scripts/build.sh:
    PYTHONPATH=build/python .venv/bin/python bench/accuracy_vs_sim_truth.py
"""
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "py"))
import ssdcore  # noqa: E402
from sim_truth_cases import (fill2021_case, fill_case, lab2016_recovery_case,  # noqa: E402
                             recovery_case, rel_err)

GB = 1e9
print("| profile | seed | truth cache GB | found GB | error | truth fold start GB | found GB |")
print("|---|---|---|---|---|---|---|")
errs = []
for p in ssdcore.sim.profiles():
    for seed in (1, 2, 3):
        truth, a = fill_case(p["name"], seed)
        full = truth["cache_full_at_bytes"]
        c = a["cache"]
        found = c["bytes"] if c else None
        err = rel_err(found, full) if full and found else None
        if err is not None:
            errs.append(err)
        fold = truth["folding_start_bytes"]
        ffold = a["folding"]["start_bytes"] if a["folding"] else None
        fmt = lambda v: "-" if not v else f"{v / GB:.2f}"  # noqa: E731
        print(f"| {p['name']} | {seed} | {fmt(full)} | {fmt(found)} | "
              f"{'-' if err is None else f'{100 * err:.2f} %'} | {fmt(fold)} | {fmt(ffold)} |")
print(f"\ncache error: median {100 * statistics.median(errs):.2f} %, worst {100 * max(errs):.2f} %"
      f" over {len(errs)} fills")
print("\n| profile | truth recovered GB | found GB | error |\n|---|---|---|---|")
for name in ("bx200", "ssd370", "as510s", "vector180", "mp44l-1tb"):
    rec, a = recovery_case(name)
    got = a["recovery"]["recovered_bytes"] if a.get("recovery") else 0
    print(f"| {name} | {rec / GB:.2f} | {got / GB:.2f} | {100 * rel_err(got, rec):.2f} % |")
print("\n| suite sequence | profile | truth GB | found GB | error |\n|---|---|---|---|---|")
for seed in (1, 2, 3):
    truth, a = fill2021_case("vector180", seed)
    full, c = truth["cache_full_at_bytes"], a["cache"]
    got = c["bytes"] if c else 0
    print(f"| fill2021 cache, seed {seed} | vector180 | {full / GB:.2f} | "
          f"{got / GB:.2f} | {100 * rel_err(got, full):.2f} % |")
for name in ("ssd370", "as510s", "vector180"):
    rec, a = lab2016_recovery_case(name)
    got = a["recovery"]["recovered_bytes"]
    print(f"| lab2016 recovery after 2 h | {name} | {rec / GB:.2f} | {got / GB:.2f} | "
          f"{100 * rel_err(got, rec):.2f} % |")
