"""A fresh drive's cache whose last seconds fell in one of its GC dips
(docs/analysis.md, "Method", the cache's end, "One more dip of the cache"):
dips slow the cache and the direct writes by the same factor, so a short
stretch at the cache's own dip level, a step faster than the direct writes
after it, is the cache still being written, not a level of direct writes
with the folding after it. The drive is the sweep's own, at full size;
the run is scored as the sweep scores it (a fresh run is read alone in
every mode)."""

from used_drive_scoring import analysed_run

# Seed 11's drive 93, fill: a dynamic cache at 4030 MiB/s with dips to
# 2645-2784, then 2589 twice, 1992, direct writes at 1720 to 120.2 GiB,
# then folding at 733 ("cache 27.56 GiB, truth 34.00", "folding at 32.6
# GiB, truth 120.2").
S11_93 = ("sim:bx200,native_write_lat_us=0,capacity_gb=184,op_pct=10.90,bits=3,"
          "slc_type=dynamic,slc_seq_mibps=4030,slc_rand_iops=1003118,native_seq_mibps=1744,"
          "native_rand_mibps=808.8,fold_mibps=734,floor_mibps=99.02,gc_gamma=1.18,"
          "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.08,seed=423120478,"
          "slc_gb=34,slc_wa=1,dip_period_s=18.9,dip_duty=0.15,dip_depth=0.31")


def test_fresh_cache_ends_after_its_last_dip(tmp_path):
    _, got = analysed_run(S11_93, "fresh", "fill", tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]
