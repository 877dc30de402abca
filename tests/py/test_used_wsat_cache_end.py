"""A used drive's WSAT cache whose end falls in its first samples, read with
the fill's own log as the reference (docs/analysis.md, "Round 44: a used
WSAT cache's end"): the sample holding the end is split against the
cache's whole samples, not a median holding it; a sample no slower than
the cache's own before it holds no direct writes; a dynamic cache of two
samples is split off the folding the segmentation gave it to (against
its own speed when it held it: the 2-hour guard); a static cache after a
sequential fill runs on past a GC dip at its end. The drives are the
used-drive sweep's own, at full size, each run scored as the sweep
scores it."""

import pytest

from used_drive_scoring import analysed_run, simulate_fill

# Seed 227's drive 157, WSAT after a random fill: 1939 MiB/s, then 2010
# holding the static cache's end, then GC at 117; the fill's log a cache
# at 2744 and direct writes at 817, split against them "17.76 GiB, truth
# 19.25".
S227_157 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1635,op_pct=26.13,bits=3,"
            "slc_type=static,slc_seq_mibps=3940,slc_rand_iops=917694,native_seq_mibps=1645,"
            "native_rand_mibps=827.7,fold_mibps=1645,floor_mibps=98.49,gc_gamma=2.29,"
            "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.08,seed=1059926674,"
            "slc_gb=33.6,slc_wa=1.41,dip_period_s=10.5,dip_duty=0.19,dip_depth=0.33")
# Seed 277's drive 126, WSAT after a random fill: 272 MiB/s, then 176
# holding the dynamic cache's end, then folding at 59: split against the
# two samples' 219, "2.11 GiB, truth 2.00".
S277_126 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1199,op_pct=16.30,bits=2,"
            "slc_type=dynamic,slc_seq_mibps=471,slc_rand_iops=117219,native_seq_mibps=137,"
            "native_rand_mibps=89.5,fold_mibps=91,floor_mibps=22.38,gc_gamma=0.92,link_mibps=560,"
            "iops_cap=100000,noise=0.00,noise_direct=0.04,seed=1010759622,slc_gb=337,slc_wa=1,"
            "dip_period_s=26.0,dip_duty=0.14,dip_depth=0.42")
# Seed 167's drive 131, WSAT after a random fill: 186 MiB/s, 247, then
# five samples of folding at 72 (the fill's log folded at 71.6), then GC
# at 17-23, one phase with the cache: "cache 4.01 GiB, truth 2.00".
S167_131 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1822,op_pct=11.95,bits=2,"
            "slc_type=dynamic,slc_seq_mibps=469,slc_rand_iops=85123,native_seq_mibps=146,"
            "native_rand_mibps=130.6,fold_mibps=80,floor_mibps=13.95,gc_gamma=1.63,"
            "link_mibps=560,iops_cap=100000,noise=0.05,noise_direct=0.00,seed=416317960,"
            "slc_gb=262,slc_wa=1,dip_period_s=17.6,dip_duty=0.17,dip_depth=0.31")
# Seed 167's drive 178, WSAT after a sequential fill: a static cache at
# 300 MiB/s with dips, 143 and 144 in a dip, 206 holding the end, then
# direct writes at 171: "cache 28.68 GiB, truth 30.48".
S167_178 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1057,op_pct=22.50,bits=3,"
            "slc_type=static,slc_seq_mibps=446,slc_rand_iops=76882,native_seq_mibps=226,"
            "native_rand_mibps=171.5,fold_mibps=226,floor_mibps=32.20,gc_gamma=1.90,"
            "link_mibps=560,iops_cap=100000,noise=0.00,noise_direct=0.04,seed=832418139,"
            "slc_gb=42.2,slc_wa=1.01,dip_period_s=20.6,dip_duty=0.17,dip_depth=0.30")


@pytest.mark.parametrize("spec, state", [(S227_157, "random_fill"), (S277_126, "random_fill"),
                                         (S167_131, "random_fill"), (S167_178, "seq_fill")])
def test_a_used_wsat_cache_end_with_the_fill_log(tmp_path, spec, state):
    fill, used = tmp_path / "fill.csv", tmp_path / "used.csv"
    simulate_fill(spec, state, fill)
    _, got = analysed_run(spec, state, "wsat", used, reference=fill)
    assert got["problems"] == [], got["problems"]


# Seed 313's drive 167, 2 hours after a random fill (the guard): a
# dynamic cache at 1098 MiB/s, 1059 holding its end, then folding at 774
# and GC; split towards the fill's cache level (1730) it read 1.57 GiB,
# the model's 2.00.
S313_167 = ("sim:bx200,native_write_lat_us=0,capacity_gb=2302,op_pct=21.59,bits=3,"
            "slc_type=dynamic,slc_seq_mibps=6320,slc_rand_iops=1606361,native_seq_mibps=2886,"
            "native_rand_mibps=1258.5,fold_mibps=1792,floor_mibps=365.37,gc_gamma=1.73,"
            "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.04,seed=889094191,"
            "slc_gb=674,slc_wa=1,dip_period_s=18.8,dip_duty=0.14,dip_depth=0.40")


def test_a_two_sample_cache_that_held_its_speed(tmp_path):
    fill, used = tmp_path / "fill.csv", tmp_path / "used.csv"
    simulate_fill(S313_167, "random_fill", fill)
    _, got = analysed_run(S313_167, "random_fill", "2h", used, reference=fill)
    assert got["problems"] == [], got["problems"]
