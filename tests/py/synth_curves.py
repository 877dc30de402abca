"""Synthetic write curves with known ground truth, for accuracy tests and
benchmarks of the analysis (the project's simulator is a separate part).

A curve is a piecewise-constant speed over bytes written (cache, post-cache,
optional steps/folding/bursts), optionally sloped, multiplied per sample by
lognormal noise, periodic time-based dips and random stalls, sampled on
jittered intervals. Level changes are integrated exactly inside a sample, so
the truth (bytes written before the drop) is exact.
"""
from __future__ import annotations

import bisect
import dataclasses
import math

import numpy as np


@dataclasses.dataclass
class Curve:
    levels: list            # [(start_bytes, bps), ...] first start is 0
    duration_s: float = 3600.0
    interval_s: float = 1.0
    jitter: float = 0.0     # interval_i = interval * (1 + U(-jitter, jitter))
    noise_cv: float = 0.0   # per-sample lognormal multiplier
    dip_period_s: float = 0.0
    dip_depth: float = 0.0  # speed falls to (1 - depth) inside a dip
    dip_duty: float = 0.0
    dip_offset_s: float = 0.0  # dips are [k P + offset, k P + offset + duty P)
    stall_prob: float = 0.0  # a sample at 2% speed
    slope: float = 0.0      # relative change of every level per TiB written
    bimodal: tuple | None = None  # (low_factor, stay_prob): Markov switching
    seed: int = 0


