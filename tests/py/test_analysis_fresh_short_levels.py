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


@pytest.mark.parametrize("spec, wl", [(S47_126, "wsat")])
def test_a_fresh_drive_s_short_level(tmp_path, spec, wl):
    _, got = analysed_run(spec, "fresh", wl, tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]
