#!/usr/bin/env python3
"""The seeds' drives in the reviews' 2-hour test (TRIM, 15 min idle, 4K QD32
random writes for 2 h) and the whole-drive fill: regimes found against the
model's (docs/analysis.md quotes the table).

    PYTHONPATH=build/python .venv/bin/python bench/regimes_seeds.py
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "py"))
import ssdcore  # noqa: E402
from regime_scoring import (GIB, analysis_input, dips_truth, fill_run, score,  # noqa: E402
                            two_hour_run)


def gib(v):
    return "-" if v is None else f"{v / GIB:.1f}"


print("| profile | run | phases found | cache GiB (model) | folding from (model) | "
      "used state from (model) | dips found (model) | right |")
print("|---|---|---|---|---|---|---|---|")
for p in ssdcore.sim.profiles():
    for run, fn in (("2 h", two_hour_run), ("fill", fill_run)):
        truth, series, cap = fn(f"sim:{p['name']}")
        a = ssdcore.analyze(analysis_input(series), capacity_bytes=cap)
        ph = truth["phases"]
        tc = ph[1]["start_bytes"] if ph[0]["regime"] == "slc" and len(ph) > 1 else None
        tf = next((x["start_bytes"] for x in ph if x["regime"] == "fold"), None)
        tg = next((x["start_bytes"] for x in ph if x["regime"] == "gc"), None)
        dips = [f"{x['dips']['period_s']:.1f} s / {x['dips']['duty']:.2f} ({x['regime']})"
                for x in a["phases"] if x["dips"]]
        md = dips_truth(truth)
        probs = score(truth, series, a)[0]
        print(f"| {p['name']} | {run} | {', '.join(x['regime'] for x in a['phases'])} | "
              f"{gib(a['cache'] and a['cache']['bytes'])} ({gib(tc)}) | "
              f"{gib(a['folding'] and a['folding']['start_bytes'])} ({gib(tf)}) | "
              f"{gib(a['gc'] and a['gc']['start_bytes'])} ({gib(tg)}) | "
              f"{'; '.join(dips) or 'none'} ({'none' if not md else f'{md[0]:g} s / {md[1]:g}'}) | "
              f"{'yes' if not probs else '; '.join(probs)} |")
