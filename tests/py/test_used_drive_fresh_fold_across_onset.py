"""A fresh drive's folding that the onset rules cut in two (issue 21; docs/
analysis.md, "Round 48: a fresh drive's folding across the capacity"). A
dynamic cache that runs at the direct writes' speed (4K random writes capped
by the drive's IOPS, cache or not) shows no cache, and its folding starts
before the capacity has been written and ends past it, a quiet level a step
below the direct writes, shorter than a lasting phase. A fresh drive's onset
is placed no earlier than the capacity, so the folding's first samples went
to the direct writes and the rest to the used state: "folding from N GiB
missed", the used state read at the capacity. Folding runs at one quiet
program rate; GC's speed scatters with each victim's valid data: the quiet
level between the direct writes and the scatter is the folding. The drives
are the used-drive sweep's own (seed and drive number), simulated as the
sweep does it and scored as it scores it; each failed before round 48."""

import pytest

from used_drive_scoring import analysed_run

COMMON = "sim:bx200,native_write_lat_us=0,"
DRIVES = {
    # Seed 433's drive 3: direct writes (cache and native at one speed) at
    # 2744 MiB/s to 147.1 GiB, folding at 1506 (no noise) for 31 s, then GC
    # scattering 225-2776 from 192.7; the used state was read from the
    # capacity, 157.6.
    "433-3": ("capacity_gb=169,op_pct=12.36,bits=2,slc_type=dynamic,slc_seq_mibps=6033,"
              "slc_rand_iops=1342581,native_seq_mibps=3405,native_rand_mibps=2776.2,"
              "fold_mibps=1847,floor_mibps=107.25,gc_gamma=2.08,link_mibps=7000,"
              "iops_cap=2000000,noise=0.00,noise_direct=0.00,seed=663156816,slc_gb=28,"
              "slc_wa=1,dip_duty=0"),
    # Seed 433's drive 63: the same with GC dips in the direct writes
    # (2440-2730 MiB/s, a dip to 726), folding at 1483-1759 from 138.3 GiB,
    # GC from 188.9; the used state was read from 146.8.
    "433-63": ("capacity_gb=158,op_pct=16.19,bits=2,slc_type=dynamic,slc_seq_mibps=6021,"
               "slc_rand_iops=1196178,native_seq_mibps=3071,native_rand_mibps=2504.5,"
               "fold_mibps=1972,floor_mibps=450.99,gc_gamma=1.23,link_mibps=7000,"
               "iops_cap=2000000,noise=0.02,noise_direct=0.12,seed=485810417,slc_gb=31,"
               "slc_wa=1,dip_period_s=14.8,dip_duty=0.18,dip_depth=0.33"),
    # Seed 487's drive 46: direct writes at 2744 MiB/s to 169.7 GiB, folding
    # at 1616 for 23 s, GC scattering about 2000 from 205.8; the used state
    # was read from 186.5, 12 samples of folding before GC in it.
    "487-46": ("capacity_gb=186,op_pct=11.77,bits=2,slc_type=dynamic,slc_seq_mibps=5722,"
               "slc_rand_iops=1185694,native_seq_mibps=3074,native_rand_mibps=2748.4,"
               "fold_mibps=1808,floor_mibps=302.39,gc_gamma=2.12,link_mibps=7000,"
               "iops_cap=2000000,noise=0.02,noise_direct=0.00,seed=626055490,slc_gb=22,"
               "slc_wa=1,dip_duty=0"),
    # Seed 487's drive 187: a cache at 2733 MiB/s to 33 GiB, direct writes at
    # 1413 to 107.2, folding at 815-969 for 60 s, then GC at 75; one phase
    # from the cache's end to GC, the used state read from the capacity,
    # 123.8 GiB, for the model's 160.2.
    "487-187": ("capacity_gb=133,op_pct=14.32,bits=2,slc_type=dynamic,slc_seq_mibps=4904,"
                "slc_rand_iops=1183885,native_seq_mibps=1653,native_rand_mibps=1423.1,"
                "fold_mibps=1030,floor_mibps=71.44,gc_gamma=1.05,link_mibps=7000,"
                "iops_cap=2000000,noise=0.02,noise_direct=0.12,seed=570105476,slc_gb=33,"
                "slc_wa=1,dip_period_s=19.8,dip_duty=0.14,dip_depth=0.32"),
}


@pytest.mark.parametrize("name", sorted(DRIVES))
def test_a_fresh_drive_s_folding_across_the_capacity_is_found(name, tmp_path):
    a, got = analysed_run(COMMON + DRIVES[name], "fresh", "2h", tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]
    assert a["folding"] is not None and a["gc"] is not None, a["phases"]
