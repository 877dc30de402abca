"""Round 37 (issue 21, used-drive verdicts): a random fill's 4K log read
as the reference of the drive's used 2-hour run, where a GC dip at the
log's cache's end cut it (docs/analysis.md, "The fill's own
log as the reference"). The drives are the used-drive sweep's own (their
seed and drive number in each test), at their full size: the fill's log,
then the 4K random 2-hour run after the random fill."""
from analyze_cli import cli, regimes
from used_drive_scoring import score_run, simulate, simulate_fill

COMMON = "sim:bx200,native_write_lat_us=0,"
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
