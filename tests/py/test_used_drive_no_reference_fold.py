"""A used drive analysed from its own log alone (no reference; its
capacity, written_before_bytes and precondition in the metadata): what
the curve itself decides about a dynamic cache's folding (issue 21;
docs/analysis.md, "Round 46: what one curve decides without a
reference"). The drives are the used-drive sweep's own (their seed and
drive number in each test), simulated and scored as the sweep does it."""
import pytest

from analyze_cli import cli
from used_drive_scoring import analysed_run, simulate

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 2026's drive 48, 2 hours after a sequential fill: 29.9 GiB of
# cache (what the idle time flushed) on a 3115 GB drive, direct writes at
# 1569 MiB/s to 177.6 GiB, the folding flat at 1099 to 528.1, then GC
# scattering about 404: read as the cache, direct writes and one used
# state sliding from 1100 from 178.2 GiB ("used state at 178.2 GiB, truth
# 528.1"), the cache too small beside the capacity to be a dynamic one.
D2026_48 = (COMMON + "capacity_gb=3115,op_pct=19.01,bits=2,slc_type=dynamic,slc_seq_mibps=6262,"
            "slc_rand_iops=1214573,native_seq_mibps=1951,native_rand_mibps=1572.8,"
            "fold_mibps=1365,floor_mibps=377.09,gc_gamma=0.82,link_mibps=7000,"
            "iops_cap=2000000,noise=0.02,noise_direct=0.04,seed=708507585,slc_gb=219,"
            "slc_wa=1,dip_period_s=13.8,dip_duty=0.14,dip_depth=0.53")
# Seed 2026's drive 199 (686 GB): 29.9 GiB of cache, direct writes at 72
# MiB/s to 61.2 GiB, folding at 36 to 177.2, then GC at 10 (WSAT).
D2026_199 = (COMMON + "capacity_gb=686,op_pct=27.85,bits=2,slc_type=dynamic,slc_seq_mibps=492,"
             "slc_rand_iops=105711,native_seq_mibps=142,native_rand_mibps=72.0,fold_mibps=70,"
             "floor_mibps=8.29,gc_gamma=1.87,link_mibps=560,iops_cap=100000,noise=0.00,"
             "noise_direct=0.04,seed=1041291872,slc_gb=78,slc_wa=1,dip_period_s=29.5,"
             "dip_duty=0.17,dip_depth=0.43")
# Seed 2026's drive 118, WSAT after a sequential fill: the cache in WSAT's
# first two 5 s samples, direct writes at 412 MiB/s for 13 samples (too
# short for a lasting phase of the run's 4320), the folding at 226 to
# 473.9 GiB, then GC at 18: the segmentation gave the direct writes and
# the folding one phase.
D2026_118 = (COMMON + "capacity_gb=2253,op_pct=23.39,bits=3,slc_type=dynamic,slc_seq_mibps=3679,"
             "slc_rand_iops=681114,native_seq_mibps=962,native_rand_mibps=410.5,fold_mibps=530,"
             "floor_mibps=14.79,gc_gamma=1.85,link_mibps=7000,iops_cap=2000000,noise=0.02,"
             "noise_direct=0.04,seed=720623048,slc_gb=162,slc_wa=1,dip_duty=0")
# Seed 2026's drive 173, 2 hours after a sequential fill: 16.6 GiB of cache
# on a 1614 GB drive, then folding flat at 30 MiB/s to the run's end.
D2026_173 = (COMMON + "capacity_gb=1614,op_pct=20.58,bits=2,slc_type=dynamic,slc_seq_mibps=424,"
             "slc_rand_iops=77064,native_seq_mibps=107,native_rand_mibps=60.8,fold_mibps=52,"
             "floor_mibps=6.25,gc_gamma=1.98,link_mibps=560,iops_cap=100000,noise=0.05,"
             "noise_direct=0.04,seed=135469965,slc_gb=463,slc_wa=1,dip_duty=0")
