"""A used drive with no SLC cache, idle after a sequential fill: its run
writes the clean blocks the idle time left at the flash's speed, with the
drive's periodic GC dips, then GC. When a dip falls where the clean blocks
run out, its samples are a short flat level between them and GC, the shape
of a cache's direct writes (short_flat_direct_after_cache) or folding. A
level that repeats a dip the fast start already showed, at its depth and
no longer, is that dip: the fast start is the clean blocks, and the used
state starts after the dip. The drive is the used-drive sweep's own, seed
587's drive 81 (the one false cache on the round-48 seeds), at full size."""
import pytest

from analyze_cli import cli, regimes
from used_drive_scoring import score_run, simulate

GIB = 2**30
# Seed 587's drive 81, 2 hours after a sequential fill: 28.3 GiB of clean
# blocks at about 1050 MiB/s with a 5 s dip to 400-460 (samples 23-27),
# then a 4 s dip at 320-334 (samples 31-34) where the clean blocks ran out,
# then GC at 120: read "cache 26.8 GiB at 1.01 GiB/s, folding from 26.8
# GiB at 310 MiB/s" without a reference and with the fill's log.
D587_81 = ("sim:bx200,native_write_lat_us=0,capacity_gb=364,op_pct=9.43,bits=3,slc_type=none,"
           "slc_seq_mibps=4661,slc_rand_iops=763716,native_seq_mibps=1523,"
           "native_rand_mibps=1046.9,fold_mibps=1523,floor_mibps=117.55,gc_gamma=1.59,"
           "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.08,seed=467347094,"
           "slc_gb=0,dip_period_s=28.9,dip_duty=0.19,dip_depth=0.32")
INTERVAL = (1, 1, 5)


def test_a_dip_where_the_clean_blocks_run_out_is_no_cache_end(tmp_path):
    run = tmp_path / "run.csv"
    truth, series, _, _ = simulate(D587_81, "seq_fill", "2h", run, INTERVAL)
    assert truth["cache_nominal_bytes"] == 0
    a = cli(run)
    assert a["cache"] is None, a["cache"]
    assert "cache" not in regimes(a) and "folding" not in regimes(a), regimes(a)
    assert regimes(a)[:2] == ["direct", "gc"], regimes(a)
    # The used state starts after the dip, where the clean blocks ran out.
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(truth["gc_start_bytes"] / GIB, rel=0.03)
    s = score_run(truth, series, a)
    assert not s["false_cache"] and not s["problems"], s["problems"]
