"""A used drive's static cache whose end a GC dip hid, read against the
fill's own log (issue 21; docs/analysis.md, "The fill's own log as the
reference", "A static cache's end hidden in a GC dip"). A dip slows the
cache and the direct writes alike, so the samples between the cache's
level and the direct writes' cannot place the end; a static cache is a
fixed area idle time empties, so the log's cache, when it lies among
those samples, is the run's. The drive is the used-drive sweep's own
(seed 311's drive 138, at its full size: a 5.39 GiB static cache at 409
MB/s after a random fill, then the 2 GiB idle GC cleaned at 221, then GC
at 55); its fill's log, its 2-hour 4K run and its WSAT run, a few seconds
each to simulate."""
import pytest

from analyze_cli import cli, regimes
from used_drive_scoring import score_run, simulate, simulate_fill

D311_138 = ("sim:bx200,native_write_lat_us=0,capacity_gb=206,op_pct=21.99,bits=2,"
            "slc_type=static,slc_seq_mibps=538,slc_rand_iops=103704,native_seq_mibps=268,"
            "native_rand_mibps=208.3,fold_mibps=268,floor_mibps=49.58,gc_gamma=1.99,"
            "link_mibps=560,iops_cap=100000,noise=0.02,noise_direct=0.12,seed=406150888,"
            "slc_gb=5.9,slc_wa=1.11,dip_period_s=19.0,dip_duty=0.19,dip_depth=0.33")
INTERVAL_1S = (1, 1, 5)


@pytest.fixture(scope="module")
def fill_log(tmp_path_factory):
    fill = tmp_path_factory.mktemp("staticdip") / "fill.csv"
    simulate_fill(D311_138, "random_fill", fill, INTERVAL_1S)
    return fill


@pytest.mark.parametrize("workload", ["2h", "wsat"])
def test_a_static_cache_s_end_in_a_gc_dip_is_the_fill_log_s(workload, fill_log, tmp_path):
    """2 hours: 409 MB/s for 13 samples to 4.97 GiB, then 135, 112, 113
    and 150 in a dip, then direct writes at 223: read 4.97 GiB (the dip's
    start). WSAT: 410 twice, 296, then 182 in a dip, then 213: read 4.62.
    The fill's log read 5.32 GiB, inside both stretches; the model's 5.39."""
    run = tmp_path / "run.csv"
    truth, series, _, _ = simulate(D311_138, "random_fill", workload, run, INTERVAL_1S)
    want = truth["phases"][0]["bytes"]
    assert truth["phases"][0]["regime"] == "slc"
    a = cli(run, "--reference", fill_log)
    assert regimes(a)[0] == "cache", regimes(a)
    assert abs(a["cache"]["bytes"] - want) <= 0.05 * want, (a["cache"], want)
    assert score_run(truth, series, a)["problems"] == []


# Seed 61's drive 47: a 13.96 GiB static cache at 1656 MB/s after a random
# fill, a shallow dip (0.58) at its end, then direct writes at 795.
D61_47 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1768,op_pct=9.67,bits=2,"
          "slc_type=static,slc_seq_mibps=1876,slc_rand_iops=404418,native_seq_mibps=990,"
          "native_rand_mibps=850.5,fold_mibps=990,floor_mibps=50.86,gc_gamma=1.42,"
          "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.12,seed=434431216,"
          "slc_gb=14.6,slc_wa=1.05,dip_period_s=15.3,dip_duty=0.18,dip_depth=0.58")


def test_the_end_inside_the_first_sample_back_at_the_direct_level(tmp_path):
    """2 hours: 1656 MB/s for 7 samples, then 1433, 1052 and 997 in a
    shallow dip, the cache's end inside the 997 sample (at the direct
    level within a step, above it), then direct writes at 855 MiB/s: read
    11.89 GiB. Two samples a step above the direct level are the dip (one
    sample mixes the levels without one), and the fill's log's 13.99 GiB
    lies in the 997 sample; the model's 13.96."""
    fill, run = tmp_path / "fill.csv", tmp_path / "run.csv"
    simulate_fill(D61_47, "random_fill", fill, INTERVAL_1S)
    truth, series, _, _ = simulate(D61_47, "random_fill", "2h", run, INTERVAL_1S)
    want = truth["phases"][0]["bytes"]
    a = cli(run, "--reference", fill)
    assert regimes(a)[0] == "cache", regimes(a)
    assert abs(a["cache"]["bytes"] - want) <= 0.05 * want, (a["cache"], want)
    assert score_run(truth, series, a)["problems"] == []
