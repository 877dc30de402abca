"""The series reader and batch analysis against pandas and pyarrow, side by
side in one run (issue 23).

    PYTHONPATH=build/python PATH=build:$PATH .venv/bin/python bench/series_reader.py \
        [--logs 2000] [--distinct 32] [--repeats 5] [--data DIR]

Generates with the simulator (``ssdcore job sim:... --log``):

- a 1,000,000-sample series: sim:bx200, 10 ms intervals for 10,000 s, the
  16 columns the sampler writes (~114 MB), and the same cut to t_s,bytes
  (~19 MB, the issue's 17.5 MB file);
- ``--logs`` two-hour logs of 7,200 one-second samples (16 columns, ~0.9 MB
  each): ``--distinct`` sim runs over the profiles, block sizes and queue
  depths, copied round-robin to make up the number (the files are distinct
  on disk; their contents repeat, which changes nothing for a reader).

``--data DIR`` keeps them there and reuses them on the next run. Then
times, ``--repeats`` rounds of every way in turn (a shared machine's load
hits them alike; the median is printed):

1. one file: ``ssdcore.read_series`` (the C reader through cffi, arrays
   out), ``ssdcore analyze FILE --json`` as a whole process (read, analyse,
   print), ``pandas.read_csv`` (C engine) of all columns and of t_s,bytes,
   and pyarrow's CSV reader (all its threads, and one);
2. the batch: ``analyze_many`` with workers 1 and 2 against pandas reading
   every file (all columns, and t_s,bytes), one process;
3. the batch on real Dask clusters (``dask scheduler`` and ``dask worker
   --nthreads 1`` processes on 127.0.0.1, not a LocalCluster, with Dask's
   housekeeping slowed down for throughput: DASK_THROUGHPUT): two workers
   against one, both clusters up for the whole run (the one not measured
   stopped, SIGSTOP, during the other's batch), the ways interleaved,
   ``--repeats`` rounds; with the share of the cores other processes took
   in each round, and the ratio of the rounds they left alone.

Ratios are time(peer) / time(ssdcore): above 1, ssdcore is faster. Goals
(issue 23): the reader >= 2x pandas.read_csv on the same file; ``ssdcore
analyze`` of 1M samples <= 0.1 s; analyze_many(workers=2) >= 30,000 logs/min
and >= 2.5x pandas read_csv of all columns in one process; a two-worker
Dask cluster >= 1.9x one worker. ``--parts`` picks the parts (default
``file,batch,dask``). pyarrow is an optional peer (``pip install 'ssdcore[bench]'``); its rows are skipped
without it.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Callable, Dict, Iterator, List

import ssdcore

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "py"))

PROFILES = ["bx200", "ssd370", "as510s", "vector180", "mp44l-1tb", "s660-2tb", "ct100-2tb",
            "ssd370-1tb"]


def cli() -> str:
    return shutil.which("ssdcore") or os.path.join(os.environ.get("SSD_BUILD_DIR", "build"),
                                                    "ssdcore")


def sim_log(path: str, profile: str, bs: str, qd: int, duration: str, interval: str) -> None:
    subprocess.run([cli(), "job", f"sim:{profile}", "--pattern", "write", "--bs", bs, "--qd",
                    str(qd), "--time", duration, "--interval", interval, "--log", path,
                    "--no-progress"], check=True, stdout=subprocess.DEVNULL)


def generate(d: str, n_logs: int, distinct: int, big_files: bool = True) -> Dict[str, object]:
    """The inputs; the 1,000,000-sample files only with big_files (the
    "file" part)."""
    os.makedirs(d, exist_ok=True)
    big_full = os.path.join(d, "series_1m_16col.csv")
    big = os.path.join(d, "series_1m.csv")
    if big_files and not os.path.exists(big_full):
        sim_log(big_full, "bx200", "128k", 32, "10000s", "10ms")
    if big_files and not os.path.exists(big):
        with open(big_full) as src, open(big + ".tmp", "w") as dst:
            for line in src:
                if line.startswith("#"):
                    dst.write(line)
                    continue
                f = line.rstrip("\n").split(",")
                dst.write(f"{f[0]},{f[1]}\n")
        os.replace(big + ".tmp", big)
    src_dir = os.path.join(d, "distinct")
    os.makedirs(src_dir, exist_ok=True)
    sources = []
    for i in range(distinct):
        p = os.path.join(src_dir, f"run{i:03d}.csv")
        if not os.path.exists(p):
            sim_log(p, PROFILES[i % len(PROFILES)], ["128k", "1m"][i // len(PROFILES) % 2],
                    [32, 4][i // (2 * len(PROFILES)) % 2], "2h", "1s")
        sources.append(p)
    log_dir = os.path.join(d, "logs")
    os.makedirs(log_dir, exist_ok=True)
    logs = []
    for i in range(n_logs):
        p = os.path.join(log_dir, f"log{i:05d}.csv")
        if not os.path.exists(p):
            shutil.copyfile(sources[i % distinct], p)
        logs.append(p)
    return {"big": big, "big_full": big_full, "logs": logs}


def cpu_seconds() -> float:
    """CPU time of this process and of its children that ended."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    ch = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + ch.ru_utime + ch.ru_stime


