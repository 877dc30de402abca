"""GC dips at a fresh cache's end (docs/analysis.md, "GC dips at the
cache's end", round 45). A dip slows the cache and the direct writes by
one factor and lasts as long as the drive's other dips: so a dip whose
tail the sample after the drop's still shows began in the drop's sample
(the bytes it cost there, added back, leave that sample's share at the
cache's speed); a sample that runs above the direct writes' level by more
than their noise and faster than any of the 21 after it still wrote into
the cache, after a sample a dip slowed (no end before it, whatever a dip
fit says); and a dip inside the cache lasts as many samples as the
drive's dips in its direct writes. The drives are the used-drive sweep's
own (round 44's "Limits": seeds 47, 229, 313, 89, 277, 227), at full
size, fresh, each run scored as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

# Seed 47's drive 177, WSAT (5 s samples): 2744 MiB/s twice, then 1844
# holding the end 4.6 s in, 1313 (the dip's tail) before direct writes
# at 1627: "cache 60.60 GiB, truth 66.68".
S47_177 = ("sim:bx200,native_write_lat_us=0,capacity_gb=3186,op_pct=18.75,bits=2,"
           "slc_type=static,slc_seq_mibps=4814,slc_rand_iops=1165087,native_seq_mibps=2673,"
           "native_rand_mibps=1627.7,fold_mibps=2673,floor_mibps=376.67,gc_gamma=1.66,"
           "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.04,seed=1027286313,"
           "slc_gb=84.4,slc_wa=1.28,dip_period_s=22.6,dip_duty=0.18,dip_depth=0.34")
# Seed 229's drive 118, WSAT: 340, then 173 holding the end, 106 (the
# dip's tail), then 133: "cache 1.99 GiB, truth 2.25".
S229_118 = ("sim:bx200,native_write_lat_us=0,capacity_gb=443,op_pct=15.41,bits=3,"
            "slc_type=static,slc_seq_mibps=448,slc_rand_iops=87281,native_seq_mibps=242,"
            "native_rand_mibps=133.0,fold_mibps=242,floor_mibps=29.76,gc_gamma=2.27,"
            "link_mibps=560,iops_cap=100000,noise=0.02,noise_direct=0.12,seed=159186603,"
            "slc_gb=2.8,slc_wa=1.25,dip_period_s=25.2,dip_duty=0.17,dip_depth=0.43")
# Seed 313's drive 7, WSAT: 2756, 1922 (a dip in the cache), 1267 holding
# the end, 923 (the next dip's tail), then 1000: "cache 25.15 GiB, truth
# 27.14".
S313_7 = ("sim:bx200,native_write_lat_us=0,capacity_gb=3877,op_pct=16.83,bits=3,"
          "slc_type=static,slc_seq_mibps=4243,slc_rand_iops=870124,native_seq_mibps=1987,"
          "native_rand_mibps=1003.1,fold_mibps=1987,floor_mibps=257.62,gc_gamma=1.88,"
          "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.04,seed=671106357,"
          "slc_gb=33.8,slc_wa=1.25,dip_period_s=17.2,dip_duty=0.16,dip_depth=0.40")
# Seed 89's drive 177, WSAT: 342, 270 (a dip in the cache), 156.5 holding
# the end 0.6 s in, then 131.9 flat: "cache 6.10 GiB, truth 6.51".
S89_177 = ("sim:bx200,native_write_lat_us=0,capacity_gb=356,op_pct=14.58,bits=2,"
           "slc_type=static,slc_seq_mibps=500,slc_rand_iops=87198,native_seq_mibps=257,"
           "native_rand_mibps=131.9,fold_mibps=257,floor_mibps=17.31,gc_gamma=2.02,"
           "link_mibps=560,iops_cap=100000,noise=0.05,noise_direct=0.00,seed=834292841,"
           "slc_gb=8.9,slc_wa=1.38,dip_period_s=20.6,dip_duty=0.12,dip_depth=0.55")
# Seed 277's drive 0, 2 hours (1 s samples): 2697, 1181 (the cache in a
# dip), 1008 holding the end, 918, then a dip of the direct writes at 343
# and 506 that a dip fit took for the one at the end: "cache 24.36 GiB,
# truth 26.00".
S277_0 = ("sim:bx200,native_write_lat_us=0,capacity_gb=138,op_pct=13.97,bits=2,"
          "slc_type=dynamic,slc_seq_mibps=4480,slc_rand_iops=958479,native_seq_mibps=1907,"
          "native_rand_mibps=908.7,fold_mibps=678,floor_mibps=147.18,gc_gamma=0.90,"
          "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.04,seed=151796851,"
          "slc_gb=26,slc_wa=1,dip_period_s=10.6,dip_duty=0.17,dip_depth=0.43")
# Seed 227's drive 132, 2 hours: a 63 GiB cache at 2.7 GiB/s with two dips
# of 5 samples at 1010-1180 and 1400-1580, the direct writes after it
# dipping for 5-6 samples too: "cache of 63.00 GiB missed".
S227_132 = ("sim:bx200,native_write_lat_us=0,capacity_gb=267,op_pct=15.02,bits=3,"
            "slc_type=dynamic,slc_seq_mibps=4897,slc_rand_iops=1147720,native_seq_mibps=1290,"
            "native_rand_mibps=820.0,fold_mibps=451,floor_mibps=186.70,gc_gamma=2.12,"
            "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=127029961,"
            "slc_gb=63,slc_wa=1,dip_period_s=27.6,dip_duty=0.19,dip_depth=0.46")


@pytest.mark.slow
@pytest.mark.parametrize("spec,workload", [(S47_177, "wsat"), (S229_118, "wsat"),
                                           (S313_7, "wsat"), (S89_177, "wsat"),
                                           (S277_0, "2h"), (S227_132, "2h")],
                         ids=["47-177", "229-118", "313-7", "89-177", "277-0", "227-132"])
def test_a_fresh_cache_ending_at_a_gc_dip_is_sized_right(tmp_path, spec, workload):
    analysis, got = analysed_run(spec, "fresh", workload, tmp_path / "run.csv")
    assert analysis["cache"] is not None
    assert not [p for p in got["problems"] if "cache" in p], got["problems"]
    assert analysis["cache"]["censored"] == "none"


# Seed 449's drive 80 (round 46), WSAT after a sequential fill: 2520 MiB/s,
# 1831 holding the end, then 1134 and 1158 before direct writes at 1219
# whose GC dips keep to one 5 s sample each (1021, 1002, 1016): a dip of
# the direct writes across the boundary of the two samples after the
# drop's, not the tail of one begun in it (a dip as short as the drive's
# others, begun there, has ended in the next sample): "cache 18.63 GiB,
# truth 17.59".
S449_80 = ("sim:bx200,native_write_lat_us=0,capacity_gb=795,op_pct=24.82,bits=2,"
           "slc_type=static,slc_seq_mibps=5894,slc_rand_iops=1209128,native_seq_mibps=2380,"
           "native_rand_mibps=1230.7,fold_mibps=2380,floor_mibps=276.69,gc_gamma=2.13,"
           "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.04,seed=45497033,"
           "slc_gb=23.3,slc_wa=1.34,dip_period_s=15.3,dip_duty=0.11,dip_depth=0.54")


@pytest.mark.slow
def test_a_dip_past_the_sample_after_the_drop_is_no_tail_of_one_begun_in_it(tmp_path):
    analysis, got = analysed_run(S449_80, "seq_fill", "wsat", tmp_path / "run.csv")
    assert analysis["cache"] is not None
    assert not [p for p in got["problems"] if "cache" in p], got["problems"]
