"""Regimes against the simulator's truth: random drives drawn through the
model's public profile parameters (key=value on a sim: URI, so the draw
keeps working as the model improves), the two runs the reviews make on
each (the 2021 whole-drive fill and the 2015-16 2-hour 4K QD32 test), and
a score per run. Shared by tests/py/test_analysis_regimes.py (a small
sweep) and bench/regimes_sweep.py (the >= 200-drive table in
docs/analysis.md)."""
import math

import numpy as np

import ssdcore

GIB = 2 ** 30
TOL = 0.05  # every position within 5 %
VISIBLE = 1.2  # a speed change smaller than this is no boundary anyone could see


def draw_drive(rng, cap_range=(120, 4000)):
    """A random drive as a sim: spec: no, static or dynamic cache; SATA or
    NVMe speeds; 120 GB to 4 TB (cap_range); MLC or TLC; dips or none; quiet
    or noisy."""
    cache = rng.choice(["none", "static", "dynamic"])
    nvme = rng.random() < 0.5
    cap = float(np.exp(rng.uniform(np.log(cap_range[0]), np.log(cap_range[1]))))
    bits = int(rng.choice([2, 3]))
    if nvme:
        slc = rng.uniform(1500, 6500)
        native = slc * rng.uniform(0.2, 0.6)
        link = 7000
    else:
        slc = rng.uniform(380, 540)
        native = slc * rng.uniform(0.12, 0.6)
        link = 560
    fold = native * rng.uniform(0.3, 0.7)
    rand_native = native * rng.uniform(0.4, 0.9)
    floor = rand_native * rng.uniform(0.03, 0.3)
    kv = {
        "capacity_gb": f"{cap:.0f}",
        "op_pct": f"{rng.uniform(7, 28):.2f}",
        "bits": bits,
        "slc_type": cache,
        "slc_seq_mibps": f"{slc:.0f}",
        "slc_rand_iops": f"{slc * 256 * rng.uniform(0.6, 1.0):.0f}",
        "native_seq_mibps": f"{native:.0f}",
        "native_rand_mibps": f"{rand_native:.1f}",
        "fold_mibps": f"{fold:.0f}" if cache == "dynamic" else f"{native:.0f}",
        "floor_mibps": f"{floor:.2f}",
        "gc_gamma": f"{rng.uniform(0.8, 2.5):.2f}",
        "link_mibps": link,
        "iops_cap": 2_000_000 if nvme else 100_000,
        "noise": f"{rng.choice([0.0, 0.02, 0.05]):.2f}",
        "noise_direct": f"{rng.choice([0.0, 0.04, 0.08, 0.12]):.2f}",
        "seed": int(rng.integers(1, 1 << 30)),
    }
    if cache == "static":
        kv["slc_gb"] = f"{cap * rng.uniform(0.004, 0.04):.1f}"
        kv["slc_wa"] = f"{rng.uniform(1, 1.5):.2f}"
    elif cache == "dynamic":
        kv["slc_gb"] = f"{cap * rng.uniform(0.05, 0.3):.0f}"
        kv["slc_wa"] = 1
    else:
        kv["slc_gb"] = 0
    if rng.random() < 0.4:
        kv.update(dip_period_s=f"{rng.uniform(8, 30):.1f}", dip_duty=f"{rng.uniform(0.08, 0.2):.2f}",
                  dip_depth=f"{rng.uniform(0.3, 0.6):.2f}")
    else:
        kv["dip_duty"] = 0
    # (native_write_lat_us=0: the random drives' write latency is write_lat_us
    # alone, not the BX200 profile's slow QD1 writes after its cache)
    return "sim:bx200,native_write_lat_us=0," + ",".join(f"{k}={v}" for k, v in kv.items())


def valid_drive(rng, cap_range=(120, 4000)):
    """draw_drive until the model accepts the combination."""
    while True:
        spec = draw_drive(rng, cap_range)
        try:
            ssdcore.sim.profile(spec[len("sim:"):])
            return spec
        except ssdcore.Error:
            continue


class RunSeries(tuple):
    """A run's (t_s, write bytes) pair, as the scorers read it, with the
    drive's temperature per sample beside it (``temp_c``, or None when the
    job logged none): analysis_input() hands both to the analysis."""
    temp_c = None


