"""GC dips in a random fill's 4K log, read as the reference of the drive's
used runs (issue 21; docs/analysis.md, "The fill's own log as the
reference"). The fill's log runs at 1 s samples, and a drive's map
write-backs (dips of 3 to 4 s every 25 s or so) fall inside a short cache
or at its end: read wrong, the log's cache is missed or cut at the dip,
and every used run read against it with it. The drives are the used-drive
sweep's own (their seed and drive number in each test), at their full
size: the fill's log, then the 128K sequential run (or the 4K 2-hour run)
after the random fill, each a fraction of a second to simulate."""
import pytest

from analyze_cli import cli, regimes
from used_drive_scoring import score_run, simulate, simulate_fill

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 127's drive 45: a 12.79 GiB static cache at 410 MB/s in the 4K log,
# ending 0.6 s after a GC dip that slowed it to 141 (4 samples), then 316,
# then 187 with dips to 0.41 of it.
D127_45 = (COMMON + "capacity_gb=710,op_pct=15.25,bits=2,slc_type=static,slc_seq_mibps=531,"
           "slc_rand_iops=117766,native_seq_mibps=259,native_rand_mibps=176.9,fold_mibps=259,"
           "floor_mibps=5.92,gc_gamma=1.99,link_mibps=560,iops_cap=100000,noise=0.02,"
           "noise_direct=0.04,seed=317316970,slc_gb=13.3,slc_wa=1.04,dip_period_s=27.3,"
           "dip_duty=0.15,dip_depth=0.42")
# Seed 131's drive 38: a 14.30 GiB static cache at 2437 MB/s in the 4K log,
# a dip at 849 for 3 samples and 1167 after its first sample, then 712.
D131_38 = (COMMON + "capacity_gb=3195,op_pct=27.40,bits=3,slc_type=static,slc_seq_mibps=3590,"
           "slc_rand_iops=594976,native_seq_mibps=795,native_rand_mibps=681.9,fold_mibps=795,"
           "floor_mibps=132.04,gc_gamma=1.89,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.04,seed=412783240,slc_gb=20.3,slc_wa=1.42,dip_period_s=24.8,"
           "dip_duty=0.15,dip_depth=0.38")
# Seed 251's drive 63: a 5.66 GiB static cache, 1383 MB/s, 600, 400, 900
# (the dip ending inside it), 1368, 1376, then 560 to the end.
D251_63 = (COMMON + "capacity_gb=340,op_pct=16.98,bits=3,slc_type=static,slc_seq_mibps=1865,"
           "slc_rand_iops=336233,native_seq_mibps=920,native_rand_mibps=533.8,fold_mibps=920,"
           "floor_mibps=155.34,gc_gamma=0.97,link_mibps=7000,iops_cap=2000000,noise=0.02,"
           "noise_direct=0.00,seed=948351318,slc_gb=7.3,slc_wa=1.29,dip_period_s=25.8,"
           "dip_duty=0.09,dip_depth=0.33")
# Seed 199's drive 99: a 13.36 GiB static cache, the log starting in a
# dip: 1482 MB/s, 1157, 2445 (the dip ending inside it), 2918 three times,
# 1977, then 1765 with dips.
D199_99 = (COMMON + "capacity_gb=3035,op_pct=13.49,bits=3,slc_type=static,slc_seq_mibps=5460,"
           "slc_rand_iops=1120897,native_seq_mibps=2629,native_rand_mibps=1691.0,"
           "fold_mibps=2629,floor_mibps=147.45,gc_gamma=0.90,link_mibps=7000,iops_cap=2000000,"
           "noise=0.05,noise_direct=0.04,seed=1066493952,slc_gb=15.9,slc_wa=1.19,"
           "dip_period_s=13.5,dip_duty=0.16,dip_depth=0.38")
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


