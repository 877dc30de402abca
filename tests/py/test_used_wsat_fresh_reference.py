"""A used drive's WSAT cache read against the same drive's fresh WSAT run
as the reference (the sweep's --reference; docs/analysis.md, "Round 46: a
used WSAT cache against the fresh run"): a reference that folded had a
dynamic cache, whatever size its cache test bounded in its first sample;
a first sample at the reference's cache speed before its direct level is
a cache bounded inside that sample; a cache's end split against the
faster of its two whole samples when the sample holding it runs faster
than their median; a cache end in the first sample, split against no
speed faster than that sample's own, bounded inside it. The drives are the used-drive sweep's own, at full
size, each run scored as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

# Seed 2026's drive 196, WSAT after a sequential fill: 2453 MiB/s holding
# the 11.07 GiB dynamic cache's end in the first 5 s sample, then folding
# at 1030 (the fresh run's 1052), then GC at 235. The fresh run bounded
# its cache in its first sample at 5.9 GiB, under a twentieth of the 137
# GB, so the reference's cache was not read as dynamic and its folding
# level went unused: one phase of six samples, "no phase boundary near
# the slc->fold change at 11.1 GiB".
S2026_196 = ("sim:bx200,native_write_lat_us=0,capacity_gb=137,op_pct=27.29,bits=3,"
             "slc_type=dynamic,slc_seq_mibps=6174,slc_rand_iops=1160762,native_seq_mibps=2820,"
             "native_rand_mibps=1593.4,fold_mibps=1845,floor_mibps=198.02,gc_gamma=1.57,"
             "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=349161825,"
             "slc_gb=14,slc_wa=1,dip_duty=0")
# Seed 101's drive 120, the same after both fills (1690 MiB/s, then the
# folding at 268 flat; the fresh run's cache 7.4 GiB of a 200 GB drive).
S101_120 = ("sim:bx200,native_write_lat_us=0,capacity_gb=200,op_pct=13.96,bits=3,"
            "slc_type=dynamic,slc_seq_mibps=2617,slc_rand_iops=599615,native_seq_mibps=1544,"
            "native_rand_mibps=617.7,fold_mibps=671,floor_mibps=125.60,gc_gamma=1.87,"
            "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.00,seed=665744433,"
            "slc_gb=10,slc_wa=1,dip_period_s=12.6,dip_duty=0.09,dip_depth=0.48")
# Seed 101's drive 92, WSAT after a sequential fill: a static cache's end
# inside the first sample (1570 MiB/s, the fresh run's 1569), then 30
# samples at the fresh direct level (382), then GC at 21: one phase of
# 31 read as clean blocks, "no phase boundary near the slc->native change
# at 7.1 GiB".
S101_92 = ("sim:bx200,native_write_lat_us=0,capacity_gb=330,op_pct=24.87,bits=2,"
           "slc_type=static,slc_seq_mibps=2376,slc_rand_iops=533340,native_seq_mibps=729,"
           "native_rand_mibps=381.9,fold_mibps=729,floor_mibps=17.80,gc_gamma=1.81,"
           "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.08,seed=657730882,"
           "slc_gb=7.8,slc_wa=1.11,dip_duty=0")
# Seed 47's drive 180, WSAT after a sequential fill: a static cache at
# 2720 MiB/s, 1340 in a GC dip, then 2448 holding the end before direct
# writes at 1389; split against the two whole samples' median (2030) the
# whole sample was cache, "cache 32.10 GiB, truth 30.06".
S47_180 = ("sim:bx200,native_write_lat_us=0,capacity_gb=3312,op_pct=8.52,bits=3,"
           "slc_type=static,slc_seq_mibps=4923,slc_rand_iops=880306,native_seq_mibps=2563,"
           "native_rand_mibps=1430.2,fold_mibps=2563,floor_mibps=190.30,gc_gamma=1.00,"
           "link_mibps=7000,iops_cap=2000000,noise=0.02,noise_direct=0.12,seed=1001505381,"
           "slc_gb=58.6,slc_wa=1.47,dip_period_s=24.9,dip_duty=0.17,dip_depth=0.38")

# Seed 367's drive 190, WSAT after a sequential fill: a static cache's end
# inside the first sample (1777 MiB/s, the fresh run's 1781, which its
# own analysis bounded inside that sample), then direct writes at 546:
# placed at the level's first sample against the first sample's own rate,
# "cache 8.68 GiB, truth 7.48".
S367_190 = ("sim:bx200,native_write_lat_us=0,capacity_gb=389,op_pct=15.36,bits=3,"
            "slc_type=static,slc_seq_mibps=2976,slc_rand_iops=752379,native_seq_mibps=1147,"
            "native_rand_mibps=555.3,fold_mibps=1147,floor_mibps=153.91,gc_gamma=2.38,"
            "link_mibps=7000,iops_cap=2000000,noise=0.02,noise_direct=0.08,seed=349239103,"
            "slc_gb=9.7,slc_wa=1.31,dip_duty=0")
# Seed 89's drive 29, WSAT after a random fill: 252 MiB/s holding the
# static cache's end, then the clean blocks at 75, then GC
# (cache_end_before_direct against the fresh run's direct level): "cache
# 1.23 GiB, truth 0.99".
S89_29 = ("sim:bx200,native_write_lat_us=0,capacity_gb=127,op_pct=8.32,bits=2,"
          "slc_type=static,slc_seq_mibps=508,slc_rand_iops=121771,native_seq_mibps=191,"
          "native_rand_mibps=101.2,fold_mibps=191,floor_mibps=28.93,gc_gamma=1.65,"
          "link_mibps=560,iops_cap=100000,noise=0.05,noise_direct=0.12,seed=519873050,"
          "slc_gb=1.3,slc_wa=1.32,dip_period_s=25.9,dip_duty=0.18,dip_depth=0.42")


@pytest.mark.parametrize("spec, state", [(S2026_196, "seq_fill"), (S101_120, "seq_fill"),
                                         (S101_120, "random_fill"), (S101_92, "seq_fill"),
                                         (S47_180, "seq_fill"), (S367_190, "seq_fill"),
                                         (S89_29, "random_fill")])
def test_a_used_wsat_cache_against_the_fresh_run(tmp_path, spec, state):
    fresh, used = tmp_path / "fresh.csv", tmp_path / "used.csv"
    analysed_run(spec, "fresh", "wsat", fresh)
    _, got = analysed_run(spec, state, "wsat", used, reference=fresh)
    assert got["problems"] == [], got["problems"]


# Seed 163's drive 140, 2 hours after a sequential fill (the guard on the
# first-sample cache): 2135 MiB/s, 4 s at 1000-1028 in a GC dip, then
# 2142, 2262 and 1481 holding the static cache's 11 GiB end; the split
# after the first sample, kept as a cache bounded inside it, read "cache
# 0.98 GiB (at least), truth 11.03". The speed comes back to the cache's
# after the split: a cache never resumes, so that was a dip.
S163_140 = ("sim:bx200,native_write_lat_us=0,capacity_gb=407,op_pct=25.16,bits=3,"
            "slc_type=static,slc_seq_mibps=3455,slc_rand_iops=575536,native_seq_mibps=1555,"
            "native_rand_mibps=1141.0,fold_mibps=1555,floor_mibps=166.18,gc_gamma=1.58,"
            "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.08,seed=260548343,"
            "slc_gb=13.7,slc_wa=1.26,dip_period_s=24.8,dip_duty=0.17,dip_depth=0.43")


def test_a_first_sample_before_a_dip_is_no_cache_of_its_own(tmp_path):
    fresh, used = tmp_path / "fresh.csv", tmp_path / "used.csv"
    analysed_run(S163_140, "fresh", "2h", fresh)
    _, got = analysed_run(S163_140, "seq_fill", "2h", used, reference=fresh)
    assert got["problems"] == [], got["problems"]
