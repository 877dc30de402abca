"""A short cache at the start of a fresh run, its split judged at the
noise of the direct writes' upper half (docs/analysis.md, "A short cache
at the start"): GC dips only slow the direct writes, so the differences'
noise they carve is no scatter a drop must pay against. The drives are
the sweep's own, at full size; each run is scored as the sweep scores it
(a fresh run is read alone in every mode)."""
import pytest

from used_drive_scoring import analysed_run

# Seed 89's drive 186, fresh WSAT: 2112 MiB/s (a GC dip), 2678, the drop's
# 1531, then direct writes at 1797 with dips: the split after the second
# sample did not pay the first segment's differences' noise, "cache of
# 25.22 GiB missed".
S89_186 = ("sim:bx200,native_write_lat_us=0,capacity_gb=726,op_pct=20.80,bits=3,"
           "slc_type=static,slc_seq_mibps=5033,slc_rand_iops=1093485,native_seq_mibps=2443,"
           "native_rand_mibps=1841.7,fold_mibps=2443,floor_mibps=132.69,gc_gamma=0.88,"
           "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.12,seed=414739036,"
           "slc_gb=25.5,slc_wa=1.03,dip_period_s=14.6,dip_duty=0.14,dip_depth=0.40")
# Seed 229's drive 8, fresh WSAT: 1746, 1413, the drop's 1277, then direct
# writes at 1027 dipping to 805-880 every other sample or so: "cache of
# 18.03 GiB missed".
S229_8 = ("sim:bx200,native_write_lat_us=0,capacity_gb=620,op_pct=27.94,bits=3,"
          "slc_type=static,slc_seq_mibps=2887,slc_rand_iops=447087,native_seq_mibps=1632,"
          "native_rand_mibps=1042.3,fold_mibps=1632,floor_mibps=189.47,gc_gamma=1.24,"
          "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.08,seed=90741595,"
          "slc_gb=24.5,slc_wa=1.38,dip_period_s=13.2,dip_duty=0.13,dip_depth=0.45")


@pytest.mark.parametrize("spec", [S89_186, S229_8], ids=["89-186", "229-8"])
def test_short_cache_before_dipping_direct_writes_is_found(tmp_path, spec):
    _, got = analysed_run(spec, "fresh", "wsat", tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]