def fill_and_run(spec, tmp_path, workload="fill"):
    """The random fill's log and the run after the fill (the 128K fill, or
    "2h": the 4K 2-hour run): their truths, the run's series and the two
    paths."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "random_fill", workload, run, INTERVAL_1S)
    ftruth, _ = simulate_fill(spec, "random_fill", fill, INTERVAL_1S)
    return truth, series, ftruth, run, fill


def slc_bytes(truth):
    ph = truth["phases"]
    assert ph[0]["regime"] == "slc"
    return ph[0]["bytes"]


def read_through_the_log(spec, tmp_path, workload="fill", tol=0.02):
    """The fill's log reads the model's cache within tol, and the run after
    the fill, read against it, starts with a cache and scores right."""
    truth, series, ftruth, run, fill = fill_and_run(spec, tmp_path, workload)
    f = cli(fill)
    want = slc_bytes(ftruth)
    assert f["cache"] is not None and abs(f["cache"]["bytes"] - want) <= tol * want, f["cache"]
    a = cli(run, "--reference", fill)
    assert regimes(a)[0] == "cache", regimes(a)
    assert score_run(truth, series, a)["problems"] == []


def test_a_cache_ending_inside_a_gc_dip_in_the_fill_log(tmp_path):
    """The fill's cache ran on through a GC dip at its end: the dip fit
    (end_by_dip_fit) reads its end 0.6 s after the dip, in the 316 MB/s
    sample, once the dip's factor inside the cache (0.34) is fitted, not
    taken as the direct writes' dips' (0.41): the fit's misfit was 0.11,
    over its 0.1 bar, and the log read 12.02 GiB, the cache's end at the
    dip's start; the used 128K run against it, "cache of 12.79 GiB
    missed"."""
    read_through_the_log(D127_45, tmp_path, tol=0.01)


@pytest.mark.parametrize("spec", [D131_38, D251_63, D199_99], ids=["131-38", "251-63", "199-99"])
def test_a_gc_dip_inside_a_short_cache_in_the_fill_log(spec, tmp_path):
    """A dip of 3 or 4 one-second samples inside a cache of 6 to 9 (the
    dip's last sample partly back at speed) left fewer than 70 % of the
    cache's samples at speed, and the dip was not counted with the cache:
    the phase's level, which the dip drags down, was no step from the
    samples around it (seed 131's drive 38: 1.9 GiB/s for samples at
    2437 MB/s), the dip was 4 samples, or the climb back took a sample
    between the two levels (seed 251's drive 63: 900 MB/s), or the log
    began inside the dip, no sample at speed before it (seed 199's drive
    99). "Cache: none found", a reference of no cache, and the 128K run's
    cache missed."""
    read_through_the_log(spec, tmp_path)


# Seed 227's drive 130: a 7.72 GiB static cache on a fresh drive, its 2-hour
# 4K run: 691 MB/s, 1471, 1573, 1593, 1000, then 752, 743, 847 (a dip the
# cache ran on in) and 703 with dips to 0.47 of it.
D227_130 = (COMMON + "capacity_gb=287,op_pct=21.00,bits=2,slc_type=static,slc_seq_mibps=2087,"
            "slc_rand_iops=383283,native_seq_mibps=838,native_rand_mibps=670.7,fold_mibps=838,"
            "floor_mibps=116.52,gc_gamma=2.14,link_mibps=7000,iops_cap=2000000,noise=0.02,"
            "noise_direct=0.00,seed=256848102,slc_gb=10.5,slc_wa=1.38,dip_period_s=17.7,"
            "dip_duty=0.17,dip_depth=0.41")
# Seed 233's drive 164: a 6.36 GiB static cache, its fresh 128K fill:
# 2552 MB/s, 2222, 1753, then 1179, 1047, 1214 (a dip) and 1473.
D233_164 = (COMMON + "capacity_gb=1711,op_pct=26.33,bits=2,slc_type=static,slc_seq_mibps=2434,"
            "slc_rand_iops=542225,native_seq_mibps=1423,native_rand_mibps=613.9,"
            "fold_mibps=1423,floor_mibps=100.50,gc_gamma=1.46,link_mibps=7000,"
            "iops_cap=2000000,noise=0.02,noise_direct=0.12,seed=11723359,slc_gb=8.4,"
            "slc_wa=1.32,dip_period_s=23.4,dip_duty=0.17,dip_depth=0.39")

