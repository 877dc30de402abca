"""Fresh runs of the used-drive sweep with a dynamic SLC cache whose
direct writes and folding the analysis read wrong before round 39
(docs/analysis.md, "Method", the cache test's notes and step 9's notes on
the used state's onset): a quiet direct-write level shorter than a lasting
phase between the cache and its folding, taken for a spread drop; and GC's
first bursts, about the folding's level, given to the quiet folding before
them. The drives are the sweep's own, at full size; each run is scored as
the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

B = "sim:bx200,native_write_lat_us=0,link_mibps=7000,iops_cap=2000000,"
RUNS = {
    # seed 347's drive 172, 2 hours: 45 samples at 2744 MiB/s, 43 at 1879
    # flat, then folding at 1149 for 300 s, in a 7,200-sample run whose
    # lasting phase is 72; the 43 taken for a spread drop ("cache 200.83
    # GiB, truth 123.00")
    ("s347_d172", "2h"): (B + "capacity_gb=448,op_pct=8.22,bits=3,slc_type=dynamic,"
                          "slc_seq_mibps=6312,slc_rand_iops=1452353,native_seq_mibps=2148,"
                          "native_rand_mibps=1879.2,fold_mibps=1313,floor_mibps=164.39,"
                          "gc_gamma=2.12,noise=0.00,noise_direct=0.00,seed=113541966,slc_gb=123,"
                          "slc_wa=1,dip_duty=0"),
    # seed 317's drive 149, WSAT: the folding flat at 1085 MiB/s from 168.9
    # GiB, then GC scattering 850-1689 from 206.3, one folding phase to
    # 393.9 ("used state at 393.9 GiB, truth 207.6")
    ("s317_d149", "wsat"): (B + "capacity_gb=176,op_pct=18.55,bits=2,slc_type=dynamic,"
                            "slc_seq_mibps=5370,slc_rand_iops=1259424,native_seq_mibps=3085,"
                            "native_rand_mibps=1953.9,fold_mibps=1716,floor_mibps=509.42,"
                            "gc_gamma=1.32,noise=0.05,noise_direct=0.04,seed=830998188,"
                            "slc_gb=23,slc_wa=1,dip_duty=0"),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_fresh_dynamic_cache_levels_read_right(tmp_path, name):
    _, got = analysed_run(RUNS[name], "fresh", name[1], tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]
