#!/usr/bin/env python3
"""Accuracy table of the analysis on generated curves with known truth
(tests/py/synth_curves.py): cache size error by drive and by disturbance,
false caches on cache-less drives, recovery error. docs/analysis.md quotes
its output. Run from the repository root after scripts/build.sh."""
import collections
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "build", "python"))
sys.path.insert(0, os.path.join(ROOT, "tests", "py"))

import ssdcore  # noqa: E402
import synth_curves as S  # noqa: E402


def main():
    by_drive, by_kind, allerr = collections.defaultdict(list), collections.defaultdict(list), []
    for name, curve, truth in S.cache_scenarios():
        r = ssdcore.analyze(S.generate(curve))
        e = abs(r["cache"]["bytes"] / truth - 1) if r["cache"] else 1.0
        drive, kind, _ = name.split("/")
        by_drive[drive].append(e)
        by_kind[kind].append(e)
        allerr.append(e)
    print("| cache size error | series | median | worst |")
    print("|---|---|---|---|")
    for label, d in (("drive", by_drive), ("disturbance", by_kind)):
        for k, v in d.items():
            print(f"| {label}: {k} | {len(v)} | {100 * np.median(v):.2f}% | {100 * np.max(v):.2f}% |")
    print(f"| **all** | {len(allerr)} | **{100 * np.median(allerr):.2f}%** | **{100 * np.max(allerr):.2f}%** |")
    print()
    false = collections.Counter()
    total = collections.Counter()
    for name, curve in S.cacheless_scenarios():
        kind = name.split("/")[0]
        total[kind] += 1
        false[kind] += ssdcore.analyze(S.generate(curve))["cache"] is not None
    print("| cache-less drive | series | false caches |")
    print("|---|---|---|")
    for k in total:
        print(f"| {k} | {total[k]} | {false[k]} |")
    print(f"| **all** | {sum(total.values())} | **{sum(false.values())}** |")
    print()
    print("| recovery (after idle vs fresh) | truth GiB | found GiB | error |")
    print("|---|---|---|---|")
    errs = []
    for name, fresh, idle, truth in S.recovery_scenarios() + S.recovery_dip_scenarios():
        r = ssdcore.analyze(S.generate(idle), reference=S.generate(fresh))
        got = r["recovery"]["recovered_bytes"]
        errs.append(abs(got / truth - 1))
        print(f"| {name} | {truth / S.GiB:.2f} | {got / S.GiB:.3f} | {100 * (got / truth - 1):+.2f}% |")
    print(f"| **worst** | | | **{100 * max(errs):.2f}%** |")


if __name__ == "__main__":
    main()
