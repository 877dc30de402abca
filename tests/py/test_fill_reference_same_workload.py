"""A static cache after a random fill, flushed whole by the idle time, read
against the fill's own 4K random log as the reference of a 4K random run
(the same workload: issue 21; docs/analysis.md, "The fill's own log as the
reference", *Round 35: a same-workload log's static cache*): the log's
cache size ends the run's cache as a log of another workload's does
(ssd__static_ref_log_end), through the GC dips that slow the cache's
samples. The drives are the used-drive sweep's own (their seed and drive
number in each test), simulated as the sweep does it: the 2-hour 4K random
run after a 4K random fill and 15 minutes' idle, analysed with the fill's
own log (from a purged drive) as reference, and scored as the sweep scores
it; and a run against its fresh run of the same workload (the `ref` mode).
"""
import ssdcore
from used_drive_scoring import analysed_after_fill as scored
from used_drive_scoring import score_run, simulate

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 59's drive 24: a 5.24 GiB static cache whose first two 1 s samples a
# GC dip slowed (1493 MB/s twice, then 2503 to 5.36 GiB), direct writes at
# 1220, then GC at 375; the fill's log a 5.21 GiB cache at 2.64 GB/s. Read
# as clean blocks at 1.46 GB/s before the rule: "cache of 5.24 GiB missed".
D59_24 = (COMMON + "capacity_gb=295,op_pct=25.19,bits=3,slc_type=static,slc_seq_mibps=4956,"
          "slc_rand_iops=865039,native_seq_mibps=2907,native_rand_mibps=1225.7,fold_mibps=2907,"
          "floor_mibps=350.28,gc_gamma=1.18,link_mibps=7000,iops_cap=2000000,noise=0.00,"
          "noise_direct=0.04,seed=169014034,slc_gb=6.6,slc_wa=1.27,dip_period_s=21.2,"
          "dip_duty=0.16,dip_depth=0.47")
# Seed 59's drive 129: a 13.2 GiB cache at 2.7 GB/s for three samples, a GC
# dip to 1190-1410 for three, 1960 holding its end, 1650 of direct writes,
# then GC at 421; the fill's log 13.1 GiB. Read 7.98 GiB (the dip taken
# for the cache's end) before the rule.
D59_129 = (COMMON + "capacity_gb=645,op_pct=22.24,bits=3,slc_type=static,slc_seq_mibps=5607,"
           "slc_rand_iops=1110532,native_seq_mibps=2359,native_rand_mibps=1751.5,"
           "fold_mibps=2359,floor_mibps=390.98,gc_gamma=1.25,link_mibps=7000,iops_cap=2000000,"
           "noise=0.02,noise_direct=0.04,seed=413007526,slc_gb=14.1,slc_wa=1.08,"
           "dip_period_s=20.7,dip_duty=0.15,dip_depth=0.50")


def test_a_dipped_static_cache_ends_at_the_same_workload_logs_cache(tmp_path):
    a, got = scored(tmp_path, D59_24, workload="2h")
    assert not got["problems"], got["problems"]
    assert not got["false_cache"]
    assert [p["regime"] for p in a["phases"]][0] == "cache"


def test_a_dip_before_the_caches_end_is_still_the_cache(tmp_path):
    a, got = scored(tmp_path, D59_129, workload="2h")
    assert not got["problems"], got["problems"]
    assert not got["false_cache"]


# Seed 47's drive 167: a 10.92 GiB static cache in 4 samples at 2.76 GB/s,
# then 1274 and 963 MB/s of direct writes, then GC at 170 and 80. Against
# its fresh run (the same workload), the rule that splits the idle-cleaned
# blocks' direct writes off after a found cache, made for a log of another
# workload, took GC's first samples for them and the direct writes into
# the cache: 12.91 GiB.
D47_167 = (COMMON + "capacity_gb=399,op_pct=15.37,bits=2,slc_type=static,slc_seq_mibps=6106,"
           "slc_rand_iops=1367335,native_seq_mibps=2590,native_rand_mibps=1185.5,"
           "fold_mibps=2590,floor_mibps=76.93,gc_gamma=0.83,link_mibps=7000,iops_cap=2000000,"
           "noise=0.02,noise_direct=0.00,seed=1053579787,slc_gb=12.6,slc_wa=1.17,dip_duty=0")


def test_the_direct_writes_after_the_cache_stay_out_of_it_against_the_fresh_run(tmp_path):
    fresh, used = tmp_path / "fresh.csv", tmp_path / "used.csv"
    simulate(D47_167, "fresh", "2h", fresh)
    truth, series, _, _ = simulate(D47_167, "random_fill", "2h", used)
    got = score_run(truth, series, ssdcore.analyze(str(used), reference=str(fresh)))
    assert not got["problems"], got["problems"]
    assert not got["false_cache"]