# Seed 2026's drive 153, WSAT after a sequential fill: 10.8 GiB of cache at
# 2017 MiB/s, its end in the second 5 s sample, folding at 192 to 33.4
# GiB, then GC at 65: read as direct writes from the first byte.
D2026_153 = (COMMON + "capacity_gb=161,op_pct=22.75,bits=3,slc_type=dynamic,slc_seq_mibps=2781,"
             "slc_rand_iops=510182,native_seq_mibps=737,native_rand_mibps=572.8,fold_mibps=248,"
             "floor_mibps=54.57,gc_gamma=1.56,link_mibps=7000,iops_cap=2000000,noise=0.05,"
             "noise_direct=0.08,seed=504080022,slc_gb=27,slc_wa=1,dip_period_s=22.5,"
             "dip_duty=0.11,dip_depth=0.37")
# Seed 2026's drive 41, 2 hours after a random fill: a static cache of 1.6
# GiB at 1544 MiB/s in the first 1 s sample, 438 holding its end, direct
# writes at 355 to 3.6 GiB, then GC at 14.
D2026_41 = (COMMON + "capacity_gb=270,op_pct=10.43,bits=2,slc_type=static,slc_seq_mibps=1795,"
            "slc_rand_iops=389334,native_seq_mibps=480,native_rand_mibps=354.9,fold_mibps=480,"
            "floor_mibps=13.36,gc_gamma=1.49,link_mibps=7000,iops_cap=2000000,noise=0.02,"
            "noise_direct=0.00,seed=632397307,slc_gb=2.3,slc_wa=1.43,dip_period_s=16.2,"
            "dip_duty=0.13,dip_depth=0.48")
# Seed 2026's drive 117, WSAT after a random fill: 1.89 GiB at 388 MiB/s in
# the first 5 s sample, 71 holding the cache's end, folding at 52 to 6.0
# GiB, then GC at 5: the first sample a phase of its own, the folding and
# GC one, read as direct writes from the first byte.
D2026_117 = (COMMON + "capacity_gb=461,op_pct=18.79,bits=3,slc_type=dynamic,slc_seq_mibps=389,"
             "slc_rand_iops=99612,native_seq_mibps=107,native_rand_mibps=75.8,fold_mibps=73,"
             "floor_mibps=4.27,gc_gamma=2.38,link_mibps=560,iops_cap=100000,noise=0.05,"
             "noise_direct=0.00,seed=331814697,slc_gb=52,slc_wa=1,dip_period_s=12.8,"
             "dip_duty=0.10,dip_depth=0.39")
# Seed 11's drive 126, the same: 391 MiB/s, then 125 (less than a step
# above the folding's 112, half a step and more) holding the cache's end.
D11_126 = (COMMON + "capacity_gb=554,op_pct=23.76,bits=3,slc_type=dynamic,slc_seq_mibps=538,"
           "slc_rand_iops=128740,native_seq_mibps=212,native_rand_mibps=161.1,fold_mibps=147,"
           "floor_mibps=6.87,gc_gamma=2.30,link_mibps=560,iops_cap=100000,noise=0.02,"
           "noise_direct=0.08,seed=242813389,slc_gb=148,slc_wa=1,dip_duty=0")
# Seed 2026's drive 163, the same with the first sample and the folding
# one phase: 391 MiB/s, 52 holding the cache's end, folding at 36 to 6.1
# GiB, then GC at 6.
D2026_163 = (COMMON + "capacity_gb=123,op_pct=16.03,bits=3,slc_type=dynamic,slc_seq_mibps=502,"
             "slc_rand_iops=106310,native_seq_mibps=229,native_rand_mibps=106.5,fold_mibps=76,"
             "floor_mibps=4.84,gc_gamma=0.93,link_mibps=560,iops_cap=100000,noise=0.00,"
             "noise_direct=0.12,seed=619235139,slc_gb=11,slc_wa=1,dip_duty=0")
