"""A used drive's static cache after a sequential fill whose direct writes,
shorter than a lasting phase, the cache test took into the cache, read
against the fill's own log (issue 21; docs/analysis.md, "The fill's own
log as the reference", *A static cache's short direct writes before GC*).
Ended at the used state's drop, the cache was read larger than the fill
log's static area, and the level after it, GC, as the direct writes after
a cache: "used state missed". A static cache larger than the log's area
that steps down inside to a level of its own is split at that step
(seq_static_ref_cache); the level after those direct writes is the used
state. The drives are the used-drive sweep's own (seed and drive in each
name), at their full size: the fill's log and the 2-hour 4K run, a few
seconds each to simulate."""
import pytest

from analyze_cli import cli, regimes
from used_drive_scoring import score_run, simulate, simulate_fill

# Seed 313's drive 43: 8.68 GiB of static cache at 391 MB/s, direct writes
# at 190 for 9 samples to 10.34 GiB, then GC at 16; the log's cache 8.62 GiB.
D313_43 = ("sim:bx200,native_write_lat_us=0,capacity_gb=634,op_pct=7.35,bits=3,"
           "slc_type=static,slc_seq_mibps=441,slc_rand_iops=107214,native_seq_mibps=243,"
           "native_rand_mibps=189.4,fold_mibps=243,floor_mibps=15.38,gc_gamma=1.49,"
           "link_mibps=560,iops_cap=100000,noise=0.00,noise_direct=0.04,seed=1051764586,"
           "slc_gb=11.8,slc_wa=1.37,dip_duty=0")
# Seed 311's drive 91: 23.92 GiB at 292 MB/s, direct writes at 127 to 27.63
# GiB, then GC at 9; the log's cache 23.5 GiB.
D311_91 = ("sim:bx200,native_write_lat_us=0,capacity_gb=782,op_pct=9.29,bits=2,"
           "slc_type=static,slc_seq_mibps=439,slc_rand_iops=74777,native_seq_mibps=165,"
           "native_rand_mibps=127.6,fold_mibps=165,floor_mibps=8.50,gc_gamma=1.24,"
           "link_mibps=560,iops_cap=100000,noise=0.00,noise_direct=0.12,seed=724006873,"
           "slc_gb=28.0,slc_wa=1.19,dip_duty=0")
INTERVAL_1S = (1, 1, 5)
GIB = 2**30


@pytest.mark.parametrize("spec, cache, onset", [(D313_43, 8.68, 10.34), (D311_91, 23.92, 27.63)])
def test_a_static_caches_short_direct_writes_before_gc(spec, cache, onset, tmp_path):
    """Read before as one cache to the used state's drop (10.34 and 27.64
    GiB) and direct writes at 19 and 11 MB/s: now the cache, its direct
    writes and the used state."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "seq_fill", "2h", run, INTERVAL_1S)
    simulate_fill(spec, "seq_fill", fill, INTERVAL_1S)
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "direct", "gc"]
    assert a["cache"]["bytes"] / GIB == pytest.approx(cache, rel=0.05)
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(onset, rel=0.03)
    assert score_run(truth, series, a)["problems"] == []
