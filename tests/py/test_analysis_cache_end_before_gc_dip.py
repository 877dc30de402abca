"""A fresh drive's short cache whose end shares its sample with the start
of one of the run's periodic GC dips (docs/analysis.md, the cache's end
split against a GC dip for the dip's time inside the drop's sample): the
run's other dips' length, in fractional samples, less the dip's time seen
after the drop's sample is its time inside it, and the sample is split by
the speed factor over it. The drives are the used-drive sweep's own, at
full size; each run is scored as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

# Seed 11's drive 134 (fill, 1 s samples: 3360 MB/s, then 1526 holding the
# end and 0.9 s of a dip, 1032 twice, 1121, then 1482 with dips to 0.7 of
# 3.7 s): split against 1482 alone, "3.20 GiB, truth 3.88". The guard,
# seed 157's drive 6 (2 hours: 2877 three times, 893 holding the end and
# 0.2 s of a dip, 292 three times, 460, then 852 with dips of 3.9 s):
# split against the dip's level alone (round 27's rule), 8.66 for 8.24.
S11_134 = ("sim:bx200,native_write_lat_us=0,capacity_gb=152,op_pct=18.97,bits=2,slc_type=static,"
           "slc_seq_mibps=3170,slc_rand_iops=598887,native_seq_mibps=1413,native_rand_mibps=1138.7,"
           "fold_mibps=1413,floor_mibps=339.98,gc_gamma=2.15,link_mibps=7000,iops_cap=2000000,"
           "noise=0.05,noise_direct=0.00,seed=685383492,slc_gb=5.4,slc_wa=1.39,dip_period_s=20.8,"
           "dip_duty=0.18,dip_depth=0.42")
S157_6 = ("sim:bx200,native_write_lat_us=0,capacity_gb=422,op_pct=16.18,bits=3,slc_type=static,"
          "slc_seq_mibps=5764,slc_rand_iops=1430439,native_seq_mibps=1747,native_rand_mibps=812.6,"
          "fold_mibps=1747,floor_mibps=202.39,gc_gamma=1.94,link_mibps=7000,iops_cap=2000000,"
          "noise=0.00,noise_direct=0.00,seed=447488485,slc_gb=9.3,slc_wa=1.14,dip_period_s=21.8,"
          "dip_duty=0.18,dip_depth=0.36")


@pytest.mark.parametrize("spec, wl", [(S11_134, "fill"), (S157_6, "2h")])
def test_a_fresh_cache_ending_where_a_gc_dip_begins(tmp_path, spec, wl):
    _, got = analysed_run(spec, "fresh", wl, tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]
