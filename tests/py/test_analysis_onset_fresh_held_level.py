"""Fresh runs of the used-drive sweep whose used state the analysis put on
a GC dip of the direct writes, the level then back and held for longer
than the dip lasted before GC began (docs/analysis.md, "Method", step 9's
notes on the used state's onset: "A dip the direct level comes back from
and holds"). The drives are the sweep's own, at full size; each run is
scored as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

B = "sim:bx200,native_write_lat_us=0,link_mibps=7000,iops_cap=2000000,"
RUNS = {
    # seed 127's drive 11, 2 hours: direct writes at 864 MiB/s, a dip of
    # 408, 294, 294, 294, 636, then 864 for 14 samples, then GC from 170.0
    # GiB ("used state at 157.4 GiB, truth 170.0")
    ("s127_d11", "2h"): (B + "capacity_gb=167,op_pct=11.10,bits=2,slc_type=static,"
                         "slc_seq_mibps=5179,slc_rand_iops=1098940,native_seq_mibps=1580,"
                         "native_rand_mibps=824.1,fold_mibps=1580,floor_mibps=174.20,"
                         "gc_gamma=2.13,noise=0.02,noise_direct=0.00,seed=168580511,slc_gb=0.9,"
                         "slc_wa=1.35,dip_period_s=29.7,dip_duty=0.14,dip_depth=0.34"),
    # seed 131's drive 175, WSAT, no SLC cache: 1137 MiB/s, then 694, 1150,
    # 770, then 1156, 1133, 1159, then GC from 310.8 GiB ("used state at
    # 279.4 GiB, truth 310.8")
    ("s131_d175", "wsat"): (B + "capacity_gb=281,op_pct=19.94,bits=2,slc_type=none,"
                            "slc_seq_mibps=3522,slc_rand_iops=770224,native_seq_mibps=1474,"
                            "native_rand_mibps=1093.7,fold_mibps=1474,floor_mibps=310.52,"
                            "gc_gamma=1.88,noise=0.05,noise_direct=0.12,seed=197357553,slc_gb=0,"
                            "dip_period_s=24.8,dip_duty=0.17,dip_depth=0.56"),
    # seed 173's drive 73, 2 hours: direct writes at 535 MiB/s, a dip of
    # 324, 162, 453, back for 9 samples, a dip of 184, 164, back for 9,
    # then GC from 138.2 GiB ("used state at 127.7 GiB, truth 138.2")
    ("s173_d73", "2h"): (B + "capacity_gb=127,op_pct=23.09,bits=3,slc_type=static,"
                         "slc_seq_mibps=3892,slc_rand_iops=832763,native_seq_mibps=1089,"
                         "native_rand_mibps=511.7,fold_mibps=1089,floor_mibps=116.63,"
                         "gc_gamma=0.86,noise=0.00,noise_direct=0.08,seed=499833858,slc_gb=2.6,"
                         "slc_wa=1.44,dip_period_s=20.3,dip_duty=0.09,dip_depth=0.31"),
    # seed 53's drive 87, 2 hours, no SLC cache: 835 MiB/s, a dip of 439,
    # 284, back at 833-859 for 6 samples, then GC from 179.2 GiB ("used
    # state at 170.2 GiB, truth 179.2")
    ("s53_d87", "2h"): (B + "capacity_gb=177,op_pct=9.76,bits=3,slc_type=none,"
                        "slc_seq_mibps=4254,slc_rand_iops=1060536,native_seq_mibps=1420,"
                        "native_rand_mibps=800.5,fold_mibps=1420,floor_mibps=123.18,"
                        "gc_gamma=1.87,noise=0.05,noise_direct=0.08,seed=58057944,slc_gb=0,"
                        "dip_period_s=14.4,dip_duty=0.12,dip_depth=0.31"),
}


@pytest.mark.parametrize("name,workload", sorted(RUNS))
def test_a_dip_the_level_comes_back_from_is_no_onset(tmp_path, name, workload):
    _, got = analysed_run(RUNS[name, workload], "fresh", workload, tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]
