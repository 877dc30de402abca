"""Round 36 (issue 21): the 128K fill run after a random fill, read with
the fill's own 4K log as the reference. The drives are the used-drive
sweep's own (their seed and drive number in each test), simulated as the
sweep does it and scored as the sweep scores it."""
from used_drive_scoring import analysed_after_fill

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 173's drive 105: the 4K fill's log of the whole 265 GiB drive (1,471
# samples) writes its static SLC at 0.25 GiB/s for 8 samples, then 0.20
# to the end with GC dips; 8 samples are under that log's min_len (15, 1 %
# of its samples), so the step was no static cache and the log a
# reference of no cache, which read the 128K run's 3.19 GiB cache (0.39
# GiB/s for 8 samples, then 0.22, then GC) as clean blocks ("cache of
# 3.19 GiB missed"; the run alone reads it right).
D173_105 = (COMMON + "capacity_gb=284,op_pct=14.84,bits=3,slc_type=static,slc_seq_mibps=398,"
            "slc_rand_iops=66019,native_seq_mibps=237,native_rand_mibps=201.7,fold_mibps=237,"
            "floor_mibps=9.25,gc_gamma=1.32,link_mibps=560,iops_cap=100000,noise=0.02,"
            "noise_direct=0.12,seed=586985986,slc_gb=4.6,slc_wa=1.44,dip_period_s=21.2,"
            "dip_duty=0.14,dip_depth=0.36")
# Seed 13's drive 48: the 4K fill's log runs at 2.68 GB/s throughout (no
# cache: ref_kind none); the 128K run writes its 2 GiB dynamic cache in
# the first sample (2.80 GB/s), folds at 1.22 for 4 GiB, then GC at 0.73
# with bursts to 1.6. The used state was read from 11.9 GiB, after the
# bursts ("truth 6.0"); the run alone read it at 5.26.
D13_48 = (COMMON + "capacity_gb=291,op_pct=15.72,bits=3,slc_type=dynamic,slc_seq_mibps=6095,"
          "slc_rand_iops=1142416,native_seq_mibps=3399,native_rand_mibps=2366.3,"
          "fold_mibps=1261,floor_mibps=499.97,gc_gamma=1.23,link_mibps=7000,"
          "iops_cap=2000000,noise=0.00,noise_direct=0.08,seed=1023796434,slc_gb=67,"
          "slc_wa=1,dip_period_s=19.8,dip_duty=0.19,dip_depth=0.34")
# Seed 151's drive 1: the same shape (2.49 GB/s in the first sample, folding
# at 0.82 for 2 GiB, GC at 0.32 with bursts to 1.0), read from 12.4 GiB
# against the fill's log, "truth 4.0".
D151_1 = (COMMON + "capacity_gb=231,op_pct=11.41,bits=2,slc_type=dynamic,slc_seq_mibps=4951,"
          "slc_rand_iops=769292,native_seq_mibps=2780,native_rand_mibps=2498.1,"
          "fold_mibps=857,floor_mibps=286.94,gc_gamma=1.12,link_mibps=7000,"
          "iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=311940187,slc_gb=27,"
          "slc_wa=1,dip_duty=0")


def test_a_short_slight_step_in_a_long_4k_fill_log_is_a_static_cache(tmp_path):
    a, got = analysed_after_fill(tmp_path, D173_105)
    assert not got["problems"], got["problems"]
    assert a["cache"] is not None and abs(a["cache"]["bytes"] / 3.19 / 2**30 - 1) < 0.05


def test_a_fill_log_of_no_cache_keeps_the_quiet_level_before_gc(tmp_path):
    for spec, truth in ((D13_48, 6.0), (D151_1, 4.0)):
        a, got = analysed_after_fill(tmp_path, spec)
        assert not got["problems"], got["problems"]
        assert a["gc"]["start_bytes"] < (truth + 1) * 2**30


# Seed 167's drive 156: a 2 GiB dynamic cache at 407 MiB/s for 5 samples,
# the drop's sample 59.8, then the folding at 45 +- 3 MiB/s for 45 s, then
# GC at 25-60. The folding's level was the median of the drop's sample and
# the next two (53.4), its end the sample after, a step below it: "used
# state at 2.1 GiB, before the model's 4.0".
D167_156 = (COMMON + "capacity_gb=1286,op_pct=14.65,bits=2,slc_type=dynamic,slc_seq_mibps=408,"
            "slc_rand_iops=83908,native_seq_mibps=114,native_rand_mibps=46.6,fold_mibps=45,"
            "floor_mibps=10.60,gc_gamma=1.01,link_mibps=560,iops_cap=100000,noise=0.02,"
            "noise_direct=0.12,seed=678933753,slc_gb=152,slc_wa=1,dip_period_s=22.3,"
            "dip_duty=0.12,dip_depth=0.49")


def test_the_folding_level_starts_after_the_sample_holding_the_cache_s_end(tmp_path):
    a, got = analysed_after_fill(tmp_path, D167_156)
    assert not got["problems"], got["problems"]
    assert [p["regime"] for p in a["phases"]][:3] == ["cache", "folding", "gc"]