def _series(result):
    s = result["series"]
    out = RunSeries((np.array(s["t_s"], float), np.array(s["write_bytes"], float)))
    if "temp_c" in s.columns:
        out.temp_c = np.array(s["temp_c"], float)
    return out


def analysis_input(series):
    """What the analysis of a run reads: its (t_s, bytes) and, when the job
    logged it, the temperature column (what ``job(...).analyze()`` and
    ``ssdcore analyze`` of its log read: a throttle is told from a cache by
    the temperature only)."""
    temp = getattr(series, "temp_c", None)
    if temp is None:
        return series
    return {"t_s": series[0], "bytes": series[1], "temp_c": temp}


def fill_run(spec):
    """The 2021 whole-drive fill: 128 KiB sequential QD32 over the drive
    once, 1 s samples. Returns (truth, (t_s, bytes), capacity)."""
    t = ssdcore.SimTarget(spec)
    r = ssdcore.job(t, pattern="write", bs=131072, qd=32, coverage=1, interval=1)
    truth, cap = t.truth(), t.size_bytes
    t.close()
    return truth, _series(r), cap


def two_hour_run(spec, duration="2h"):
    """The 2015-16 degradation test: TRIM, 15 min idle, 4K QD32 random
    writes for 2 h over the whole drive, 1 s samples."""
    t = ssdcore.SimTarget(spec)
    t.trim()
    t.idle(900)
    r = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, time=duration, interval=1)
    truth, cap = t.truth(), t.size_bytes
    t.close()
    return truth, _series(r), cap


def _rate_near(series, at_bytes, before, n=5):
    """Median rate of the n samples just before (or from) byte position at."""
    t, b = series
    dt = np.diff(np.concatenate([[0.0], t]))
    cum = np.cumsum(b) - b  # bytes before each sample
    i = int(np.searchsorted(cum, at_bytes))
    lo, hi = (max(0, i - n - 1), max(0, i - 1)) if before else (min(len(b) - 1, i + 1),
                                                                min(len(b), i + 1 + n))
    if hi <= lo:
        return math.nan
    return float(np.median(b[lo:hi] / dt[lo:hi]))


def _close(found, truth, slack=0.0):
    """Within 5 %, or within slack bytes (the sample the change fell in:
    a phase boundary is a sample boundary)."""
    return found is not None and abs(found - truth) <= max(TOL * truth, slack)


def _sample_bytes(series, at):
    """Bytes of the samples around byte position at (the resolution there)."""
    t, b = series
    cum = np.cumsum(b)
    i = int(np.searchsorted(cum, at))
    return float(b[max(0, i - 1):i + 2].max()) if len(b) else 0.0


def _rate(p):
    return p["bytes"] / p["runtime_s"] if p["runtime_s"] > 0 else math.nan


def _phase(p):
    """A copy of a truth phase, its duration as runtime_s (a truth written
    before round 21, as the stored dev runs', said "seconds")."""
    q = dict(p)
    if "runtime_s" not in q and "seconds" in q:
        q["runtime_s"] = q.pop("seconds")
    return q


def reader_phases(truth, series, merge=True):
    """The model's phases as a reader of the curve can tell them: folding
    at the speed of the used state right after it is part of that used
    state. The model folds a dynamic cache before GC; when both run at one
    speed (a small cache folded on a drive written full: 59 and 59 MB/s),
    the speed just after the switch and at the end of the run too (all
    within VISIBLE of the folding's), no curve shows where one ends, so
    the used state is taken to begin where the folding did (and no folding
    is asked for). merge=False: the model's own phases, unmerged."""
    ph = [_phase(p) for p in truth["phases"]]
    if not merge:
        return ph
    total = float(series[1].sum())
    out = []
    for i, p in enumerate(ph):
        nxt = ph[i + 1] if i + 1 < len(ph) else None
        if p["regime"] == "fold" and nxt is not None and nxt["regime"] == "gc":
            rates = [_rate(nxt), _rate_near(series, nxt["start_bytes"], False, 20),
                     _rate_near(series, total, True, 60)]
            same = all(max(r, _rate(p)) < VISIBLE * min(r, _rate(p)) for r in rates)
        else:
            same = False
        if same:
            nxt["start_bytes"] = p["start_bytes"]
            nxt["bytes"] += p["bytes"]
            nxt["runtime_s"] += p["runtime_s"]
            continue
        out.append(p)
    return out


