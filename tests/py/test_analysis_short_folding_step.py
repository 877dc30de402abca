"""A dynamic cache's folding shorter than a lasting phase, between direct
writes and the used state's decline (docs/analysis.md, "A folding step of
half a lasting phase"): a small synthetic series, seconds."""
import os
import sys

import numpy as np

import ssdcore


def two_hour_like(fold_n=37, seed=3, n=7200):
    """1 s samples: a cache of 5 samples at 2.9 GB/s, direct writes at 1.65
    for 77, folding at 1.09 for fold_n (5 % noise), then the used state
    from 480 MB/s sliding to 214 and scattering the speed (GC), as the
    sweep's drive 196 in its fresh 2-hour run. Returns (t, b, the folding's
    and the used state's first byte)."""
    rng = np.random.default_rng(seed)
    m = n - 5 - 77 - fold_n
    k = np.arange(m)
    gc = 214e6 + (480e6 - 214e6) * np.exp(-k / 150.0)
    r = np.concatenate([np.full(5, 2.9e9), np.full(77, 1.65e9), np.full(fold_n, 1.09e9),
                        gc * np.exp(0.3 * rng.standard_normal(m))])
    r[:5 + 77 + fold_n] *= np.exp(0.05 * rng.standard_normal(5 + 77 + fold_n))
    b = r * 1.0
    return np.arange(1.0, n + 1), b, float(b[:82].sum()), float(b[:82 + fold_n].sum())


def test_a_folding_step_of_half_a_lasting_phase_before_the_used_state():
    """37 samples of folding (half a lasting phase of a 7,200-sample run)
    between direct writes and the used state's decline, whose first
    segment was itself short: taken into the direct writes above it (the
    folding 'at 170.5 GiB, truth 132.8', the used state 30 % late), or,
    kept, labelled 'other' (folding had to last a whole lasting phase). A
    level of its own (its samples hold it, min_drop from both sides) right
    before the used state is the folding."""
    t, b, fold_at, gc_at = two_hour_like()
    cap = round(0.97 * fold_at)  # folding once the capacity has been written, as drive 196
    a = ssdcore.analyze((t, b), capacity_bytes=cap)
    assert a["cache"] is not None
    assert a["folding"] is not None, [(p["regime"], p["samples"]) for p in a["phases"]]
    assert abs(a["folding"]["start_bytes"] - fold_at) <= 0.02 * fold_at
    assert a["gc"] is not None and abs(a["gc"]["start_bytes"] - gc_at) <= 0.05 * gc_at
    assert [p["regime"] for p in a["phases"]][:4] == ["cache", "direct", "folding", "gc"]


# The sweep's drive 196 (seed 2026): a 14 GB dynamic cache on a 137 GB drive.
DYNAMIC_196 = (
    "sim:bx200,native_write_lat_us=0,capacity_gb=137,op_pct=27.29,bits=3,slc_type=dynamic,"
    "slc_seq_mbps=6174,slc_rand_iops=1160762,native_seq_mbps=2820,native_rand_mbps=1593.4,"
    "fold_mbps=1845,floor_mbps=198.02,gc_gamma=1.57,link_mbps=7000,iops_cap=2000000,"
    "noise=0.05,noise_direct=0.12,seed=349161825,slc_gb=14,slc_wa=1,dip_duty=0")


def test_the_sweeps_short_folding_step_before_the_used_state(tmp_path):
    """The drive the rule came from, fresh, 2 hours: 38 samples of folding
    at 1089 MB/s between direct writes at 1654 and the used state, whose
    first segment (67 samples at 514) was short too. Before: the folding
    taken into the direct writes ('folding at 170.5 GiB, truth 132.8', the
    used state 30 % late)."""
    sys.path.insert(0, os.path.dirname(__file__))
    from used_drive_scoring import score_run, simulate
    log = tmp_path / "r.csv"
    truth, series, _, _ = simulate(DYNAMIC_196, "fresh", "2h", log)
    a = ssdcore.analyze(str(log))
    assert not score_run(truth, series, a)["problems"]
    assert [p["regime"] for p in a["phases"]] == ["cache", "direct", "folding", "gc"]


