"""A short cache at the start of a fresh run, one of whose samples fell in
a GC dip (docs/analysis.md, "A short cache at the start"): the drive's
periodic GC slows the cache as it slows the direct writes after it, so a
spread among the cache's samples no wider than the direct writes' own
dips is still one level. Small synthetic series, seconds."""
import numpy as np

import ssdcore


def dipped_wsat(dip_every=3, seed=3, direct_dips=(0.8, 0.9)):
    """WSAT's 5 s samples on a fresh drive: a cache at 2.7 GB/s of two
    samples, the second in a GC dip (2.38), the drop's sample (55 % of it
    cache), direct writes at 1.45 GB/s dipping every dip_every samples
    by direct_dips, then the used state scattering about 0.4 GB/s.
    Returns (t, b, the cache's bytes, the bytes before the used state)."""
    rng = np.random.default_rng(seed)
    dt, hi, direct, x = 5.0, 2.7e9, 1.45e9, 0.55
    cache = [2.76e9, 2.38e9]
    d = direct * np.exp(0.005 * rng.standard_normal(140))
    for i in range(1, len(d), dip_every):
        d[i] *= rng.uniform(*direct_dips)
    gc = 0.4e9 * np.exp(0.3 * rng.standard_normal(900))
    r = np.concatenate([cache, [x * hi + (1 - x) * direct], d, gc])
    t, b = np.arange(1, len(r) + 1) * dt, r * dt
    return t, b, (sum(cache) + x * hi) * dt, float(b[:143].sum())


def test_a_short_cache_with_a_dipped_sample_is_found():
    """Seed 89's drive 131, fresh WSAT: 2763 and 2382 MiB/s, the drop's
    2100, then direct writes at 1423 dipping to 1100-1300: the two cache
    samples 1.16x apart were no level (min_step 1.15), the split never
    tried, "cache of 30.83 GiB missed" (so 101's drive 136, 89's drive
    186, 277's drive 93). The direct writes dip deeper than that: the
    spread is their dips', and the cache is found."""
    t, b, truth, used = dipped_wsat()
    a = ssdcore.analyze((t, b), capacity_bytes=round(used / 1.05))
    assert a["cache"] is not None, a["phases"]
    assert abs(a["cache"]["bytes"] - truth) <= 0.05 * truth, (a["cache"]["bytes"], truth)
    assert abs(a["post_cache_bps"] / 1.45e9 - 1) < 0.03

