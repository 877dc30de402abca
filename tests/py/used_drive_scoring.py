"""Used drives against the simulator's truth (issue 21, item 7): random
drives, consumer-like (regime_scoring.draw_drive) and enterprise-like (no
SLC cache, 7-28 % over-provisioning, a rated steady random-write level),
each in three states -- fresh after a TRIM, sequentially filled, randomly
filled -- and each state with three workloads: the whole-drive sequential
fill, the 2-hour 4K QD32 random write (lab2016's degradation test) and the
SNIA write saturation test (WSAT: 4K QD32 random writes for 4x the capacity
or 6 hours, whichever comes first).

Every run writes its series CSV as a job does (the metadata carries the
drive's capacity, `written_before_bytes` and `precondition`), is analysed by
`ssdcore analyze --json` from that CSV alone (the context travels with the
log), and is scored against the model's regimes with
regime_scoring.score plus the used-state onset error.

Shared by tests/py/test_used_drive_sweep.py (50 small drives) and
bench/used_drive_sweep.py (200 drives, the table in docs/simulator.md)."""
import json
import math
import os
import re
import subprocess

import numpy as np

import ssdcore
from regime_scoring import (VISIBLE, _before, _phase, _rate, _sample_bytes, gc_shows,
                            held_until, onset_from_start,
                            reader_phases, score, valid_drive)

GIB = 2 ** 30
STATES = ("fresh", "seq_fill", "random_fill")
# Opt-in states (not in STATES, so the default sweep and its kept logs are
# unchanged): the same fills without the 15-minute idle after them, the
# runs a user makes with precondition then a job on the same open drive.
# A static cache is then full of the fill's data and takes no writes
# (docs/simulator.md, "A fill without an idle after it").
NO_IDLE = "_noidle"
EXTRA_STATES = ("seq_fill" + NO_IDLE, "random_fill" + NO_IDLE)
# Opt-in partial fills (issue 21's fill.suite: a TRIM, then a sequential
# 128K QD32 job over the first share of the capacity, then the run, with
# the 15-minute idle after the fill or, _noidle, without): seq_fill25,
# seq_fill50, seq_fill75. Such a job records no precondition (it did not
# write the whole drive: suite/written_since_trim.c), so the run's is
# `unknown`, its bytes in written_before.
PARTIAL_PREFIX = "seq_fill"
PARTIAL_SHARES = (25, 50, 75)
PARTIAL_STATES = tuple(f"{PARTIAL_PREFIX}{p}{sfx}" for p in PARTIAL_SHARES
                       for sfx in ("", NO_IDLE))
ALL_STATES = STATES + EXTRA_STATES + PARTIAL_STATES


def partial_share(state):
    """The share of the capacity a partial-fill state fills (0.25 for
    seq_fill25 and seq_fill25_noidle), None for any other state."""
    base = state.removesuffix(NO_IDLE)
    rest = base[len(PARTIAL_PREFIX):] if base.startswith(PARTIAL_PREFIX) else ""
    return int(rest) / 100 if rest.isdigit() else None
WORKLOADS = ("fill", "2h", "wsat")
TOL = 0.05
# The fewest samples `ssdcore analyze` takes (a run over a small span may
# have fewer: sweep leaves it out).
MIN_SAMPLES = 3
# The opt-in span mode's own random stream (sweep(span=...)): its draws
# come from np.random.default_rng([seed, SPAN_STREAM]), never from the
# drives' stream, so a default sweep's drives and kept runs stay the same.
SPAN_STREAM = 0x5A4E


def parse_span(text):
    """A span range as --span takes it: "LO-HI", both fractions of the
    capacity (0 < x <= 1: "0.01-0.1") or both sizes ("8g-64g", k/m/g/t
    binary units), or one value for both. Returns ("frac"|"bytes", lo, hi)."""
    parts = text.split("-")
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2:
        raise ValueError(f"span range {text!r}: LO-HI")
    units = {"": 1, "k": 2 ** 10, "m": 2 ** 20, "g": 2 ** 30, "t": 2 ** 40}
    vals, kinds = [], set()
    for x in parts:
        m = re.fullmatch(r"\s*([0-9.]+)\s*([kmgt]?)(?:i?b)?\s*", x.lower())
        if not m:
            raise ValueError(f"span {x!r}: a fraction (0.05) or a size (8g)")
        v = float(m[1])
        if m[2] or v > 1:
            kinds.add("bytes")
            vals.append(v * units[m[2]])
        else:
            kinds.add("frac")
            vals.append(v)
    if len(kinds) != 1 or not 0 < vals[0] <= vals[1]:
        raise ValueError(f"span range {text!r}: two fractions or two sizes, LO <= HI, LO > 0")
    return (kinds.pop(), vals[0], vals[1])


def draw_span(rng):
    """One drive's span draw: (u_size, u_offset), uniform, turned into
    bytes by span_area() once the capacity is known."""
    return (float(rng.random()), float(rng.random()))


