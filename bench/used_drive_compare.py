#!/usr/bin/env python3
"""Two builds' used-drive sweeps compared run by run: how many runs a change
of the analysis fixed and how many it broke, per sweep and in all, with the
false caches before and after (docs/simulator.md, "Comparing two builds").

BEFORE and AFTER are `bench/used_drive_sweep.py --json` files, or two
directories of them paired by file name (one file per seed and reference
mode, as a round's table is made: the same kept runs, `--runs DIR`, scored
once by each build). Totals alone do not tell a change's worth: a rule that
fixes 20 runs and breaks 15 looks like +5, and the broken runs are where it
is wrong.

    bench/used_drive_compare.py BEFORE AFTER [-v] [--json FILE]

-v lists every fixed and broken run with its problems. Exits 0, or 1 when
the two sides are not the same runs (another seed, other drives or
another state list): their difference would be no change of the analysis.
"""
import argparse
import json
import os
import sys


def load_rows(path):
    """The rows of one sweep JSON, keyed by (drive, state, workload), with
    the drive's spec to check that both sides ran the same drives."""
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise SystemExit(f"used_drive_compare: {path}: {e}")
    rows = doc.get("rows") if isinstance(doc, dict) else None
    if not isinstance(rows, list):
        raise SystemExit(f"used_drive_compare: {path}: no \"rows\" list "
                         "(not a bench/used_drive_sweep.py --json file)")
    out = {}
    for i, r in enumerate(rows):
        try:
            key = (r["drive"], r["state"], r["workload"])
            out[key] = r
        except (KeyError, TypeError):
            raise SystemExit(f"used_drive_compare: {path}: row {i} has no drive/state/workload")
    return out


def compare(before, after, name="", listing=None):
    """Fixed and broken runs between two sweeps of the same runs. Raises
    ValueError naming the first run that differs in its drive or is on one
    side only."""
    if set(before) != set(after):
        only = sorted(set(before) ^ set(after))[0]
        raise ValueError(f"{name}: run {only} is on one side only: not the same sweep")
    c = dict(runs=0, right_before=0, right_after=0, fixed=0, broken=0,
             false_before=0, false_after=0)
    for key in sorted(before):
        b, a = before[key], after[key]
        if b.get("spec") != a.get("spec"):
            raise ValueError(f"{name}: drive {key[0]} differs between the two sides: "
                             "not the same sweep")
        ok_b, ok_a = not b["problems"], not a["problems"]
        c["runs"] += 1
        c["right_before"] += ok_b
        c["right_after"] += ok_a
        c["false_before"] += bool(b.get("false_cache"))
        c["false_after"] += bool(a.get("false_cache"))
        if ok_a and not ok_b:
            c["fixed"] += 1
            if listing is not None:
                listing.append(f"fixed  {name} drive {key[0]} {key[1]} {key[2]}: "
                               f"was {'; '.join(b['problems'])}")
        elif ok_b and not ok_a:
            c["broken"] += 1
            if listing is not None:
                listing.append(f"broken {name} drive {key[0]} {key[1]} {key[2]}: "
                               f"{'; '.join(a['problems'])}")
    return c


def pairs(before, after):
    """(name, before file, after file) for two files or two directories."""
    for p in (before, after):
        if not os.path.exists(p):
            raise SystemExit(f"used_drive_compare: {p}: no such file or directory")
    if os.path.isdir(before) and os.path.isdir(after):
        names = sorted(n for n in os.listdir(after) if n.endswith(".json"))
        missing = [n for n in names if not os.path.exists(os.path.join(before, n))]
        if missing:
            raise SystemExit(f"used_drive_compare: {before}: no {missing[0]} to pair with "
                             f"{os.path.join(after, missing[0])}")
        if not names:
            raise SystemExit(f"used_drive_compare: {after}: no .json files")
        return [(n[:-5], os.path.join(before, n), os.path.join(after, n)) for n in names]
    if os.path.isdir(before) or os.path.isdir(after):
        raise SystemExit("used_drive_compare: BEFORE and AFTER must both be files or "
                         "both directories")
    return [(os.path.basename(after)[:-5], before, after)]


def pct(n, d):
    return f"{100 * n / d:.2f} %" if d else "-"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("-v", action="store_true", help="list every fixed and broken run")
    ap.add_argument("--json", help="write the per-sweep and total counts to this file")
    a = ap.parse_args(argv)
    listing = [] if a.v else None
    per = {}
    for name, fb, fa in pairs(a.before, a.after):
        try:
            per[name] = compare(load_rows(fb), load_rows(fa), name, listing)
        except ValueError as e:
            print(f"used_drive_compare: {e}", file=sys.stderr)
            return 1
    total = {k: sum(c[k] for c in per.values()) for k in next(iter(per.values()))}
    print("| sweep | runs | right before | right after | fixed | broken | false caches |")
    print("|---|---|---|---|---|---|---|")
    for name, c in list(per.items()) + ([("all", total)] if len(per) > 1 else []):
        print(f"| {name} | {c['runs']} | {c['right_before']} | {c['right_after']} "
              f"({pct(c['right_after'], c['runs'])}) | +{c['fixed']} | -{c['broken']} "
              f"| {c['false_before']} -> {c['false_after']} |")
    for line in listing or ():
        print(line)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"sweeps": per, "total": total}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
