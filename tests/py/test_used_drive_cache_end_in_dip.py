"""A used drive's cache whose end fell inside one of the drive's own GC
dips (docs/analysis.md, "Round 49: a used cache's end inside one of the
drive's dips"): the cache test ended the cache where the dip began and
read the dip's samples, at about half the cache's speed, as direct
writes before the folding. The same drive's fresh run of the workload
(the sweep's --reference) shows its dips where they are unambiguous,
periodic through its direct writes: their depth and length. Whole
samples at the cache's level times that depth, lasting no longer than a
dip, then the folding level the fresh run showed, are the cache in a
dip: a drive that folds its cache folds right after its end. The drives
are the used-drive sweep's own, at full size, each run scored as the
sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

# Seed 443's drive 71, 2 hours after a random fill: a 2 GiB dynamic
# cache at 390 MiB/s, a dip of 4.3 s from 3.5 s (290 holding its start,
# then 196, 196, 195), the cache's end at 7.0 s inside it, then folding
# at 121 (the fresh run's folding level): "cache 1.33 GiB, truth 2.00".
S443_71 = ("sim:bx200,native_write_lat_us=0,capacity_gb=122,op_pct=23.59,bits=2,"
           "slc_type=dynamic,slc_seq_mibps=494,slc_rand_iops=115608,native_seq_mibps=262,"
           "native_rand_mibps=179.6,fold_mibps=176,floor_mibps=6.67,gc_gamma=1.19,"
           "link_mibps=560,iops_cap=100000,noise=0.00,noise_direct=0.04,seed=305488272,"
           "slc_gb=18,slc_wa=1,dip_period_s=25.3,dip_duty=0.17,dip_depth=0.51")
# Seed 479's drive 33, the same with a dip of 4.5 s from 4.0 s (184, 175
# after the 392 cache), the end at 6.7 s, then folding at 88: "cache
# 1.54 GiB, truth 2.00".
S479_33 = ("sim:bx200,native_write_lat_us=0,capacity_gb=300,op_pct=22.45,bits=3,"
           "slc_type=dynamic,slc_seq_mibps=435,slc_rand_iops=107797,native_seq_mibps=232,"
           "native_rand_mibps=152.5,fold_mibps=134,floor_mibps=6.41,gc_gamma=1.82,"
           "link_mibps=560,iops_cap=100000,noise=0.05,noise_direct=0.04,seed=72738079,"
           "slc_gb=41,slc_wa=1,dip_period_s=28.3,dip_duty=0.16,dip_depth=0.43")


@pytest.mark.parametrize("spec", [S443_71, S479_33])
def test_a_cache_end_inside_a_dip_of_the_drive(tmp_path, spec):
    fresh, used = tmp_path / "fresh.csv", tmp_path / "used.csv"
    analysed_run(spec, "fresh", "2h", fresh)
    _, got = analysed_run(spec, "random_fill", "2h", used, reference=fresh)
    assert got["problems"] == [], got["problems"]