# Seed 313's drive 21, WSAT after a random fill (MLC): 375 MiB/s in the
# first 5 s sample, 101 holding the cache's end, folding at 72 to 4.0 GiB,
# its end inside a sample at 58 (between 72 and GC's 8), then GC.
D313_21 = (COMMON + "capacity_gb=1406,op_pct=23.86,bits=2,slc_type=dynamic,slc_seq_mibps=443,"
           "slc_rand_iops=96000,native_seq_mibps=150,native_rand_mibps=113.9,fold_mibps=95,"
           "floor_mibps=7.02,gc_gamma=0.88,link_mibps=560,iops_cap=100000,noise=0.05,"
           "noise_direct=0.00,seed=450612730,slc_gb=187,slc_wa=1,dip_duty=0")
# Seed 479's drive 171, the same on TLC: 304, 192, folding at 130 to 6.02
# GiB, its end inside a sample at 88 (between 130 and GC's 13).
D479_171 = (COMMON + "capacity_gb=275,op_pct=14.45,bits=3,slc_type=dynamic,slc_seq_mibps=405,"
            "slc_rand_iops=77925,native_seq_mibps=225,native_rand_mibps=190.6,fold_mibps=157,"
            "floor_mibps=11.12,gc_gamma=1.05,link_mibps=560,iops_cap=100000,noise=0.00,"
            "noise_direct=0.12,seed=894232500,slc_gb=34,slc_wa=1,dip_duty=0")


def regimes(a):
    return [p["regime"] for p in a["phases"]]


@pytest.mark.parametrize("spec, workload", [(D2026_48, "2h"), (D2026_199, "wsat"),
                                            (D2026_118, "wsat")])
def test_a_quiet_level_between_direct_writes_and_gcs_scatter_is_the_folding(
        tmp_path, spec, workload):
    """Cache, direct writes, a quiet flat level a step lower, then GC's
    scatter after a sequential fill: the quiet level is the folding of
    what the cache still held, whatever the cache's size (a static cache's
    drive goes from its direct writes straight into GC), and the used
    state begins after it."""
    a, s = analysed_run(spec, "seq_fill", workload, tmp_path / "run.csv")
    assert regimes(a) == ["cache", "direct", "folding", "gc"], regimes(a)
    assert not s["problems"], s["problems"]


def test_a_quiet_level_to_the_end_after_a_small_cache_is_direct_or_folding(tmp_path):
    """A small cache, then one quiet flat level to the run's end: no used
    state, so the cache holds; what one curve cannot tell is whether the
    level is direct writes or a dynamic cache's folding, and `undecided`
    says so instead of asking for a longer run."""
    a, s = analysed_run(D2026_173, "seq_fill", "2h", tmp_path / "run.csv")
    assert regimes(a) == ["cache", "direct"], regimes(a)
    assert a["undecided"] == {"between": "direct_or_folding", "read_as": "direct",
                              "decided_by": "reference"}
    assert s["problems"] == ["folding from 16.6 GiB missed"] and s["undecided_right"]


@pytest.mark.parametrize("spec", [D2026_117, D2026_163])
def test_a_cache_in_wsats_first_sample_then_a_level_is_its_folding(tmp_path, spec):
    """The same cache with the first sample a phase of its own and its end
    in the second sample, which runs a step below the first and above the
    level: the first sample was all cache, so the cache is the first
    sample and the second's excess at the first's speed (round 49,
    h49bytes: 2.00 GiB on 2026's drive 163, where the middle of the
    bounds said 1.87), and the level after it lasts the drive's (bits - 1)
    multiple of that: its folding, with the question still open."""
    a, s = analysed_run(spec, "random_fill", "wsat", tmp_path / "run.csv")
    assert regimes(a) == ["cache", "folding", "gc"], regimes(a)
    assert a["undecided"] == {"between": "direct_or_folding", "read_as": "folding",
                              "decided_by": "reference"}
    assert not s["problems"], s["problems"]


