"""A used drive's static cache after a random fill, read against the fresh
run of its workload as --reference when that run showed no cache (round 46,
docs/analysis.md "Round 46: a cache's end against a short or unseen
level"). A fresh 2-hour run's cache of a few 1 s samples is
no lasting phase of 7,200, so the fresh run reads one direct level from its
start; the used run's cache, a step above that level, is the cache all the
same (only the SLC writes faster than direct writes), and the clean blocks
idle GC gave back follow it at the direct level for under two samples, then
GC. Two readings of the sample that holds the end were missing:
- a sample below the cache's level by 4 of the cache samples' own noise
  mixes the cache with the direct writes, however little of the step it
  is below (seed 89's drive 74: 2765, 2700, 2703, 2788, then 2471 holding
  the end, 1362, then GC at 200: "cache 14.33 GiB, truth 12.39");
- a sample no faster than the direct level, GC in the next, holds no
  measurable share at the cache's level: the end is its start (seed 47's
  drive 117: 2743 five times, then 2008 against direct writes at 2106,
  then GC at 232: "cache 16.57 GiB, truth 15.08").
Both drives as the used-drive sweep simulated them (2 hours, 1 s samples)."""
import pytest

from analyze_cli import cli
from used_drive_scoring import score_run, simulate

# Seed 47's drive 117: a 21.8 GB static cache (15.08 GiB used) at 2743
# MiB/s on 810 GB, direct writes at 2106.
STATIC_47 = ("sim:bx200,native_write_lat_us=0,capacity_gb=810,op_pct=23.89,bits=3,"
             "slc_type=static,slc_seq_mibps=6002,slc_rand_iops=1023302,native_seq_mibps=2470,"
             "native_rand_mibps=2106.5,fold_mibps=2470,floor_mibps=231.80,gc_gamma=2.47,"
             "link_mibps=7000,iops_cap=2000000,noise=0.02,noise_direct=0.00,seed=912000028,"
             "slc_gb=21.8,slc_wa=1.46,dip_period_s=20.4,dip_duty=0.11,dip_depth=0.48")
# Seed 89's drive 74: a 13.4 GB static cache (12.39 GiB) at 2734 MiB/s,
# direct writes at 1831 +- 12 %.
STATIC_89 = ("sim:bx200,native_write_lat_us=0,capacity_gb=810,op_pct=12.32,bits=2,"
             "slc_type=static,slc_seq_mibps=5839,slc_rand_iops=1293528,native_seq_mibps=3286,"
             "native_rand_mibps=1777.7,fold_mibps=3286,floor_mibps=199.50,gc_gamma=1.73,"
             "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=296397260,"
             "slc_gb=13.4,slc_wa=1.09,dip_period_s=22.9,dip_duty=0.14,dip_depth=0.56")
INTERVAL_1S = (1, 1, 5)


@pytest.mark.parametrize("spec", [STATIC_47, STATIC_89], ids=["47-117", "89-74"])
def test_a_static_cache_ends_before_the_clean_blocks_against_a_fresh_run_with_none(tmp_path,
                                                                                   spec):
    run, fresh = tmp_path / "run.csv", tmp_path / "fresh.csv"
    truth, series, _, _ = simulate(spec, "random_fill", "2h", run, INTERVAL_1S)
    simulate(spec, "fresh", "2h", fresh, INTERVAL_1S)
    assert cli(fresh)["cache"] is None  # (the fresh run shows none)
    a = cli(run, "--reference", fresh)
    want = truth["phases"][1]["start_bytes"]
    assert a["cache"] is not None
    assert abs(a["cache"]["bytes"] - want) <= 0.05 * want, (a["cache"]["bytes"], want)
    assert score_run(truth, series, a)["problems"] == []
