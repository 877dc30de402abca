"""The used state after a random fill's dynamic cache and its noisy
folding, no reference (issue 21; docs/analysis.md; quiet_level_before_used
in regimes_used.c). The sample holding the cache's end runs between the
cache and its folding; the folding's own samples scatter by the drive's
noise, two neighbours more than half a step apart, but the three after
the drop's sample lie within a step of their median: that is the level
the walk follows to GC. The drive is the used-drive sweep's own (its
seed and drive number), simulated as the sweep does it."""
from pathlib import Path

from used_drive_scoring import analysed_run

COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 101's drive 167, a fill after a random fill: the 2 GiB cache at
# 498 MiB/s for 4 samples, 160 holding its end, then folding at 113-134
# (12 % noise) to 4.0 GiB, then GC at 25-30: "used state at 3.7 GiB,
# truth 4.0" (the segmentation's boundary kept: the walk saw no level
# after the 160, its next two samples 134 and 117 half a step apart).
D101_167 = (COMMON + "capacity_gb=380,op_pct=19.29,bits=2,slc_type=dynamic,slc_seq_mibps=498,"
            "slc_rand_iops=122745,native_seq_mibps=286,native_rand_mibps=226.4,fold_mibps=121,"
            "floor_mibps=21.17,gc_gamma=1.03,link_mibps=560,iops_cap=100000,noise=0.00,"
            "noise_direct=0.12,seed=363943437,slc_gb=61,slc_wa=1,dip_duty=0")


def test_the_used_state_starts_where_a_noisy_folding_ends(tmp_path: Path):
    a, got = analysed_run(D101_167, "random_fill", "fill", tmp_path / "run.csv")
    assert not got["problems"], got["problems"]
    assert abs(a["gc"]["start_bytes"] - 4 * 2**30) < 0.2 * 2**30
