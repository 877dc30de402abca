"""`ssdcore analyze` of one long series as a whole process, against pandas
reading the same file, side by side in one run (issue 23: at most 0.1 s for
1,000,000 samples).

    PATH=build:$PATH .venv/bin/python bench/analyze_1m.py [--repeats 15] [--data DIR]
        [--baseline OTHER/ssdcore]

Generates (or reuses, with ``--data``) the issue's file: sim:bx200, 10 ms
intervals for 10,000 s, cut to t_s,bytes (1,000,000 samples, 19 MB), as
bench/series_reader.py does. Then, ``--repeats`` rounds in which the ways
take turns (a shared machine's load hits them alike):

- ``ssdcore analyze FILE --json`` as a process (read, analyse, print);
- ``--baseline``: another build's ``ssdcore`` on the same file (before/after);
- the peer, a process that only reads the file: ``python -c "pandas.read_csv"``
  (C engine, t_s and bytes), with the interpreter's and pandas' start-up
  timed alone and taken off, so the row is pandas' read itself.

Prints, per way, the median wall time and the median CPU time (user +
system of the child, from wait4: on a loaded machine wall time includes
waiting for a core, CPU time does not), and the ratio to ssdcore. Checks
that the baseline's JSON equals this build's.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Dict, List, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import series_reader  # noqa: E402  (the generator of the issue's files)


def timed(cmd: List[str]) -> Tuple[float, float, bytes]:
    """Wall and CPU seconds of one process, and its output."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = p.stdout.read() if p.stdout else b""
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{cmd[0]} failed")
    return wall, ru.ru_utime + ru.ru_stime, out


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=15)
    ap.add_argument("--data", help="keep the generated files here (reused next time)")
    ap.add_argument("--baseline", help="another build's ssdcore binary to compare with")
    args = ap.parse_args(argv)
    exe = series_reader.cli()
    d = args.data or tempfile.mkdtemp(prefix="ssdcore-analyze-1m-")
    try:
        path = str(series_reader.generate(d, 0, 1)["big"])
        py = sys.executable
        read = ("import pandas, sys; pandas.read_csv(sys.argv[1], comment='#', "
                "usecols=['t_s', 'bytes'])")
        ways: Dict[str, List[str]] = {"ssdcore analyze --json": [exe, "analyze", path, "--json"]}
        if args.baseline:
            ways["baseline ssdcore analyze --json"] = [args.baseline, "analyze", path, "--json"]
        ways["python + pandas.read_csv (t_s,bytes)"] = [py, "-c", read, path]
        ways["python + import pandas (start-up only)"] = [py, "-c", "import pandas", path]
        wall: Dict[str, List[float]] = {k: [] for k in ways}
        cpu: Dict[str, List[float]] = {k: [] for k in ways}
        outs: Dict[str, bytes] = {}
        for _ in range(args.repeats):
            for name, cmd in ways.items():
                w, c, out = timed(cmd)
                wall[name].append(w)
                cpu[name].append(c)
                outs[name] = out
        if args.baseline and outs["baseline ssdcore analyze --json"] != outs[
                "ssdcore analyze --json"]:
            print("WARNING: the baseline's JSON differs from this build's")
        med = {k: (statistics.median(wall[k]), statistics.median(cpu[k])) for k in ways}
        start = med.pop("python + import pandas (start-up only)")
        peer = "python + pandas.read_csv (t_s,bytes)"
        med["pandas.read_csv itself (start-up taken off)"] = (med[peer][0] - start[0],
                                                              med[peer][1] - start[1])
        base = med["ssdcore analyze --json"]
        print(f"{os.path.getsize(path) / 1e6:.1f} MB, 1,000,000 samples; medians of "
              f"{args.repeats} rounds; load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} CPUs")
        print("| way | wall ms | CPU ms | CPU / ssdcore analyze's |")
        print("|---|---|---|---|")
        for name, (w, c) in med.items():
            print(f"| {name} | {w * 1e3:.0f} | {c * 1e3:.0f} | {c / base[1]:.2f} |")
        goal = 0.1
        print(f"ssdcore analyze, whole process: {base[0] * 1e3:.0f} ms wall, "
              f"{base[1] * 1e3:.0f} ms CPU (user + system); goal <= {goal * 1e3:.0f} ms: "
              f"CPU / goal {base[1] / goal:.2f}, wall / goal {base[0] / goal:.2f} "
              f"({'met' if base[1] <= goal else 'not met'} in CPU time; wall time is only "
              f"meaningful on an idle machine)")
        if args.baseline:
            b = med["baseline ssdcore analyze --json"]
            print(f"this build / baseline, CPU: {base[1] / b[1]:.3f} "
                  f"({b[1] * 1e3:.0f} -> {base[1] * 1e3:.0f} ms)")
    finally:
        if not args.data:
            shutil.rmtree(d, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
