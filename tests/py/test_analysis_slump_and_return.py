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
    """(t_s, bytes) of 1 s samples (dt s) at the levels [(samples, MiB/s)]."""
    rate = np.concatenate([np.full(n, v * MIB, dtype=float) for n, v in parts])
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
