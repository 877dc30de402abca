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
