"""A cache whose end shares its sample with a whole GC dip, on a WSAT run
whose 5 s samples last about as long as the dips (docs/analysis.md, "The
cache's end in a sample below the level after it"). No mix of the cache
and direct writes runs below the level after the cache: the sample took a
dip, and the bytes the run's other dips cost, added back, leave its share
at the cache's speed. The drives are the used-drive sweep's own, at full
size, read with the fill's own log as reference; each run is scored as
the sweep scores it."""

import pytest

from used_drive_scoring import analysed_after_fill

# Seed 13's drive 55 (static cache, WSAT after a sequential fill: 2877 MB/s
# twice, then 1214 before direct writes at 1573 with dips to 1111; "cache
# 26.79 GiB, truth 30.17" at the sample boundary) and seed 2026's drive 142
# (2890, 2785, then 1368 before 1512 with dips to 945: "25.89, truth 30.13").
S13_55 = ("sim:bx200,native_write_lat_us=0,capacity_gb=3224,op_pct=14.16,bits=3,slc_type=static,"
          "slc_seq_mibps=6075,slc_rand_iops=1366644,native_seq_mibps=2673,native_rand_mibps=1515.3,"
          "fold_mibps=2673,floor_mibps=389.31,gc_gamma=2.06,link_mibps=7000,iops_cap=2000000,"
          "noise=0.00,noise_direct=0.08,seed=887046494,slc_gb=85.8,slc_wa=1.22,"
          "dip_period_s=23.9,dip_duty=0.15,dip_depth=0.33")
S2026_142 = ("sim:bx200,native_write_lat_us=0,capacity_gb=3538,op_pct=12.54,bits=3,"
             "slc_type=static,slc_seq_mibps=6091,slc_rand_iops=1410589,native_seq_mibps=2250,"
             "native_rand_mibps=1446.7,fold_mibps=2250,floor_mibps=363.65,gc_gamma=1.07,"
             "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=314712202,"
             "slc_gb=68.5,slc_wa=1.07,dip_period_s=23.7,dip_duty=0.17,dip_depth=0.55")


@pytest.mark.parametrize("spec", [S13_55, S2026_142])
def test_a_cache_ending_in_a_sample_with_a_whole_dip(tmp_path, spec):
    analysis, got = analysed_after_fill(tmp_path, spec, "seq_fill", "wsat")
    assert got["problems"] == [], got["problems"]
    assert analysis["cache"]["censored"] == "none"
