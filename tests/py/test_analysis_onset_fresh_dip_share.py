"""A fresh drive's used state whose direct writes dip (docs/analysis.md,
"Method", step 9's notes on the used state's onset, "Where the share of
samples off the level changes"): GC's first samples mix sags with bursts
back to the direct level, and the knee or the slide's walk put the onset on
a direct-write dip before it or past a burst after it. The onset is the
change in how often the samples fall half a step off the level. The drives
are the sweep's own, at full size; each run is scored as the sweep scores
it (a fresh run is read alone in every mode)."""

import pytest

from used_drive_scoring import analysed_run

B = "sim:bx200,native_write_lat_us=0,"
L = "link_mibps=7000,iops_cap=2000000,"
RUNS = {
    # seed 157's drive 163, WSAT: 1050 MiB/s with dips to 500-850 in 29 %
    # of its samples, GC from 179.8 GiB at 879, 551, 778, 716, 734, 722,
    # a burst at 1042, then 820-1026 ("used state at 205.0 GiB, truth 179.8")
    "s157_d163": (B + "capacity_gb=163,op_pct=19.62,bits=2,slc_type=none,slc_seq_mibps=5235,"
                  "slc_rand_iops=866962,native_seq_mibps=2177,native_rand_mibps=1045.9,"
                  "fold_mibps=2177,floor_mibps=251.47,gc_gamma=2.02," + L +
                  "noise=0.00,noise_direct=0.08,seed=820988695,slc_gb=0,dip_period_s=26.3,"
                  "dip_duty=0.16,dip_depth=0.41", "wsat"),
    # seed 331's drive 155, WSAT: 1507 MiB/s with dips to 1374 in 41 % of
    # its samples, then GC at 80-180 from 733.4 GiB; the slide's walk went
    # back over the dips ("used state at 685.2 GiB, truth 733.4")
    "s331_d155": (B + "capacity_gb=629,op_pct=26.44,bits=3,slc_type=none,slc_seq_mibps=4411,"
                  "slc_rand_iops=970943,native_seq_mibps=2098,native_rand_mibps=1611.9,"
                  "fold_mibps=2098,floor_mibps=58.13,gc_gamma=0.80," + L +
                  "noise=0.02,noise_direct=0.00,seed=103893368,slc_gb=0,dip_period_s=11.8,"
                  "dip_duty=0.15,dip_depth=0.57", "wsat"),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_fresh_onset_is_right(tmp_path, name):
    spec, wl = RUNS[name]
    _, got = analysed_run(spec, "fresh", wl, tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]
