"""A used drive's folding after a sequential fill, read by where GC's
scatter starts (docs/analysis.md, "Round 48: a used drive's folding ends
where GC's scatter starts"). After a sequential fill a dynamic cache took
the spare area's clean blocks: what follows it is its folding, one quiet
level at the flash's program rate, then GC, whose speed scatters with each
victim's valid data. A folding of 25-35 samples with 3-5 % of noise was
read as the used state's start: the band about its first samples
(fold_run_in_used_state) ended at one of its own samples, and the
segmentation gave it to GC's phase (a lasting phase of a 2-hour run is 72
samples). Direct writes to the clean blocks the cache left, a level a step
faster, may come before the folding (3-16 samples): the used state was
put at the cache's end. The drives are the sweep's own, at full
size: 4K random runs after a sequential fill, read with the fill's log
(128K sequential from a purge: another workload, read for its cache's kind
and size) and without a reference."""

import pytest

from analyze_cli import cli, regimes
from used_drive_scoring import score_run, simulate, simulate_fill

GIB = 2**30
COMMON = "sim:bx200,native_write_lat_us=0,"
INTERVAL = (1, 1, 5)
RUNS = {
    # seed 439's drive 157: 13.4 GiB of cache at 2767 MiB/s, folding at
    # 786-930 to 42.3 GiB, then GC scattering 363-719 ("used state at 13.4
    # GiB, truth 42.3")
    "s439_d157": (COMMON + "capacity_gb=186,op_pct=24.77,bits=3,slc_type=dynamic,"
                  "slc_seq_mibps=6420,slc_rand_iops=1492963,native_seq_mibps=3133,"
                  "native_rand_mibps=1807.7,fold_mibps=1447,floor_mibps=380.36,gc_gamma=1.59,"
                  "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,"
                  "seed=534564962,slc_gb=34,slc_wa=1,dip_duty=0", 42.3),
    # seed 479's drive 146: 9.4 GiB of cache at 2391 MiB/s, folding at
    # 389-451 to 19.6 GiB, then GC scattering 303-699 ("used state at 9.4
    # GiB, truth 19.6")
    "s479_d146": (COMMON + "capacity_gb=172,op_pct=13.03,bits=2,slc_type=dynamic,"
                  "slc_seq_mibps=3658,slc_rand_iops=613263,native_seq_mibps=1572,"
                  "native_rand_mibps=1144.0,fold_mibps=567,floor_mibps=317.89,gc_gamma=2.17,"
                  "link_mibps=7000,iops_cap=2000000,noise=0.02,noise_direct=0.12,"
                  "seed=971898593,slc_gb=33,slc_wa=1,dip_period_s=27.6,dip_duty=0.11,"
                  "dip_depth=0.43", 19.6),
}
# cache, direct writes, folding, GC (WSAT's 5 s samples, or 2 hours)
DIRECT_FIRST = {
    # seed 491's drive 32: 29.9 GiB of cache, 7 samples of direct writes at
    # 463-544 MiB/s to 48.5 GiB, folding at 158-166 to 215.1, then GC
    # ("used state at 31.5 GiB, truth 48.5")
    "s491_d32": (COMMON + "capacity_gb=983,op_pct=23.93,bits=2,slc_type=dynamic,"
                 "slc_seq_mibps=2971,slc_rand_iops=694810,native_seq_mibps=883,"
                 "native_rand_mibps=531.1,fold_mibps=269,floor_mibps=126.17,gc_gamma=1.52,"
                 "link_mibps=7000,iops_cap=2000000,noise=0.02,noise_direct=0.08,seed=78867417,"
                 "slc_gb=109,slc_wa=1,dip_period_s=9.2,dip_duty=0.10,dip_depth=0.39",
                 "wsat", 48.5, 215.1),
    # seed 101's drive 119: 29.9 GiB of cache, 3 samples of direct writes at
    # 308-322 MiB/s to 35.3 GiB, folding at 113-117 to 111.0, then GC
    # ("used state at 30.7 GiB, truth 35.3")
    "s101_d119": (COMMON + "capacity_gb=497,op_pct=24.19,bits=2,slc_type=dynamic,"
                  "slc_seq_mibps=2216,slc_rand_iops=448328,native_seq_mibps=606,"
                  "native_rand_mibps=319.3,fold_mibps=220,floor_mibps=86.53,gc_gamma=2.28,"
                  "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.08,"
                  "seed=888895622,slc_gb=55,slc_wa=1,dip_duty=0", "wsat", 35.3, 111.0),
    # seed 463's drive 83, 2 hours: 11.0 GiB of cache, 16 samples of direct
    # writes at 245-292 MiB/s to 15.2 GiB, folding at 139-165 to 27.2, then
    # GC ("used state at 10.6 GiB, truth 27.2")
    "s463_d83": (COMMON + "capacity_gb=192,op_pct=15.83,bits=2,slc_type=dynamic,"
                 "slc_seq_mibps=2479,slc_rand_iops=462182,native_seq_mibps=571,"
                 "native_rand_mibps=268.6,fold_mibps=323,floor_mibps=37.85,gc_gamma=1.46,"
                 "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,"
                 "seed=318435118,slc_gb=11,slc_wa=1,dip_duty=0", "2h", 15.2, 27.2),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_a_used_drives_folding_ends_where_gcs_scatter_starts(tmp_path, name):
    spec, gc_at = RUNS[name]
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "seq_fill", "2h", run, INTERVAL)
    simulate_fill(spec, "seq_fill", fill, INTERVAL)
    for a in (cli(run, "--reference", fill), cli(run)):
        assert regimes(a) == ["cache", "folding", "gc"], a["phases"]
        assert a["gc"]["start_bytes"] / GIB == pytest.approx(gc_at, rel=0.05)
        assert not score_run(truth, series, a)["problems"]


@pytest.mark.parametrize("name", sorted(DIRECT_FIRST))
def test_direct_writes_then_a_folding_that_ends_where_gcs_scatter_starts(tmp_path, name):
    spec, wl, fold_at, gc_at = DIRECT_FIRST[name]
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "seq_fill", wl, run, INTERVAL)
    simulate_fill(spec, "seq_fill", fill, INTERVAL)
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "direct", "folding", "gc"], a["phases"]
    assert a["folding"]["start_bytes"] / GIB == pytest.approx(fold_at, rel=0.05)
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(gc_at, rel=0.05)
    assert not score_run(truth, series, a)["problems"]
