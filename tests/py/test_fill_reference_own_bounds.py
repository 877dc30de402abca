"""A cache's end within the bound the run's own samples set (docs/analysis.md,
"Round 36: a cache's end within its own samples' bounds"): however the end
was reached (a reference's size, a fit across the drop), the cache holds at
least what its leading samples at the cache's level wrote. The drive is the
used-drive sweep's own (its seed and drive number in the test), at full
size, read with its preconditioning fill's own log as the reference."""
import pytest

from analyze_cli import cli
from used_drive_scoring import score_run, simulate, simulate_fill

GIB = 2**30
COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 173's drive 66: a static cache (14.9 GiB nominal) on a 389 GB TLC
# drive; after a random fill and idle its 2-hour 4K random run writes five
# samples at 2.83-2.88 GB/s (13.31 GiB, the model's cache), then direct
# writes at 1.33 GB/s, then GC. The fill's log showed 12.30 GiB.
D173_66 = (COMMON + "capacity_gb=389,op_pct=13.85,bits=3,slc_type=static,slc_seq_mibps=4070,"
           "slc_rand_iops=976882,native_seq_mibps=1790,native_rand_mibps=1471.1,fold_mibps=1790,"
           "floor_mibps=378.93,gc_gamma=2.31,link_mibps=7000,iops_cap=2000000,noise=0.05,"
           "noise_direct=0.12,seed=59495768,slc_gb=14.9,slc_wa=1.14,dip_period_s=9.8,"
           "dip_duty=0.17,dip_depth=0.49")


def _run(tmp_path, spec, workload):
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "random_fill", workload, run)
    simulate_fill(spec, "random_fill", fill)
    a = cli(run, "--reference", fill)
    return truth, series, a


def test_static_cache_holds_its_samples_at_the_cache_level(tmp_path):
    """The fill log's 12.30 GiB lies inside the fifth sample, which ran at
    the cache's full speed: the cache holds all five (13.31 GiB), not the
    log's size."""
    truth, series, a = _run(tmp_path, D173_66, "2h")
    full = truth["phases"][1]["start_bytes"]
    assert a["cache"]["bytes"] >= 13.3 * GIB
    assert abs(a["cache"]["bytes"] - full) <= 0.05 * full
    assert a["phases"][0]["regime"] == "cache" and a["phases"][0]["end_bytes"] >= 13.3 * GIB
    assert score_run(truth, series, a)["problems"] == []

