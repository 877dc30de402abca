"""A run of the used-drive sweep after a sequential fill whose cache, the
room idle time gave back, lasts two samples at one level, then its folding
a level of its own shorter than a lasting phase of the 2-hour run, then GC
(docs/analysis.md, "Method", one or two fast samples before a short phase):
the two samples are a cache of their own, not the start of the folding
after them. The drive is the sweep's own, at full size; the run is read
with its fill's own log as the reference and scored as the sweep scores
it."""

from used_drive_scoring import analysed_after_fill, analysed_run

B = "sim:bx200,native_write_lat_us=0,"

# seed 227's drive 154, 2 hours after a sequential fill: 2744 MiB/s twice,
# the drop's 1378, folding at 430-447 for 30 samples, then GC at 120-145;
# the segmentation's first two phases (2 samples, then 48 with GC's first
# 16) were joined: "cache of 6.45 GiB missed", "folding from 6.5 GiB missed"
S227_D154 = (B + "capacity_gb=184,op_pct=12.42,bits=3,slc_type=dynamic,slc_seq_mibps=3531,"
             "slc_rand_iops=745576,native_seq_mibps=972,native_rand_mibps=809.8,"
             "fold_mibps=522,floor_mibps=124.82,gc_gamma=1.47,link_mibps=7000,"
             "iops_cap=2000000,noise=0.00,noise_direct=0.04,seed=906264605,slc_gb=26,"
             "slc_wa=1,dip_duty=0")


def test_two_sample_cache_before_a_short_folding_after_a_sequential_fill(tmp_path):
    a, got = analysed_after_fill(tmp_path, S227_D154, "seq_fill", "2h")
    assert got["problems"] == [], got["problems"]
    assert a["cache"] is not None and a["cache"]["bytes"] < 8 * 2**30, a["cache"]


# seed 163's drive 75, WSAT after a sequential fill, no reference: 2739 and
# 2749 MiB/s in two 5 s samples, the drop's 1662, direct writes at 1343 for
# 31 samples, folding at 719 to 453 GiB, then GC at 302. Joined, the two
# samples and the direct writes show the cache, whose cut leaves the
# direct writes and the folding after it (read "folding from 238.0 GiB
# missed" when the two samples were kept apart).
S163_D75 = (B + "capacity_gb=1886,op_pct=26.40,bits=2,slc_type=dynamic,slc_seq_mibps=4309,"
            "slc_rand_iops=915683,native_seq_mibps=2381,native_rand_mibps=1343.1,"
            "fold_mibps=1274,floor_mibps=254.00,gc_gamma=0.93,link_mibps=7000,"
            "iops_cap=2000000,noise=0.05,noise_direct=0.00,seed=668175416,slc_gb=136,"
            "slc_wa=1,dip_duty=0")


def test_two_sample_cache_joined_when_the_joined_phase_shows_it(tmp_path):
    _, got = analysed_run(S163_D75, "seq_fill", "wsat", tmp_path / "run.csv")
    assert got["problems"] == [], got["problems"]
