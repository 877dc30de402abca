"""A fresh drive's short cache whose first sample is slow, the job's ramp
or a GC dip it started in (docs/analysis.md, "Short caches at the start",
round 40): the cache's level and its share of samples at speed are judged
without that sample, which stays in the cache's bytes. The drives are the
used-drive sweep's own, at full size; each run is scored as the sweep
scores it."""

import pytest

from used_drive_scoring import analysed_run

# Seed 311's drive 112, fresh 2 hours (1-second samples): 1239, 2615, the
# drop's 2291 MiB/s, then direct writes at 769: 2 of 3 samples at speed,
# "cache of 5.85 GiB missed".
S311_112 = ("sim:bx200,native_write_lat_us=0,capacity_gb=689,op_pct=8.79,bits=2,"
            "slc_type=static,slc_seq_mibps=3131,slc_rand_iops=675725,native_seq_mibps=1791,"
            "native_rand_mibps=768.5,fold_mibps=1791,floor_mibps=94.45,gc_gamma=1.33,"
            "link_mibps=7000,iops_cap=2000000,noise=0.02,noise_direct=0.04,seed=345978422,"
            "slc_gb=7.4,slc_wa=1.27,dip_period_s=18.1,dip_duty=0.15,dip_depth=0.43")
# Seed 151's drive 8, fresh WSAT (5-second samples): 1858, 2627, 2744,
# then direct writes at 1850-1950 with GC dips: the first three samples
# were no level, "cache of 37.00 GiB missed".
S151_8 = ("sim:bx200,native_write_lat_us=0,capacity_gb=259,op_pct=7.68,bits=2,"
          "slc_type=dynamic,slc_seq_mibps=5551,slc_rand_iops=1153766,native_seq_mibps=2721,"
          "native_rand_mibps=1907.8,fold_mibps=833,floor_mibps=257.42,gc_gamma=2.49,"
          "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.12,seed=459097627,"
          "slc_gb=37,slc_wa=1,dip_period_s=26.8,dip_duty=0.16,dip_depth=0.55")


@pytest.mark.parametrize("spec, wl", [(S311_112, "2h"), (S151_8, "wsat")])
def test_a_short_cache_after_a_slow_first_sample(tmp_path, spec, wl):
    analysis, got = analysed_run(spec, "fresh", wl, tmp_path / "run.csv")
    assert analysis["cache"] is not None
    assert got["problems"] == [], got["problems"]