def test_a_cache_in_wsats_first_sample_then_a_level_is_told(tmp_path):
    """The same cache where the second sample is not between the first and
    the level: its end is told (the first sample ran min_drop above the
    level after it, which only a cache does on a drive written full), and
    the level after it, which a static cache's direct writes would show as
    well, is read as direct writes with the question open, not as folding
    by its length."""
    a, s = analysed_run(D11_126, "random_fill", "wsat", tmp_path / "run.csv")
    assert regimes(a) == ["cache", "direct", "gc"], regimes(a)
    assert a["cache"]["censored"] == "resolution"
    assert a["undecided"] == {"between": "direct_or_folding", "read_as": "direct",
                              "decided_by": "reference"}
    assert s["problems"] == ["folding from 2.0 GiB missed"] and s["undecided_right"]


def test_a_static_cache_in_the_first_sample_then_direct_writes(tmp_path):
    """A static cache of 1.6 GiB in the first 1 s sample, then 2.0 GiB of
    direct writes to the blocks idle GC cleaned (1.25 times the cache, no
    folding's length), then GC, their end inside a sample at 300 MiB/s
    between 355 and 13: the cache and direct writes, not folding. (Round
    49, h49bytes, measured the level to that sample's start, 1.06 times
    the cache, an MLC folding's length; round 50, h50fold, to its share
    of that sample at the level.)"""
    a, s = analysed_run(D2026_41, "random_fill", "2h", tmp_path / "run.csv")
    assert regimes(a) == ["cache", "direct", "gc"], regimes(a)
    assert not s["problems"], s["problems"]


@pytest.mark.parametrize("spec", [D313_21, D479_171])
def test_a_folding_that_ends_inside_a_mixing_sample_lasts_to_its_share_of_it(tmp_path, spec):
    """A cache in WSAT's first sample and a second sample holding its end,
    then the folding, whose end falls inside a 5 s sample that runs
    between the folding and GC: the folding lasted into that sample for
    the share of its time the sample's bytes say (a sample's bytes are
    the time-weighted mix of the two speeds), so it lasts the drive's
    (bits - 1) times the cache, not less (round 50, h50fold: measured to
    that sample's start, 0.86 and 1.8 times the cache, "folding from 2.0
    GiB missed")."""
    a, s = analysed_run(spec, "random_fill", "wsat", tmp_path / "run.csv")
    assert regimes(a) == ["cache", "folding", "gc"], regimes(a)
    assert not s["problems"], s["problems"]


def test_a_cache_in_wsats_first_sample_after_a_sequential_fill(tmp_path):
    """After a sequential fill, a dynamic cache through WSAT's first sample
    (2017 MiB/s, 357 holding its end), then its folding at 192 to 33.4
    GiB, then GC at 65: the cache's end is told."""
    a, s = analysed_run(D2026_153, "seq_fill", "wsat", tmp_path / "run.csv")
    assert regimes(a)[0] == "cache" and regimes(a)[-1] == "gc", regimes(a)
    assert not s["problems"], s["problems"]


def test_one_call_for_many_logs_reads_each_alone(tmp_path):
    """Several logs in one `ssdcore analyze` call (as the sweep analyses a
    drive's runs) read each as alone: the phases' labels of the log before
    are no input to the next (a stale label of the 2-hour run's cache kept
    the WSAT run's first-sample cache from being split off)."""
    two, wsat = tmp_path / "2h.csv", tmp_path / "wsat.csv"
    simulate(D2026_153, "seq_fill", "2h", two)
    simulate(D2026_153, "seq_fill", "wsat", wsat)
    both = cli(two, wsat)
    assert both[1]["phases"] == cli(wsat)["phases"]
    assert regimes(both[1])[0] == "cache"


