#!/usr/bin/env python3
"""The strict cache-size misses of a scored sweep ("cache X GiB, truth Y",
the first problem of a run) grouped by cause, round 50 (issue 21).

    python3 bench/cache_size_misses.py TAG MODE SEED... [--json OUT]

reads /work/sw/json/TAG-MODE-SEED.json (score.sh's rows, the runs kept
with their ground truth .csv.json beside them) and prints, per group:
where the model's cache ended (which sample, 0 = the first), whether the
analysis' end is within one sample of it, and whether one of the drive's
dips lay on the samples around the end (the model's dips recomputed from
its seed and the job's start as sim_target.c's dip_factor draws them:
one dip a period, at a uniform point of it, dip_duty periods long).
"""
import argparse
import collections
import json
import math
import re

import numpy as np

GIB = 2 ** 30
M64 = (1 << 64) - 1
INTERVAL = {"fill": 0, "2h": 1, "wsat": 2}  # the index into the truth's "interval"


def _hash64(x):
    """ssd__hash64 (xrand.h): SplitMix64's output from state x."""
    z = (x + 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def _u01(x):
    return ((x >> 11) + 0.5) / 9007199254740992.0


def dips_between(p, a, b):
    """The model's dips (start, end, factor) that overlap virtual time
    [a, b] (sim_target.c's dip_factor; p: the truth's params)."""
    if p["dip_duty"] <= 0:
        return []
    per, out = p["dip_period_s"], []
    for cyc in range(max(0, int(math.floor(a / per)) - 1), int(math.floor(b / per)) + 2):
        h = _hash64((p["seed"] ^ _hash64(2 ^ cyc)) & M64)
        s = cyc * per + _u01(h) * (1 - p["dip_duty"]) * per
        e = s + p["dip_duty"] * per
        if e > a and s < b:
            out.append((s, e, min(p["dip_depth"] * (0.8 + 0.4 * _u01(_hash64(h))), 1.0)))
    return out


def _dip_time(p, job0, a, b):
    return sum(max(0.0, min(e, job0 + b) - max(s, job0 + a))
               for s, e, _ in dips_between(p, job0 + a, job0 + b))


def classify(row):
    """One miss: the truth's end sample, the analysis' distance from it in
    samples, and where the drive's dips lay (before the end's sample, in
    it, after it)."""
    m = re.match(r"cache ([\d.]+) GiB, truth ([\d.]+)$", row["problems"][0])
    if not m:
        return None
    found = float(m.group(1)) * GIB
    tj = json.load(open(row["log"] + ".json"))
    tr = tj["truth"]
    ph, p = tr["phases"], tr["params"]
    full, t_end = ph[1]["start_bytes"], ph[1]["start_s"]
    d = np.loadtxt(row["log"], delimiter=",", skiprows=3, usecols=(0, 7), ndmin=2)
    t, b = d[:, 0], d[:, 1]
    cum = np.cumsum(b)
    i = int(np.searchsorted(cum, full))
    dt = tj["interval"][INTERVAL[row["workload"]]]
    job0 = tr["virtual_time_s"] - t[-1]
    t0 = t[i - 1] if i > 0 else 0.0
    t1 = t[i] if i < len(t) else t0 + dt
    where = []
    if _dip_time(p, job0, max(0.0, t0 - 2 * dt), t0) > 0.05 * dt:
        where.append("before")
    if _dip_time(p, job0, t0, t1) > 0.02 * dt:
        where.append("in the end's sample")
    if _dip_time(p, job0, t1, t1 + 2 * dt) > 0.05 * dt:
        where.append("after")
    return {"seed": row["seed"], "drive": row["drive"], "state": row["state"],
            "workload": row["workload"], "slc_type": p["slc_type"], "ratio": found / full,
            "end_sample": i, "samples_off": (found - full) / b[min(i, len(b) - 1)],
            "dips": " + ".join(where) or "none near the end", "dip_drive": p["dip_duty"] > 0,
            "only_problem": len(row["problems"]) == 1,
            "right_interval": bool(row.get("right_interval"))}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tag")
    ap.add_argument("mode")
    ap.add_argument("seeds", nargs="+")
    ap.add_argument("--json")
    a = ap.parse_args()
    out = []
    for s in a.seeds:
        for r in json.load(open(f"/work/sw/json/{a.tag}-{a.mode}-{s}.json"))["rows"]:
            if r.get("too_short") or not r["problems"] or not r.get("log"):
                continue
            c = classify(dict(r, seed=s))
            if c:
                out.append(c)
    print(f"{len(out)} runs whose first problem is the cache's size")
    near = [r for r in out if abs(r["samples_off"]) <= 1]
    print(f"  within one sample of the model's end: {len(near)} "
          f"(over {sum(r['ratio'] > 1 for r in near)}, under {sum(r['ratio'] < 1 for r in near)}; "
          f"the end in sample 1 or 2: {sum(r['end_sample'] in (1, 2) for r in near)})")
    print(f"  on a drive with dips: {sum(r['dip_drive'] for r in out)} "
          f"(the sweep draws dips for 40 % of its drives)")
    print(f"  right within the stated +-: {sum(r['right_interval'] for r in out)}")
    groups = collections.Counter(
        ("within one sample" if abs(r["samples_off"]) <= 1 else "further", r["dips"]) for r in out)
    for k, n in groups.most_common():
        print(f"  {n:4d}  {k[0]:18s} dips: {k[1]}")
    short = [r for r in near if r["end_sample"] in (1, 2) and r["dips"].startswith("before")
             and r["ratio"] > 1]
    print(f"  a cache of 1-2 whole samples, a dip in them, read long: {len(short)} "
          f"{dict(collections.Counter(r['workload'] for r in short))}")
    if a.json:
        json.dump(out, open(a.json, "w"), indent=1)


if __name__ == "__main__":
    main()
