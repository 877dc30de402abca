"""Latency consistency: the exported distribution (lat_hist), the tail ratios,
latency_percentiles(), and the simulated drive's spread fresh and degraded."""
import json
import math
import statistics
import subprocess

import numpy as np
import pytest

import ssdcore

PCT_KEYS = {"p1": 1, "p5": 5, "p10": 10, "p50": 50, "p90": 90, "p95": 95, "p99": 99,
            "p99_9": 99.9, "p99_99": 99.99}


def check_hist(part):
    h = part["lat_hist"]
    assert h["unit"] == "ns"
    lo, hi, count = h["lo"], h["hi"], h["count"]
    assert lo.dtype == hi.dtype == count.dtype == np.uint64
    assert len(lo) == len(hi) == len(count)
    assert int(count.sum()) == part["ios"]
    if part["ios"]:
        assert np.all(count > 0) and np.all(lo <= hi)
        assert np.all(lo[1:] > hi[:-1]), "ranges are ordered and disjoint"
        # The exact extremes fall in the first and last ranges.
        assert lo[0] <= part["lat_ns"]["min"] <= hi[0]
        assert lo[-1] <= part["lat_ns"]["max"] <= hi[-1]
        # A range is at most 1/per_octave of its octave wide.
        big = lo >= 256
        width = (hi[big] - lo[big] + 1).astype(float)
        assert np.all(width <= lo[big].astype(float) / h["per_octave"] + 1e-9)
    return h


@pytest.mark.parametrize("pattern,qd,uri", [
    ("randwrite", 32, "sim:bx200"),
    ("randread", 1, "sim:bx200"),
    ("randrw", 4, "sim:bx200,precondition=seq_fill"),
    ("randwrite", 32, "sim:bx200,lat_sigma=0.2,tail_frac=0"),
])
def test_distribution_rebuilds_the_jobs_percentiles(pattern, qd, uri):
    r = ssdcore.job(uri, pattern=pattern, qd=qd, time=3)
    for d in ("read", "write"):
        part = r[d]
        h = check_hist(part)
        if not part["ios"]:
            assert part["p99_over_p50"] is None
            assert math.isnan(ssdcore.latency_percentiles(r, d, 50))
            continue
        pcts = list(PCT_KEYS.values())
        got = ssdcore.latency_percentiles(r, d, pcts)
        want = np.array([part["lat_ns"][k] for k in PCT_KEYS], dtype=float)
        # Both the job's figure and the rebuilt one lie in the same range.
        assert np.all(np.abs(got - want) <= want * 2 * h["max_rel_error"] + 1), (got, want)
        assert ssdcore.latency_percentiles(r, d, 0) == part["lat_ns"]["min"]
        assert ssdcore.latency_percentiles(r, d, 100) == part["lat_ns"]["max"]
        assert np.all(np.diff(got) >= 0)


def test_tail_ratios_follow_the_percentiles():
    r = ssdcore.job("sim:bx200,precondition=seq_fill", pattern="randrw", qd=8, time=3)
    for d in ("read", "write"):
        part, lat = r[d], r[d]["lat_ns"]
        assert part["ios"] > 0
        assert part["p99_over_p50"] == pytest.approx(lat["p99"] / lat["p50"], rel=1e-12)
        assert part["p99_9_over_p50"] == pytest.approx(lat["p99_9"] / lat["p50"], rel=1e-12)
        assert part["max_over_p50"] == pytest.approx(lat["max"] / lat["p50"], rel=1e-12)
        assert 1 <= part["p99_over_p50"] <= part["p99_9_over_p50"] <= part["max_over_p50"]


def test_merging_runs_gives_the_combined_distribution():
    t = ssdcore.SimTarget("sim:bx200")
    fast = ssdcore.job(t, pattern="randwrite", qd=1, time=1)
    slow = ssdcore.job(t, pattern="randwrite", qd=32, time=1)
    a = ssdcore.latency_percentiles(fast, "write", 50)
    b = ssdcore.latency_percentiles(slow, "write", 50)
    both = ssdcore.latency_percentiles([fast, slow], "write", [0, 50, 100])
    assert both[0] == min(fast["write"]["lat_ns"]["min"], slow["write"]["lat_ns"]["min"])
    assert both[2] == max(fast["write"]["lat_ns"]["max"], slow["write"]["lat_ns"]["max"])
    assert min(a, b) <= both[1] <= max(a, b)
    # Any iterable of results merges the same way (a generator was taken as
    # one result and failed on r["write"]).
    assert np.array_equal(ssdcore.latency_percentiles((r for r in (fast, slow)), "write",
                                                      [0, 50, 100]), both)
    with pytest.raises(ValueError):
        ssdcore.latency_percentiles(fast, "sideways", 50)
    with pytest.raises(ValueError):
        ssdcore.latency_percentiles(fast, "write", 101)


def body_ratio_floor(sigma, pct):
    """The simulator draws a job's lognormal body from 16 strata (docs/
    simulator.md), so its quantiles are the strata midpoints: the stratum
    holding pct over the one holding the median. Per-chunk jitter and
    changing means only widen that."""
    nd = statistics.NormalDist()
    strata = 16

    def z(p):
        return nd.inv_cdf((math.floor(p / 100 * strata) + 0.5) / strata)

    return math.exp(sigma * (z(min(pct, 99.999)) - z(50)))


