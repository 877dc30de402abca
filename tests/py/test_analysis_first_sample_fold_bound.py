"""A cache inside a used run's first samples, then a level, then GC, with
no reference (`first_sample_fold_near_gc`, docs/analysis.md): when the
second sample still holds the cache's last bytes, a step above the level,
the first was cache all through, so the cache is at least all the first
sample wrote and the second's excess. Round 26 lost that bound in a merge
(the first sample's excess alone), and a random fill's static cache,
then the 2 GiB idle GC cleaned at the direct speed, then GC, read as a
cache and "folding" (the used-drive sweep's held-out seed 53, drive 12:
a static 4.8 GiB cache on a 1,165 GB drive, 2 hours after a random
fill). The drive is the sweep's own, at full size."""

from used_drive_scoring import analysed_run

D53_12 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1165,op_pct=9.78,bits=2,slc_type=static,"
          "slc_seq_mibps=3726,slc_rand_iops=591126,native_seq_mibps=896,native_rand_mibps=448.8,"
          "fold_mibps=896,floor_mibps=42.57,gc_gamma=1.52,link_mibps=7000,iops_cap=2000000,"
          "noise=0.02,noise_direct=0.08,seed=463997720,slc_gb=4.8,slc_wa=1.22,dip_period_s=16.3,"
          "dip_duty=0.15,dip_depth=0.60")


def test_a_static_caches_direct_writes_after_a_random_fill_are_no_folding(tmp_path):
    a, _ = analysed_run(D53_12, "random_fill", "2h", tmp_path / "run.csv")
    assert a["folding"] is None, a["phases"]
    assert a["gc"] is not None
