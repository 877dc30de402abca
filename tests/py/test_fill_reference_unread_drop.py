"""A fill's own log whose cache the analysis did not read, used as the
reference of the runs after the fill (docs/analysis.md, "The fill's own log
as the reference"): a fresh drive writes sequentially at one speed to its
end without an SLC cache (nothing was overwritten, so nothing is collected),
so a sequential log whose speed fell lastingly, min_drop below its first
level, with no cache, folding or used state found, had a cache the test
missed (GC dips carving it into phases) or throttled. Its first level is no
direct level and it shows no drive without a cache: the runs are read as
without its levels. The drive is the used-drive sweep's own, at full size;
the runs are scored as the sweep scores them."""
import pytest

from used_drive_scoring import analysed_after_fill

# Seed 229's drive 45: a 293 GiB dynamic cache at 5.8 GB/s carved by two
# clusters of GC dips, then 2.2 GB/s to the fill's end; its log read "no
# cache", and the runs after the fill lost their caches to it ("cache of
# 18.38 GiB missed" 2 hours after the fill, "cache of 28.74 GiB missed" in
# the next fill).
S229_D45 = ("sim:bx200,native_write_lat_us=0,capacity_gb=2059,op_pct=19.93,bits=2,"
            "slc_type=dynamic,slc_seq_mibps=5774,slc_rand_iops=1238223,native_seq_mibps=2217,"
            "native_rand_mibps=990.5,fold_mibps=1192,floor_mibps=213.04,gc_gamma=2.04,"
            "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.00,seed=264202044,"
            "slc_gb=293,slc_wa=1,dip_period_s=19.3,dip_duty=0.19,dip_depth=0.33")


@pytest.mark.parametrize("workload", ["2h", "fill"])
def test_a_fill_log_whose_drop_was_not_read_vetoes_no_cache(tmp_path, workload):
    _, got = analysed_after_fill(tmp_path, S229_D45, "seq_fill", workload)
    assert got["problems"] == [], got["problems"]