def cache_shows(ph, series):
    """Whether the model's cache (a first phase "slc" of ph) ends where the
    curve shows it: past the first two samples at its speed, the speed
    before its end 1.3x the 20 samples after, and VISIBLE above the phase
    right after it (the 20 samples after the change may reach past a short
    phase into the next, measuring that drop instead: a cache 1.17x above
    2 GiB of direct writes in under a sample, then GC, is no drop anyone
    could see at the cache's end, only at the used state's). score() asks
    for such a cache's size."""
    if not ph or ph[0]["regime"] != "slc" or len(ph) < 2:
        return False
    full = ph[1]["start_bytes"]
    before = _rate_near(series, full, True)
    after = _rate_near(series, full, False, 20)
    cache_rate = ph[0]["bytes"] / ph[0]["runtime_s"] if ph[0]["runtime_s"] > 0 else math.inf
    return bool(full >= 2 * cache_rate * series[0][0] and before >= 1.3 * after and
                before >= VISIBLE * _rate(ph[1]))


def onset_from_start(ph, gc, series, min_bytes):
    """Whether the model's used state gc (one of its phases ph) is the run's
    state from its start: it begins within the run's first lasting phase
    (min_bytes) and no cache the run is scored for (cache_shows) comes
    before it. Then there is no onset to place (score())."""
    return gc["start_bytes"] < min_bytes and not (ph.index(gc) > 0 and cache_shows(ph, series))


def gc_shows(ph, gc, series, min_bytes):
    """How the model's used-state phase gc (one of its phases ph) shows in
    the speed: (visible, moved). visible: it lasts min_bytes and its speed,
    or the run's end, differs VISIBLE-fold from the phase before it. The
    model may switch to its used state while GC still costs nothing: the
    speed moves only later, so its onset is a position to find only when
    the speed has moved by 5 % within 10 % past it, and by more than the
    noise of the two windows' medians (moved)."""
    total = float(series[1].sum())
    i = ph.index(gc)
    prev = ph[i - 1] if i > 0 else None
    gmean = gc["bytes"] / gc["runtime_s"] if gc["runtime_s"] > 0 else math.nan
    pmean = prev["bytes"] / prev["runtime_s"] if prev and prev["runtime_s"] > 0 else math.nan
    end = _rate_near(series, total, True, 60)
    visible = gc["bytes"] >= min_bytes and (
        max(pmean, end) >= VISIBLE * min(pmean, end) or
        max(pmean, gmean) >= VISIBLE * min(pmean, gmean))
    at = gc["start_bytes"]
    if at <= 0:
        return visible, False  # in the used state from the first byte
    before = _rate_near(series, at, True, 20)
    t, b = series
    cum = np.cumsum(b)
    lo, hi = np.searchsorted(cum, at), np.searchsorted(cum, at * 1.1)
    # (Over at least as many samples as the 20 before it: a median of
    # 3-6 noisy samples moved 5 % on noise alone, and an onset the
    # speed does not show was asked for where the model put it.)
    hi = max(hi, min(lo + 20, len(b) - 1))
    dt = np.diff(np.concatenate([[0.0], t]))
    if not hi > lo:
        return visible, False
    after = np.log(b[lo:hi + 1] / dt[lo:hi + 1])
    shift = abs(float(np.median(after)) - math.log(before))
    # (And by more than noise moves the difference of the two medians
    # when the speed goes on as before: three of its standard errors, a
    # median's 1.25 sigma / sqrt(n) at the noise of the samples before.
    # 5 % is two of them at 6 % a sample, the datacenter drives' noise: a
    # flat speed 'moved' in 3 of 200 draws, and an onset 500 GiB before
    # the speed fell was asked for. The noise over the 60 samples before:
    # from 20 it is itself 16 % off. A flat level that turns into GC's
    # scatter moved: its own noise is none; so did a level with GC dips
    # below it, which hold no spread of its median: _noise.)
    cb = np.cumsum(b) - b
    i = int(np.searchsorted(cb, at))
    # (Within the phase before: a flat folding's 20 samples after direct
    # writes with GC dips have no noise of their own.)
    w0 = max(0, i - 61, int(np.searchsorted(cb, prev["start_bytes"])) + 1 if prev else 0)
    w = np.log(b[w0:max(0, i - 1)] / dt[w0:max(0, i - 1)])
    # (Under 10 samples before it tell no noise: an onset 2 samples into
    # the run, after a cache and a folding sample, is held to 5 % alone.)
    se = 1.2533 * _noise(w) * math.sqrt(1 / min(len(w), 20) + 1 / len(after)) \
        if len(w) >= 10 else 0.0
    moved = shift >= max(math.log(1.05), 3 * se)
    return visible, moved


