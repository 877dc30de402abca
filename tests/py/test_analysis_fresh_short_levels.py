"""Fresh drives whose cache or folding lasts a few samples (docs/analysis.md,
"Short caches at the start" and the merge of close neighbours, round 40).
The drives are the used-drive sweep's own, at full size; each run is
scored as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

# Seed 47's drive 126, fresh WSAT (5-second samples): direct writes at
# 2744 MiB/s flat to 134 GiB, then folding at 1919 flat for 4 samples (the
# drop's 2030 before them), then GC at 600-1100. Judged at the run's noise
# (GC's), the folding merged into the direct writes: "folding from 135.9
# GiB missed".
S47_126 = ("sim:bx200,native_write_lat_us=0,capacity_gb=156,op_pct=19.48,bits=3,"
           "slc_type=dynamic,slc_seq_mibps=6319,slc_rand_iops=1335802,native_seq_mibps=3512,"
           "native_rand_mibps=3104.1,fold_mibps=2171,floor_mibps=362.52,gc_gamma=0.95,"
           "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.00,seed=390856303,"
           "slc_gb=18,slc_wa=1,dip_duty=0")
# Seed 47's drive 119, fresh 2 hours (1-second samples): 2762, 2801 and
# the drop's 2407 MiB/s, then direct writes at 1320-1370 for 500 GiB. The
# block segmentation's first segment was 25 samples, the split after the
# third short of the run's penalty: "cache of 7.42 GiB missed".
S47_119 = ("sim:bx200,native_write_lat_us=0,capacity_gb=472,op_pct=22.94,bits=2,"
           "slc_type=static,slc_seq_mibps=6188,slc_rand_iops=1438159,native_seq_mibps=3135,"
           "native_rand_mibps=1359.0,fold_mibps=3135,floor_mibps=284.05,gc_gamma=1.82,"
           "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.04,seed=1064749288,"
           "slc_gb=8.9,slc_wa=1.21,dip_period_s=18.6,dip_duty=0.20,dip_depth=0.46")
# The guard: seed 11's drive 93, fresh 2 hours: a 34 GiB cache at 2744
# MiB/s carved by GC dips of 1-2 samples (to 780-1050) for 17 samples,
# then direct writes at 815. A split after its first two samples, judged
# at the noise of the samples after it, cut the cache there and the rest
# merged into the direct writes ("cache of 34.00 GiB missed").
S11_93 = ("sim:bx200,native_write_lat_us=0,capacity_gb=184,op_pct=10.90,bits=3,"
          "slc_type=dynamic,slc_seq_mibps=4030,slc_rand_iops=1003118,native_seq_mibps=1744,"
          "native_rand_mibps=808.8,fold_mibps=734,floor_mibps=99.02,gc_gamma=1.18,"
          "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.08,seed=423120478,"
          "slc_gb=34,slc_wa=1,dip_period_s=18.9,dip_duty=0.15,dip_depth=0.31")


@pytest.mark.parametrize("spec, wl", [(S47_126, "wsat"), (S47_119, "2h"), (S11_93, "2h")])
def test_a_fresh_drive_s_short_level(tmp_path, spec, wl):
    _, got = analysed_run(spec, "fresh", wl, tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]
