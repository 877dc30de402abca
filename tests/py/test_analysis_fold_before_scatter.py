"""A fresh drive's dynamic cache folds once the drive is full, before GC
must run: one quiet, flat level (the flash's program rate) a step below
the direct writes, then GC's scatter. When the cache test found no
dynamic cache (one too close to the direct speed to call, or ended inside
WSAT's first 5 s sample) and the segmentation gave that folding a lasting
phase of its own, the first change past the capacity was read as the used
state and the folding as its start ("folding from N GiB missed, used
state at N GiB, truth N": the used-drive sweep's fresh WSATs, class (d) of
docs/analysis.md's Limits). `ssd__fold_before_scatter`: such a phase,
followed by a lasting phase that scatters SCATTER_JUMP times as much, is
the folding, and the used state starts after it. The drives are the
sweep's own, at full size."""
import json
import subprocess

import pytest

from used_drive_scoring import analysed_run, assert_folding_then_gc_found, simulate_fill

# Seed 101's drive 136: a 33 GiB dynamic cache at 2.64 GB/s over direct
# writes at 1.83 (1.44x, in WSAT's first samples: no cache found), folding
# at 804 MB/s from 530.2 to 585.5 GiB (noise-free), then GC scattering
# 1.0-1.5 GB/s and sliding to 0.5.
D101_136 = ("sim:bx200,native_write_lat_us=0,capacity_gb=515,op_pct=18.59,bits=2,"
            "slc_type=dynamic,slc_seq_mibps=3562,slc_rand_iops=853467,native_seq_mibps=2040,"
            "native_rand_mibps=1746.3,fold_mibps=896,floor_mibps=425.50,gc_gamma=1.35,"
            "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.00,seed=366766776,"
            "slc_gb=33,slc_wa=1,dip_period_s=19.8,dip_duty=0.11,dip_depth=0.35")
# Seed 137's drive 44: an 8 GiB dynamic cache ended inside the first
# sample (read as at most 8.6 GiB, not dynamic by its size), direct writes
# at 0.93 GB/s with GC dips, folding at 340 MB/s from 147.4 to 168.7 GiB
# (1-2 % noise), then GC scattering 0.4-0.9 GB/s.
D137_44 = ("sim:bx200,native_write_lat_us=0,capacity_gb=151,op_pct=17.30,bits=3,"
           "slc_type=dynamic,slc_seq_mibps=2174,slc_rand_iops=494809,native_seq_mibps=1038,"
           "native_rand_mibps=890.3,fold_mibps=382,floor_mibps=241.24,gc_gamma=1.34,"
           "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.12,seed=127033469,"
           "slc_gb=8,slc_wa=1,dip_period_s=26.3,dip_duty=0.10,dip_depth=0.35")


# Seed 127's drive 61: a 118 GiB dynamic cache (found, so dynamic), direct
# writes at 1.45 GB/s with GC dips, folding at 592 MB/s (noise-free) from
# 1610.6 GiB, then GC scattering 260-880 from 1925.1, at about the
# folding's level at first: the segmentation's boundary lies 45 samples
# into GC (2042.5 GiB), which the folding's median and robust noise pass
# over. The folding ends where the scatter jumps.
D127_61 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1673,op_pct=19.69,bits=3,"
           "slc_type=dynamic,slc_seq_mibps=5116,slc_rand_iops=870565,native_seq_mibps=1785,"
           "native_rand_mibps=1399.9,fold_mibps=720,floor_mibps=85.21,gc_gamma=1.99,"
           "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.12,seed=315275780,"
           "slc_gb=118,slc_wa=1,dip_period_s=19.9,dip_duty=0.14,dip_depth=0.44")

# Seed 163's drive 172: a 22 GiB dynamic TLC cache at the direct speed
# (none found), direct writes at 2.68 GB/s with GC dips, folding at 1428
# MB/s (2 % noise) from 259.5 GiB, 0.92 of the 303 GB capacity (the
# cache's one-bit blocks run the flash out before the capacity is
# written: FOLD_MIN_CAPACITY_SHARE), for 8 samples, then GC scattering
# around 2.1 GB/s, above the folding. Read as "other" when the folding
# had to start past the capacity.
D163_172 = ("sim:bx200,native_write_lat_us=0,capacity_gb=303,op_pct=8.30,bits=3,"
            "slc_type=dynamic,slc_seq_mibps=5359,slc_rand_iops=977270,native_seq_mibps=3188,"
            "native_rand_mibps=2847.0,fold_mibps=1611,floor_mibps=749.95,gc_gamma=1.99,"
            "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=1034573792,"
            "slc_gb=22,slc_wa=1,dip_period_s=19.6,dip_duty=0.12,dip_depth=0.44")


@pytest.mark.parametrize("spec", [D101_136, D137_44, D127_61, D163_172],
                         ids=["s101_d136", "s137_d44", "s127_d61", "s163_d172"])
