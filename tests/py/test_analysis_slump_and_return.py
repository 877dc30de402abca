"""Two shapes the 970 EVO Plus's real logs showed (docs/analysis.md, "A
level the speed comes back to is no cache" and "A return inside the used
state"), on synthetic curves: a slump inside a level the speed then comes
back to is not a cache's end, and the used state's level just after its
onset, its trend and its phases' levels are the curve's own."""
import numpy as np
import pytest

import ssdcore

MIB = 2**20
GIB = 2**30


def series(parts, noise=0.03, seed=0, dt=1.0):
    """(t_s, bytes) of 1 s samples (dt s) at the levels [(samples, MiB/s)]
    or ramps [(samples, from MiB/s, to MiB/s)] (linear in log)."""
    rate = np.concatenate([np.full(p[0], p[1] * MIB, dtype=float) if len(p) == 2 else
                           MIB * np.exp(np.linspace(np.log(p[1]), np.log(p[2]), p[0]))
                           for p in parts])
    rate *= np.exp(noise * np.random.default_rng(seed).standard_normal(rate.size))
    t = dt * np.arange(1, rate.size + 1)
    return list(t), list(rate * dt)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_slump_the_level_comes_back_from_is_no_cache(seed):
    # A QD1 run's ceiling (1.54 GiB/s), a 3-minute slump to 980 MiB/s,
    # the ceiling again for longer than the slump, then (with the
    # capacity known) the used state: no cache, the drop into the used
    # state where the capacity was written. It was a 1.1 TiB "cache".
    parts = [(750, 1577), (190, 980), (420, 1567), (900, 150)]
    written = sum(n * v * MIB for n, v in parts[:3])
    r = ssdcore.analyze(series(parts, seed=seed), capacity_bytes=int(written / 1.05),
                        written_before_bytes=0, precondition="none")
    assert r["cache"] is None and r["folding"] is None
    assert r["gc"]["start_bytes"] == pytest.approx(written, rel=0.01)
    # Without the capacity: no cache either.
    assert ssdcore.analyze(series(parts[:3], seed=seed))["cache"] is None


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_cache_with_a_short_burst_back_is_still_a_cache(seed):
    # A cache, the slower level after it, a burst back at the cache's
    # speed that writes less than the slow stretch before it did (the
    # room folding gave back), then the slower level to the end: the
    # cache stays, its size where the speed first fell.
    parts = [(300, 3000), (400, 1500), (60, 3000), (600, 1500)]
    r = ssdcore.analyze(series(parts, seed=seed))
    assert r["cache"] is not None
    assert r["cache"]["bytes"] == pytest.approx(300 * 3000 * MIB, rel=0.02)


# A drive at 1.6 GiB/s whose clean blocks run out (the capacity and its
# spare area written), falling in a few samples that bounce between the
# two levels, then a used state that climbs back to the clean level, holds
# it, and falls again (fio's random map: its pass over the drive ends): the
# 970 EVO Plus's 2-hour random run in outline.
FALL = [(1, 1074), (1, 1651), (1, 896), (1, 1018), (1, 768), (1, 1100), (1, 569), (1, 420)]
CLEAN = [(1200, 1600)]
USED = [(2000, 170, 400), (300, 400, 1600), (150, 1600), (3, 900, 300),
        (1500, 170, 280)]


def used_run(seed, used=USED):
    parts = CLEAN + FALL + used
    cap = int(1200 * 1600 * MIB / 1.05)
    return ssdcore.analyze(series(parts, seed=seed), capacity_bytes=cap,
                           written_before_bytes=0, precondition="none")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_level_just_after_the_onset_is_past_the_fall(seed):
    # Not a median of the samples that straddle the fall (it was 894
    # MiB/s on the real run).
    for used in (USED, USED[:1]):
        gc = used_run(seed, used)["gc"]
        assert gc["start_level_bps"] == pytest.approx(170 * MIB, rel=0.1)
        assert gc["trend"][0]["level_bps"] == gc["start_level_bps"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_return_inside_the_used_state_is_in_its_trend_and_its_phases(seed):
    r = used_run(seed)
    f = r.to_frame()
    s = f[f.sliding]
    assert len(s) >= 3
    tr = r["gc"]["trend"]
    # The trend reaches the return (its windows stepped over it) ...
    assert max(q["level_bps"] for q in tr) > 1400 * MIB
    # ... and each phase of the slide starts and ends at its own levels:
    # its median between them, within a step.
    for _, p in s.iterrows():
        lo, hi = sorted((p.start_level_bps, p.end_level_bps))
        assert lo / 1.3 < p.level_bps < hi * 1.3, (p.start_bytes / GIB, p.level_bps / MIB,
                                                   lo / MIB, hi / MIB)
    # The phase that holds the return is told at its level, and the one
    # after it starts where the drive fell to.
    top = s[s.level_bps > 1400 * MIB]
    assert len(top) == 1 and top.end_level_bps.iloc[0] > 1400 * MIB
    after = s[s.start_bytes == top.end_bytes.iloc[0]]
    assert after.start_level_bps.iloc[0] < 260 * MIB
    # The used state's own figures are its whole slide's: from 170 at the
    # onset to 280 at the end.
    assert r["gc"]["end_level_bps"] == pytest.approx(280 * MIB, rel=0.1)
