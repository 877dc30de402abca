"""A fresh drive's used state whose direct writes hold a quiet level
(docs/analysis.md, "Method", step 9's notes on the used state's onset,
"The first sample out of the direct writes' noise band"): GC's first
samples are the first to leave that level's noise, and the knee (a level
then a line over a decline that scatters) or the scatter's jump put the
onset on samples still inside it. The drives are seed 367's own, at full
size; each run is scored as the sweep scores it (a fresh run is read alone
in every mode)."""

import pytest

from used_drive_scoring import analysed_run

B = "sim:bx200,native_write_lat_us=0,"
L = "link_mibps=7000,iops_cap=2000000,"
DC = "read_seq_mibps=6300,read_rand_iops=1000000,write_lat_us=15,"
RUNS = {
    # drive 74, WSAT: direct writes at 3569 MiB/s (1 %), then 3359, 3478,
    # 3262 from 540.3 GiB; the knee put the onset two samples early, on
    # 3610 and 3540 ("used state at 505.4 GiB, truth 553.8")
    "s367_d74": (B + "capacity_gb=486,op_pct=23.57,bits=3,slc_type=none,slc_gb=0,"
                 "native_seq_mibps=5082,native_rand_mibps=3572,fold_mibps=5082,"
                 "floor_mibps=2048.1,gc_gamma=1.37,gc_settle_gb=0,gc_spread=0.15," + L + DC +
                 "idle_gc_mibps=81,idle_gc_gb=1.9,noise=0.02,noise_direct=0.06,dip_duty=0,"
                 "seed=822482687"),
    # drive 103, WSAT: direct writes at 2234 MiB/s (0.5 %), then 2180,
    # 2108 from 2236.2 GiB and about 2190 after; the scatter's jump came
    # 14 samples early ("used state at 2083.4 GiB, before the model's
    # 2242.9")
    "s367_d103": (B + "capacity_gb=2011,op_pct=20.94,bits=3,slc_type=none,slc_gb=0,"
                  "native_seq_mibps=5277,native_rand_mibps=2234,fold_mibps=5277,"
                  "floor_mibps=1179.0,gc_gamma=1.99,gc_settle_gb=0,gc_spread=0.05," + L + DC +
                  "idle_gc_mibps=43,idle_gc_gb=9.8,noise=0.02,noise_direct=0.03,dip_duty=0,"
                  "seed=793706"),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_fresh_onset_is_right(tmp_path, name):
    _, got = analysed_run(RUNS[name], "fresh", "wsat", tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]