CPU: Dict[str, float] = {}  # median CPU seconds of each way's last timing


def timed_interleaved(ways: Dict[str, Callable[[], object]], repeats: int) -> Dict[str, float]:
    runs: Dict[str, List[float]] = {name: [] for name in ways}
    cpu: Dict[str, List[float]] = {name: [] for name in ways}
    for _ in range(repeats):
        for name, fn in ways.items():
            c0, t0 = cpu_seconds(), time.perf_counter()
            fn()
            runs[name].append(time.perf_counter() - t0)
            cpu[name].append(cpu_seconds() - c0)
    CPU.update({name: statistics.median(c) for name, c in cpu.items()})
    return {name: statistics.median(r) for name, r in runs.items()}


def table(title: str, results: Dict[str, float], base: str, unit: str, per: int = 1) -> None:
    print(f"\n{title}\n| way | {unit} (median) | time / time of {base} |")
    print("|---|---|---|")
    b = results[base]
    for name, s in results.items():
        shown = f"{s * 1e3:.1f} ms" if per == 1 else f"{per / s * 60:,.0f} logs/min"
        print(f"| {name} | {shown} | {s / b:.2f} |")


# Dask's settings for throughput, the same for both clusters (docs/python.md,
# "On a Dask cluster"): no sampling profiler (it walks the running thread's
# stack every 10 ms: about 3 % of a worker's CPU per log), and the event
# loop's health tick, the system monitor and the memory monitor at 1 s, 5 s
# and 1 s instead of 20 ms, 500 ms and 100 ms. Those cost a scheduler and two
# workers 60 ms of CPU per second, busy or idle, against 15 ms so: on two
# cores the two-worker run pays it out of its workers' time, for its own
# cluster and for the idle one-worker cluster beside it, where the one-worker
# run has the other core for it.
DASK_THROUGHPUT = {
    "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
    "DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL": "1s",
    "DASK_DISTRIBUTED__ADMIN__SYSTEM_MONITOR__INTERVAL": "5s",
    "DASK_DISTRIBUTED__WORKER__MEMORY__MONITOR_INTERVAL": "1s",
}


@contextlib.contextmanager
def dask_cluster(n_workers: int) -> Iterator[object]:
    """A Client of a real cluster: a ``dask scheduler`` and ``n_workers``
    ``dask worker --nthreads 1`` processes on 127.0.0.1, all stopped on exit
    (tests/py/dask_processes.py), with DASK_THROUGHPUT's settings. The
    scheduler's file goes to a directory of its own, not the data
    directory: two runs sharing one ``--data`` would read each other's
    scheduler address."""
    from dask_processes import dask_cluster as processes
    env = dict(os.environ, **DASK_THROUGHPUT)
    with tempfile.TemporaryDirectory(prefix="ssdcore-dask-") as own, \
            processes(own, n_workers, timeout_s=60, idle_timeout_s=3600, env=env) as (client, _):
        yield client


