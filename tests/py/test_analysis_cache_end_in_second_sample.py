"""A used drive's cache that ended inside its second sample, read with the
drive's fresh run as reference (docs/analysis.md, "A reference never makes
a verdict worse", the cache's end in its second sample): the end goes in
the sample that mixes the cache with the level after it, at that sample's
share of time at the cache's speed, which is its full samples' (the
phase's median, with the mixed sample in it, sits below it). The drives
are the used-drive sweep's own, at full size; each run is scored as the
sweep scores it."""

import pytest

from used_drive_scoring import analysed_run, simulate

# Seed 127's drive 3 (static 3.4 GiB cache, WSAT after a random fill: 375
# MB/s, 293 holding the end, then 144 at the direct level: "3.11 GiB,
# truth 2.85"), seed 101's drive 139 (308, 291, then 200: "2.80, truth
# 2.65"), and the guard, seed 11's drive 19 (2 hours: 1103, 1433, then
# 1785 holding the end, faster than the cache's level, then 783 at the
# direct level; read one sample early, 3.70 for 3.92, by a first version).
S127_3 = ("sim:bx200,native_write_lat_us=0,capacity_gb=245,op_pct=20.48,bits=3,slc_type=static,"
          "slc_seq_mibps=442,slc_rand_iops=92763,native_seq_mibps=181,native_rand_mibps=138.5,"
          "fold_mibps=181,floor_mibps=24.70,gc_gamma=0.88,link_mibps=560,iops_cap=100000,"
          "noise=0.05,noise_direct=0.12,seed=432847808,slc_gb=3.4,slc_wa=1.20,dip_duty=0")
S11_19 = ("sim:bx200,native_write_lat_us=0,capacity_gb=206,op_pct=9.47,bits=2,slc_type=static,"
          "slc_seq_mibps=1932,slc_rand_iops=475329,native_seq_mibps=899,native_rand_mibps=771.2,"
          "fold_mibps=899,floor_mibps=116.42,gc_gamma=2.28,link_mibps=7000,iops_cap=2000000,"
          "noise=0.02,noise_direct=0.08,seed=1038963560,slc_gb=5.2,slc_wa=1.34,dip_period_s=12.0,"
          "dip_duty=0.12,dip_depth=0.52")
S101_139 = ("sim:bx200,native_write_lat_us=0,capacity_gb=196,op_pct=19.84,bits=2,"
            "slc_type=static,slc_seq_mibps=458,slc_rand_iops=74719,native_seq_mibps=230,"
            "native_rand_mibps=189.3,fold_mibps=230,floor_mibps=33.07,gc_gamma=2.35,link_mibps=560,"
            "iops_cap=100000,noise=0.02,noise_direct=0.04,seed=391102889,slc_gb=3.9,slc_wa=1.48,"
            "dip_duty=0")


@pytest.mark.parametrize("spec, wl", [(S127_3, "wsat"), (S101_139, "wsat"), (S11_19, "2h")])
def test_a_cache_ending_in_its_second_sample(tmp_path, spec, wl):
    fresh, used = tmp_path / "fresh.csv", tmp_path / "used.csv"
    simulate(spec, "fresh", wl, fresh, (1, 1, 5))
    _, got = analysed_run(spec, "random_fill", wl, used, reference=fresh)
    assert got["problems"] == [], got["problems"]
