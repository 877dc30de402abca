"""A dynamic cache whose end a GC dip held over more than one sample: the
dip slowed the cache below the midpoint, ended while the cache still took
writes, and the cache ran out in the sample after it, which climbs back
above the folding's level (docs/analysis.md, "A dip that ends before the
cache does"). A dip only slows: a sample above the level after the cache
by more than its noise, after slower ones, still wrote into the cache. The
drive is the used-drive sweep's own, at full size, read with the fill's own
log as reference and scored as the sweep scores it."""

from used_drive_scoring import analysed_after_fill

# Seed 367's drive 180 (dynamic cache, 2 hours after a sequential fill:
# 2735 MiB/s, then 2290, 1132 and 1758 before folding at 950-1030; "cache
# 12.72 GiB, truth 15.72" and "folding at 13.0 GiB, truth 15.7", the end
# placed in the 2290 sample where the dip began).
S367_180 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1341,op_pct=13.85,bits=2,"
            "slc_type=dynamic,slc_seq_mibps=5672,slc_rand_iops=1390070,native_seq_mibps=3249,"
            "native_rand_mibps=1467.5,fold_mibps=2201,floor_mibps=204.30,gc_gamma=2.38,"
            "link_mibps=7000,iops_cap=2000000,noise=0.02,noise_direct=0.12,seed=686881851,"
            "slc_gb=185,slc_wa=1,dip_period_s=18.8,dip_duty=0.10,dip_depth=0.41")


def test_a_cache_ending_after_a_dip_it_climbed_back_from(tmp_path):
    analysis, got = analysed_after_fill(tmp_path, S367_180, "seq_fill", "2h")
    assert got["problems"] == [], got["problems"]
    assert analysis["cache"]["censored"] == "none"