def same(a: "ssdcore.results.BatchResult", b: "ssdcore.results.BatchResult") -> bool:
    """Two analyze_many results hold the same rows and phases."""
    return bool(a.frame.equals(b.frame) and a.phases.equals(b.phases))


def workers_cpu(client: object) -> float:
    """CPU seconds the cluster's worker processes have used so far."""
    def cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime
    return float(sum(client.run(cpu).values()))  # type: ignore[attr-defined]


def scheduler_cpu(client: object) -> float:
    """CPU seconds the cluster's scheduler process has used so far."""
    def cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime
    return float(client.run_on_scheduler(cpu))  # type: ignore[attr-defined]


@contextlib.contextmanager
def stopped(pids: List[int]) -> Iterator[None]:
    """These processes stopped (SIGSTOP) inside the block, continued after."""
    import signal
    for p in pids:
        os.kill(p, signal.SIGSTOP)
    try:
        yield
    finally:
        for p in pids:
            os.kill(p, signal.SIGCONT)


def machine_busy_s() -> float:
    """CPU seconds every process on the machine has used (Linux /proc/stat:
    all but idle and iowait), or NaN elsewhere."""
    try:
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return float("nan")
    return (sum(v) - v[3] - v[4]) / os.sysconf("SC_CLK_TCK")


