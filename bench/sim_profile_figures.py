#!/usr/bin/env python3
"""Runs each seed review's test on its sim profile and prints the measured
figures next to the review's, as the markdown table in docs/simulator.md.

Reads the figures off the series the way tests/c/test_sim_profiles.c does
(medians of plateaus, lasting drops). Needs bench/out/sim_run (built by
bench/sim_speed.sh).   usage: python3 bench/sim_profile_figures.py
"""
import json
import pathlib
import statistics
import subprocess
import sys

EXE = pathlib.Path(__file__).resolve().parent / "out" / "sim_run"
GIB = 2**30


def run(uri, pattern, bs, qd, time_s, interval, *extra):
    r = subprocess.run([str(EXE), uri, pattern, bs, str(qd), str(time_s), str(interval), *extra],
                       capture_output=True, text=True, check=True)
    rows = [list(map(float, ln.split(","))) for ln in r.stdout.splitlines()]
    truth = json.loads(r.stderr)
    return rows, truth


def wr(rows):  # write MiB/s per interval
    return [r[2] for r in rows]


def written(rows):  # GiB at interval end
    return [r[3] for r in rows]


def first_drop(v, start, level, frac, hold):
    for i in range(start, len(v) - hold + 1):
        if all(x < frac * level for x in v[i:i + hold]):
            return i
    return -1


def fast_after_idle(uri, level_mibs):
    rows, _ = run(uri, "randwrite", "4k", 32, 120, 0.1, "--idle", "900")
    d = first_drop(wr(rows), 0, level_mibs, 0.7, 50)
    return written(rows)[d - 1]


def fill(uri):
    rows, truth = run(uri, "write", "128k", 32, 0, 1, "--fill")
    v = wr(rows)
    cache = statistics.median(v[:20])
    d1 = first_drop(v, 0, cache, 0.8, 10)
    direct = statistics.median(v[d1 + 5:d1 + 100])
    d2 = first_drop(v, d1 + 5, direct, 0.7, 10)
    return dict(time=rows[-1][0], cache=cache, cache_gib=written(rows)[d1 - 1], direct=direct,
                fold=statistics.median(v[d2 + 5:-1]))


