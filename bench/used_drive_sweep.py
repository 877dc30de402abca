#!/usr/bin/env python3
"""The used-drive sweep (issue 21, item 7; docs/simulator.md "Used drives"):
N random simulated drives, consumer-like and enterprise-like, each fresh
after a TRIM, sequentially filled and randomly filled (2x the capacity,
SNIA's preconditioning), each state with the whole-drive fill, the 2-hour
4K QD32 test and WSAT (4x the capacity or 6 h). Each log is analysed by
`ssdcore analyze --json` from its CSV alone (capacity, written_before_bytes
and precondition in its metadata) and scored against the model's regimes
(tests/py/used_drive_scoring.py). Prints the table by state x workload.

Run from the repo root after scripts/build.sh:
    PATH=build:$PATH PYTHONPATH=build/python .venv/bin/python bench/used_drive_sweep.py \\
        [--drives 200] [--seed 2026] [--small] [-v] [--json FILE]

--small draws 120 GB-1 TB drives with a 2 s noise tick and coarser samples:
the 50-drive test's setting (tests/py/test_used_drive_sweep.py).
"""
import argparse
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "py"))
from used_drive_scoring import format_table, sweep, table  # noqa: E402

SMALL = dict(cap_range=(120, 1000), tick_s=2, interval=(1, 2, 4))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--drives", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--small", action="store_true", help="the 50-drive test's small drives")
    ap.add_argument("-v", action="store_true", help="print every run with a problem")
    ap.add_argument("--json", help="write the rows and the table to this file")
    a = ap.parse_args()
    t0 = time.monotonic()
    log = (lambda m: print(m, file=sys.stderr)) if a.v else None
    with tempfile.TemporaryDirectory(prefix="used-sweep-") as d:
        rows = sweep(a.drives, a.seed, d, log=log, **(SMALL if a.small else {}))
    cells = table(rows)
    print(format_table(cells))
    n = len(rows)
    ok = sum(not r["problems"] for r in rows)
    kinds = sorted({r["kind"] for r in rows})
    mix = ", ".join(f"{sum(r['kind'] == k for r in rows) // 9} {k}" for k in kinds)
    print(f"\n{a.drives} drives ({mix}), "
          f"{n} runs: {ok} labelled right ({100 * ok / n:.1f} %), "
          f"{sum(r['false_cache'] for r in rows)} false caches, "
          f"{sum(r['missed_cache'] for r in rows)} missed caches; "
          f"{time.monotonic() - t0:.0f} s")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"rows": rows, "table": cells}, f, indent=1, default=str)


if __name__ == "__main__":
    main()
