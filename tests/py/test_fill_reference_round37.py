"""Round 37 (issue 21, used-drive verdicts): a random fill's 4K log read
as the reference of the drive's used 2-hour run, where a GC dip right
after the log's cache hid or cut it (docs/analysis.md, "The fill's own
log as the reference"). The drives are the used-drive sweep's own (their
seed and drive number in each test), at their full size: the fill's log,
then the 4K random 2-hour run after the random fill."""
from analyze_cli import cli, regimes
from used_drive_scoring import score_run, simulate, simulate_fill

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 311's drive 183: an 11.14 GiB static cache at 2032 MiB/s in the
# fill's log, the drop's 1531, 4 samples of direct writes at 1096-1079, a
# dip at 470-652 for 4, then direct writes at 1080 with dips.
D311_183 = (COMMON + "capacity_gb=527,op_pct=13.96,bits=3,slc_type=static,slc_seq_mibps=2172,"
            "slc_rand_iops=534815,native_seq_mibps=1245,native_rand_mibps=1106.8,"
            "fold_mibps=1245,floor_mibps=319.13,gc_gamma=0.86,link_mibps=7000,"
            "iops_cap=2000000,noise=0.02,noise_direct=0.04,seed=583441936,slc_gb=13.7,"
            "slc_wa=1.23,dip_period_s=19.2,dip_duty=0.18,dip_depth=0.49")
# Seed 317's drive 164: a 7.99 GiB static cache at 2.68 GiB/s in the
# fill's log, twice, then 2.27 (a dip began), 0.91 (the cache's end inside
# it), 0.75, 1.28, then direct writes at 1.55 with dips to 0.64 of it.
D317_164 = (COMMON + "capacity_gb=300,op_pct=16.86,bits=2,slc_type=static,slc_seq_mibps=6252,"
            "slc_rand_iops=1531492,native_seq_mibps=3312,native_rand_mibps=1598.1,"
            "fold_mibps=3312,floor_mibps=114.62,gc_gamma=1.97,link_mibps=7000,"
            "iops_cap=2000000,noise=0.00,noise_direct=0.08,seed=310883443,slc_gb=11.5,"
            "slc_wa=1.44,dip_period_s=14.2,dip_duty=0.19,dip_depth=0.58")
INTERVAL_1S = (1, 1, 5)


def fill_and_2h(spec, tmp_path):
    """The random fill's log and the 2-hour run after the fill: their
    truths, the run's series and the two paths."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "random_fill", "2h", run, INTERVAL_1S)
    ftruth, _ = simulate_fill(spec, "random_fill", fill, INTERVAL_1S)
    return truth, series, ftruth, run, fill


def slc_bytes(truth):
    ph = truth["phases"]
    assert ph[0]["regime"] == "slc"
    return ph[0]["bytes"]


def test_direct_writes_before_a_gc_dip_join_the_level_beyond_it(tmp_path):
    """The 4 samples of direct writes between the log's cache and a GC dip
    were a segment too short to be a phase, and its neighbour the dip (470
    MiB/s) lay further from it in log than the cache (2032) did: it joined
    the cache, a phase of 10 samples at 1.89 GiB/s, and the log read "no
    cache"; the 2-hour run against it, "cache of 11.26 GiB missed". The
    dip is no level of its own: the level beyond it, 1080, is the one to
    compare with (analysis_phases.c, fold_transients)."""
    truth, series, ftruth, run, fill = fill_and_2h(D311_183, tmp_path)
    f = cli(fill)
    want = slc_bytes(ftruth)
    assert f["cache"] is not None and abs(f["cache"]["bytes"] - want) <= 0.02 * want, f["cache"]
    a = cli(run, "--reference", fill)
    assert regimes(a)[0] == "cache", regimes(a)
    assert score_run(truth, series, a)["problems"] == []


def test_a_cache_ending_inside_a_dip_deeper_than_the_others(tmp_path):
    """The log's cache ran on 0.3 s into a GC dip that slowed it to 0.48
    of its speed; the other dips' deepest samples say 0.64. The dip fit
    at 0.64 misfits by 0.095, under its 0.1 bar but 12 times the 0.008 of
    the fit at 0.7 of that factor, which a factor other than the plain one
    was not allowed to move (the end already placed misfit by 0.09, under
    DIP_FIT_MOVE): the log read 7.06 GiB, the end where the dip began, and
    the 2-hour run against it 7.06 for the model's 8.10. A plain factor
    that fits poorly (DIP_FIT_POOR) lets a factor that fits four times
    better move the end: 8.13 GiB (end_by_dip_fit)."""
    truth, series, ftruth, run, fill = fill_and_2h(D317_164, tmp_path)
    f = cli(fill)
    want = slc_bytes(ftruth)
    assert abs(f["cache"]["bytes"] - want) <= 0.03 * want, f["cache"]
    a = cli(run, "--reference", fill)
    assert regimes(a)[0] == "cache", regimes(a)
    assert score_run(truth, series, a)["problems"] == []
