"""A fresh drive's used state whose direct writes dip (docs/analysis.md,
"Method", step 9's notes on the used state's onset, "Past a stretch that
was more dips"): the fits put the onset on samples below the direct
writes' undipped level, dips split over two samples or one whole dip
window in a sample, and the speed came back to that level after them. The
dips cost the same bytes a second, one dip more or less, and GC costs
more: the onset moves past the return when the stretch lost no more than
that. Seed 157's drive 163 (test_analysis_onset_fresh_dip_share.py), whose
GC bursts back to the level after 30 s that lost far more, stays right.
The drives are the sweep's own, at full size; each run is scored as the
sweep scores it (a fresh run is read alone in every mode)."""

import pytest

from used_drive_scoring import analysed_run

B = "sim:bx200,native_write_lat_us=0,"
L = "link_mibps=7000,iops_cap=2000000,"
RUNS = {
    # seed 367's drive 85, WSAT: 1240 MiB/s dipping every 30 s, then 491
    # (a whole dip in one sample, deeper than any before it), 1241, 1246,
    # 1238, then GC from 344.2 GiB ("used state at 314.3 GiB, truth 344.2")
    "s367_d85": (B + "capacity_gb=337,op_pct=19.14,bits=3,slc_type=static,slc_seq_mibps=5940,"
                 "slc_rand_iops=1031558,native_seq_mibps=1415,native_rand_mibps=1243.2,"
                 "fold_mibps=1415,floor_mibps=338.67,gc_gamma=0.93," + L +
                 "noise=0.05,noise_direct=0.04,seed=633395664,slc_gb=12.8,slc_wa=1.06,"
                 "dip_period_s=30.0,dip_duty=0.15,dip_depth=0.32", "wsat"),
    # seed 47's drive 75, WSAT: 563 MiB/s dipping every 12 s to about 440,
    # then 482, 497, 506, 510, 499 (dips split over two samples), 574, then GC
    # from 172.3 GiB ("used state at 159.6 GiB, truth 172.3")
    "s47_d75": (B + "capacity_gb=160,op_pct=26.27,bits=3,slc_type=static,slc_seq_mibps=1625,"
                "slc_rand_iops=330143,native_seq_mibps=919,native_rand_mibps=565.0,"
                "fold_mibps=919,floor_mibps=89.80,gc_gamma=2.23," + L +
                "noise=0.00,noise_direct=0.12,seed=1013326501,slc_gb=6.2,slc_wa=1.39,"
                "dip_period_s=11.7,dip_duty=0.18,dip_depth=0.48", "wsat"),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_fresh_onset_is_right(tmp_path, name):
    spec, wl = RUNS[name]
    _, got = analysed_run(spec, "fresh", wl, tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]