def generate(c: Curve):
    """Returns (t_s, bytes) arrays."""
    # A Python loop over the samples (the draws of one sample interleave:
    # jitter, noise, stall, switch), in Python floats: numpy's scalar
    # arithmetic and np.searchsorted on one value cost about 1 us a step,
    # several times Python's, for the same IEEE double operations
    # (bisect_right finds the index searchsorted(side="right") does), so
    # the arrays are the same to the bit (the loop was about half of the
    # CPU of the tests that generate many curves).
    rng = np.random.default_rng(c.seed)
    starts = [float(s) for s, _ in c.levels]
    lev = [float(v) for _, v in c.levels]
    nlev = len(starts)
    n = int(round(c.duration_s / c.interval_s))
    t_end = [0.0] * n
    out = [0.0] * n
    w = 0.0
    t = 0.0
    low = False
    interval, jitter, slope = c.interval_s, c.jitter, c.slope
    if c.noise_cv:
        mu = -0.5 * np.log1p(c.noise_cv ** 2)
        sigma = np.sqrt(np.log1p(c.noise_cv ** 2))
    tib = 2 ** 40
    for i in range(n):
        dt = interval * (1 + (rng.uniform(-jitter, jitter) if jitter else 0.0))
        m = rng.lognormal(mu, sigma) if c.noise_cv else 1.0
        if c.stall_prob and rng.random() < c.stall_prob:
            m *= 0.02
        if c.bimodal:
            lowf, stay = c.bimodal
            if rng.random() > stay:
                low = not low
            if low:
                m *= lowf
        if c.dip_period_s:
            # fraction of [t, t+dt] inside the dips [k P, k P + duty P)
            P, on = c.dip_period_s, c.dip_duty * c.dip_period_s
            o = c.dip_offset_s
            k0, k1 = int((t - o) // P) - 1, int((t + dt - o) // P)
            inside = 0.0
            for k in range(k0, k1 + 1):
                a, b = max(t, k * P + o), min(t + dt, k * P + o + on)
                inside += max(0.0, b - a)
            m *= 1 - c.dip_depth * inside / dt
        # integrate through level changes exactly
        rem = dt
        b = 0.0
        while rem > 1e-15:
            j = bisect.bisect_right(starts, w) - 1
            r = lev[j] * m * (1 + slope * w / tib)
            nxt = starts[j + 1] if j + 1 < nlev else math.inf
            if w + r * rem <= nxt:
                b += r * rem
                w += r * rem
                rem = 0.0
            else:
                tau = (nxt - w) / r
                b += nxt - w
                w = nxt
                rem -= tau
        t += dt
        t_end[i] = t
        out[i] = b
    return np.array(t_end, dtype=float), np.array(out, dtype=float)


GiB = 2.0 ** 30
MB = 1e6


def cache_scenarios():
    """(name, Curve, true cache bytes) for drives with a cache."""
    out = []
    seed = 0
    base = [
        # name, cache bytes, cache bps, post bps, extra levels, duration, interval
        ("bx200", 2.0 * GiB, 400 * MB, 60 * MB, [], 7200, 1.0),
        ("mp44l", 250 * GiB, 4.5e9, 1.34e9, [(600 * GiB, 0.5e9)], 900, 1.0),
        ("s660", 400 * GiB, 3.0e9, 2.0e9, [(1500 * GiB, 0.6e9)], 1400, 1.0),
        ("ocz2step", 120 * GiB, 500 * MB, 300 * MB, [(260 * GiB, 90 * MB)], 4000, 1.0),
        ("coarse", 20 * GiB, 2.0e9, 0.4e9, [], 600, 5.0),
        ("tiny", 1.0 * GiB, 500 * MB, 80 * MB, [], 1200, 1.0),
    ]
    variants = [
        ("clean", dict()),
        ("noise10", dict(noise_cv=0.10)),
        ("noise25", dict(noise_cv=0.25)),
        ("jitter", dict(noise_cv=0.08, jitter=0.2)),
        ("dips", dict(noise_cv=0.05, dip_period_s=30, dip_depth=0.5, dip_duty=0.15)),
        ("stalls", dict(noise_cv=0.08, stall_prob=0.01)),
        ("slope", dict(noise_cv=0.08, slope=-0.2)),
    ]
    for name, cb, hi, lo, extra, dur, iv in base:
        for vname, kw in variants:
            for rep in range(2):
                seed += 1
                levels = [(0.0, hi), (cb, lo)] + extra
                out.append((f"{name}/{vname}/{rep}",
                            Curve(levels, duration_s=dur, interval_s=iv, seed=seed, **kw), cb))
    return out


def cacheless_scenarios():
    """(name, Curve) for drives without a cache: must report cache null."""
    out = []
    seed = 1000
    kinds = [
        ("flat", dict(noise_cv=0.05)),
        ("noisy", dict(noise_cv=0.35)),
        ("verynoisy", dict(noise_cv=0.6)),
        ("bimodal", dict(noise_cv=0.05, bimodal=(0.4, 0.9))),
        ("bimodal_fast", dict(noise_cv=0.05, bimodal=(0.5, 0.5))),
        ("dips", dict(noise_cv=0.05, dip_period_s=20, dip_depth=0.55, dip_duty=0.2)),
        ("stalls", dict(noise_cv=0.1, stall_prob=0.02)),
        ("slope", dict(noise_cv=0.08, slope=-0.5)),
        ("jitter", dict(noise_cv=0.1, jitter=0.3)),
    ]
    for name, kw in kinds:
        for rep in range(3):
            seed += 1
            out.append((f"{name}/{rep}", Curve([(0.0, 300 * MB)], duration_s=3600, seed=seed,
                                                **kw)))
    return out


def recovery_scenarios():
    """(name, fresh Curve, after-idle Curve, true recovered bytes)."""
    out = []
    seed = 2000
    cases = [
        ("apacer", 6 * GiB, 1.4 * GiB, 300 * MB, 30 * MB),
        ("ssd370", 8 * GiB, 2.7 * GiB, 290 * MB, 7 * MB),
        ("ocz", 40 * GiB, 10 * GiB, 360 * MB, 90 * MB),
        ("bx200", 2 * GiB, 0.9 * GiB, 400 * MB, 60 * MB),
    ]
    for name, cache, rec, hi, lo in cases:
        for noise in (0.05, 0.15):
            seed += 1
            fresh = Curve([(0.0, hi), (cache, lo)], duration_s=1800, noise_cv=noise, seed=seed)
            idle = Curve([(0.0, hi), (rec, lo)], duration_s=600, noise_cv=noise, seed=seed + 500)
            out.append((f"{name}/n{noise}", fresh, idle, rec))
    return out


def recovery_dip_scenarios():
    """SSD370-like recovery after the lab2016 2 h run, with periodic GC dips
    (73K -> 30K IOPS, 4 s every 20 s) in both runs: (name, fresh, after,
    truth). The offset puts a dip just before the drop, with one or two
    samples back at speed between them; the fresh run falls in steps
    (1.36x first), so its threshold sits above the dips' level."""
    out = []
    seed = 3000
    rec, hi, lo = 2.7 * GiB, 300 * MB, 29 * MB
    fresh_levels = [(0.0, hi), (300 * GiB, 220 * MB), (400 * GiB, 120 * MB)]
    for offset in (4.0, 5.0, 6.0, 7.0):
        for noise in (0.01, 0.05):
            seed += 1
            kw = dict(noise_cv=noise, dip_period_s=20, dip_depth=0.6, dip_duty=0.2)
            fresh = Curve(fresh_levels, duration_s=7200, seed=seed, **kw)
            idle = Curve([(0.0, hi), (rec, lo)], duration_s=300, seed=seed + 500,
                         dip_offset_s=offset, **kw)
            out.append((f"ssd370-dips/o{offset:g}/n{noise}", fresh, idle, rec))
    return out


def cache_dip_scenarios():
    """A GC dip deeper than the midpoint of the cache and post-cache levels
    ending one to three samples before the drop, the speed back at cache
    level in between: (name, Curve, true cache bytes). 20 GiB at 400 MB/s
    (53.7 s without the dip), then 60 MB/s; dips 2-3 s long, 80% deep (80
    MB/s, below the 155 MB/s midpoint), every 100 s: one before the drop
    (which it delays by 0.8 of its length; the noise moves the drop by a
    few tenths of a second more), the others after it."""
    out = []
    seed = 4000
    cache, hi, lo = 20 * GiB, 400 * MB, 60 * MB
    for gap in (1.2, 1.6, 2.3, 2.8):
        for dur in (2.0, 3.0):
            for noise in (0.02, 0.06):
                seed += 1
                o = cache / hi + 0.8 * dur - gap - dur
                out.append((f"gap{gap:g}/dip{dur:g}/n{noise}",
                            Curve([(0.0, hi), (cache, lo)], duration_s=600, noise_cv=noise,
                                  dip_period_s=100, dip_depth=0.8, dip_duty=dur / 100,
                                  dip_offset_s=o, seed=seed), cache))
    return out


def slide_scenarios():
    """A cache, then a post-cache speed that slides steadily (by 1-3x its
    level per TiB written, down to half or a third over the run) with no
    level of its own: (name, Curve, true cache bytes). 20 GiB at 400 MB/s,
    then from 200 MB/s down."""
    out = []
    seed = 5000
    for slope in (-1.0, -2.0, -3.0):
        for noise in (0.03, 0.08):
            seed += 1
            out.append((f"slide{slope:g}/n{noise}",
                        Curve([(0.0, 400 * MB), (20 * GiB, 200 * MB)], duration_s=2400,
                              noise_cv=noise, slope=slope, seed=seed), 20 * GiB))
    return out


def cache_logs(d, n):
    """Writes n logged series with caches of 10..10+n-1 s at 400 MB/s, then 60 MB/s."""
    t = np.arange(1, 301, dtype=float)
    paths = []
    for i in range(n):
        p = d / f"run{i:03d}.csv"
        b = np.where(t <= 10 + i, 400e6, 60e6)
        p.write_text("t_s,bytes\n" + "".join(f"{a:g},{int(c)}\n" for a, c in zip(t, b)))
        paths.append(p)
    return paths
