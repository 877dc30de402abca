"""A fresh cache's end in the sample after a dip's, before a level shorter
than the 21 samples its noise was read from (round 46, docs/analysis.md
"Round 46: a cache's end against a short or unseen level"). A dynamic
cache's direct writes last only as long as the clean blocks it left; when
they end within 21 samples of the drop, the window that measured their
noise reached into the folding after them and read the step between the
two as noise, and a sample that still wrote into the cache read as a noisy
direct sample. The noise is now the level's own (its samples up to its
phase's end, 8 or more), and such a level, too short to show three of the
drive's dips, asks that its own deepest dip reach as deep as the sample
before. The drive is the used-drive sweep's own, at full size, fresh,
scored as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

# Seed 313's drive 127, WSAT (5 s samples): 2744 MiB/s, 2071 (a dip), 1164
# holding the end, then direct writes at 1078-1099 for 12 samples (one dip
# to 689), then folding at 730: "cache 21.37 GiB, truth 25.00".
S313_127 = ("sim:bx200,native_write_lat_us=0,capacity_gb=129,op_pct=14.40,bits=3,"
            "slc_type=dynamic,slc_seq_mibps=4421,slc_rand_iops=1062136,native_seq_mibps=1832,"
            "native_rand_mibps=1090.4,fold_mibps=1226,floor_mibps=303.03,gc_gamma=1.21,"
            "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.04,seed=886631787,"
            "slc_gb=25,slc_wa=1,dip_period_s=18.1,dip_duty=0.18,dip_depth=0.41")


@pytest.mark.parametrize("spec,workload", [(S313_127, "wsat")], ids=["313-127"])
def test_a_fresh_cache_end_before_a_short_level_is_sized_right(tmp_path, spec, workload):
    analysis, got = analysed_run(spec, "fresh", workload, tmp_path / "run.csv")
    assert analysis["cache"] is not None
    assert not [p for p in got["problems"] if "cache" in p], got["problems"]
    assert analysis["cache"]["censored"] == "none"