@pytest.mark.parametrize("sigma", [0.3, 0.8])
def test_body_spread_follows_lat_sigma(sigma):
    r = ssdcore.job(f"sim:bx200,lat_sigma={sigma},tail_frac=0", pattern="randwrite", qd=32,
                    time=2)
    w = r["write"]
    assert w["p99_over_p50"] >= 0.9 * body_ratio_floor(sigma, 99)
    # Without stalls the whole spread is the body: no far tail.
    assert w["max_over_p50"] < 3 * body_ratio_floor(sigma, 99.999) * math.exp(0.5 * sigma)


def test_bx200_random_writes_have_a_tail():
    params = ssdcore.sim.profile("bx200")["params"]
    assert params["tail_frac"] > 0.001  # so p99.9 falls among the stalls
    r = ssdcore.job("sim:bx200", pattern="randwrite", qd=32, time=2)
    w = r["write"]
    # Stalls last tail_mult times the mean, and a lognormal body's mean is
    # above its median: p99.9 (inside the stalls) over p50 exceeds
    # tail_mult, up to the stalls' own spread (exp(0.5 z), > 1/2 for the
    # upper two thirds of them where p99.9 lies).
    assert w["p99_9_over_p50"] > params["tail_mult"] / 2
    assert w["p99_9_over_p50"] > 2 * body_ratio_floor(params["lat_sigma"], 99.9)


def test_spread_widens_after_the_cache_fills():
    t = ssdcore.SimTarget("sim:bx200")
    cache = t.truth("cache_effective_bytes")
    fresh = ssdcore.job(t, pattern="randwrite", qd=32, time=1)
    assert fresh["write"]["bytes"] < cache / 2
    # Past the cache: the same queue now waits on native TLC writes, several
    # times slower, and the run holds both latency levels.
    degraded = ssdcore.job(t, pattern="randwrite", qd=32, time=20)
    assert fresh["write"]["bytes"] + degraded["write"]["bytes"] > 1.2 * cache
    f, d = fresh["write"], degraded["write"]
    assert d["p99_over_p50"] > 2 * f["p99_over_p50"]
    assert d["max_over_p50"] > f["max_over_p50"]
    lat_f = ssdcore.latency_percentiles(fresh, "write", [50, 99, 99.9])
    lat_d = ssdcore.latency_percentiles(degraded, "write", [50, 99, 99.9])
    assert np.all(lat_d > lat_f)
    # The per-interval p99 tracks it: later intervals sit far above the first.
    p99 = [s["write_lat_p99_us"] for s in degraded["series"] if s["write_ops"]]
    assert max(p99[-5:]) > 2 * fresh["series"][0]["write_lat_p99_us"]


def test_cli_json_is_compact_and_summary_prints_the_ratios(cli):
    out = subprocess.run([cli, "job", "sim:bx200,precondition=seq_fill", "--pattern", "randrw",
                          "--qd", "8", "--time", "3s", "--json"],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert len(out) < 12000
    d = json.loads(out)
    for k in ("read", "write"):
        h = d[k]["lat_hist"]
        assert len(h["buckets"]) <= 128
        assert sum(b[2] for b in h["buckets"]) == d[k]["ios"]
        assert set(d[k]["lat_ns"]) >= set(PCT_KEYS) | {"min", "max", "mean", "stddev"}
    text = subprocess.run([cli, "job", "sim:bx200", "--pattern", "randwrite", "--qd", "32",
                           "--time", "1s"], capture_output=True, text=True, timeout=120,
                          check=True).stdout
    line = [x for x in text.splitlines() if "tail:" in x]
    assert len(line) == 1
    w = json.loads(subprocess.run([cli, "job", "sim:bx200", "--pattern", "randwrite", "--qd",
                                   "32", "--time", "1s", "--json"], capture_output=True,
                                  text=True, timeout=120, check=True).stdout)["write"]
    assert f"p99/p50 {w['p99_over_p50']:.1f}x" in line[0]


@pytest.mark.parametrize("pattern", ["randwrite", "randread", "randrw"])
def test_a_samples_latency_is_its_directions_together(tmp_path, pattern):
    """A log row's lat_* columns are the interval's reads and writes
    together: with one direction idle, exactly the other's figures (taken
    from it directly since the job stopped merging the two histograms for
    every sample), and for a mix, between the two directions' figures."""
    import csv
    log = tmp_path / "l.csv"
    ssdcore.job(ssdcore.SimTarget("sim:bx200"), pattern=pattern, bs=4096, qd=8, time="30s",
                log=str(log))
    rows = list(csv.DictReader(line for line in log.read_text().splitlines()
                               if not line.startswith("#")))
    assert len(rows) >= 30
    for r in rows:
        f = {k: float(v) for k, v in r.items() if v}
        if pattern != "randrw":
            d = "write" if pattern == "randwrite" else "read"
            for k in ("mean", "p99", "max"):
                assert r[f"lat_{k}_us"] == r[f"{d}_lat_{k}_us"], (k, r)
            continue
        assert f["lat_max_us"] == max(f["read_lat_max_us"], f["write_lat_max_us"]), r
        for k in ("mean", "p99"):
            lo, hi = sorted([f[f"read_lat_{k}_us"], f[f"write_lat_{k}_us"]])
            assert lo <= f[f"lat_{k}_us"] <= hi, (k, r)