def span_area(span, u, capacity):
    """(offset, span_bytes) of a run over part of the drive: the size
    log-uniform in the range (a fraction of the capacity, or bytes), at
    most the capacity, whole MiB; the offset uniform over where it fits,
    MiB-aligned."""
    kind, lo, hi = span
    size = lo * (hi / lo) ** u[0]
    if kind == "frac":
        size *= capacity
    mib = 2 ** 20
    size = max(mib, min(int(size) // mib * mib, capacity // mib * mib))
    off = int(u[1] * (capacity - size)) // mib * mib
    return off, size
# A post-cache level after a slump is right within this of the model's held
# level (the slump runs 0.3-0.75 times below it: any level this close is the
# held one, not the slump's).
SLUMP_LEVEL_TOL = 0.10


def draw_enterprise(rng, cap_range=(480, 7680)):
    """A datacenter drive as a sim: spec: no SLC cache, 7-28 % spare, TLC,
    NVMe Gen3/Gen4 speeds, a fresh-out-of-box random-write level and a
    rated steady one (the used-state floor) 1.5-5x below it."""
    op = rng.uniform(7, 28)
    cap = float(np.exp(rng.uniform(np.log(cap_range[0]), np.log(cap_range[1]))))
    gen4 = rng.random() < 0.6
    link = 7000 if gen4 else 3500
    seq = rng.uniform(0.35, 0.8) * (6800 if gen4 else 3300)
    rand = seq * rng.uniform(0.3, 0.8)  # fresh 4K QD32 random write, MiB/s
    # More spare flash, a higher steady level (the 3 DWPD models' 2-3x).
    floor = rand * min(0.7, rng.uniform(0.12, 0.3) * (1 + op / 14))
    kv = {
        "capacity_gb": f"{cap:.0f}",
        "op_pct": f"{op:.2f}",
        "bits": 3,
        "slc_type": "none",
        "slc_gb": 0,
        "native_seq_mibps": f"{seq:.0f}",
        "native_rand_mibps": f"{rand:.0f}",
        "fold_mibps": f"{seq:.0f}",
        "floor_mibps": f"{floor:.1f}",
        "gc_gamma": f"{rng.uniform(0.8, 2.0):.2f}",
        "gc_settle_gb": 0,
        "gc_spread": f"{rng.choice([0.0, 0.05, 0.15]):.2f}",
        "link_mibps": link,
        "iops_cap": 2_000_000,
        "read_seq_mibps": f"{0.9 * link:.0f}",
        "read_rand_iops": 1_000_000,
        "write_lat_us": 15,
        "idle_gc_mibps": f"{rng.uniform(20, 200):.0f}",
        "idle_gc_gb": f"{cap * rng.uniform(0.002, 0.02):.1f}",
        "noise": 0.02,
        "noise_direct": f"{rng.choice([0.0, 0.03, 0.06]):.2f}",
        "dip_duty": 0,
        "seed": int(rng.integers(1, 1 << 30)),
    }
    # (native_write_lat_us=0: the random drives' write latency is write_lat_us
    # alone, not the BX200 profile's slow QD1 writes after its cache)
    return "sim:bx200,native_write_lat_us=0," + ",".join(f"{k}={v}" for k, v in kv.items())


def draw(rng, cap_range=None, tick_s=None):
    """(kind, spec): half consumer drives (regime_scoring's draw: no, static
    or dynamic cache), half enterprise-like ones; cap_range in marketing GB
    (None: the draws' own ranges), tick_s a coarser noise tick for speed."""
    enterprise = rng.random() < 0.5
    while True:
        if enterprise:
            spec = draw_enterprise(rng, cap_range or (480, 7680))
        else:
            spec = valid_drive(rng, cap_range=cap_range or (120, 4000))
        if tick_s:
            spec += f",tick_s={tick_s}"
        try:
            ssdcore.sim.profile(spec[len("sim:"):])
        except ssdcore.Error:
            continue
        kind = "enterprise" if enterprise else "consumer-" + spec.split("slc_type=")[1].split(
            ",")[0]
        return kind, spec


def prepare(t, state, loops=2):
    """Puts the drive into `state`, then idles 15 minutes (as lab2016 does
    before every test: the drive flushes its cache and its background GC
    prepares a few GB of clean blocks): fresh (TRIM), seq_fill (purged,
    then 128K sequential writes over the capacity `loops` times: SNIA's
    workload-independent preconditioning) or random_fill (purged, then 4K
    random writes over the capacity `loops` times); either fill with the
    NO_IDLE suffix skips the idle. Returns the bytes written since the
    purge or TRIM."""
    idle = not state.endswith(NO_IDLE)
    share = partial_share(state)
    state = state.removesuffix(NO_IDLE)
    w = 0
    if share is not None:
        # A partial sequential fill as a user's job (issue 21's fill.suite):
        # TRIM, then 128K QD32 from the drive's start.
        t.trim()
        n = int(share * t.size_bytes) // 131072 * 131072
        r = ssdcore.job(t, pattern="write", bs=131072, qd=32, bytes=n, interval=3600)
        w = int(r["write"]["bytes"])
    elif state == "fresh":
        t.trim()
    elif hasattr(ssdcore, "precondition"):
        t.purge()
        w = ssdcore.precondition(t, state, loops=loops)["written_bytes"]
    else:
        t.trim()  # before ssdcore.precondition: the same writes as jobs
        if state == "seq_fill":
            r = ssdcore.job(t, pattern="write", bs=131072, qd=32, bytes=loops * t.size_bytes,
                            interval=3600)
            w = int(r["write"]["bytes"])
        else:
            for k in range(loops):
                r = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, coverage=1,
                                seed=101 + k, interval=3600)
                w += int(r["write"]["bytes"])
    if idle:
        t.idle(900)
    return w


def workload_options(workload, capacity, interval, area=None):
    """The job options of a workload; `interval` is (fill, 2h, wsat)
    sampling intervals in seconds; `area` (offset, span_bytes): the run
    writes only there (the fill once over it; WSAT's length stays 4x the
    capacity or 6 hours)."""
    where = dict(offset=area[0], span=area[1]) if area else {}
    if workload == "fill":
        # (Over a span at the whole drive's sampling: 8 GiB at 3 GB/s is
        # 3 samples, as a user's fio log of it. Finer samples show the
        # model's GC scatter, drawn per virtual second, as 10-sample
        # levels no drive has: docs/simulator.md, "Runs over part of the
        # drive".)
        return dict(pattern="write", bs=131072, qd=32, coverage=1, interval=interval[0], **where)
    if workload == "2h":
        return dict(pattern="randwrite", bs=4096, qd=32, time="2h", interval=interval[1],
                    **where)
    return dict(pattern="randwrite", bs=4096, qd=32, bytes=4 * capacity, time="6h",
                interval=interval[2], **where)


# A run that outlasts the job's million kept samples is simulated again
# with samples ten times longer, as its user would log it: a whole-drive
# fill at a slow drive's used-state floor (seed 173's drive 121: 3.27 TB
# at 2.6 MB/s after a random fill, 1.25 million seconds at 1 s). The job
# refuses such a run with SSD_ERANGE; runs within the limit are unchanged.
SAMPLE_CAP_RETRIES = 3


def coarser_past_sample_cap(run, interval):
    """run(interval) (a tuple of intervals), again with each interval 10x
    longer while the job refuses it for its sample count."""
    for k in range(SAMPLE_CAP_RETRIES + 1):
        try:
            return run(tuple(i * 10 ** k for i in interval))
        except ssdcore.InvalidArgument as e:
            if e.name != "SSD_ERANGE" or "samples" not in e.detail or k == SAMPLE_CAP_RETRIES:
                raise


def simulate(spec, state, workload, log, interval=(1, 1, 5), loops=2, span=None, span_u=None):
    """One run: the drive in `state`, then `workload` logged to `log`;
    span (parse_span's) and span_u (draw_span's): the run over that part
    of the drive. Returns (truth, (t_s, bytes), capacity, written_before)."""
    return coarser_past_sample_cap(
        lambda iv: _simulate_once(spec, state, workload, log, iv, loops, span, span_u), interval)


def _simulate_once(spec, state, workload, log, interval, loops, span, span_u):
    with ssdcore.SimTarget(spec) as t:
        wb = prepare(t, state, loops)
        pre = ("none" if state == "fresh" else
               "unknown" if partial_share(state) is not None else state.removesuffix(NO_IDLE))
        area = span_area(span, span_u, t.size_bytes) if span else None
        opts = workload_options(workload, t.size_bytes, interval, area)
        # The idle time prepare() gave it, recorded as a suite records it
        # (docs/analysis.md, "The idle time before the run"); the kept logs
        # made before carry none (unknown), which leaves their verdicts.
        idle = 0 if state.endswith(NO_IDLE) else 900
        # And what was written since the drive last idled (what its cache
        # can hold: docs/analysis.md, "One analysis context, every path"):
        # nothing after the idle, else all since the model opened fresh.
        r = ssdcore.job(t, log=str(log), precondition=pre, written_before=wb, idle_before=idle,
                        written_since_idle=wb if idle == 0 else 0, **opts)
        truth = t.truth()
        s = r["series"]
        return truth, (np.asarray(s["t_s"], float), np.asarray(s["write_bytes"], float)), \
            t.size_bytes, wb


def analyze_logs(paths, exe="ssdcore", args=()):
    """`ssdcore analyze --json` of the logs, the context from their metadata
    (args: more options, e.g. ["--precondition", "unknown"])."""
    out = subprocess.run([exe, "analyze", "--json", *args, *map(str, paths)], check=True,
                         capture_output=True, text=True).stdout
    a = json.loads(out)
    return a if isinstance(a, list) else [a]


def gc_onset(truth, series, analysis, merge=True):
    """(truth_bytes, found_bytes or None, visible): where the model's used
    state (gc) began in the run, where the analysis put it, and whether the
    speed visibly moved there (as regime_scoring.score decides: a switch the
    curve does not show is no position to find)."""
    ph = reader_phases(truth, series, merge)
    gc = next((p for p in ph if p["regime"] == "gc"), None)
    if gc is None:
        return None, None, False
    b = series[1]
    min_bytes = float(b.sum()) * max(5, 0.01 * len(b)) / len(b)
    visible, moved = gc_shows(ph, gc, series, min_bytes)
    at = gc["start_bytes"]
    # An onset to place: it moved the speed (never from the first byte) and
    # lies past the run's first lasting phase, which is the run's state from
    # its start, or after a cache the run is scored for
    # (regime_scoring.onset_from_start, as score() decides).
    visible = visible and moved and not onset_from_start(ph, gc, series, min_bytes)
    agc = analysis["gc"]
    return at, (agc["start_bytes"] if agc else None), visible


def folding_or_used(truth, analysis):
    """The truth as a reader of the curve can hold the analysis to when the
    analysis says its used state may be folding (gc.may_be_folding: a drive
    written full, a flat level after its dynamic cache to the end of the
    run, no longer than folding can last). The drive folds its cache before
    GC and GC may follow at the same speed (reader_phases already reads
    folding at the used state's speed as the used state), so a run that
    ends while the model still folds shows the same curve as one whose GC
    followed at that speed: the folding that ends the run is read as the
    used state, from where it began. Unchanged otherwise."""
    agc = analysis.get("gc")
    ph = truth["phases"]
    if not (agc and agc.get("may_be_folding") and ph and ph[-1]["regime"] == "fold" and
            not any(p["regime"] == "gc" for p in ph)):
        return truth
    t = dict(truth)
    t["phases"] = [dict(p) for p in ph]
    t["phases"][-1]["regime"] = "gc"
    return t


# The interval score's widest stated uncertainty, in samples: the
# analysis' transition stretch (ssd__cache_end_spread) reaches at most two
# samples either side of the one the drop was placed in, so the end can be
# at most three samples' bytes from the placement; an uncertainty wider
# than that is no statement about where the cache ended.
INTERVAL_CAP_SAMPLES = 3


def cache_interval_ok(truth, series, analysis, merge=True):
    """Whether the model's cache end lies within the stated
    cache.bytes +- cache.uncertainty_bytes, and that uncertainty is no
    wider than INTERVAL_CAP_SAMPLES of the largest samples within three of
    the placement (the transition samples' bytes). The interval score's
    test of a cache size; the strict score's stays score()'s 5 %."""
    cache = analysis.get("cache")
    ph = reader_phases(truth, series, merge)
    if not cache or cache["censored"] != "none" or len(ph) < 2 or ph[0]["regime"] != "slc":
        return False
    full, got = ph[1]["start_bytes"], cache["bytes"]
    u = cache.get("uncertainty_bytes")
    if u is None or not math.isfinite(u):
        return False
    b = series[1]
    i = int(np.searchsorted(np.cumsum(b), got))
    cap = INTERVAL_CAP_SAMPLES * float(b[max(0, i - 3):i + 4].max())
    return u <= cap and abs(full - got) <= u


def draw_slump(rng):
    """A slump right after the cache (docs/simulator.md, "A slump after the
    cache"), from its own rng so that draw()'s stream, and every sweep
    without slumps, stays as it was: slump_share log-uniform over 0.05-0.4
    of the cache's contents and slump_depth 0.3-0.75 around the BIWIN X570's
    fresh write (datasets/biwin_x570: 15.7 GiB after a 73.9 GiB cache, 0.21,
    at 832 MiB/s below the 1712 it then held, 0.49)."""
    share = float(np.exp(rng.uniform(np.log(0.05), np.log(0.4))))
    return f",slump_share={share:.3f},slump_depth={rng.uniform(0.3, 0.75):.2f}"


def slump_problems(truth, series, analysis):
    """Problems with a run whose model slumped right after its cache (a
    truth phase "slump"; none otherwise, so the default sweep scores as
    before). The truth and the analysis name the slump alike: the model's
    post-cache level (post_cache_level_bps) is the level it holds after
    the slump, as the analysis' post_cache_bps is (docs/analysis.md,
    Method step 5), and the slump itself, a phase of its own, is what the
    analysis labels `other` with a note: asked for when the slump and the
    phase after it each last a lasting phase (the slump in samples, the
    level after it score()'s min_bytes) and differ VISIBLE-fold. Boundaries are score()'s own check. Returns the
    problems and what was asked: {"slump": the model slumped after a cache
    the analysis found, "post_asked", "told_asked"}."""
    ph = []  # the slump as one phase (the model splits it where the regime beneath changes)
    for p in map(_phase, truth["phases"]):
        if ph and p["regime"] == "slump" == ph[-1]["regime"]:
            ph[-1]["bytes"] += p["bytes"]
            ph[-1]["runtime_s"] += p["runtime_s"]
        else:
            ph.append(p)
    k = next((i for i, p in enumerate(ph) if p["regime"] == "slump"), None)
    cache = analysis.get("cache")
    asked = {"slump": False, "post_asked": False, "told_asked": False}
    if k is None or k == 0 or ph[k - 1]["regime"] != "slc" or not cache:
        return [], asked
    asked["slump"] = True
    probs = []
    t, b = series
    total = float(b.sum())
    min_bytes = total * max(5, 0.01 * len(b)) / len(b)
    slump, held = ph[k], ph[k + 1] if k + 1 < len(ph) else None
    post, level = analysis.get("post_cache_bps"), truth.get("post_cache_level_bps")
    # (A level the drive holds: direct writes or folding. The used state's
    # level settles as its victims do, and its onset is scored as such.)
    if held is not None and level and held["bytes"] >= min_bytes and \
            held["regime"] in ("native", "fold"):
        asked["post_asked"] = True
        if post is None or abs(post - level) > SLUMP_LEVEL_TOL * level:
            probs.append(f"post-cache level {(post or 0) / 2**20:.0f} MiB/s after a slump, "
                         f"truth {level / 2**20:.0f}")
    # (The slump told: when it spans the analysis' shortest lasting phase in
    # samples, max(5, 1 %) of them, as the analysis' own phases must; a
    # slump of 30 two-second samples in a 2-hour run, 6.98 GiB beside a GC
    # tail of 190, is over score()'s min_bytes but no phase it could make.)
    cum = np.cumsum(b)
    spans = int(np.searchsorted(cum, slump["start_bytes"] + slump["bytes"]) -
                np.searchsorted(cum, slump["start_bytes"]))
    if held is not None and spans >= max(5, 0.01 * len(b)) and held["bytes"] >= min_bytes and \
            _rate(held) >= VISIBLE * _rate(slump):
        asked["told_asked"] = True
        mid = slump["start_bytes"] + slump["bytes"] / 2
        a = next((p for p in analysis["phases"] if p["start_bytes"] <= mid < p["end_bytes"]),
                 None)
        if a is None or a["regime"] != "other" or "slump" not in (analysis.get("regime_note")
                                                                   or ""):
            probs.append(f"slump of {slump['bytes'] / GIB:.2f} GiB at "
                         f"{slump['start_bytes'] / GIB:.1f} GiB not told "
                         f"({a['regime'] if a else 'no phase'})")
    return probs, asked


def _cache_size_problem(p):
    """A strict cache-size miss (score()'s "cache X GiB, truth Y")."""
    return p.startswith("cache ") and ", truth " in p and "(at least)" not in p


# The reading an analysis did not take when it said one curve cannot tell
# (its `undecided`: between, read_as), as the problem its absence makes:
# a fast start read as clean blocks that was a cache ("cache of X GiB
# missed"), a level read as direct writes that was folding ("folding from
# X GiB missed").
_OTHER_READING = {("cache_or_clean_blocks", "clean_blocks"): "cache of ",
                  ("direct_or_folding", "direct"): "folding from "}


def undecided_right(probs, analysis):
    """True when a wrong run is wrong only in what its analysis said it
    could not tell: every problem is the reading `undecided` names and
    did not take (the user was told to pass a reference that decides)."""
    u = analysis.get("undecided") or {}
    miss = _OTHER_READING.get((u.get("between"), u.get("read_as")))
    return bool(probs) and miss is not None and all(
        p.startswith(miss) and p.endswith(" missed") for p in probs)


def score_run(truth, series, analysis):
    """The scores of one run: a dict with problems (list), false_cache,
    missed_cache, false_fold, onset_err (fraction, None when there is no
    visible onset; inf when the analysis found none) and right_interval:
    right, or wrong only in a cache size whose stated uncertainty holds
    the truth and is no wider than the transition samples justify
    (cache_interval_ok), undecided_right (wrong only in the reading its
    `undecided` said one curve cannot choose, undecided_right()), and unmerged (scored right only against the
    model's own phases, _score_view's fallback: kept in the sweep's rows
    so the fallback's uses can be audited)."""
    # A slump (a truth phase of its own) lies over the regime the cache's
    # end led into, which began with it: the analysis may read it as that
    # regime's start, or tell it apart (`other`); the regimes are right
    # either way, and slump_problems asks for the slump told apart and the
    # post-cache level held after it.
    model = truth
    views = [truth] + ([slump_as_beneath(truth)] if any(
        p["regime"] == "slump" for p in truth["phases"]) else [])
    best = None
    for view in views:
        got = _score_view(folding_or_used(view, analysis), series, analysis)
        if best is None or len(got[1]) < len(best[1]):
            best = got
        if not got[1]:
            break
    truth, probs, fc, ff, merge = best
    at, found, visible = gc_onset(truth, series, analysis, merge)
    err = None
    if at is not None and visible:
        # The label's own allowance (regime_scoring.score): within 5 % or
        # within the sample the change fell in is exact, 0; past it, the
        # whole distance. Subtracting the slack instead would call an onset
        # "within 5 %" that the label calls wrong.
        slack = 1.5 * _sample_bytes(series, at)
        # An onset past the model's where the speed still held its level
        # (regime_scoring.held_until) is exact too: the curve shows none
        # before the speed left it.
        ph = reader_phases(truth, series, merge)
        gcp = next(p for p in ph if p["regime"] == "gc")
        held = held_until(series, at, _before(ph, gcp))
        err = (math.inf if found is None else
               0.0 if abs(found - at) <= max(TOL * at, slack) or at <= found <= held + slack
               else abs(found - at) / at)
    sprobs, asked = slump_problems(model, series, analysis)
    probs = probs + sprobs
    right_interval = not probs or (all(map(_cache_size_problem, probs)) and
                                   cache_interval_ok(truth, series, analysis, merge))
    return {"problems": probs, "false_cache": bool(fc), "false_fold": bool(ff),
            "right_interval": right_interval,
            "undecided_right": undecided_right(probs, analysis),
            "missed_cache": any("missed" in p and "cache" in p for p in probs),
            "onset_err": err, "unmerged": not merge, **asked}


def slump_as_beneath(truth):
    """The truth with its slump read as the start of the regime beneath it
    (the phase's "beneath": native, fold or gc), merged with that regime's
    phase after it."""
    out = []
    for p in map(_phase, truth["phases"]):
        if p["regime"] == "slump":
            p["regime"] = p.get("beneath", "native")
            p["slump"] = True
        if out and out[-1]["regime"] == p["regime"]:
            q = out[-1]
            q["bytes"] += p["bytes"]
            q["runtime_s"] += p["runtime_s"]
            for k in ("level_bps", "end_level_bps", "mean_bps"):
                if k in p:
                    q[k] = p[k]  # the level it goes on at
            continue
        out.append(p)
    t = dict(truth)
    t["phases"] = out
    return t


def _score_view(truth, series, analysis):
    """score() of one view of the truth, as score_run takes it: (truth,
    problems, false cache, false folding, merge)."""
    probs, fc, ff = score(truth, series, analysis)
    merge = True
    if probs and not score(truth, series, analysis, merge=False)[0]:
        # The reader's view (reader_phases) only spares the analysis what
        # no curve shows: an analysis that labels the model's own phases
        # as the model has them is right. A dynamic cache folding before
        # the capacity has been written, then GC at the folding's speed
        # past it: the reader's view asked for the used state from the
        # folding's start, which no analysis may place there (no GC before
        # the capacity), and called the folding found there false.
        probs, fc, ff = [], False, False
        merge = False
    return truth, probs, fc, ff, merge


# The simulator's keys renamed to say their unit (MiB/s: *_mbps -> *_mibps;
# GiB: slc_gb, gc_settle_gb, idle_gc_gb -> *_gib); the old names still open
# the same drive, and the runs kept before the rename have them in their spec.
_OLD_KEY = re.compile(r"(?<=[:,])(slc_seq|native_seq|native_rand|fold|floor|flush|idle_gc|"
                      r"read_seq|link|throttle|throttle2)_mbps=|(?<=[:,])(slc|gc_settle|idle_gc)_gb=")


def same_drive_spec(spec):
    """spec with the simulator's old key names as the new ones: a kept
    run's spec, written before the rename, is the same drive."""
    return _OLD_KEY.sub(lambda m: f"{m[1]}_mibps=" if m[1] else f"{m[2]}_gib=", spec)


def _kept_run(spec, state, wl, path, interval, loops, keep, span=None, span_u=None):
    """simulate(), or the run kept in path (its CSV) and path + ".json"
    (spec, truth and series) by an earlier sweep with keep=True, whose spec
    may still use the old key names (same_drive_spec)."""
    side = path + ".json"
    where = {"span": list(span), "span_u": list(span_u)} if span else {}
    if keep and os.path.exists(path) and os.path.exists(side):
        with open(side) as f:
            k = json.load(f)
        if (same_drive_spec(k["spec"]) == same_drive_spec(spec) and
                k["interval"] == list(interval) and k["loops"] == loops and
                {x: k[x] for x in where if x in k} == where):
            return k["truth"], (np.asarray(k["t_s"]), np.asarray(k["bytes"]))
    truth, series, _, _ = simulate(spec, state, wl, path, interval, loops, span, span_u)
    if keep:
        with open(side + ".tmp", "w") as f:
            # json.dumps, not json.dump: dump encodes in pure Python (the
            # C encoder is for dumps only), 1.7 times the CPU for the 450
            # runs' series of the test's 50-drive sweep (the same text).
            f.write(json.dumps({"spec": spec, "interval": list(interval), "loops": loops,
                                "truth": truth, "t_s": series[0].tolist(),
                                "bytes": series[1].tolist(), **where}))
        os.replace(side + ".tmp", side)
    return truth, series


FILL_LOG = "prefill"


def analysed_run(spec, state, workload, log, interval=(1, 1, 5), reference=None):
    """A sweep drive's run simulated as the sweep does it (simulate), written
    to log and analysed by the CLI as a user would (`ssdcore analyze --json`,
    with `--reference reference` when given): (analysis, score_run's dict)."""
    truth, series, _, _ = simulate(spec, state, workload, log, interval)
    cmd = ["ssdcore", "analyze", "--json"]
    if reference is not None:
        cmd += ["--reference", str(reference)]
    out = subprocess.run(cmd + [str(log)], check=True, capture_output=True, text=True).stdout
    analysis = json.loads(out)
    return analysis, score_run(truth, series, analysis)


def assert_folding_then_gc_found(spec, state, workload, log):
    """A sweep drive's run (simulate), analysed by the CLI: its folding and
    its used state are both found, each starting within 5 % of the model's
    fold and gc regimes."""
    truth = simulate(spec, state, workload, log, (1, 1, 5))[0]
    fold = [p for p in truth["phases"] if p["regime"] == "fold"][0]
    gc = [p for p in truth["phases"] if p["regime"] == "gc"][0]
    out = subprocess.run(["ssdcore", "analyze", "--json", str(log)], check=True,
                         capture_output=True, text=True).stdout
    a = json.loads(out)
    assert a["folding"] is not None, a["phases"]
    assert abs(a["folding"]["start_bytes"] / fold["start_bytes"] - 1) < 0.05, a["folding"]
    assert a["gc"] is not None, a["phases"]
    assert abs(a["gc"]["start_bytes"] / gc["start_bytes"] - 1) < 0.05, (
        a["gc"]["start_bytes"] / GIB, gc["start_bytes"] / GIB)


def analysed_after_fill(tmp_path, spec, state="random_fill", workload="fill"):
    """analysed_run of a sweep drive's run after `state`, with its fill's
    own log (simulate_fill) as the reference, both kept in tmp_path."""
    fill = tmp_path / "fill.csv"
    simulate_fill(spec, state, fill)
    return analysed_run(spec, state, workload, tmp_path / "run.csv", reference=fill)


def simulate_fill(spec, state, log, interval=(1, 1, 5)):
    """The preconditioning fill of `state` (seq_fill or random_fill, the
    NO_IDLE suffix ignored) logged as a user's fill is: the drive purged,
    then the fill's first capacity written as a job (128K sequential at
    QD32, or 4K random at QD32 visiting every block once, both at the
    fill workload's interval: a job's default 1 s in the 200-drive sweep),
    its log at `log` with nothing written before it. A drive of its own:
    the kept used runs were filled by prepare()'s bulk precondition, which
    writes the same workload and logs nothing (the default sweep and its
    kept runs stay as they were).
    Returns (truth, (t_s, bytes))."""
    return coarser_past_sample_cap(lambda iv: _simulate_fill_once(spec, state, log, iv), interval)


def _simulate_fill_once(spec, state, log, interval):
    state = state.removesuffix(NO_IDLE)
    with ssdcore.SimTarget(spec) as t:
        t.purge()
        if state == "seq_fill":
            opts = dict(pattern="write", bs=131072, qd=32, bytes=t.size_bytes,
                        interval=interval[0])
        else:
            opts = dict(pattern="randwrite", bs=4096, qd=32, coverage=1, seed=101,
                        interval=interval[0])
        r = ssdcore.job(t, log=str(log), precondition="none", written_before=0, **opts)
        s = r["series"]
        return t.truth(), (np.asarray(s["t_s"], float), np.asarray(s["write_bytes"], float))


def _kept_fill(spec, state, path, interval, keep):
    """simulate_fill(), or the fill log kept in path by an earlier sweep
    with keep=True (path + ".json": its spec, interval and truth)."""
    side = path + ".json"
    if keep and os.path.exists(path) and os.path.exists(side):
        with open(side) as f:
            k = json.load(f)
        if same_drive_spec(k["spec"]) == same_drive_spec(spec) and \
                k["interval"] == list(interval) and k.get("fill_interval") == interval[0]:
            return
    truth, series = simulate_fill(spec, state, path, interval)
    if keep:
        with open(side + ".tmp", "w") as f:
            json.dump({"spec": spec, "interval": list(interval), "fill_interval": interval[0],
                       "truth": truth,
                       "t_s": series[0].tolist(), "bytes": series[1].tolist()}, f)
        os.replace(side + ".tmp", side)


# The key --greedy adds to every enterprise-like drive (docs/simulator.md,
# "gc" in The model): greedy GC's cost, as the datacenter profiles have it.
GREEDY = ",gc_model=greedy"


def drives(n, seed, cap_range=None, tick_s=None, slump=False, greedy=False):
    """The sweep's n drives, (kind, spec) each: draw()'s stream of seed,
    and with slump every drive with a cache given a slump (draw_slump) from
    a stream of its own, drawn for every drive whatever its kind: the same
    drives as without, in the same order. greedy: every enterprise-like
    drive's GC costs greedy write amplification (GREEDY; no draw, so the
    drives are the same too)."""
    rng = np.random.default_rng(seed)
    srng = np.random.default_rng([seed, 0x51E9]) if slump else None
    for _ in range(n):
        kind, spec = draw(rng, cap_range, tick_s)
        if srng is not None:
            extra = draw_slump(srng)
            if "slc_type=none" not in spec:
                spec += extra
        if greedy and kind == "enterprise":
            spec += GREEDY
        yield kind, spec


def sweep(n, seed, workdir, cap_range=None, tick_s=None, interval=(1, 1, 5), loops=2,
          exe="ssdcore", log=None, states=STATES, keep=False, analyze_args=(),
          reference=False, span=None, slump=False, greedy=False, fill_reference=False,
          alone=None):
    """Runs n drives x STATES x WORKLOADS; returns a list of row dicts
    (drive, kind, spec, state, workload and score_run's keys). keep: the
    logs stay in workdir and a later sweep with the same workdir, seed and
    settings analyses them again without simulating (to measure a change
    of the analysis in seconds). span (parse_span's tuple): every run
    writes only a part of its drive, one area a drive drawn from the
    separate SPAN_STREAM (the drives are the default sweep's; the logs are
    named ...-span.csv); the rows then carry span_bytes and
    span_fraction. slump: every drive with a cache slumps right after it
    (draw_slump, from a stream of its own: the drives are the same as
    without). greedy: the enterprise-like drives' GC is greedy (drives();
    the logs are named s{seed}-greedy-...). fill_reference: each filled run is
    analysed with its fill's own log as --reference (simulate_fill: the first
    capacity from a purged drive, kept as ...-STATE-prefill.csv beside the
    runs); the fresh runs without one. reference without "fresh" in states
    is refused (ValueError): the filled runs would go without the fresh run
    they are read against, and be scored as runs without a reference.
    alone (a list, with reference): the same runs' rows of a sweep without
    reference are appended to it, in its order: the filled runs analysed
    again without their --reference, the fresh runs' rows as they are (a
    fresh run has none either way); one pass instead of a second sweep over
    kept logs, which wrote and read every series as JSON."""
    if alone is not None and (not reference or fill_reference):
        raise ValueError("alone: the rows without the reference of a sweep with reference")
    if reference and "fresh" not in states:
        raise ValueError("reference: each filled run is read against the same drive's fresh "
                         "run, so states must include fresh")
    srng = np.random.default_rng([seed, SPAN_STREAM]) if span else None
    rows = []
    for i, (kind, spec) in enumerate(drives(n, seed, cap_range, tick_s, slump, greedy)):
        span_u = draw_span(srng) if span else None
        tag = ("-slump" if slump else "") + ("-greedy" if greedy else "")
        stag = "-span" if span else ""
        runs = []
        for state in states:
            for wl in WORKLOADS:
                path = os.path.join(workdir, f"s{seed}{tag}-d{i}-{state}-{wl}{stag}.csv")
                truth, series = _kept_run(spec, state, wl, path, interval, loops, keep, span,
                                          span_u)
                runs.append((state, wl, path, truth, series))
        # (A run over a span may be too short to analyse, under
        # MIN_SAMPLES samples: 8 GiB written in 3 s. It is left out of the
        # analysis and the table, as a row with too_short.)
        short = [r for r in runs if len(r[4][1]) < MIN_SAMPLES]
        for state, wl, path, truth, series in short:
            rows.append({"drive": i, "kind": kind, "spec": spec, "state": state, "workload": wl,
                         "log": path if keep else None, "too_short": True, "problems": []})
            if alone is not None:
                alone.append(dict(rows[-1]))
        runs = [r for r in runs if len(r[4][1]) >= MIN_SAMPLES]
        if fill_reference:
            # The filled runs with their preconditioning's log as their
            # reference: one call per filled state.
            fresh = [r[2] for r in runs if r[0] == "fresh"]
            got = dict(zip(fresh, analyze_logs(fresh, exe, analyze_args))) if fresh else {}
            for state in states:
                used = [r[2] for r in runs if r[0] == state]
                if state == "fresh" or not used:
                    continue
                fl = os.path.join(workdir, f"s{seed}{tag}-d{i}-{state.removesuffix(NO_IDLE)}-"
                                  f"{FILL_LOG}.csv")
                _kept_fill(spec, state, fl, interval, keep)
                got.update(zip(used, analyze_logs(used, exe, [*analyze_args, "--reference", fl])))
                if not keep:
                    os.remove(fl)
            analyses = [got[r[2]] for r in runs]
        elif reference and "fresh" in states:
            # The filled runs with the same drive's fresh run of the same
            # workload as their reference (its cache and direct levels):
            # one call per workload for the filled runs.
            fresh = [r[2] for r in runs if r[0] == "fresh"]
            got = dict(zip(fresh, analyze_logs(fresh, exe, analyze_args))) if fresh else {}
            for wl in WORKLOADS:
                ref = next((r[2] for r in runs if r[0] == "fresh" and r[1] == wl), None)
                used = [r[2] for r in runs if r[0] != "fresh" and r[1] == wl]
                if used and ref is None:
                    got.update(zip(used, analyze_logs(used, exe, analyze_args)))
                elif used:
                    got.update(zip(used, analyze_logs(used, exe,
                                                      [*analyze_args, "--reference", ref])))
            analyses = [got[r[2]] for r in runs]
            if alone is not None:
                # (Each log's analysis is its own: a fresh run's is the same
                # in a call with the filled runs or without.)
                filled = [r[2] for r in runs if r[0] != "fresh"]
                got_alone = dict(zip(filled, analyze_logs(filled, exe, analyze_args))) \
                    if filled else {}
                analyses_alone = [got_alone.get(r[2]) for r in runs]
        else:
            analyses = analyze_logs([r[2] for r in runs], exe, analyze_args) if runs else []

        def row_of(state, wl, path, truth, series, a):
            row = {"drive": i, "kind": kind, "spec": spec, "state": state, "workload": wl,
                   "log": path if keep else None}
            if span:
                cap, row["span_bytes"] = a.get("capacity_bytes"), a.get("span_bytes")
                row["span_fraction"] = row["span_bytes"] / cap if cap and row["span_bytes"] \
                    else None
            row.update(score_run(truth, series, a))
            # What the analysis said one curve cannot decide (not scored:
            # counted on right and wrong runs to see it is not set in vain).
            row["undecided"] = (a.get("undecided") or {}).get("between")
            return row
        for k, ((state, wl, path, truth, series), a) in enumerate(zip(runs, analyses)):
            row = row_of(state, wl, path, truth, series, a)
            rows.append(row)
            if log and row["problems"]:
                log(f"{i} {kind} {state} {wl} {spec}: {'; '.join(row['problems'])}")
            if alone is not None:
                alone.append(dict(row) if state == "fresh" else
                             row_of(state, wl, path, truth, series, analyses_alone[k]))
            if not keep:
                os.remove(path)
    return rows


def table(rows):
    """Per state x workload: runs, labelled right (%), false caches, missed
    caches, onsets within 5 % (of visible ones), median and worst onset
    error (%). A list of dicts, in ALL_STATES x WORKLOADS order."""
    out = []
    for state in ALL_STATES:
        for wl in WORKLOADS:
            rs = [r for r in rows if r["state"] == state and r["workload"] == wl and
                  not r.get("too_short")]
            if not rs:
                continue
            errs = [r["onset_err"] for r in rs if r["onset_err"] is not None]
            out.append({
                "state": state, "workload": wl, "runs": len(rs),
                "right": sum(not r["problems"] for r in rs),
                "right_interval": sum(r["right_interval"] for r in rs),
                "right_or_undecided": sum(not r["problems"] or r["undecided_right"] for r in rs),
                "false_caches": sum(r["false_cache"] for r in rs),
                "missed_caches": sum(r["missed_cache"] for r in rs),
                "onsets": len(errs),
                "onsets_within": sum(e <= TOL for e in errs),
                "onset_median_pct": 100 * float(np.median(errs)) if errs else None,
                "onset_worst_pct": 100 * max(errs) if errs else None,
            })
    return out


def slump_figures(rows):
    """A slump sweep's own figures (sweep(slump=True)): of the runs whose
    model slumped right after a cache the analysis found, how many have the
    cache size right (no strict cache-size problem), the post-cache level
    right (asked when the level after the slump lasts a lasting phase) and
    the slump told as `other` with the note (asked when it shows), and how
    many are right in everything."""
    rs = [r for r in rows if r.get("slump")]
    post = [r for r in rs if r["post_asked"]]
    told = [r for r in rs if r["told_asked"]]
    return {
        "runs": len(rs),
        "cache_right": sum(not any(_cache_size_problem(p) or "false cache" in p for p in
                                   r["problems"]) for r in rs),
        "post_asked": len(post),
        "post_right": sum(not any(p.startswith("post-cache level") for p in r["problems"])
                          for r in post),
        "told_asked": len(told),
        "told_right": sum(not any(p.startswith("slump of") for p in r["problems"]) for r in told),
        "right": sum(not r["problems"] for r in rs),
    }


def format_table(cells):
    def pct(x):
        return "-" if x is None else ("missed" if math.isinf(x) else f"{x:.1f}")
    lines = ["| state | workload | runs | labelled right | right, cache within its stated +- | "
             "false caches | missed caches | onset within 5 % | onset error median / worst (%) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for c in cells:
        lines.append(
            f"| {c['state']} | {c['workload']} | {c['runs']} | {c['right']} "
            f"({100 * c['right'] / c['runs']:.0f} %) | {c['right_interval']} "
            f"({100 * c['right_interval'] / c['runs']:.0f} %) | {c['false_caches']} | "
            f"{c['missed_caches']} | {c['onsets_within']} of {c['onsets']} | "
            f"{pct(c['onset_median_pct'])} / {pct(c['onset_worst_pct'])} |")
    return "\n".join(lines)
