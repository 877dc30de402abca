"""A dynamic cache after a sequential fill that ended in WSAT's second 5 s
sample, read with the fill's own log as the reference (issue 21;
docs/analysis.md, "The fill's own log as the reference";
second_sample_bounds in analysis.c). The cache is bounded: at least
the first sample and the second's excess over the folding, at most both
samples' bytes (a GC dip inside the second sample's cache share slows it,
and the split against the first sample's speed then reads too little).
The drive is the used-drive sweep's own, simulated as the sweep does it
and scored as the sweep scores it."""
import subprocess

import pytest

from used_drive_scoring import analysed_after_fill as scored, analysed_run

GIB = 2**30
COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 349's drive 30: 2156 MiB/s, then 1297 holding the end, then folding
# at 639 to 49.6 GiB, then GC; the model's cache 15.89 GiB, read 13.74-15.09
# (the split against 2156) when the cache's share of the second sample ran
# through a GC dip: "cache 13.74 GiB (at least), truth 15.89".
D349_30 = (COMMON + "capacity_gb=203,op_pct=26.47,bits=3,slc_type=dynamic,slc_seq_mibps=2352,"
           "slc_rand_iops=562951,native_seq_mibps=1112,native_rand_mibps=928.3,fold_mibps=768,"
           "floor_mibps=140.47,gc_gamma=1.30,link_mibps=7000,iops_cap=2000000,noise=0.05,"
           "noise_direct=0.04,seed=979572689,slc_gb=17,slc_wa=1,dip_period_s=10.3,"
           "dip_duty=0.19,dip_depth=0.43")


def test_a_cache_ended_in_the_second_sample_is_bounded_by_both_samples(tmp_path):
    a, got = scored(tmp_path, D349_30, state="seq_fill", workload="wsat")
    assert not got["problems"], got["problems"]
    c = a["cache"]
    assert c["censored"] == "resolution"
    assert c["bytes"] <= 15.89 * GIB <= c["bytes"] + c["uncertainty_bytes"]


# Seed 113's drive 34, a fresh drive's WSAT (no reference: a fresh run is
# analysed alone in every mode): 2732 MiB/s, then 1342 holding the end,
# then direct writes at 1130; the split against the first sample's speed
# bounded the cache at 7.81-15.08 GiB, the model's 16.00 (the share ran
# through a GC dip): "cache 7.81 GiB (at least), truth 16.00".
D113_34 = (COMMON + "capacity_gb=144,op_pct=19.99,bits=3,slc_type=dynamic,slc_seq_mibps=4822,"
           "slc_rand_iops=1057080,native_seq_mibps=1578,native_rand_mibps=1145.5,fold_mibps=854,"
           "floor_mibps=252.61,gc_gamma=2.15,link_mibps=7000,iops_cap=2000000,noise=0.02,"
           "noise_direct=0.08,seed=1039978187,slc_gb=16,slc_wa=1,dip_period_s=12.6,"
           "dip_duty=0.16,dip_depth=0.57")
# Seed 61's drive 138, the same with the second sample in a dip below the
# direct level: 1003 MiB/s, then 398, then direct writes at 443-490; "cache
# 2.55 GiB (at least)", at most the first sample's 4.9, the model's 5.93.
D61_138 = (COMMON + "capacity_gb=335,op_pct=21.59,bits=3,slc_type=static,slc_seq_mibps=1510,"
           "slc_rand_iops=256877,native_seq_mibps=806,native_rand_mibps=486.2,fold_mibps=806,"
           "floor_mibps=29.15,gc_gamma=2.12,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.08,seed=287228828,slc_gb=6.7,slc_wa=1.14,dip_period_s=25.3,"
           "dip_duty=0.17,dip_depth=0.49")


@pytest.mark.parametrize("spec, truth", [(D113_34, 16.00), (D61_138, 5.93)])
def test_a_first_sample_cache_whose_second_sample_is_off_the_level_is_bounded_by_both(
        tmp_path, spec, truth):
    a, got = analysed_run(spec, "fresh", "wsat", tmp_path / "run.csv")
    assert not got["problems"], got["problems"]
    c = a["cache"]
    assert c["censored"] == "resolution"
    assert c["bytes"] <= truth * GIB <= c["bytes"] + c["uncertainty_bytes"]


def test_a_cache_bounded_by_its_second_sample_is_not_said_to_end_in_the_first(tmp_path):
    # The bound reaches into the second sample, so the words must not say
    # the first: round 41 printed "it ended inside the first sample" here.
    run = tmp_path / "run.csv"
    a, _ = analysed_run(D113_34, "fresh", "wsat", run)
    assert a["cache"]["censored"] == "resolution"
    text = subprocess.run(["ssdcore", "analyze", str(run)], check=True, capture_output=True,
                          text=True).stdout
    line = next(x for x in text.splitlines() if x.strip().startswith("cache:"))
    assert "at most" in line and "inside the first sample or two" in line, line
    assert "inside the first sample;" not in line, line
