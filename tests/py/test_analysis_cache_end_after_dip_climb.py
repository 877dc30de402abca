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


# Seed 101's drive 160 (dynamic cache, 2 hours after a random fill: 394
# MiB/s three times, 137, 126, 125, 124, 141 in a dip at 0.32 of it, 254,
# then folding at 85). Against the fill's 4K log (cache 390, direct writes
# at 148) the flat dip sat within min_drop of the direct level and was
# read as direct writes and as a folding run: "cache 1.16 GiB, truth
# 2.00".
S101_160 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1781,op_pct=15.70,bits=2,"
            "slc_type=dynamic,slc_seq_mibps=427,slc_rand_iops=100227,native_seq_mibps=175,"
            "native_rand_mibps=149.3,fold_mibps=98,floor_mibps=31.56,gc_gamma=1.58,"
            "link_mibps=560,iops_cap=100000,noise=0.02,noise_direct=0.08,seed=898901774,"
            "slc_gb=218,slc_wa=1,dip_period_s=25.9,dip_duty=0.19,dip_depth=0.32")


def test_a_flat_dip_the_speed_climbs_back_from_is_no_level(tmp_path):
    analysis, got = analysed_after_fill(tmp_path, S101_160, "random_fill", "2h")
    assert got["problems"] == [], got["problems"]
    assert analysis["cache"]["censored"] == "none"
