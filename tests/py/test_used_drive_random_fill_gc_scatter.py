"""A drive filled at random writes, then idle: its next run writes the few
GiB of clean blocks idle GC gave back (a cache of them, their folding or
direct writes), then every host write waits for GC, whose first seconds
scatter with their victims' valid data, from up to the direct speed down
to the used state's level, holding no level. The segmentation gave that
stretch to the phase before the used state, and the onset came where the
scatter settled, tens of GiB late (issue 21; docs/analysis.md, "Round 49:
a random fill's first GC stretch is no level"). The drives are the
used-drive sweep's own (seed and drive number), simulated as the sweep
does it and scored as it scores it; each failed before round 49."""

import pytest

from used_drive_scoring import analysed_run

GIB = 2**30
COMMON = "sim:bx200,native_write_lat_us=0,"
DRIVES = {
    # Seed 509's drive 14, the 128K fill, no SLC: 1886 MiB/s in the first
    # sample (the 2 GiB idle GC cleaned), then 550, 372, 269, 270, 360,
    # 427, 328, 270 ... to 6.4 GiB, then GC at 269 with bursts to 590: read
    # as direct writes at 354 MiB/s to 6.4 GiB, truth 2.0.
    "509-14": ("capacity_gb=168,op_pct=25.54,bits=2,slc_type=none,slc_seq_mibps=6166,"
               "slc_rand_iops=1574755,native_seq_mibps=1886,native_rand_mibps=972.9,"
               "fold_mibps=1886,floor_mibps=139.01,gc_gamma=1.67,link_mibps=7000,"
               "iops_cap=2000000,noise=0.00,noise_direct=0.00,seed=1002740840,slc_gb=0,"
               "dip_duty=0"),
    # Seed 433's drive 63, the 128K fill: a 2 GiB dynamic cache in the first
    # sample at 3381 MiB/s, then GC from 4.0 GiB scattering 507-1566 (1330,
    # 672, 1566, 936, 567, 650, 1476 ...): read as direct writes at 770
    # MiB/s to 26.5 GiB.
    "433-63": ("capacity_gb=158,op_pct=16.19,bits=2,slc_type=dynamic,slc_seq_mibps=6021,"
               "slc_rand_iops=1196178,native_seq_mibps=3071,native_rand_mibps=2504.5,"
               "fold_mibps=1972,floor_mibps=450.99,gc_gamma=1.23,link_mibps=7000,"
               "iops_cap=2000000,noise=0.02,noise_direct=0.12,seed=485810417,slc_gb=31,"
               "slc_wa=1,dip_period_s=14.8,dip_duty=0.18,dip_depth=0.33"),
}


@pytest.mark.parametrize("name", sorted(DRIVES))
def test_a_random_fill_s_gc_scatter_is_the_used_state(name, tmp_path):
    a, got = analysed_run(COMMON + DRIVES[name], "random_fill", "fill", tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]
    assert a["gc"] is not None and a["gc"]["start_bytes"] < 6 * GIB, a["phases"]