def test_a_lasting_quiet_folding_before_gc_s_scatter(tmp_path, spec):
    assert_folding_then_gc_found(spec, "fresh", "wsat", tmp_path / "run.csv")


# Seed 2026's drive 196 (a dev seed): a 14 GiB dynamic cache inside WSAT's
# first 5 s sample, direct writes at 1.66 GB/s, folding at 1.09 from 132.8
# to 170.3 GiB in 7 samples, then GC scattering 0.25-0.85 GB/s: the
# segmentation gave the folding and GC one phase ("used state at 129.9
# GiB, truth 170.3"). The scatter's jump inside it, past the drop into the
# folding, is GC's start.
D2026_196 = ("sim:bx200,native_write_lat_us=0,capacity_gb=137,op_pct=27.29,bits=3,"
             "slc_type=dynamic,slc_seq_mibps=6174,slc_rand_iops=1160762,native_seq_mibps=2820,"
             "native_rand_mibps=1593.4,fold_mibps=1845,floor_mibps=198.02,gc_gamma=1.57,"
             "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=349161825,"
             "slc_gb=14,slc_wa=1,dip_duty=0")


def test_a_folding_the_segmentation_gave_to_gc(tmp_path):
    test_a_lasting_quiet_folding_before_gc_s_scatter(tmp_path, D2026_196)


# Cacheless drives whose GC starts near the direct speed, quiet (its
# scatter clipped there), and slides: the segmentation's boundary lies
# deep in the slide, where its end is a step below the first phase's
# level but that phase's last samples are too: no folding (seed 2026's
# drive 9, 1.33 GB/s, GC from 696.6 GiB sliding from 1.24; seed 11's
# drive 90, 1.28 GB/s, GC from 1389 GiB, a stretch at 3.77 TiB, past the
# raw flash, read as folding before the capacity bound).
D2026_9 = ("sim:bx200,native_write_lat_us=0,capacity_gb=665,op_pct=13.59,bits=3,slc_type=none,"
           "slc_gb=0,native_seq_mibps=2372,native_rand_mibps=1273,fold_mibps=2372,"
           "floor_mibps=553.0,gc_gamma=1.95,gc_settle_gb=0,gc_spread=0.05,link_mibps=3500,"
           "iops_cap=2000000,read_seq_mibps=3150,read_rand_iops=1000000,write_lat_us=15,"
           "idle_gc_mibps=146,idle_gc_gb=10.3,noise=0.02,noise_direct=0.03,dip_duty=0,"
           "seed=955091588")
D11_90 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1235,op_pct=21.96,bits=3,slc_type=none,"
          "slc_gb=0,native_seq_mibps=1816,native_rand_mibps=1217,fold_mibps=1816,"
          "floor_mibps=767.5,gc_gamma=1.93,gc_settle_gb=0,gc_spread=0.15,link_mibps=3500,"
          "iops_cap=2000000,read_seq_mibps=3150,read_rand_iops=1000000,write_lat_us=15,"
          "idle_gc_mibps=83,idle_gc_gb=24.6,noise=0.02,noise_direct=0.03,dip_duty=0,"
          "seed=820783855")


@pytest.mark.parametrize("spec", [D2026_9, D11_90], ids=["s2026_d9", "s11_d90"])
def test_a_cacheless_gc_sliding_from_the_direct_speed_is_no_folding(tmp_path, spec):
    a, _ = analysed_run(spec, "fresh", "wsat", tmp_path / "run.csv")
    assert a["folding"] is None, a["folding"]
    assert a["gc"] is not None


# Seed 359's drive 187: no cache, a fresh drive's random fill at 1353 MB/s
# with GC dips, a cluster of them from 191.6 GiB of the 283 GB drive (580
# for 3 samples, 1015 to 203.4 GiB), then 1377 to the end. Before the
# capacity has been written, a step down that the speed comes back from is
# no folding (FOLD_MIN_CAPACITY_SHARE's bound alone read it as folding and
# GC, and the 2-hour run after the fill as a 1 GiB cache against it).
D359_187 = ("sim:bx200,native_write_lat_us=0,capacity_gb=283,op_pct=22.86,bits=3,"
            "slc_type=none,slc_seq_mibps=3914,slc_rand_iops=731680,native_seq_mibps=2135,"
            "native_rand_mibps=1521.0,fold_mibps=2135,floor_mibps=51.57,gc_gamma=1.24,"
            "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.08,seed=971686139,"
            "slc_gb=0,dip_period_s=25.0,dip_duty=0.20,dip_depth=0.35")


def test_a_dip_cluster_the_speed_comes_back_from_is_no_folding(tmp_path):
    fill = tmp_path / "fill.csv"
    simulate_fill(D359_187, "random_fill", fill)
    out = subprocess.run(["ssdcore", "analyze", "--json", str(fill)], check=True,
                         capture_output=True, text=True).stdout
    a = json.loads(out)
    assert a["folding"] is None, a["phases"]
    assert a["cache"] is None, a["cache"]