def main():
    out = []
    add = lambda drive, fig, seed, meas: out.append((drive, fig, seed, meas))

    rows, truth = run("sim:bx200", "randwrite", "4k", 32, 40, 0.1)
    v = wr(rows)
    lvl = statistics.median(v[:20])
    d = first_drop(v, 0, lvl, 0.5, 5)
    post = statistics.median(v[d + 20:])
    add("bx200", "effective SLC cache (3 GB nominal)", "≈ 2 GB", f"{written(rows)[d - 1]:.2f} GiB")
    add("bx200", "post-cache 4K QD32 random write", "≈ 50 MB/s", f"{post:.1f} MiB/s")
    add("bx200", "drop after the cache", "6–7×", f"{lvl / post:.2f}× (random)")
    rows, _ = run("sim:bx200", "write", "256k", 32, 40, 0.1)
    v = wr(rows)
    lvl = statistics.median(v[:20])
    d = first_drop(v, 0, lvl, 0.5, 5)
    post = statistics.median(v[d + 20:])
    add("bx200", "post-cache sequential write", "≈ 80 MB/s", f"{post:.1f} MiB/s ({lvl / post:.2f}×)")
    rows, _ = run("sim:bx200", "randwrite", "4k", 32, 7200, 1)
    add("bx200", "written by a 2 h 4K QD32 run", "just over 300 GB", f"{written(rows)[-1]:.1f} GiB")
    add("bx200", "time to flush a full cache", "≈ 1 min", f"{2 * 1024 / 34:.0f} s (2 GiB at flush_mbps)")
    rows, _ = run("sim:bx200,precondition=dirty", "randwrite", "4k", 32, 300, 1)
    add("bx200", "used-state floor", "5 MB/s", f"{statistics.median(wr(rows)[100:]):.2f} MiB/s")

    rows, _ = run("sim:ssd370", "randwrite", "4k", 32, 200, 1)
    v = [x * 256 for x in wr(rows)]
    add("ssd370", "fresh level / dips", "73K → 35K IOPS",
        f"{statistics.median(v) / 1000:.1f}K → {min(v) / 1000:.1f}K IOPS (lowest 1 s sample)")
    rows, _ = run("sim:ssd370,precondition=dirty", "randwrite", "4k", 32, 120, 1)
    add("ssd370", "used-state floor", "1800 IOPS", f"{statistics.median(wr(rows)) * 256:.0f} IOPS")
    add("ssd370", "fast writes after 15 min idle", "2.7 GB",
        f"{fast_after_idle('sim:ssd370,precondition=dirty', 285):.2f} GiB")

    rows, _ = run("sim:as510s", "randwrite", "4k", 32, 7200, 1)
    v = [x * 256 for x in wr(rows)]
    add("as510s", "fresh level / dips", "60K → 20–40K IOPS",
        f"{statistics.median(v[:300]) / 1000:.1f}K → {min(v[:300]) / 1000:.1f}K IOPS")
    add("as510s", "end of the 2 h run", "≈ 7.5K IOPS", f"{statistics.mean(v[6900:]) / 1000:.2f}K IOPS")
    add("as510s", "fast writes after 15 min idle", "≈ 1.4 GB",
        f"{fast_after_idle('sim:as510s,precondition=dirty', 234):.2f} GiB")
    rows, _ = run("sim:as510s", "write", "256k", 32, 60, 1)
    add("as510s", "sequential write ceiling", "≈ 320 MB/s", f"{max(wr(rows)):.0f} MiB/s")

    rows, truth = run("sim:vector180", "randwrite", "4k", 32, 9000, 1)
    v = wr(rows)
    lvl = statistics.median(v[:60])
    d = first_drop(v, 0, lvl, 0.8, 10)
    w = written(rows)
    at1tb = next(i for i, x in enumerate(w) if x * GIB >= 1e12)
    add("vector180", "first step (SLC mode to half full)", "≈ 120 GB", f"{w[d - 1]:.1f} GiB")
    add("vector180", "main drop", "well after 256 GB", f"GC from {truth['gc_start_bytes'] / GIB:.0f} GiB")
    add("vector180", "fresh dips", "90K → 20–30K IOPS",
        f"{lvl * 256 / 1000:.1f}K → {min(v[:240]) * 256 / 1000:.1f}K IOPS")
    add("vector180", "after 1 TB written", "≈ 23K IOPS",
        f"{statistics.mean(v[at1tb:at1tb + 300]) * 256 / 1000:.1f}K IOPS")
    add("vector180", "fast writes after idle", "≈ 10 GB",
        f"{fast_after_idle('sim:vector180,precondition=dirty', lvl):.2f} GiB")

    mp, s6, ct = fill("sim:mp44l-1tb"), fill("sim:s660-2tb"), fill("sim:ct100-2tb")
    add("mp44l-1tb", "direct to TLC / folding", "1.34 / 0.5 GB/s",
        f"{mp['direct'] / 1024:.2f} / {mp['fold'] / 1024:.2f} GiB/s (fill {mp['time']:.0f} s)")
    add("s660-2tb", "direct to TLC / final segment", "up to ≈ 2 (noisy) / 0.6 GB/s",
        f"{s6['direct'] / 1024:.2f} / {s6['fold'] / 1024:.2f} GiB/s")
    add("s660-2tb", "SLC speed vs the 1 TB model", "slower",
        f"{s6['cache'] / 1024:.2f} vs {mp['cache'] / 1024:.2f} GiB/s")
    add("s660-2tb", "fill time vs the 1 TB model", "1.6×", f"{s6['time'] / mp['time']:.2f}×")
    add("ct100-2tb", "cache vs the S660", "smaller", f"{ct['cache_gib']:.0f} vs {s6['cache_gib']:.0f} GiB")
    add("ct100-2tb", "MAP1602 fill speed-up over MAP1202", "≈ 37 %",
        f"{100 * (ct['time'] / s6['time'] - 1):.0f} %")

    print("| profile | figure | seed | measured |")
    print("|---|---|---|---|")
    for row in out:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    sys.exit(main())