# Seed 2026's drive 94, 2 hours after a sequential fill: 7.05 GiB of cache
# at 2740 MiB/s over the first 3 samples (2168 holding its end), folding
# flat at 1160 to 21.6 GiB, then GC at 357: read as direct writes from
# the first byte, "cache of 7.05 GiB missed" (left).
D2026_94 = (COMMON + "capacity_gb=191,op_pct=13.02,bits=3,slc_type=dynamic,slc_seq_mibps=6151,"
            "slc_rand_iops=1363067,native_seq_mibps=2000,native_rand_mibps=1795.3,"
            "fold_mibps=1292,floor_mibps=354.97,gc_gamma=2.24,link_mibps=7000,"
            "iops_cap=2000000,noise=0.02,noise_direct=0.00,seed=206253007,slc_gb=44,slc_wa=1,"
            "dip_duty=0")
# Seed 11's drive 5, no SLC, the fill after a random fill: the clean blocks
# idle GC left at 3186 MiB/s for 2 samples, then GC flat at 2218.
D11_5 = (COMMON + "capacity_gb=877,op_pct=24.91,bits=3,slc_type=none,slc_gb=0,"
         "native_seq_mibps=3170,native_rand_mibps=2502,fold_mibps=3170,floor_mibps=1751.1,"
         "gc_gamma=1.21,gc_settle_gb=0,gc_spread=0.00,link_mibps=7000,iops_cap=2000000,"
         "read_seq_mibps=6300,read_rand_iops=1000000,write_lat_us=15,idle_gc_mibps=98,"
         "idle_gc_gb=6.7,noise=0.02,noise_direct=0.06,dip_duty=0,seed=801557846")


def test_a_cache_of_a_few_samples_is_left_to_the_cache_test(tmp_path):
    """A fast start of several samples at one speed before a level is not
    read as a cache by first_sample_cache_before_level (the first sample
    alone is): clean blocks written at the native speed for a few samples,
    then a used state settling in steps, read the same (a false cache on
    check seed 431 when several samples were let through). 2026's drive
    94 stays "cache of 7.05 GiB missed"."""
    a, s = analysed_run(D2026_94, "seq_fill", "2h", tmp_path / "run.csv")
    assert a["cache"] is None
    assert s["problems"] == ["cache of 7.05 GiB missed"], s["problems"]


def test_clean_blocks_then_a_quiet_used_state_are_no_cache(tmp_path):
    """Two levels, the fast start and GC running flat after it, are what
    clean blocks running out show: no cache."""
    a, s = analysed_run(D11_5, "random_fill", "fill", tmp_path / "run.csv")
    assert a["cache"] is None
    assert not s["false_cache"] and not s["problems"], s["problems"]


# Seed 277's drive 28, WSAT after a sequential fill: 12.7 GiB of cache
# (2529 MiB/s in the first 5 s sample, 527 holding its end) on a 129 GB
# drive, folding at 462 to 26.8 GiB, then GC at 34.
D277_28 = (COMMON + "capacity_gb=129,op_pct=22.42,bits=2,slc_type=dynamic,slc_seq_mibps=3433,"
           "slc_rand_iops=647513,native_seq_mibps=1071,native_rand_mibps=928.6,fold_mibps=533,"
           "floor_mibps=28.64,gc_gamma=1.37,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.00,seed=875559326,slc_gb=29,slc_wa=1,dip_duty=0")


def test_a_first_sample_cache_dynamic_by_its_size_folds(tmp_path):
    """The cache first_sample_cache_before_level finds is dynamic by its
    size (8 % of the capacity): the level after it is its folding and the
    used state begins at its end, as for a cache the cache test found (the
    onset rules asked whether the cache was dynamic before it was found,
    and split GC's first samples off as a level of their own)."""
    a, s = analysed_run(D277_28, "seq_fill", "wsat", tmp_path / "run.csv")
    assert regimes(a) == ["cache", "folding", "gc"], regimes(a)
    assert not s["problems"], s["problems"]
