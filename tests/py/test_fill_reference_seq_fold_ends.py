"""Where a dynamic cache's folding ends after a sequential fill, read with
the fill's own log as the reference (issue 21, round 42; docs/analysis.md,
"The fill's own log as the reference"). After a sequential fill and 15
minutes of idle a dynamic cache has the room the idle time flushed: the
run writes it at the SLC speed, then the clean blocks the drive still has
at the direct speed (when the idle time emptied the cache whole), then
the drive folds what the cache took, one quiet flat level at its program
rate, and only then does GC scatter. Each test is a drive of the used-drive
sweep (its seed and drive number), at its full size, simulated as the
sweep does it; the sweep's scorer (score_run) finds nothing wrong."""
import pytest

from analyze_cli import cli, regimes
from used_drive_scoring import score_run, simulate, simulate_fill

GIB = 2**30
COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 367's drive 99 (WSAT): 1949 MiB/s, 1232 holding the 14 GiB cache's
# end, direct writes at 595 twice, 542, folding flat at 376 for 8 samples
# (to 38.9 GiB), then GC at 142-251.
D367_99 = (COMMON + "capacity_gb=246,op_pct=17.56,bits=2,slc_type=dynamic,slc_seq_mibps=3003,"
           "slc_rand_iops=497214,native_seq_mibps=1230,native_rand_mibps=594.9,fold_mibps=778,"
           "floor_mibps=142.29,gc_gamma=1.17,link_mibps=7000,iops_cap=2000000,noise=0.05,"
           "noise_direct=0.00,seed=831031397,slc_gb=14,slc_wa=1,dip_duty=0")
# Seed 367's drive 40: WSAT, 2742 MiB/s, 1357 holding the 17 GiB cache's
# end, folding flat at 830-844 for 8 samples (to 52.6 GiB), then GC at 678,
# 678, 493, 690, 525; 2 hours, the same folding at 807-882 for 43 samples,
# then GC at 536, 464, 454, 1329.
D367_40 = (COMMON + "capacity_gb=304,op_pct=19.25,bits=3,slc_type=dynamic,slc_seq_mibps=6015,"
           "slc_rand_iops=1458746,native_seq_mibps=2210,native_rand_mibps=1587.9,"
           "fold_mibps=1167,floor_mibps=458.98,gc_gamma=1.46,link_mibps=7000,iops_cap=2000000,"
           "noise=0.02,noise_direct=0.08,seed=149295063,slc_gb=42,slc_wa=1,dip_duty=0")
# Seed 367's drive 121 (2 hours): 15.9 GiB of cache at 390 MiB/s, folding
# flat at 52-54 to 80.9 GiB, then GC at 45-158, about the folding's level
# after its first bursts; the fill's log a 157 GiB cache.
D367_121 = (COMMON + "capacity_gb=1423,op_pct=7.01,bits=2,slc_type=dynamic,slc_seq_mibps=455,"
            "slc_rand_iops=103096,native_seq_mibps=197,native_rand_mibps=157.4,fold_mibps=66,"
            "floor_mibps=46.27,gc_gamma=2.12,link_mibps=560,iops_cap=100000,noise=0.02,"
            "noise_direct=0.04,seed=1045269301,slc_gb=157,slc_wa=1,dip_period_s=16.8,"
            "dip_duty=0.15,dip_depth=0.32")
# Seed 101's drive 136 (2 hours): 29.9 GiB of cache, 10 samples of direct
# writes at 1746 MiB/s, 51 of folding at 767 (to 86.7 GiB), then GC at 441.
D101_136 = (COMMON + "capacity_gb=515,op_pct=18.59,bits=2,slc_type=dynamic,slc_seq_mibps=3562,"
            "slc_rand_iops=853467,native_seq_mibps=2040,native_rand_mibps=1746.3,"
            "fold_mibps=896,floor_mibps=425.50,gc_gamma=1.35,link_mibps=7000,"
            "iops_cap=2000000,noise=0.00,noise_direct=0.00,seed=366766776,slc_gb=33,slc_wa=1,"
            "dip_period_s=19.8,dip_duty=0.11,dip_depth=0.35")
INTERVAL = (1, 1, 5)


def after_seq_fill(tmp_path, spec, workload):
    """The run after a sequential fill, analysed with the fill's log as
    reference: (analysis, truth, series)."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "seq_fill", workload, run, INTERVAL)
    simulate_fill(spec, "seq_fill", fill, INTERVAL)
    return cli(run, "--reference", fill), truth, series


def test_direct_writes_before_a_wsat_folding_are_not_the_folding(tmp_path):
    """A cache inside WSAT's first two samples, then two flat levels: the
    first (595 MiB/s) was read as the folding and the second, the folding
    (376), as GC's start. GC never holds a quiet flat level before it
    scatters: the first is the direct writes to the clean blocks the idle
    time left, the second the folding (seq_fast_start_fold's
    second_flat_level)."""
    a, truth, series = after_seq_fill(tmp_path, D367_99, "wsat")
    assert regimes(a) == ["cache", "direct", "folding", "gc"]
    assert a["folding"]["start_bytes"] / GIB == pytest.approx(23.5, abs=2.0)
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(38.9, rel=0.05)
    assert not score_run(truth, series, a)["problems"]


def test_a_wsat_folding_ends_where_gcs_scatter_begins(tmp_path):
    """GC's first lasting stretch after the WSAT folding runs only 1.29x
    below it (its first bursts lift the median), less than min_drop: the
    folding was read as clean blocks. It scatters SCATTER_JUMP times the
    folding's noise, as direct writes and foldings do not: the folding."""
    a, truth, series = after_seq_fill(tmp_path, D367_40, "wsat")
    assert regimes(a) == ["cache", "folding", "gc"]
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(52.6, rel=0.05)
    assert not score_run(truth, series, a)["problems"]


def test_a_lone_fast_sample_does_not_end_a_2h_folding(tmp_path):
    """A folding of 43 samples inside a lasting used state, one sample of
    it 6 % above the rest with the next two back at its level: noise, not
    GC's start; GC's first samples after the run go to the used state."""
    a, truth, series = after_seq_fill(tmp_path, D367_40, "2h")
    assert regimes(a) == ["cache", "folding", "gc"]
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(52.6, rel=0.05)
    assert not score_run(truth, series, a)["problems"]


def test_a_folding_gc_scatters_about_ends_where_gcs_bursts_begin(tmp_path):
    """The folding lasts 4.1 times the cache after it, more than folding
    the run's own cache frees but within what folding the fill log's 157
    GiB cache does, and GC after it bursts a step above it before it
    settles about the folding's level: the used state starts where the
    bursts do, not at the cache's end."""
    a, truth, series = after_seq_fill(tmp_path, D367_121, "2h")
    assert regimes(a) == ["cache", "folding", "gc"]
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(80.9, rel=0.05)
    assert not score_run(truth, series, a)["problems"]


def test_a_short_folding_after_direct_writes_is_the_level_gc_leaves(tmp_path):
    """Cache, direct writes, folding and GC, four phases, none after the
    cache a lasting phase: the quiet flat folding is the level the used
    state steps down from, however short (gc_onset_phase)."""
    a, truth, series = after_seq_fill(tmp_path, D101_136, "2h")
    assert regimes(a) == ["cache", "direct", "folding", "gc"]
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(86.7, rel=0.05)
    assert not score_run(truth, series, a)["problems"]