# Seed 251's drive 107: a 4.40 GiB static cache in one sample of its fresh
# fill, 3646 MB/s, then 2079, 1700 (a dip) and 1828.
D251_107 = (COMMON + "capacity_gb=721,op_pct=25.13,bits=3,slc_type=static,slc_seq_mibps=3480,"
            "slc_rand_iops=725179,native_seq_mibps=1743,native_rand_mibps=834.0,"
            "fold_mibps=1743,floor_mibps=178.32,gc_gamma=1.11,link_mibps=7000,"
            "iops_cap=2000000,noise=0.02,noise_direct=0.00,seed=146219651,slc_gb=5.9,"
            "slc_wa=1.34,dip_period_s=10.4,dip_duty=0.13,dip_depth=0.58")

# Seed 101's drive 52: a 22.46 GiB static cache, its fresh 2-hour run:
# 2891 MB/s, then 2216, 1242 and 1759 with dips.
D101_52 = (COMMON + "capacity_gb=660,op_pct=24.36,bits=3,slc_type=static,slc_seq_mibps=6373,"
           "slc_rand_iops=1079319,native_seq_mibps=2843,native_rand_mibps=1684.0,"
           "fold_mibps=2843,floor_mibps=136.03,gc_gamma=1.55,link_mibps=7000,"
           "iops_cap=2000000,noise=0.02,noise_direct=0.04,seed=206655799,slc_gb=22.5,"
           "slc_wa=1.02,dip_period_s=12.4,dip_duty=0.13,dip_depth=0.57")


@pytest.mark.parametrize("spec,workload", [(D227_130, "2h"), (D233_164, "fill"),
                                           (D251_107, "fill"), (D101_52, "2h")],
                         ids=["227-130-2h", "233-164-fill", "251-107-fill", "101-52-2h"])
def test_the_dip_fit_s_factor_on_fresh_runs(spec, workload, tmp_path):
    """A fresh drive's cache that ran on into a dip: the dip fit with its
    factor fitted (1.15 times the direct writes' dips' here) reads it (seed
    227's drive 130, 2 hours: 5.49 GiB at the plain factor, the model's
    7.72); and the end already placed is judged at the factor the fit
    chose, not at the best of all (seed 233's drive 164, its fresh fill:
    a fit at 0.7 of the factor was no better than the placed end at some
    other factor, and the plain factor's right end was dropped, 6.03 GiB
    for 6.36); and a factor other than the direct writes' dips' moves only
    an end the dip model rejects (seed 251's drive 107: a one-sample cache,
    its mixed sample and a dip sample fit a dip inside the cache at 0.7 of
    the factor, 5.68 GiB for 4.40, the placed end's misfit 0.005; seed
    101's drive 52, 2 hours, 24.6 GiB for 22.5 at 0.25)."""
    run = tmp_path / "run.csv"
    truth, series, _, _ = simulate(spec, "fresh", workload, run, INTERVAL_1S)
    a = cli(run)
    want = slc_bytes(truth)
    assert abs(a["cache"]["bytes"] - want) <= 0.05 * want, (a["cache"], want)
    assert score_run(truth, series, a)["problems"] == []


def test_direct_writes_before_a_gc_dip_join_the_level_beyond_it(tmp_path):
    """The 4 samples of direct writes between the log's cache and a GC dip
    were a segment too short to be a phase, and its neighbour the dip (470
    MiB/s) lay further from it in log than the cache (2032) did: it joined
    the cache, a phase of 10 samples at 1.89 GiB/s, and the log read "no
    cache"; the 2-hour run against it, "cache of 11.26 GiB missed". The
    dip is no level of its own: the level beyond it, 1080, is the one to
    compare with (analysis_phases.c, fold_transients)."""
    read_through_the_log(D311_183, tmp_path, "2h")


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
    read_through_the_log(D317_164, tmp_path, "2h", tol=0.03)
