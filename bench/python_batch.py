"""Batch analysis throughput: logs per second against workers, and the
per-log cost of the Python layer over the C core alone.

    PYTHONPATH=build/python .venv/bin/python bench/python_batch.py [N_LOGS] [REPEATS]

Generates N_LOGS (default 10,000) write logs of 600 one-second samples (a
cache of 30..300 s at 400 MB/s, then 60 MB/s, with 3 % noise) in a
temporary directory, then times, REPEATS times each (default 3; the median
is printed):

- the C core alone: bench/analysis_batch.c (compiled here against
  build/libssdcore.a) makes the calls ``ssdcore.analyze()`` makes (open,
  analyse, render the JSON) on every file, in one process: the peer the
  Python layer is measured against;
- the CLI, ``ssdcore analyze --json`` on every file (JSON printed);
- the same C calls made from Python through cffi, without result objects;
- ``analyze_many`` with workers=1 (this process), workers=2 (local
  processes) and a Dask LocalCluster of 2 worker processes.

The ways take turns in each round (a shared machine's load then hits them
alike). Prints one table row per way with logs/s and the ratio to the C
core, and the Python layer's cost per log split into the cffi crossing and
the result objects. SSD_BUILD_DIR names the build tree (default build).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable, Dict, List

import numpy as np

import ssdcore
# The ways take turns in every round, as bench/series_reader.py times them,
# and the CLI is the one it runs (SSD_BUILD_DIR's when not on PATH).
from series_reader import cli as ssdcore_cli, timed_interleaved


C_CORE = "C core alone (bench/analysis_batch.c)"
CFFI = "the same C calls from Python (cffi), no result objects"
ONE = "analyze_many, workers=1"


def generate(d: str, n: int) -> List[str]:
    rng = np.random.default_rng(1)
    t = np.arange(1, 601, dtype=float)
    t_text = [f"{x:g}" for x in t]
    paths = []
    for i in range(n):
        cache_s = rng.integers(30, 300)
        b = np.where(t <= cache_s, 400e6, 60e6) * rng.normal(1, 0.03, t.size)
        p = os.path.join(d, f"log{i:05d}.csv")
        with open(p, "w") as f:
            f.write("t_s,bytes\n")
            f.write("".join(f"{a},{int(c)}\n" for a, c in zip(t_text, b)))
        paths.append(p)
    return paths


def main(argv: List[str]) -> int:
    n = int(argv[0]) if argv else 10000
    repeats = int(argv[1]) if len(argv) > 1 else 3
    cli = ssdcore_cli()
    d = tempfile.mkdtemp(prefix="ssdcore-batch-")
    try:
        t0 = time.perf_counter()
        paths = generate(d, n)
        print(f"{n} logs of 600 samples generated in {time.perf_counter() - t0:.1f} s")

        build = os.environ.get("SSD_BUILD_DIR", "build")
        driver = os.path.join("bench", "out", "analysis_batch")
        os.makedirs(os.path.dirname(driver), exist_ok=True)
        libs = subprocess.run(["pkg-config", "--libs", "liburing", "libarchive"], check=True,
                              capture_output=True, text=True).stdout.split()
        subprocess.run(["cc", "-O2", "-Ilibssdcore/include", "-o", driver,
                        "bench/analysis_batch.c", os.path.join(build, "libssdcore.a"), *libs,
                        "-lpthread", "-lm"], check=True)

        def chunked(cmd: List[str]) -> Callable[[], None]:
            def run() -> None:
                # As many files per process as an argument list takes.
                for i in range(0, n, 2000):
                    subprocess.run([*cmd, *paths[i:i + 2000]], check=True,
                                   stdout=subprocess.DEVNULL)
            return run

        def cffi_only() -> None:
            # The same C calls from Python through cffi, no result objects.
            from ssdcore.analysis import Series, _Analysis
            an = _Analysis({})
            for p in paths:
                an.run_json(Series.open(p), None, p)

        ways: Dict[str, Callable[[], object]] = {
            C_CORE: chunked([driver]),
            "CLI (ssdcore analyze --json)": chunked([cli, "analyze", "--json"]),
            CFFI: cffi_only,
            ONE: lambda: ssdcore.analyze_many(paths),
            "analyze_many, workers=2 (processes)": lambda: ssdcore.analyze_many(paths,
                                                                                  workers=2)}
        ref = ssdcore.analyze_many(paths[:50])
        cluster: Any = None
        try:
            import distributed
        except ImportError:
            print("dask.distributed missing: pip install 'ssdcore[dask]' for the cluster row")
        else:
            cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                               processes=True, dashboard_address=None)
            client = distributed.Client(cluster)
            df = ssdcore.analyze_many(paths[:50], client=client)
            assert df.frame.equals(ref.frame), "the cluster's frame differs from the local one"
            ways["analyze_many, Dask LocalCluster, 2 workers"] = (
                lambda: ssdcore.analyze_many(paths, client=client))
        try:
            results = timed_interleaved(ways, repeats)
        finally:
            if cluster is not None:
                client.close()
                cluster.close()
        c = results[C_CORE]
        print(f"\n| way | seconds (median of {repeats}) | logs/s | vs C core |")
        print("|---|---|---|---|")
        for name, s in results.items():
            print(f"| {name} | {s:.2f} | {n / s:.0f} | {c / s:.2f}x |")
        for label, a, b in (("cffi crossing (cffi calls minus the C core)", CFFI, C_CORE),
                            ("result objects and DataFrame (workers=1 minus cffi calls)", ONE,
                             CFFI),
                            ("whole Python layer (workers=1 minus the C core)", ONE, C_CORE)):
            per_log = (results[a] - results[b]) / n
            print(f"per log, {label}: {per_log * 1e6:.0f} µs "
                  f"({per_log / (c / n) * 100:.0f} % of the C core's {c / n * 1e6:.0f} µs)")
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