def _before(ph, p):
    """The phase before p in ph, or None."""
    i = ph.index(p)
    return ph[i - 1] if i > 0 else None


def held_until(series, at, prev):
    """Where the speed left the level it held before byte position at (the
    model's used-state onset; prev: the phase before it): the end of the
    run of samples from the one at holds in that level's noise band (three
    of its sigmas, at least 1 %: the 60 samples before, within prev, as
    gc_shows takes them). A drive whose host speed is capped elsewhere
    (4K random writes at the controller's rate, its flash programming
    faster) absorbs GC's first, nearly empty, victims in its spare program
    bandwidth: the speed holds its level past the model's onset, and any
    onset up to where it left is as right as the model's. at itself when
    under 10 samples before tell no band."""
    t, b = series
    dt = np.diff(np.concatenate([[0.0], t]))
    cb = np.cumsum(b) - b
    i = int(np.searchsorted(cb, at))
    w0 = max(0, i - 61, int(np.searchsorted(cb, prev["start_bytes"])) + 1 if prev else 0)
    w = np.log(b[w0:max(0, i - 1)] / dt[w0:max(0, i - 1)])
    if len(w) < 10:
        return at
    level, band = float(np.median(w)), 3 * max(_noise(w), 0.01)
    j = max(0, i - 1)  # the sample the onset fell in
    while j < len(b) and abs(math.log(b[j] / dt[j]) - level) <= band:
        j += 1
    return max(at, float(cb[j]) if j < len(b) else float(b.sum()))


def _noise(y):
    """Robust noise of a log-rate window around its median (1.4826 MAD),
    in sigmas of one sample: what the median's spread comes from. GC dips
    below a level that holds the median are no spread of it (a drive at
    950 MB/s with dips to 570-730 has its median at 950 exactly)."""
    return 1.4826 * float(np.median(np.abs(y - np.median(y)))) if len(y) else 0.0


