"""The results catalog at scale: 10,000 runs added, then listed by the CLI
(text and JSON), by ssdcore.catalog.runs (pandas over Python's sqlite3) and,
as the peer, by the sqlite3 shell when installed. Prints medians of repeated
runs and the ratios. Goal (issue 12): listing 10,000 runs well under a
second.

    SSD_BUILD_DIR=build PYTHONPATH=build/python .venv/bin/python bench/catalog_list.py [N]
"""
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import ssdcore

N = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
BUILD = pathlib.Path(os.environ.get("SSD_BUILD_DIR", "build"))
CLI = str(BUILD / "ssdcore")


def median_time(fn, repeat=7):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main():
    work = pathlib.Path(tempfile.mkdtemp(prefix="ssd-catalog-bench-"))
    try:
        ssdcore.suite("sim:bx200", work / "seed", suite="quick", report=False)
        base = json.loads((work / "seed" / "results.json").read_text())
        base["steps"] = base["steps"][:3]  # the headline is what the catalog keeps
        db = work / "c.sqlite"
        t0 = time.perf_counter()
        for i in range(N):
            d = work / "runs" / f"{i:05d}"
            d.mkdir(parents=True)
            base["started"] = f"2026-01-01T00:00:{i:05d}Z"
            base["target"]["uri"] = f"sim:bx200,seed={i % 97}"
            base["run_id"] = f"{i:032x}"  # the catalog keys a run by its run_id
            (d / "results.json").write_text(json.dumps(base))
            assert ssdcore.catalog.add(d, db)
        add_s = time.perf_counter() - t0
        assert not ssdcore.catalog.add(work / "runs" / "00000", db)  # twice: a no-op

        def cli(*args):
            r = subprocess.run([CLI, "catalog", "list", "--catalog", str(db), *args],
                               capture_output=True, text=True, check=True)
            # --json is one compact line (every --json is); the text, a run a line
            n = len(json.loads(r.stdout)) if "--json" in args else r.stdout.count("\n") - 1
            assert n == N, (args, n)

        text_s = median_time(lambda: cli())
        json_s = median_time(lambda: cli("--json"))
        df_s = median_time(lambda: len(ssdcore.catalog.runs(db).to_frame()) == N or sys.exit("short"))
        print(f"catalog of {N} runs: added in {add_s:.1f} s ({add_s / N * 1e3:.2f} ms a run)")
        print(f"  ssdcore catalog list          {text_s * 1e3:8.1f} ms (median of 7)")
        print(f"  ssdcore catalog list --json   {json_s * 1e3:8.1f} ms")
        print(f"  ssdcore.catalog.runs (pandas) {df_s * 1e3:8.1f} ms")
        peer = shutil.which("sqlite3")
        if peer:
            sql = ("SELECT id,started,drive,suite,status,dir FROM runs ORDER BY started,id")
            p_s = median_time(lambda: subprocess.run([peer, str(db), sql], capture_output=True,
                                                     check=True))
            print(f"  sqlite3 shell (peer)          {p_s * 1e3:8.1f} ms")
            print(f"  ratio ssdcore list / sqlite3 shell: {text_s / p_s:.2f}")
        else:
            print("  sqlite3 shell (peer): not installed (apt-get install sqlite3)")
        print(f"  goal: under 1 s -> {'met' if max(text_s, json_s) < 1 else 'NOT met'}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