def own_cpu_s() -> float:
    """CPU seconds of this process and of every live process under it (the
    clusters' schedulers and workers), through psutil (a dependency of
    distributed)."""
    import psutil
    me = psutil.Process()
    total = 0.0
    for p in [me] + me.children(recursive=True):
        try:
            t = p.cpu_times()
        except psutil.Error:
            continue
        total += t.user + t.system
    return total


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--logs", type=int, default=2000)
    ap.add_argument("--distinct", type=int, default=32)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--data", help="keep the generated files here (reused next time)")
    ap.add_argument("--parts", default="file,batch,dask",
                    help="comma-separated: file (one file), batch (analyze_many "
                         "local), dask (two-worker cluster against one)")
    args = ap.parse_args(argv)
    import pandas as pd
    try:
        from pyarrow import csv as pacsv
    except ImportError:
        pacsv = None
        print("pyarrow missing: pip install 'ssdcore[bench]' for its rows")
    d = args.data or tempfile.mkdtemp(prefix="ssdcore-reader-bench-")
    try:
        t0 = time.perf_counter()
        parts = set(args.parts.split(","))
        data = generate(d, args.logs, args.distinct, big_files="file" in parts)
        print(f"inputs ready in {time.perf_counter() - t0:.1f} s ({d}); "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
        exe = cli()
        small = data["logs"][0]  # type: ignore[index]

        cli_cpu: List[float] = []

        def analyze_process(path: str) -> None:
            # Its CPU time too: on a machine other jobs load, wall time
            # includes waiting for a core.
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([exe, "analyze", path, "--json"], check=True,
                           stdout=subprocess.DEVNULL)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cli_cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)

        def one_file(path: str) -> Dict[str, Callable[[], object]]:
            cli_cpu.clear()
            ways: Dict[str, Callable[[], object]] = {
                "ssdcore.read_series": lambda: ssdcore.read_series(path),
                "ssdcore analyze --json (whole process)": lambda: analyze_process(path),
                "pandas.read_csv, all columns": lambda: pd.read_csv(path, comment="#"),
                "pandas.read_csv, usecols t_s,bytes": lambda: pd.read_csv(
                    path, comment="#", usecols=["t_s", "bytes"]),
            }
            if pacsv is not None:
                skip = pacsv.ReadOptions(skip_rows=2)
                one = pacsv.ReadOptions(skip_rows=2, use_threads=False)
                ways["pyarrow.csv.read_csv (threads)"] = lambda: pacsv.read_csv(
                    path, read_options=skip)
                ways["pyarrow.csv.read_csv (1 thread)"] = lambda: pacsv.read_csv(
                    path, read_options=one)
            return ways

        for label, path in [] if "file" not in parts else (("1,000,000 samples, t_s,bytes", data["big"]),
                            ("1,000,000 samples, the sampler's 16 columns", data["big_full"]),
                            ("one two-hour log (7,200 samples, 16 columns)", small)):
            r = timed_interleaved(one_file(str(path)),
                                  args.repeats if "1,000,000" in label else args.repeats * 20)
            table(f"{label}: {os.path.getsize(str(path)) / 1e6:.1f} MB", r,
                  "ssdcore.read_series", "time")
            rs = r["ssdcore.read_series"]
            print(f"reader vs pandas.read_csv (all columns): {r['pandas.read_csv, all columns'] / rs:.2f}x"
                  f" (goal >= 2x); `ssdcore analyze` whole process: "
                  f"{r['ssdcore analyze --json (whole process)'] * 1e3:.0f} ms wall, "
                  f"{statistics.median(cli_cpu) * 1e3:.0f} ms CPU (median)")

        logs: List[str] = data["logs"]  # type: ignore[assignment]
        n = len(logs)
        if "dask" in parts:
            dask_clusters(logs, args.repeats)
        if "batch" not in parts:
            return 0
        ref = ssdcore.analyze_many(logs[:40])
        assert same(ref, ssdcore.analyze_many(logs[:40], workers=2)), \
            "workers=2 gives another frame than workers=1"
        ways = {
            "analyze_many, workers=1": lambda: ssdcore.analyze_many(logs),
            "analyze_many, workers=2": lambda: ssdcore.analyze_many(logs, workers=2),
            "pandas.read_csv of every file, all columns": lambda: [
                pd.read_csv(p, comment="#") for p in logs],
            "pandas.read_csv of every file, t_s,bytes": lambda: [
                pd.read_csv(p, comment="#", usecols=["t_s", "bytes"]) for p in logs],
        }
        r = timed_interleaved(ways, max(1, args.repeats // 2 + 1))
        print(f"\n{n} two-hour logs\n| way | logs/min (median) | vs pandas, all columns "
              f"| CPU ms per log |")
        print("|---|---|---|---|")
        pall = r["pandas.read_csv of every file, all columns"]
        for name, s in r.items():
            print(f"| {name} | {n / s * 60:,.0f} | {pall / s:.2f}x | {CPU[name] / n * 1e3:.2f} |")
        per_log = CPU["analyze_many, workers=2"] / n
        print(f"CPU per log, workers=2 (both processes): {per_log * 1e3:.2f} ms: two idle "
              f"cores would do {2 * 60 / per_log:,.0f} logs/min; pandas all columns "
              f"{CPU['pandas.read_csv of every file, all columns'] / n * 1e3:.2f} ms per log "
              f"in one process")
        w2 = r["analyze_many, workers=2"]
        print(f"analyze_many(workers=2): {n / w2 * 60:,.0f} logs/min (goal >= 30,000), "
              f"{pall / w2:.2f}x pandas all columns (goal >= 2.5x), "
              f"{r['analyze_many, workers=1'] / w2:.2f}x workers=1; load average now "
              f"{os.getloadavg()[0]:.1f}")
    finally:
        if not args.data:
            shutil.rmtree(d, ignore_errors=True)
    return 0


def dask_clusters(logs: List[str], repeats: int) -> None:
    n = len(logs)
    with dask_cluster(1) as one, dask_cluster(2) as two:
        ref = ssdcore.analyze_many(logs[:40])
        for c in (one, two):
            assert same(ref, ssdcore.analyze_many(logs[:40], client=c)), \
                "a Dask cluster gives another frame than the local run"
        clients = {"Dask cluster, 1 worker": one, "Dask cluster, 2 workers": two}
        runs: Dict[str, List[float]] = {k: [] for k in clients}
        wcpu: Dict[str, List[float]] = {k: [] for k in clients}
        # The client's (this process's) and the scheduler's CPU per batch:
        # on two cores, what the two-worker run loses to them.
        ccpu: Dict[str, List[float]] = {k: [] for k in clients}
        scpu: Dict[str, List[float]] = {k: [] for k in clients}
        # The share of the cores other processes took during each batch: on a
        # shared machine, the rounds nobody else disturbed are the ones that
        # say what two workers do against one.
        others: Dict[str, List[float]] = {k: [] for k in clients}
        load0 = os.getloadavg()[0]
        # The cluster not measured is stopped (SIGSTOP to its scheduler and
        # workers) during the other's batch: its heartbeats and monitors,
        # about 7 ms of CPU a second for the one-worker cluster, came out of
        # the two-worker batch's cores, while the idle two-worker cluster
        # beside the one-worker batch had the free core; neither is part of
        # what a cluster does.
        pids = {c: [c.run_on_scheduler(os.getpid)] + list(c.run(os.getpid).values())
                for c in (one, two)}
        # The ways take turns; the workers' and the scheduler's CPU is read
        # outside the timed part (client.run round trips, no part of the batch).
        for _ in range(repeats):
            for name, c in clients.items():
                before, sched = workers_cpu(c), scheduler_cpu(c)
                idle = pids[two if c is one else one]
                m0, o0 = machine_busy_s(), own_cpu_s()
                with stopped(idle):
                    c0, t0 = cpu_seconds(), time.perf_counter()
                    ssdcore.analyze_many(logs, client=c)
                    runs[name].append(time.perf_counter() - t0)
                others[name].append(((machine_busy_s() - m0) - (own_cpu_s() - o0))
                                    / ((os.cpu_count() or 1) * runs[name][-1]))
                ccpu[name].append(cpu_seconds() - c0)
                scpu[name].append(scheduler_cpu(c) - sched)
                wcpu[name].append(workers_cpu(c) - before)
        r = {name: statistics.median(t) for name, t in runs.items()}
    print(f"\n{n} two-hour logs on real Dask clusters (scheduler + `dask worker "
          f"--nthreads 1` processes)\n| way | logs/min (median) | CPU ms per log (workers) "
          f"| CPU ms per batch: client, scheduler |")
    print("|---|---|---|---|")
    for name, s in r.items():
        print(f"| {name} | {n / s * 60:,.0f} | {statistics.median(wcpu[name]) / n * 1e3:.2f} "
              f"| {statistics.median(ccpu[name]) * 1e3:.0f}, "
              f"{statistics.median(scpu[name]) * 1e3:.0f} |")
    each = [a / b for a, b in zip(runs["Dask cluster, 1 worker"], runs["Dask cluster, 2 workers"])]
    print(f"two workers / one worker: {r['Dask cluster, 1 worker'] / r['Dask cluster, 2 workers']:.2f}x"
          f" (goal >= 1.9x; each round's: {', '.join(f'{x:.2f}' for x in each)}); "
          f"load average {load0:.1f} before, {os.getloadavg()[0]:.1f} after "
          f"on {os.cpu_count()} CPUs")
    taken = [max(a, b) for a, b in zip(others["Dask cluster, 1 worker"],
                                       others["Dask cluster, 2 workers"])]
    quiet = [x for x, t in zip(each, taken) if t < 0.1]
    print(f"other processes took {', '.join(f'{t:.0%}' for t in taken)} of the cores "
          f"(each round, the more of its two batches); the rounds under 10 %: "
          + (f"{statistics.median(quiet):.2f}x (median of {len(quiet)})" if quiet else "none"))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
