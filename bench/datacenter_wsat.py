#!/usr/bin/env python3
"""Each datacenter profile's write saturation test (WSAT) from a purge,
with the plain GC model and the greedy one (gc_model=plain / greedy), as
the table "Datacenter profiles: WSAT from a purge" in docs/simulator.md:
4K QD32 random writes on the purged drive until 4x the capacity or 6
hours, 10 s samples; where the model's clean blocks run out (gc), where
the speed first falls 10 % below its fresh level (drop), and the IOPS of
the last 5 % of the samples against the rating (end). Offsets are drawn
with repeats, as every random job's; the same WSAT with every block
written once a pass (fio's random map: coverage=1 jobs, 4 passes or 6 h)
and the 400 GB variants of the large profiles (4 capacities within 6 h)
are columns of their own. About two minutes of CPU.

usage: PYTHONPATH=build/python python3 bench/datacenter_wsat.py [--json]
"""
import json
import sys

import ssdcore

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from sim_profile_figures import RATED  # noqa: E402

LIMIT_S = 6 * 3600
INTERVAL = 10


def wsat(spec, rated, random_map=False):
    """One WSAT on the purged drive; a dict of its figures."""
    with ssdcore.SimTarget(spec) as t:
        t.purge()
        cap = t.size_bytes
        rows, gc, done_s, done_b = [], None, 0.0, 0
        for _ in range(4 if random_map else 1):
            left = LIMIT_S - done_s
            if left < INTERVAL:
                break
            opts = dict(coverage=True) if random_map else dict(bytes=4 * cap)
            s = ssdcore.job(t, pattern="randwrite", bs="4k", qd=32, time=left,
                            interval=INTERVAL, **opts)
            ph = [p for p in t.truth()["phases"] if p["regime"] == "gc"]
            if gc is None and ph:
                gc = (done_b + ph[0]["start_bytes"]) / cap
            prev = 0.0
            for x in s["series"]:
                rows.append((x["t_s"] - prev, x["write_ops"], x["write_bytes"]))
                prev = x["t_s"]
                done_b += x["write_bytes"]
            done_s += prev
    iops = [ops / dt for dt, ops, _ in rows]
    caps, w = [], 0
    for _, _, b in rows:
        w += b
        caps.append(w / cap)
    n = len(iops)
    k = max(5, n // 50)
    fresh = sorted(iops[:k])[k // 2]
    smooth = [sum(iops[max(0, i - 2):i + 3]) / len(iops[max(0, i - 2):i + 3]) for i in range(n)]
    drop = next((caps[i] for i in range(n) if smooth[i] < 0.9 * fresh), None)
    m = max(1, n // 20)
    end = sum(ops for _, ops, _ in rows[-m:]) / sum(dt for dt, _, _ in rows[-m:])
    return {"spec": spec, "random_map": random_map, "capacities": caps[-1],
            "hours": done_s / 3600, "gc": gc, "drop": drop, "fresh_iops": fresh,
            "end_iops": end, "rated_iops": rated}


def measure():
    out = []
    for name, r in RATED.items():
        rated = r["rand_write"]
        for model in ("plain", "greedy"):
            out.append(wsat(f"sim:{name},gc_model={model}", rated))
            if not name.endswith("400gb"):
                out.append(wsat(f"sim:{name},capacity_gb=400,gc_model={model}", rated))
        out.append(wsat(f"sim:{name}", rated, random_map=True))
    return out


def table(rs):
    def get(name, model, small=False, random_map=False):
        spec = f"sim:{name}" + (",capacity_gb=400" if small else "") + \
            ("" if random_map else f",gc_model={model}")
        return next(r for r in rs if r["spec"] == spec and r["random_map"] == random_map)

    def end(r):
        return f"{r['end_iops']:,.0f} ({100 * (r['end_iops'] / r['rated_iops'] - 1):+.0f} %)"

    lines = ["| profile | rated IOPS | gc | drop: plain → greedy | full scale: capacities / time "
             "| end, full scale: plain → greedy | end, 400 GB, 4 capacities: plain → greedy "
             "| end, random map (greedy; plain the same) |", "|---|---|---|---|---|---|---|---|"]
    for name in RATED:
        p, g, m = get(name, "plain"), get(name, "greedy"), get(name, None, random_map=True)
        drop = f"{p['drop']:.2f}" if p["drop"] else f"none in {p['capacities']:.2f}"
        small = "(the profile is 400 GB)" if name.endswith("400gb") else \
            f"{end(get(name, 'plain', True))} → {end(get(name, 'greedy', True))}"
        lines.append(f"| {name} | {g['rated_iops']:,} | {g['gc']:.2f} | {drop} → {g['drop']:.2f} "
                     f"| {g['capacities']:.2f} / {g['hours']:.1f} h | {end(p)} → {end(g)} "
                     f"| {small} | {end(m)} at {m['capacities']:.2f} capacities |")
    return "\n".join(lines)


def main():
    rs = measure()
    print(json.dumps(rs, indent=1) if "--json" in sys.argv[1:] else table(rs))


if __name__ == "__main__":
    main()
