"""A cache end read inside a GC dip that began with the drop
(`end_after_dip_step`, docs/analysis.md): the dip holds the writes at the
cache's level times its depth until the step down, so when the speed
climbs back to the direct writes' level in between, the dip is over and
the next step is another dip of the direct writes, not the cache's end.
The drive is the sweep's own, at full size; the run is scored as the
sweep scores it (a fresh run is read alone in every mode)."""

from used_drive_scoring import analysed_run

# Seed 277's drive 49, fresh, 2 hours: a static cache at 2704 MiB/s, the
# drop's sample at 1869, a dip at 953, then 1268-1417 at the direct level
# (1307) for 5 samples and a dip at 626: the end was read past them,
# "cache 53.33 GiB, truth 45.58".
S277_49 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1422,op_pct=17.16,bits=3,"
           "slc_type=static,slc_seq_mibps=6368,slc_rand_iops=1427338,native_seq_mibps=1578,"
           "native_rand_mibps=1329.6,fold_mibps=1578,floor_mibps=167.64,gc_gamma=1.57,"
           "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=955694201,"
           "slc_gb=46.6,slc_wa=1.04,dip_period_s=8.3,dip_duty=0.17,dip_depth=0.46")


def test_cache_end_not_moved_past_the_direct_level(tmp_path):
    a, got = analysed_run(S277_49, "fresh", "2h", tmp_path / "fresh.csv")
    assert not any(p.startswith("cache ") for p in got["problems"]), got["problems"]
