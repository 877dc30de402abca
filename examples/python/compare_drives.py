"""Several simulated drives through the same 2-hour degradation test, side
by side: one summary row per drive and one figure with every write curve.

    python examples/python/compare_drives.py [OUT.png]
"""
from __future__ import annotations

import sys
from typing import List

import pandas as pd

import ssdcore

DRIVES = ["bx200", "ssd370", "as510s", "vector180"]


def compare(drives: List[str], time: str = "2h") -> List[ssdcore.results.AnalysisResult]:
    out = []
    for name in drives:
        run = ssdcore.job(f"sim:{name}", pattern="randwrite", bs=4096, qd=32, time=time)
        out.append(ssdcore.analyze(run))
    return out


def main(argv: List[str]) -> int:
    results = compare(DRIVES)
    table = pd.concat([r.summary() for r in results], ignore_index=True)
    table.insert(0, "drive", DRIVES)
    print(table[["drive", "cache_bytes", "post_cache_bps", "total_bytes", "cv"]].to_string())
    if argv:
        import matplotlib
        matplotlib.use("Agg")
        from ssdcore import plot
        ax = plot.overlay(results, labels=DRIVES)
        ax.figure.savefig(argv[0], dpi=100)
        print(f"figure: {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