def score(truth, series, analysis, merge=True):
    """Problems with the analysis of one run against the model's regimes:
    a list of short strings (empty: labelled right), and flags for false
    caches and false folding. merge=False: against the model's own phases
    (reader_phases' merge=False)."""
    probs = []
    ph = reader_phases(truth, series, merge)
    t, b = series
    total = float(b.sum())
    samples = len(b)
    # The model's phases as a reader of the curve would see them: a phase
    # shorter than the analysis' shortest lasting phase is part of its
    # neighbours.
    min_bytes = total * max(5, 0.01 * samples) / samples
    a_bounds = [p["start_bytes"] for p in analysis["phases"][1:]]
    slc = ph[0] if ph and ph[0]["regime"] == "slc" else None
    cache = analysis["cache"]
    false_cache = false_fold = False
    if slc is not None and len(ph) > 1:
        full = ph[1]["start_bytes"]
        visible = cache_shows(ph, series)
        if cache is None:
            if visible:
                probs.append(f"cache of {full / GIB:.2f} GiB missed")
        elif cache["censored"] == "resolution":
            # The drop inside the first sample: bytes is a lower bound and
            # bytes + uncertainty an upper one.
            if not (cache["bytes"] * (1 - TOL) <= full <=
                    (cache["bytes"] + cache["uncertainty_bytes"]) * (1 + TOL)):
                probs.append(f"cache {cache['bytes'] / GIB:.2f} GiB (at least), "
                             f"truth {full / GIB:.2f}")
        elif not _close(cache["bytes"], full):
            probs.append(f"cache {cache['bytes'] / GIB:.2f} GiB, truth {full / GIB:.2f}")
    elif cache is not None and cache["censored"] != "right":
        false_cache = True
        probs.append(f"false cache of {cache['bytes'] / GIB:.2f} GiB")
    fold = next((p for p in ph if p["regime"] == "fold"), None)
    afold = analysis["folding"]
    if fold is not None:
        before = _rate_near(series, fold["start_bytes"], True, 20)
        after = _rate_near(series, fold["start_bytes"], False, 20)
        visible = (before >= VISIBLE * after and fold["bytes"] >= min_bytes)
        if afold is None and visible:
            probs.append(f"folding from {fold['start_bytes'] / GIB:.1f} GiB missed")
        elif afold is not None and not _close(afold["start_bytes"], fold["start_bytes"],
                                              1.5 * _sample_bytes(series, fold["start_bytes"])):
            if visible:
                probs.append(f"folding at {afold['start_bytes'] / GIB:.1f} GiB, "
                             f"truth {fold['start_bytes'] / GIB:.1f}")
            else:
                false_fold = True
                probs.append(f"false folding at {afold['start_bytes'] / GIB:.1f} GiB")
    elif afold is not None:
        false_fold = True
        probs.append(f"false folding at {afold['start_bytes'] / GIB:.1f} GiB")
    gc = next((p for p in ph if p["regime"] == "gc"), None)
    agc = analysis["gc"]
    if gc is not None:
        visible, moved = gc_shows(ph, gc, series, min_bytes)
        at = gc["start_bytes"]
        # A used state that starts within the run's first lasting phase
        # (a drive written full whose idle time cleaned less than that) is
        # the run's state from its start: what came before it is part of
        # its neighbour, as for the boundaries below, and there is no
        # onset to place (as when the model is in it from the first byte).
        # Not after a cache the run is scored for (cache_shows): the run's
        # state from its start is then the cache, and the used state's
        # onset is a change of its own (seed 13's drive 48, seq_fill 2h:
        # a 13.2 GiB cache, 27 GiB of folding at 918 MB/s, then GC at
        # 537-651 from 40.4 GiB, under the run's 43.9 GiB lasting phase:
        # an onset anywhere past 40.4, even 400 GiB, was scored right).
        from_start = onset_from_start(ph, gc, series, min_bytes)
        # The onset is placed at a sample boundary: within the sample the
        # change fell in, as every boundary below.
        slack = 1.5 * _sample_bytes(series, at)
        if agc is None and visible and not from_start:
            probs.append(f"used state from {gc['start_bytes'] / GIB:.1f} GiB missed")
        elif (agc is not None and visible and moved and not from_start and
              not _close(agc["start_bytes"], at, slack) and
              not at <= agc["start_bytes"] <= held_until(series, at, _before(ph, gc)) + slack):
            probs.append(f"used state at {agc['start_bytes'] / GIB:.1f} GiB, "
                         f"truth {at / GIB:.1f}")
        elif agc is not None and agc["start_bytes"] < at * (1 - TOL) - slack:
            probs.append(f"used state at {agc['start_bytes'] / GIB:.1f} GiB, before the "
                         f"model's {at / GIB:.1f}")
    elif agc is not None:
        probs.append(f"false used state at {agc['start_bytes'] / GIB:.1f} GiB")
    # Every visible boundary of the model's regimes is a phase boundary.
    for i in range(1, len(ph)):
        at = ph[i]["start_bytes"]
        if ph[i]["bytes"] < min_bytes or ph[i - 1]["bytes"] < min_bytes:
            continue
        before = _rate_near(series, at, True, 20)
        after = _rate_near(series, at, False, 20)
        if max(before, after) < VISIBLE * min(before, after):
            continue
        slack = 1.5 * _sample_bytes(series, at)
        # (A used state's onset where the speed still held: held_until.)
        held = held_until(series, at, ph[i - 1]) if ph[i]["regime"] == "gc" else at
        if not any(_close(x, at, slack) or at <= x <= held + slack for x in a_bounds):
            probs.append(f"no phase boundary near the {ph[i - 1]['regime']}->{ph[i]['regime']} "
                         f"change at {at / GIB:.1f} GiB")
    return probs, false_cache, false_fold


def dips_truth(truth):
    """(period_s, duty) of the model's dips, or None."""
    p = truth["params"]
    return (p["dip_period_s"], p["dip_duty"]) if p["dip_duty"] > 0 and p["dip_depth"] < 1 else None
