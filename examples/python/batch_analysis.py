"""Analyse every write log under a directory in one DataFrame, on local
processes or a Dask cluster.

    python examples/python/batch_analysis.py DIR [WORKERS] [--dask]

fio's per-thread logs of one job (NAME_bw.1.log, NAME_bw.2.log...) count
as one run; unreadable files get a row with the error instead of stopping
the batch.
"""
from __future__ import annotations

import os
import sys
from typing import Any, List

import pandas as pd

import ssdcore


def analyse(directory: str, workers: int = 1, use_dask: bool = False) -> ssdcore.results.BatchResult:
    patterns: List[str] = [os.path.join(directory, "**", "*.log"),
                           os.path.join(directory, "**", "*.csv")]
    client: Any = None
    if use_dask:
        import importlib
        distributed: Any = importlib.import_module("distributed")  # the [dask] extra
        client = distributed.Client(distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, dashboard_address=None))
    try:
        result = ssdcore.analyze_many(patterns, errors="record", workers=workers, client=client)
    finally:
        if client is not None:
            client.close()
    return result


def main(argv: List[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    workers = int(argv[1]) if len(argv) > 1 and argv[1].isdigit() else 1
    result = analyse(argv[0], workers, "--dask" in argv)
    df: pd.DataFrame = result.frame                  # one row per log
    ok = df[df["error"].isna()]
    print(ok[["source", "samples", "cache_bytes", "post_cache_bps", "cv"]].to_string())
    print(f"{len(ok)} analysed, {len(df) - len(ok)} with errors")
    phases: pd.DataFrame = result.phases             # one row per phase, joinable on source
    print(phases.groupby("source")["level_bps"].agg(["count", "min", "max"]).to_string())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