# The sweep's drive 176 (seed 2026): a static cache of 7.8 GB.
STATIC_176 = (
    "sim:bx200,native_write_lat_us=0,capacity_gb=248,op_pct=9.84,bits=2,slc_type=static,"
    "slc_seq_mbps=2685,slc_rand_iops=583127,native_seq_mbps=1127,native_rand_mbps=843.9,"
    "fold_mbps=1127,floor_mbps=116.41,gc_gamma=0.99,link_mbps=7000,iops_cap=2000000,"
    "noise=0.00,noise_direct=0.00,seed=1013667002,slc_gb=7.8,slc_wa=1.29,dip_period_s=18.4,"
    "dip_duty=0.10,dip_depth=0.59")


def test_mixed_samples_of_a_drop_are_no_level_of_their_own(tmp_path):
    """A static cache's drop through two mixed samples (2815 MB/s, then
    1682, 1182, 288, 167 ... then GC's bursts to 407: a segment of 11
    samples at a median of 280) on a randomly filled drive is no level,
    however its samples average: kept as a level of its own it hid the
    cache and put the used state 13 samples late ('cache of 6.05 GiB
    missed', 'used state at 10.0 GiB, truth 8.0'). Only a segment whose
    samples hold its level counts."""
    sys.path.insert(0, os.path.dirname(__file__))
    from used_drive_scoring import score_run, simulate
    fresh, used = tmp_path / "fresh.csv", tmp_path / "used.csv"
    simulate(STATIC_176, "fresh", "fill", fresh)
    truth, series, _, _ = simulate(STATIC_176, "random_fill", "fill", used)
    a = ssdcore.analyze(str(used), reference=str(fresh))
    assert not score_run(truth, series, a)["problems"]


# A 29 GB dynamic cache on a 138 GB drive (held-out seed 7's drive 20 of the
# used-drive test's small drives, where the rule's first form broke it).
DYNAMIC_SMALL = (
    "sim:bx200,native_write_lat_us=0,capacity_gb=138,op_pct=22.71,bits=3,slc_type=dynamic,"
    "slc_seq_mbps=4094,slc_rand_iops=1004681,native_seq_mbps=2059,native_rand_mbps=1097.8,"
    "fold_mbps=775,floor_mbps=191.84,gc_gamma=1.01,link_mbps=7000,iops_cap=2000000,"
    "noise=0.05,noise_direct=0.00,seed=59014619,slc_gb=29,slc_wa=1,dip_duty=0,tick_s=2")


def test_a_short_level_right_after_a_short_first_segment_is_the_cache_tests(tmp_path):
    """After a sequential fill and idle time the cache idle time emptied
    ends inside the second 2 s sample, then 23 samples of folding at 433
    MB/s, then GC: the folding right after that short first segment is the
    short-cache rule's to keep (it takes the short segment after it in).
    Kept by the folding-step rule instead, the segments after it merged
    otherwise and the cache, its folding and 16 GiB of GC came out one
    'direct' phase ('folding from 9.2 GiB missed', the used state at 45.1
    GiB for 28.5)."""
    sys.path.insert(0, os.path.dirname(__file__))
    from used_drive_scoring import score_run, simulate
    fresh, used = tmp_path / "fresh.csv", tmp_path / "used.csv"
    simulate(DYNAMIC_SMALL, "fresh", "2h", fresh, (1, 2, 4))
    truth, series, _, _ = simulate(DYNAMIC_SMALL, "seq_fill", "2h", used, (1, 2, 4))
    a = ssdcore.analyze(str(used), reference=str(fresh))
    assert not score_run(truth, series, a)["problems"]
