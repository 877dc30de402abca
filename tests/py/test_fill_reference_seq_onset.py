"""The used state's onset after a sequential fill on static-cache drives,
with the fill's own log as the reference or none (issue 21;
docs/analysis.md, "The used state's onset"). After a sequential fill a
static cache is followed by direct writes to the spare area's clean
blocks, a quiet level GC dips in now and then, then GC: the onset is where
that level ends, not a dip inside it, its start, or the first sample of a
run whose cache ended inside it. The drives are the used-drive sweep's own
(their seed and drive number in each test), at their full size."""
import pytest

from analyze_cli import cli, regimes
from used_drive_scoring import simulate, simulate_fill

GIB = 2**30
COMMON = "sim:bx200,native_write_lat_us=0,"
INTERVAL = (1, 1, 5)
# Seed 317's drive 169: a 24.8 GiB static cache at 391 MiB/s, direct writes
# at 90 for 44 samples to 28.7 GiB, then GC at 21-60.
D317_169 = (COMMON + "capacity_gb=894,op_pct=14.11,bits=3,slc_type=static,slc_seq_mibps=499,"
            "slc_rand_iops=120265,native_seq_mibps=126,native_rand_mibps=90.6,fold_mibps=126,"
            "floor_mibps=21.63,gc_gamma=2.21,link_mibps=560,iops_cap=100000,noise=0.05,"
            "noise_direct=0.04,seed=891747024,slc_gb=34.7,slc_wa=1.42,dip_duty=0")
# Seed 163's drive 181: a 2.4 GiB static cache at 372 MiB/s, direct writes
# at 43 with GC dips to 20-35 to 3.41 GiB, then GC at 7-14.
D163_181 = (COMMON + "capacity_gb=164,op_pct=7.43,bits=3,slc_type=static,slc_seq_mibps=434,"
            "slc_rand_iops=94998,native_seq_mibps=78,native_rand_mibps=43.0,fold_mibps=78,"
            "floor_mibps=6.95,gc_gamma=2.05,link_mibps=560,iops_cap=100000,noise=0.05,"
            "noise_direct=0.04,seed=16885856,slc_gb=2.9,slc_wa=1.22,dip_period_s=14.3,"
            "dip_duty=0.15,dip_depth=0.45")
# Seed 59's drive 194 (WSAT, 5 s samples): the cache inside the first
# sample (1609 MiB/s), direct writes at 390-400 with dips to 262-293, a dip
# of 278 and 339 holding their end, then GC at 44-83 from 39.9 GiB.
D59_194 = (COMMON + "capacity_gb=454,op_pct=12.31,bits=2,slc_type=static,slc_seq_mibps=2645,"
           "slc_rand_iops=661976,native_seq_mibps=839,native_rand_mibps=398.7,fold_mibps=839,"
           "floor_mibps=43.67,gc_gamma=0.92,link_mibps=7000,iops_cap=2000000,noise=0.02,"
           "noise_direct=0.04,seed=206845531,slc_gb=7.2,slc_wa=1.04,dip_period_s=21.7,"
           "dip_duty=0.13,dip_depth=0.40")
# Seed 89's drive 29 (WSAT): the cache inside the first sample (230 MiB/s),
# a dip (69), direct writes at 101 with dips to 59-92 to 6.95 GiB, then GC
# at 28-60.
D89_29 = (COMMON + "capacity_gb=127,op_pct=8.32,bits=2,slc_type=static,slc_seq_mibps=508,"
          "slc_rand_iops=121771,native_seq_mibps=191,native_rand_mibps=101.2,fold_mibps=191,"
          "floor_mibps=28.93,gc_gamma=1.65,link_mibps=560,iops_cap=100000,noise=0.05,"
          "noise_direct=0.12,seed=519873050,slc_gb=1.3,slc_wa=1.32,dip_period_s=25.9,"
          "dip_duty=0.18,dip_depth=0.42")


def logs(tmp_path, spec, workload):
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    simulate(spec, "seq_fill", workload, run, INTERVAL)
    simulate_fill(spec, "seq_fill", fill, INTERVAL)
    return run, fill


def onset(a):
    return a["gc"]["start_bytes"] / GIB


@pytest.mark.parametrize("spec, cache, gc_at", [(D317_169, 24.8, 28.7), (D163_181, 2.4, 3.41)])
def test_direct_writes_after_the_fill_logs_static_cache_before_gc(tmp_path, spec, cache, gc_at):
    """The fill's log (128K sequential, another workload) showed a static
    cache: the quiet level after the run's cache is the clean blocks'
    direct writes, as the run alone reads it, not GC's start sliding down
    from it (quiet_level_before_used, now with such a log too)."""
    run, fill = logs(tmp_path, spec, "2h")
    for a in (cli(run), cli(run, "--reference", fill)):
        assert regimes(a) == ["cache", "direct", "gc"]
        assert a["phases"][1]["start_bytes"] / GIB == pytest.approx(cache, rel=0.05)
        assert onset(a) == pytest.approx(gc_at, rel=0.05)


@pytest.mark.parametrize("spec, gc_at", [(D59_194, 39.9), (D89_29, 6.95)])
def test_a_dip_before_gc_is_no_onset_after_a_first_sample_cache(tmp_path, spec, gc_at):
    """A cache inside WSAT's first 5 s sample, then direct writes with GC
    dips: the walk that ends the fast start cuts at the midpoint between
    the used state and the clean blocks' own level, not the first
    sample's (there the cut sat above the dips and the onset at one)."""
    run, fill = logs(tmp_path, spec, "wsat")
    for a in (cli(run), cli(run, "--reference", fill)):
        assert onset(a) == pytest.approx(gc_at, rel=0.05)
