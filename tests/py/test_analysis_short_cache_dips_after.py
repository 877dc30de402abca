"""A fresh drive's short cache at the start, the direct writes after it
carved by GC dips (docs/analysis.md, "Short caches at the start"): the
drop is judged against the scatter of the level after it, and GC dips,
which sit below that level, are no part of that scatter. Judged at the
differences' noise, which the dips widen, a 2x drop after a cache of three
samples merged into the direct writes. The drive is the used-drive
sweep's own, at full size; the run is scored as the sweep scores it."""

from used_drive_scoring import analysed_run

# Seed 149's drive 134, fresh WSAT (5-second samples): 2242, 2365 and
# the drop's 1746 MiB/s, then direct writes at 1080-1096 with a GC dip to
# 780-810 every other sample or so, then folding and GC. The differences'
# noise after the drop read 0.30 (in log) and the drop of 2.07x did not pay
# the merge penalty: "cache of 28.00 GiB missed".
S149_134 = ("sim:bx200,native_write_lat_us=0,capacity_gb=137,op_pct=14.71,bits=2,"
            "slc_type=dynamic,slc_seq_mibps=3166,slc_rand_iops=668184,native_seq_mibps=1635,"
            "native_rand_mibps=1088.1,fold_mibps=949,floor_mibps=226.50,gc_gamma=1.12,"
            "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.04,seed=337887674,"
            "slc_gb=28,slc_wa=1,dip_period_s=20.2,dip_duty=0.10,dip_depth=0.35")


def test_a_short_cache_before_dipped_direct_writes(tmp_path):
    analysis, got = analysed_run(S149_134, "fresh", "wsat", tmp_path / "run.csv")
    assert analysis["cache"] is not None
    assert got["problems"] == [], got["problems"]
