"""A used drive's dynamic cache ending inside WSAT's first 5 s sample,
then its folding for two samples (the second holding its end), then GC
(issue 21; docs/analysis.md, "The fill's own log as the reference"). The
cache test's two-level fit gave the folding's samples to the cache, and
their level was read as a GC dip inside it: a cache of 3.9-4.1 GiB, the
cache and its folding, for the model's 2 GiB. The folding lasts 10 s; the
drive's GC dips about 3 s (the run's own dips after the drop last a
sample): no dip, a level of its own, and the drop is in the first sample
(place_drop's level_before_fit). The drives are the used-drive sweep's own,
at their full size (seed and drive number in each)."""
import pytest

from analyze_cli import cli
from used_drive_scoring import score_run, simulate, simulate_fill

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 173's drive 15: 563 MB/s, 185, 119, then GC at 24 (the fill's log
# folded at 186 MB/s).
D173_15 = (COMMON + "capacity_gb=3515,op_pct=9.73,bits=2,slc_type=dynamic,slc_seq_mibps=1827,"
           "slc_rand_iops=372832,native_seq_mibps=654,native_rand_mibps=538.9,fold_mibps=215,"
           "floor_mibps=19.12,gc_gamma=2.11,link_mibps=7000,iops_cap=2000000,noise=0.02,"
           "noise_direct=0.04,seed=950095290,slc_gb=978,slc_wa=1,dip_period_s=27.6,"
           "dip_duty=0.12,dip_depth=0.32")
# Seed 313's drive 196: 549 MB/s, 180, 135, then GC at 20.
D313_196 = (COMMON + "capacity_gb=2932,op_pct=7.77,bits=2,slc_type=dynamic,slc_seq_mibps=1905,"
            "slc_rand_iops=369213,native_seq_mibps=517,native_rand_mibps=458.6,fold_mibps=195,"
            "floor_mibps=15.88,gc_gamma=2.04,link_mibps=7000,iops_cap=2000000,noise=0.00,"
            "noise_direct=0.08,seed=539007722,slc_gb=387,slc_wa=1,dip_period_s=10.9,"
            "dip_duty=0.17,dip_depth=0.54")
INTERVAL = (1, 1, 5)


@pytest.mark.parametrize("spec", [D173_15, D313_196], ids=["173-15", "313-196"])
def test_wsat_folding_after_a_first_sample_cache_is_no_dip(spec, tmp_path):
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "random_fill", "wsat", run, INTERVAL)
    simulate_fill(spec, "random_fill", fill, INTERVAL)
    assert [p["regime"] for p in truth["phases"]][:3] == ["slc", "fold", "gc"]
    want = truth["phases"][0]["bytes"]
    a = cli(run, "--reference", fill)
    c = a["cache"]
    assert c["censored"] == "resolution", c
    assert c["bytes"] <= want <= c["bytes"] + c["uncertainty_bytes"], c
    assert score_run(truth, series, a)["problems"] == []
