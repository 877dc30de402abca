"""A used drive's static cache after a random fill, then the clean blocks
idle GC gave back, written at the direct level, then GC (issue 21;
docs/analysis.md, "The cache's end before the clean blocks after a random
fill"). The 2 GiB of clean blocks run for under a sample, so no sample
shows their level: the cache test measures the cache's drop against GC
and puts its end at the used state's, 2 GiB late. The fill's 4K log
measured the direct level, and the sample where the speed first leaves the
cache's level holds the cache's end against it. Two of the used-drive
sweep's drives, simulated as the sweep ran them (2 hours, 1 s samples)."""
import pytest

from analyze_cli import cli
from used_drive_scoring import score_run, simulate, simulate_fill

# Seed 331's drive 123: a 4.8 GiB static cache on 329 GB; its 2-hour run
# after a random fill at 2877 MB/s, then 2437 (the end, then direct writes
# at the fill log's 1.88 GB/s), 1210 (the clean blocks' end, then GC), then
# GC at 150: "cache 5.99 GiB, truth 4.02".
STATIC_331 = ("sim:bx200,native_write_lat_us=0,capacity_gb=329,op_pct=26.29,bits=3,"
              "slc_type=static,slc_seq_mibps=6257,slc_rand_iops=1535144,native_seq_mibps=2565,"
              "native_rand_mibps=1765.0,fold_mibps=2565,floor_mibps=137.43,gc_gamma=2.04,"
              "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.12,seed=760547858,"
              "slc_gb=4.8,slc_wa=1.20,dip_duty=0")
# Seed 157's drive 107: a 3.2 GiB static cache at 1.58 GB/s, then 1239 MB/s
# (its end, then direct writes at the fill log's 1.2 GB/s), 1097, then GC
# bursting from 206: "cache 5.07 GiB, truth 3.10".
STATIC_157 = ("sim:bx200,native_write_lat_us=0,capacity_gb=203,op_pct=25.09,bits=3,"
              "slc_type=static,slc_seq_mibps=2297,slc_rand_iops=387144,native_seq_mibps=1368,"
              "native_rand_mibps=1142.8,fold_mibps=1368,floor_mibps=196.86,gc_gamma=1.87,"
              "link_mibps=7000,iops_cap=2000000,noise=0.02,noise_direct=0.00,seed=472724309,"
              "slc_gb=3.2,slc_wa=1.04,dip_period_s=17.0,dip_duty=0.13,dip_depth=0.41")
INTERVAL_1S = (1, 1, 5)


@pytest.mark.parametrize("spec", [STATIC_331, STATIC_157], ids=["331-123", "157-107"])
def test_a_static_cache_ends_before_the_clean_blocks_after_a_random_fill(tmp_path, spec):
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "random_fill", "2h", run, INTERVAL_1S)
    simulate_fill(spec, "random_fill", fill, INTERVAL_1S)
    a = cli(run, "--reference", fill)
    want = truth["phases"][1]["start_bytes"]
    assert a["cache"] is not None
    assert abs(a["cache"]["bytes"] - want) <= 0.05 * want, (a["cache"]["bytes"], want)
    assert score_run(truth, series, a)["problems"] == []
