"""A dynamic cache after a sequential fill, read with the fill's own log as
the reference or without one (issue 21; docs/analysis.md, "The fill's own
log as the reference", *After a sequential fill: direct writes, folding,
GC*). After a sequential fill the cache took the spare area's clean
blocks: what follows it is at most direct writes to the clean blocks it
left, then its folding (a quiet flat level), then GC. The drives are the
used-drive sweep's own (their seed and drive number in each test), at their
full size: 2-hour 4K random runs after a sequential fill, each a fraction of
a second to simulate, and the fill's log (128K sequential from a purge:
another workload, read for its cache's kind and size only)."""
import pytest

import ssdcore
from analyze_cli import cli, regimes
from used_drive_scoring import score_run, simulate, simulate_fill

GIB = 2**30
COMMON = "sim:bx200,native_write_lat_us=0,"
# Seed 13's drive 2: 6.9 GiB of cache left on a 144 GB TLC drive, folding
# flat at 40 MB/s to 21.2 GiB, then GC at 27.
D13_2 = (COMMON + "capacity_gb=144,op_pct=16.57,bits=3,slc_type=dynamic,slc_seq_mibps=498,"
         "slc_rand_iops=113918,native_seq_mibps=136,native_rand_mibps=120.0,fold_mibps=45,"
         "floor_mibps=24.98,gc_gamma=1.61,link_mibps=560,iops_cap=100000,noise=0.02,"
         "noise_direct=0.00,seed=1009032913,slc_gb=34,slc_wa=1,dip_duty=0")
# Seed 11's drive 105: 15.4 GiB of cache, folding at 313 MB/s for 61 samples
# (a lasting phase is longer), then GC at 38.
D11_105 = (COMMON + "capacity_gb=305,op_pct=12.73,bits=2,slc_type=dynamic,slc_seq_mibps=4190,"
           "slc_rand_iops=714851,native_seq_mibps=2360,native_rand_mibps=977.2,fold_mibps=758,"
           "floor_mibps=37.05,gc_gamma=2.45,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.04,seed=832200421,slc_gb=87,slc_wa=1,dip_duty=0")
# Seed 2026's drive 190: 9.1 GiB of cache, folding at 400 MB/s for 50
# samples, then GC scattering 120-200 MB/s before it settles at 133.
D2026_190 = (COMMON + "capacity_gb=159,op_pct=20.07,bits=3,slc_type=dynamic,slc_seq_mibps=1675,"
             "slc_rand_iops=340271,native_seq_mibps=903,native_rand_mibps=665.8,fold_mibps=543,"
             "floor_mibps=122.48,gc_gamma=0.92,link_mibps=7000,iops_cap=2000000,noise=0.00,"
             "noise_direct=0.12,seed=1059487494,slc_gb=15,slc_wa=1,dip_period_s=19.3,"
             "dip_duty=0.09,dip_depth=0.41")
# Seed 2026's drive 5: its whole 24 GiB cache, then 24 samples of direct
# writes at 1,032 MB/s, folding at 482 to 99.1 GiB, then GC at 322.
D2026_5 = (COMMON + "capacity_gb=421,op_pct=25.66,bits=3,slc_type=dynamic,slc_seq_mibps=3071,"
           "slc_rand_iops=667013,native_seq_mibps=1311,native_rand_mibps=1031.8,fold_mibps=612,"
           "floor_mibps=297.96,gc_gamma=1.07,link_mibps=7000,iops_cap=2000000,noise=0.05,"
           "noise_direct=0.00,seed=1016900168,slc_gb=24,slc_wa=1,dip_period_s=14.2,"
           "dip_duty=0.16,dip_depth=0.45")
# Seed 11's drive 82: 18.5 GiB of cache left of the 822 its fill's log
# showed, then folding at 21 MB/s to the run's end.
D11_82 = (COMMON + "capacity_gb=3708,op_pct=23.05,bits=2,slc_type=dynamic,slc_seq_mibps=531,"
          "slc_rand_iops=126800,native_seq_mibps=110,native_rand_mibps=59.7,fold_mibps=39,"
          "floor_mibps=4.13,gc_gamma=1.04,link_mibps=560,iops_cap=100000,noise=0.00,"
          "noise_direct=0.00,seed=589788870,slc_gb=822,slc_wa=1,dip_duty=0")
# Seed 47's drive 73: 29.9 GiB of cache (what 15 minutes' idle flushed) on a
# 2,644 GB drive, direct writes at 97 MB/s to 131.6 GiB, then folding at 49
# to 658.8 GiB (past the 2-hour run's end), then GC at 21.
D47_73 = (COMMON + "capacity_gb=2644,op_pct=27.22,bits=2,slc_type=dynamic,slc_seq_mibps=461,"
          "slc_rand_iops=92445,native_seq_mibps=150,native_rand_mibps=96.9,fold_mibps=76,"
          "floor_mibps=17.87,gc_gamma=1.45,link_mibps=560,iops_cap=100000,noise=0.05,"
          "noise_direct=0.08,seed=914476545,slc_gb=322,slc_wa=1,dip_duty=0")
# Seed 11's drive 64: 16.6 GiB of cache left of the 457 its fill's log
# showed, folding flat at 985 MB/s to 411.5 GiB, then GC at 208.
D11_64 = (COMMON + "capacity_gb=1563,op_pct=26.87,bits=2,slc_type=dynamic,slc_seq_mibps=4671,"
          "slc_rand_iops=1193847,native_seq_mibps=2743,native_rand_mibps=2299.5,fold_mibps=1175,"
          "floor_mibps=204.68,gc_gamma=0.88,link_mibps=7000,iops_cap=2000000,noise=0.02,"
          "noise_direct=0.04,seed=461354782,slc_gb=457,slc_wa=1,dip_duty=0")
# Seed 349's drive 24: 16.2 GiB of cache, folding flat at 382 MB/s to 59.8
# GiB, then GC bursting 290-830 MB/s and settling at 295-325 (one phase with
# the folding that falls through itself, its end 40 % late).
D349_24 = (COMMON + "capacity_gb=254,op_pct=24.55,bits=2,slc_type=dynamic,slc_seq_mibps=5244,"
           "slc_rand_iops=945657,native_seq_mibps=2138,native_rand_mibps=1082.7,fold_mibps=752,"
           "floor_mibps=296.75,gc_gamma=1.36,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.08,seed=367105939,slc_gb=74,slc_wa=1,dip_duty=0")
# Seed 47's drive 79 (WSAT, 5 s samples): 3.9 GiB of cache in 2 samples,
# folding at 44 MB/s to 11.8 GiB, then GC at 34 (a step of 1.3x).
D47_79 = (COMMON + "capacity_gb=210,op_pct=7.04,bits=3,slc_type=dynamic,slc_seq_mibps=477,"
          "slc_rand_iops=107443,native_seq_mibps=222,native_rand_mibps=126.2,fold_mibps=77,"
          "floor_mibps=28.27,gc_gamma=1.75,link_mibps=560,iops_cap=100000,noise=0.02,"
          "noise_direct=0.12,seed=566008263,slc_gb=62,slc_wa=1,dip_duty=0")
# Seed 13's drive 29 (WSAT, 5 s samples): 2.97 GiB of cache inside the
# first sample, folding at 302 MB/s to 9.0 GiB (3 samples), then GC
# bursting at 211 and 133 and settling at 153.
D13_29 = (COMMON + "capacity_gb=120,op_pct=9.06,bits=3,slc_type=dynamic,slc_seq_mibps=3175,"
          "slc_rand_iops=784763,native_seq_mibps=811,native_rand_mibps=620.3,fold_mibps=394,"
          "floor_mibps=129.29,gc_gamma=1.62,link_mibps=7000,iops_cap=2000000,noise=0.02,"
          "noise_direct=0.08,seed=973839313,slc_gb=19,slc_wa=1,dip_duty=0")
# Seed 11's drive 2 (WSAT): 14.97 GiB of cache, ended in the second 5 s
# sample (1836 MB/s, then 1309), folding flat at 239 MB/s to 30.7 GiB,
# then GC at 127; the segmentation gave the cache and the folding one phase.
D11_2 = (COMMON + "capacity_gb=317,op_pct=11.25,bits=2,slc_type=dynamic,slc_seq_mibps=1916,"
         "slc_rand_iops=471055,native_seq_mibps=1070,native_rand_mibps=506.8,fold_mibps=505,"
         "floor_mibps=107.35,gc_gamma=1.17,link_mibps=7000,iops_cap=2000000,noise=0.02,"
         "noise_direct=0.00,seed=187432706,slc_gb=43,slc_wa=1,dip_duty=0")
# Seed 2026's drive 153 (WSAT): 10.76 GiB of cache, ended in the second
# sample (2017 MB/s, then 357), folding at 192 to 33.4 GiB, then GC at 65.
D2026_153 = (COMMON + "capacity_gb=161,op_pct=22.75,bits=3,slc_type=dynamic,slc_seq_mibps=2781,"
             "slc_rand_iops=510182,native_seq_mibps=737,native_rand_mibps=572.8,fold_mibps=248,"
             "floor_mibps=54.57,gc_gamma=1.56,link_mibps=7000,iops_cap=2000000,noise=0.05,"
             "noise_direct=0.08,seed=504080022,slc_gb=27,slc_wa=1,dip_period_s=22.5,"
             "dip_duty=0.11,dip_depth=0.37")
# Seed 13's drive 108 (2 hours): 20.8 GiB of cache at 2.3 GB/s with a GC
# dip to 1.06 for 3 samples inside it, then folding at 354 to 276 GiB.
# Seed 127's drive 13 and 191's drive 89 (round 33): 2755 (2744) MB/s in
# the first 5 s sample, 1608 (1617) holding the cache's end, 1.12-1.14x
# above the folding's 1434 (1422) for 3 samples, then GC: the second sample
# more than half a step above the level but less than a step, read as one
# fast start of clean blocks, "folding from 15.4 GiB missed".
D127_13 = (COMMON + "capacity_gb=424,op_pct=12.45,bits=2,slc_type=dynamic,slc_seq_mibps=6377,"
           "slc_rand_iops=1044190,native_seq_mibps=2754,native_rand_mibps=2308.1,fold_mibps=1702,"
           "floor_mibps=483.21,gc_gamma=1.15,link_mibps=7000,iops_cap=2000000,noise=0.02,"
           "noise_direct=0.08,seed=230782635,slc_gb=96,slc_wa=1,dip_duty=0")
D191_89 = (COMMON + "capacity_gb=362,op_pct=12.96,bits=2,slc_type=dynamic,slc_seq_mibps=5415,"
           "slc_rand_iops=1034016,native_seq_mibps=3219,native_rand_mibps=2098.9,fold_mibps=2181,"
           "floor_mibps=484.75,gc_gamma=2.42,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.00,seed=383588646,slc_gb=93,slc_wa=1,dip_duty=0")
D13_108 = (COMMON + "capacity_gb=1430,op_pct=21.02,bits=3,slc_type=dynamic,slc_seq_mibps=2760,"
           "slc_rand_iops=619756,native_seq_mibps=1289,native_rand_mibps=1059.3,fold_mibps=431,"
           "floor_mibps=213.58,gc_gamma=1.38,link_mibps=7000,iops_cap=2000000,noise=0.02,"
           "noise_direct=0.00,seed=59406991,slc_gb=346,slc_wa=1,dip_period_s=25.6,"
           "dip_duty=0.13,dip_depth=0.43")
# Seed 13's drive 107: 23.97 GiB of cache at 1.26 GB/s, then its folding
# at 112 MB/s and GC at 117: one level after the cache.
D13_107 = (COMMON + "capacity_gb=381,op_pct=21.08,bits=2,slc_type=dynamic,slc_seq_mibps=1627,"
           "slc_rand_iops=322675,native_seq_mibps=475,native_rand_mibps=361.0,fold_mibps=147,"
           "floor_mibps=98.66,gc_gamma=1.64,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.08,seed=712956333,slc_gb=44,slc_wa=1,dip_duty=0")
# Seed 13's drive 158 (WSAT): 5.50 GiB of cache at 340 MB/s, folding at 38
# and GC at 34.
D13_158 = (COMMON + "capacity_gb=171,op_pct=11.47,bits=3,slc_type=dynamic,slc_seq_mibps=528,"
           "slc_rand_iops=86913,native_seq_mibps=219,native_rand_mibps=102.7,fold_mibps=80,"
           "floor_mibps=28.97,gc_gamma=1.86,link_mibps=560,iops_cap=100000,noise=0.02,"
           "noise_direct=0.08,seed=862667198,slc_gb=49,slc_wa=1,dip_duty=0")
# Seed 2026's drive 94 (WSAT): 7.05 GiB of cache inside the first sample
# (1994 MB/s), folding at 1160 for 2 samples, then GC at 420.
D2026_94 = (COMMON + "capacity_gb=191,op_pct=13.02,bits=3,slc_type=dynamic,slc_seq_mibps=6151,"
            "slc_rand_iops=1363067,native_seq_mibps=2000,native_rand_mibps=1795.3,"
            "fold_mibps=1292,floor_mibps=354.97,gc_gamma=2.24,link_mibps=7000,"
            "iops_cap=2000000,noise=0.02,noise_direct=0.00,seed=206253007,slc_gb=44,slc_wa=1,"
            "dip_duty=0")
# Seed 2026's drive 48 (WSAT): 29.88 GiB of cache (what idle time gave
# back) in 3 samples (2738, 2418, 1872 MB/s), direct writes to the clean
# spare area at 1567 to 177.6 GiB, folding at 1099 to 528 GiB, GC at 449.
D2026_48 = (COMMON + "capacity_gb=3115,op_pct=19.01,bits=2,slc_type=dynamic,slc_seq_mibps=6262,"
            "slc_rand_iops=1214573,native_seq_mibps=1951,native_rand_mibps=1572.8,"
            "fold_mibps=1365,floor_mibps=377.09,gc_gamma=0.82,link_mibps=7000,"
            "iops_cap=2000000,noise=0.02,noise_direct=0.04,seed=708507585,slc_gb=219,slc_wa=1,"
            "dip_period_s=13.8,dip_duty=0.14,dip_depth=0.53")
# Seed 181's drive 51: 29.9 GiB of cache (what 15 minutes' idle flushed of
# the 59 the fill's log showed), direct writes at 209 MiB/s to 47.3 GiB,
# folding flat at 135 to 129.8 GiB, then GC scattering 62-173.
D181_51 = (COMMON + "capacity_gb=624,op_pct=22.70,bits=2,slc_type=dynamic,slc_seq_mibps=510,"
           "slc_rand_iops=93521,native_seq_mibps=296,native_rand_mibps=208.8,fold_mibps=192,"
           "floor_mibps=61.99,gc_gamma=1.23,link_mibps=560,iops_cap=100000,noise=0.05,"
           "noise_direct=0.00,seed=408785912,slc_gb=59,slc_wa=1,dip_period_s=24.1,"
           "dip_duty=0.12,dip_depth=0.33")
# Seed 11's drive 37: 29.9 GiB of cache of the 57 the fill's log showed,
# direct writes at 1203 MiB/s to 72.7 GiB, folding at 797 to 153.2 GiB,
# then GC at 292-826.
D11_37 = (COMMON + "capacity_gb=639,op_pct=25.95,bits=2,slc_type=dynamic,slc_seq_mibps=2939,"
          "slc_rand_iops=551377,native_seq_mibps=1741,native_rand_mibps=1203.3,fold_mibps=1153,"
          "floor_mibps=291.62,gc_gamma=2.47,link_mibps=7000,iops_cap=2000000,noise=0.00,"
          "noise_direct=0.00,seed=481604250,slc_gb=57,slc_wa=1,dip_duty=0")
# Seed 13's drive 53: 7 samples at 2281 MiB/s, a GC dip (1778, 1033, 1033,
# 1151) holding the cache's end at 20.43 GiB, then folding flat at 608.
D13_53 = (COMMON + "capacity_gb=886,op_pct=8.61,bits=3,slc_type=dynamic,slc_seq_mibps=3323,"
          "slc_rand_iops=584048,native_seq_mibps=999,native_rand_mibps=873.6,fold_mibps=695,"
          "floor_mibps=161.25,gc_gamma=1.08,link_mibps=7000,iops_cap=2000000,noise=0.00,"
          "noise_direct=0.00,seed=315247857,slc_gb=143,slc_wa=1,dip_period_s=17.9,"
          "dip_duty=0.18,dip_depth=0.43")
# Seed 181's drive 85: 10 samples at 2209 MiB/s, a dip (1398, 964) holding
# the cache's end at 23.70 GiB, then folding at 744 to 49.2 GiB, then GC.
D181_85 = (COMMON + "capacity_gb=327,op_pct=16.73,bits=2,slc_type=dynamic,slc_seq_mibps=3248,"
           "slc_rand_iops=565493,native_seq_mibps=1696,native_rand_mibps=1095.2,fold_mibps=1145,"
           "floor_mibps=267.57,gc_gamma=1.31,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.08,seed=784715776,slc_gb=26,slc_wa=1,dip_period_s=14.5,"
           "dip_duty=0.13,dip_depth=0.53")
# Seed 101's drive 50: 29.88 GiB of cache at 2736 MiB/s (what idle time
# emptied of the 53 GiB the fill's log showed), 12 samples of direct writes
# at 2424, folding at 1153 to 183.8 GiB, then GC.
D101_50 = (COMMON + "capacity_gb=837,op_pct=24.18,bits=3,slc_type=dynamic,slc_seq_mibps=5055,"
           "slc_rand_iops=957001,native_seq_mibps=2707,native_rand_mibps=2424.3,fold_mibps=1287,"
           "floor_mibps=713.70,gc_gamma=1.09,link_mibps=7000,iops_cap=2000000,noise=0.02,"
           "noise_direct=0.00,seed=877877954,slc_gb=53,slc_wa=1,dip_duty=0")
# Seed 101's drive 51: a 14.92 GiB cache ending in WSAT's second sample
# (2744, then 632 MiB/s), folding flat at 363 for 8 samples to 31.1 GiB,
# then GC at 240 bursting 204-398.
D101_51 = (COMMON + "capacity_gb=186,op_pct=18.40,bits=2,slc_type=dynamic,slc_seq_mibps=5040,"
           "slc_rand_iops=1146882,native_seq_mibps=2267,native_rand_mibps=1078.8,fold_mibps=762,"
           "floor_mibps=204.13,gc_gamma=1.19,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.00,seed=574891007,slc_gb=48,slc_wa=1,dip_duty=0")
# Seed 179's drive 36: an 8.69 GiB cache inside WSAT's first sample, folding
# at 520 MiB/s for 6 samples, GC's first two at 461 and 435, then GC at 156.
D179_36 = (COMMON + "capacity_gb=214,op_pct=14.22,bits=3,slc_type=dynamic,slc_seq_mibps=5670,"
           "slc_rand_iops=949712,native_seq_mibps=2107,native_rand_mibps=1656.3,fold_mibps=662,"
           "floor_mibps=129.86,gc_gamma=1.93,link_mibps=7000,iops_cap=2000000,noise=0.02,"
           "noise_direct=0.08,seed=38245038,slc_gb=61,slc_wa=1,dip_duty=0")
# Seed 223's drive 138: a 10.0 GiB cache inside WSAT's first sample (2283
# MiB/s), folding at 912 for 4 samples to 31.2 GiB, then GC at 515 from 674.
D223_138 = (COMMON + "capacity_gb=131,op_pct=25.83,bits=3,slc_type=dynamic,slc_seq_mibps=5619,"
            "slc_rand_iops=898459,native_seq_mibps=2700,native_rand_mibps=2291.2,fold_mibps=1079,"
            "floor_mibps=434.39,gc_gamma=1.39,link_mibps=7000,iops_cap=2000000,noise=0.02,"
            "noise_direct=0.04,seed=7182786,slc_gb=30,slc_wa=1,dip_duty=0")
# Round 34, WSAT after a sequential fill, 29.88 GiB of cache (what idle
# time emptied) ending in the third 5 s sample, then direct writes:
# seed 139's drive 103, 2.86 GB/s, then 2.00 (a GC dip inside the cache),
# the end's 2.34, then direct writes at 1.71.
D139_103 = (COMMON + "capacity_gb=2082,op_pct=26.82,bits=3,slc_type=dynamic,slc_seq_mibps=6185,"
            "slc_rand_iops=1267037,native_seq_mibps=1927,native_rand_mibps=1634.4,fold_mibps=846,"
            "floor_mibps=323.63,gc_gamma=1.64,link_mibps=7000,iops_cap=2000000,noise=0.05,"
            "noise_direct=0.00,seed=164419449,slc_gb=143,slc_wa=1,dip_period_s=16.0,"
            "dip_duty=0.13,dip_depth=0.30")
# Seed 191's drive 90: 2.88, 1.72 (the dip), the end's 2.47, then 1.76.
D191_90 = (COMMON + "capacity_gb=1276,op_pct=18.71,bits=2,slc_type=dynamic,slc_seq_mibps=6007,"
           "slc_rand_iops=1059305,native_seq_mibps=1910,native_rand_mibps=1692.5,fold_mibps=1312,"
           "floor_mibps=55.98,gc_gamma=1.21,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.12,seed=199801856,slc_gb=102,slc_wa=1,dip_period_s=22.2,"
           "dip_duty=0.13,dip_depth=0.30")
# Seed 257's drive 6: 2.18 (slow first sample), 2.88, the end's 2.35, then
# direct writes at 1.89 with dips to 217 GiB.
D257_6 = (COMMON + "capacity_gb=3560,op_pct=16.63,bits=2,slc_type=dynamic,slc_seq_mibps=3779,"
          "slc_rand_iops=727179,native_seq_mibps=2077,native_rand_mibps=1807.0,fold_mibps=1334,"
          "floor_mibps=505.62,gc_gamma=1.30,link_mibps=7000,iops_cap=2000000,noise=0.02,"
          "noise_direct=0.00,seed=1023609373,slc_gb=192,slc_wa=1,dip_period_s=20.9,"
          "dip_duty=0.15,dip_depth=0.35")
# Seed 179's drive 185: 2.70, 2.23 (a dip), the end's 1.78, then 0.68 and
# direct writes at 0.64.
D179_185 = (COMMON + "capacity_gb=1134,op_pct=25.75,bits=3,slc_type=dynamic,slc_seq_mibps=3759,"
            "slc_rand_iops=659766,native_seq_mibps=1076,native_rand_mibps=729.1,fold_mibps=361,"
            "floor_mibps=183.23,gc_gamma=2.42,link_mibps=7000,iops_cap=2000000,noise=0.05,"
            "noise_direct=0.04,seed=250184458,slc_gb=81,slc_wa=1,dip_period_s=8.9,"
            "dip_duty=0.20,dip_depth=0.45")
# Seed 2026's drive 78, 2 hours: 11.0 GiB of cache at 352 MB/s, folding
# at 31 (1 % noise) to 22.5 GiB, then GC scattering 3-8 MB/s (13 %).
D2026_78 = (COMMON + "capacity_gb=233,op_pct=11.22,bits=2,slc_type=dynamic,slc_seq_mibps=511,"
            "slc_rand_iops=86094,native_seq_mibps=148,native_rand_mibps=86.9,fold_mibps=51,"
            "floor_mibps=2.82,gc_gamma=2.46,link_mibps=560,iops_cap=100000,noise=0.02,"
            "noise_direct=0.04,seed=582643744,slc_gb=15,slc_wa=1,dip_period_s=21.2,"
            "dip_duty=0.12,dip_depth=0.39")
# Seed 173's drive 65, 2 hours: 19.0 GiB of cache, folding at 22 MB/s to
# 39.5 GiB, then GC at 4 scattering.
D173_65 = (COMMON + "capacity_gb=269,op_pct=16.36,bits=2,slc_type=dynamic,slc_seq_mibps=506,"
           "slc_rand_iops=107243,native_seq_mibps=86,native_rand_mibps=40.6,fold_mibps=45,"
           "floor_mibps=3.15,gc_gamma=2.37,link_mibps=560,iops_cap=100000,noise=0.05,"
           "noise_direct=0.04,seed=1012303251,slc_gb=20,slc_wa=1,dip_duty=0")
# Seed 179's drive 153, fresh WSAT: 2.88, 2.88, 2.16 (a GC dip inside the
# cache), then 0.93 holding the cache's last 0.4 s before direct writes at
# 0.75: 38.0 GiB.
D179_153 = (COMMON + "capacity_gb=331,op_pct=25.48,bits=3,slc_type=dynamic,slc_seq_mibps=3843,"
            "slc_rand_iops=708399,native_seq_mibps=1601,native_rand_mibps=723.3,fold_mibps=1047,"
            "floor_mibps=69.97,gc_gamma=1.68,link_mibps=7000,iops_cap=2000000,noise=0.00,"
            "noise_direct=0.08,seed=267315037,slc_gb=38,slc_wa=1,dip_period_s=16.1,"
            "dip_duty=0.15,dip_depth=0.51")
# Seed 313's drive 64 (WSAT): 2733 MiB/s in the first 5 s sample, 1304
# holding the 16.3 GiB cache's end, then folding flat at 896 to 86 GiB
# (5.3 times the cache), then GC at 81. Seed 167's drive 48 (WSAT): 2744,
# 1273 holding the 15.4 GiB cache's end, folding at 1000 to 37.4 GiB, GC
# at 218.
D313_64 = (COMMON + "capacity_gb=880,op_pct=11.19,bits=2,slc_type=dynamic,slc_seq_mibps=5382,"
           "slc_rand_iops=1285901,native_seq_mibps=3084,native_rand_mibps=1628.6,fold_mibps=1685,"
           "floor_mibps=64.60,gc_gamma=1.47,link_mibps=7000,iops_cap=2000000,noise=0.02,"
           "noise_direct=0.08,seed=447803882,slc_gb=76,slc_wa=1,dip_duty=0")
D167_48 = (COMMON + "capacity_gb=540,op_pct=8.35,bits=2,slc_type=dynamic,slc_seq_mibps=3443,"
           "slc_rand_iops=799519,native_seq_mibps=2064,native_rand_mibps=1540.5,fold_mibps=1347,"
           "floor_mibps=182.63,gc_gamma=1.82,link_mibps=7000,iops_cap=2000000,noise=0.00,"
           "noise_direct=0.04,seed=777417173,slc_gb=67,slc_wa=1,dip_duty=0")
# Seed 131's drive 134 (WSAT): 1706 MiB/s holding the 7.8 GiB cache's end,
# then 2 samples of folding at 1165, 939 holding its end, then GC at
# 232-450.
D131_134 = (COMMON + "capacity_gb=177,op_pct=15.39,bits=3,slc_type=dynamic,slc_seq_mibps=6374,"
            "slc_rand_iops=1504914,native_seq_mibps=2901,native_rand_mibps=2130.6,"
            "fold_mibps=1586,floor_mibps=232.49,gc_gamma=1.17,link_mibps=7000,"
            "iops_cap=2000000,noise=0.00,noise_direct=0.00,seed=188271864,slc_gb=13,slc_wa=1,"
            "dip_period_s=22.3,dip_duty=0.14,dip_depth=0.41")
INTERVAL = (1, 1, 5)


def logs(tmp_path, spec):
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    simulate(spec, "seq_fill", "2h", run, INTERVAL)
    simulate_fill(spec, "seq_fill", fill, INTERVAL)
    return run, fill


def starts(a):
    return [p["start_bytes"] / GIB for p in a["phases"]]


def test_a_flat_folding_after_a_sequential_fill_is_no_slide(tmp_path):
    """The folding's first lasting phase, flat but for the drop's mixed
    sample at its start, was read by its fitted line as a slide, the used
    state at the cache's end (230 GiB of GC 'sliding from 39.7 to 26.7');
    after a dynamic cache on a drive written full sequentially it slides
    only when its halves' medians fall too (falls_through)."""
    run, fill = logs(tmp_path, D13_2)
    for a in (cli(run), cli(run, "--reference", fill)):
        assert regimes(a) == ["cache", "folding", "gc"]
        assert starts(a)[2] == pytest.approx(21.2, abs=0.5)


@pytest.mark.parametrize("spec, fold_end", [(D11_105, 34.0), (D2026_190, 28.8)])
def test_a_folding_shorter_than_a_lasting_phase_ends_where_gc_starts(tmp_path, spec, fold_end):
    """The segmentation gave the short folding GC's first samples (it cannot
    end a phase sooner): seq_fill_fold_end gives them back to GC, the used
    state starting at the folding's end, not at the cache's. Python's
    analyze (the C analysis with the reference series) agrees."""
    run, fill = logs(tmp_path, spec)
    for a in (cli(run), cli(run, "--reference", fill)):
        assert regimes(a) == ["cache", "folding", "gc"]
        assert starts(a)[2] == pytest.approx(fold_end, abs=0.5)
    p = ssdcore.analyze(str(run), reference=str(fill))
    assert [ph["regime"] for ph in p["phases"]] == ["cache", "folding", "gc"]


def test_direct_writes_before_the_folding_are_their_own_phase(tmp_path):
    """A cache at its full size leaves clean blocks: direct writes for 24
    samples (shorter than a lasting phase), then the folding. The phase
    holding both read as a slide; its first level is split off as direct
    writes, the folding and the used state after it."""
    run, fill = logs(tmp_path, D2026_5)
    for a in (cli(run), cli(run, "--reference", fill)):
        assert regimes(a) == ["cache", "direct", "folding", "gc"]
        assert starts(a)[2] == pytest.approx(47.7, abs=3)
        assert starts(a)[3] == pytest.approx(99.1, abs=1)


def test_a_shrunken_cache_folds_to_the_end_of_the_run(tmp_path):
    """No used state in the run: one level after the cache to its end. The
    fill's log showed a dynamic cache 44 times this one: it shrank to the
    clean spare area, none is left for direct writes, so the level is its
    folding. Without the log it stays direct writes (the cache, 0.5 % of
    the capacity, says nothing of its kind)."""
    run, fill = logs(tmp_path, D11_82)
    assert regimes(cli(run)) == ["cache", "direct"]
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "folding"]
    assert a["cache"]["bytes"] / GIB == pytest.approx(18.3, abs=0.5)


def test_direct_writes_then_folding_with_the_fill_logs_kind(tmp_path):
    """A small cache (1.1 % of the capacity), then two quiet levels and GC
    (WSAT, 6 hours): with the fill's log showing a dynamic cache the second
    level is the folding, quiet and flat as GC's per-second scatter is not,
    and the used state follows it; without the log (the drive's kind
    unknown) the second level was the used state, at the folding's start;
    since round 46 it is the folding without the log too (a quiet level
    between direct writes and GC's scatter: seq_direct_fold_gc, whatever
    the cache's size). The 2-hour run, whose folding lasts to its end,
    keeps reading it as the used state either way (a smooth GC would read
    the same)."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    simulate(D47_73, "seq_fill", "wsat", run, INTERVAL)
    simulate_fill(D47_73, "seq_fill", fill, INTERVAL)
    assert regimes(cli(run)) == ["cache", "direct", "folding", "gc"]
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "direct", "folding", "gc"]
    assert starts(a)[2] == pytest.approx(131.6, abs=1)
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(658.8, abs=2)
    run2h, _ = logs(tmp_path, D47_73)
    assert regimes(cli(run2h, "--reference", fill))[-1] == "gc"


@pytest.mark.parametrize("spec, fold_at, gc_at", [(D181_51, 47.3, 129.8), (D11_37, 72.7, 153.2)])
def test_a_partly_flushed_cache_then_direct_writes_folding_and_gc(tmp_path, spec, fold_at, gc_at):
    """Idle time emptied only part of the dynamic cache the fill's log
    showed (about 30 GiB of 57-59): the run writes that room in SLC mode,
    then the clean blocks at the direct speed, then folds what the cache
    still holds (quiet and flat), then GC scatters. The folding and GC
    were read as one used state sliding from the folding's level, the
    direct writes as the folding (seq_direct_fold_gc)."""
    run, fill = logs(tmp_path, spec)
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "direct", "folding", "gc"]
    assert a["cache"]["bytes"] / GIB == pytest.approx(29.9, rel=0.05)
    assert starts(a)[2] == pytest.approx(fold_at, rel=0.03)
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(gc_at, rel=0.03)


@pytest.mark.parametrize("spec, cache, fold_at", [(D13_53, 20.43, 20.4), (D181_85, 23.70, 23.7)])
def test_a_gc_dip_at_the_caches_end_is_the_caches(tmp_path, spec, cache, fold_at):
    """A GC dip slowed the cache's last seconds: the cache test ended it
    where the dip began and the dip's 2-3 samples read as direct writes
    before the folding ("cache 16.93 GiB, truth 20.43"; on drive 85 the
    folding missed). A dynamic cache the idle time emptied whole folds
    right after its end, and direct writes last far longer than a dip:
    the samples are the cache's, its end inside the last of them
    (seq_dip_at_cache_end)."""
    run, fill = logs(tmp_path, spec)
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "folding", "gc"]
    assert a["cache"]["bytes"] / GIB == pytest.approx(cache, rel=0.05)
    assert starts(a)[1] == pytest.approx(fold_at, rel=0.05)


def test_a_cache_read_larger_than_the_fill_logs_holds_direct_writes(tmp_path):
    """The direct writes after the cache run 0.89 times its speed, less
    than a step: the cache test read both as a 58.10 GiB cache, more than
    the whole 53 GiB dynamic cache the fill's log showed, which a used
    drive's cache never exceeds. The fast start is split within that
    bound (seq_cache_over_fill_log): the cache, the direct writes, the
    folding and GC."""
    run, fill = logs(tmp_path, D101_50)
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "direct", "folding", "gc"]
    assert a["cache"]["bytes"] / GIB == pytest.approx(29.88, rel=0.05)
    assert starts(a)[2] == pytest.approx(58.1, rel=0.03)
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(183.8, rel=0.03)


@pytest.mark.parametrize("spec, wl, cache, fold_end, alone",
                         [(D11_64, "2h", 16.6, 411.5, ["direct", "gc"]),
                          (D47_79, "wsat", 3.9, 11.8, ["direct", "gc"]),
                          (D349_24, "2h", 16.2, 59.8, ["cache", "folding", "gc"])])
def test_a_folding_that_outlasts_the_clean_blocks_follows_the_fill_logs_cache(
        tmp_path, spec, wl, cache, fold_end, alone):
    """A fast start, then a quiet flat level longer than any clean blocks
    the drive can have had, then a step down: one curve reads the fast start
    as those clean blocks and the level as the used state (cache missed).
    With the fill's log showing a dynamic cache the fast start is the cache
    (a dynamic cache writes the clean blocks idle time gave back in SLC mode
    first) and the level its folding (seq_fill_ref_fold); for seed 47's
    drive 79 the segmentation gave the folding and GC one phase, split at
    its best two-level point; for seed 349's drive 24 that phase took GC's
    first bursts and fell through itself, and the folding ends where GC's
    scatter jumps. (Seed 349's drive 24 is read so without the log too:
    its flat folding lasts 2.7 times the cache after it and ends less than
    a lasting phase before the end of the phase the segmentation gave it,
    GC settling a step below it after, fold_run_in_used_state.)"""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    simulate(spec, "seq_fill", wl, run, INTERVAL)
    simulate_fill(spec, "seq_fill", fill, INTERVAL)
    assert regimes(cli(run)) == alone
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "folding", "gc"]
    assert a["cache"]["bytes"] / GIB == pytest.approx(cache, rel=0.05)
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(fold_end, rel=0.05)
    p = ssdcore.analyze(str(run), reference=str(fill))
    assert [ph["regime"] for ph in p["phases"]] == ["cache", "folding", "gc"]


def test_a_cache_inside_wsats_first_sample_then_a_short_folding(tmp_path):
    """The cache ended inside WSAT's first 5 s sample and folded for 3
    samples, a quiet flat level the segmentation gave to GC: one curve reads
    one sample of clean blocks and the used state from 4.1 GiB. With the
    fill's log showing a dynamic cache, the first sample is the cache
    (bounded inside it), the 3 samples its folding (twice a cache within
    those bounds: TLC), and the used state starts after them
    (seq_first_sample_fold)."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    simulate(D13_29, "seq_fill", "wsat", run, INTERVAL)
    simulate_fill(D13_29, "seq_fill", fill, INTERVAL)
    assert regimes(cli(run)) == ["direct", "gc"]
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "folding", "gc"]
    assert a["cache"]["censored"] == "resolution"
    lo = a["cache"]["bytes"] / GIB
    assert lo <= 2.97 <= lo + a["cache"]["uncertainty_bytes"] / GIB
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(9.0, rel=0.06)


def wsat_after_seq_fill(tmp_path, spec):
    """WSAT after a sequential fill, analysed with the fill's log as
    reference: (analysis, truth, series, run, fill)."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "seq_fill", "wsat", run, INTERVAL)
    simulate_fill(spec, "seq_fill", fill, INTERVAL)
    return cli(run, "--reference", fill), truth, series, run, fill


def assert_cache_first_fold_then_gc(a, cache):
    """Cache, folding, GC, the model's cache size within the stated range."""
    assert regimes(a) == ["cache", "folding", "gc"]
    lo = a["cache"]["bytes"] / GIB
    hi = lo + a["cache"]["uncertainty_bytes"] / GIB
    assert lo * 0.95 <= cache <= hi * 1.05


@pytest.mark.parametrize("spec, cache, fold_end", [(D11_2, 14.97, 30.7), (D2026_153, 10.76, 33.4)])
def test_a_cache_ended_in_wsats_second_sample_and_its_folding_in_one_phase(
        tmp_path, spec, cache, fold_end):
    """The cache ended in WSAT's first or second 5 s sample and the
    segmentation gave it and its folding (a quiet flat level) one phase:
    the cache test measured them as one fast start, read as clean blocks
    to the folding's end ("folding missed"). With the fill's log showing a
    dynamic cache, the fast samples are the cache (bounded inside them),
    the flat level its folding, the used state after it
    (seq_first_sample_fold's seq_fast_start_fold)."""
    a, _, _, run, fill = wsat_after_seq_fill(tmp_path, spec)
    assert_cache_first_fold_then_gc(a, cache)
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(fold_end, rel=0.05)
    p = ssdcore.analyze(str(run), reference=str(fill))
    assert [ph["regime"] for ph in p["phases"]] == ["cache", "folding", "gc"]


@pytest.mark.parametrize("spec", [D127_13, D191_89])
def test_a_second_sample_half_a_step_above_the_folding_holds_the_caches_end(tmp_path, spec):
    """The same, the second sample more than half a step above the folding
    (none of the level's samples lies so far from it) but less than a step:
    it holds the cache's end, the folding starts at the third (round 33)."""
    a, truth, series, _, _ = wsat_after_seq_fill(tmp_path, spec)
    assert regimes(a) == ["cache", "folding", "gc"]
    assert not score_run(truth, series, a)["problems"]


def test_a_gc_dip_inside_the_cache_is_no_folding(tmp_path):
    """A GC dip inside a 2-hour run's cache (3 samples at 1.06 GB/s between
    2.36 and 2.09-2.43) steps down and climbs back to the cache's speed: no
    folding (a cache never resumes after it), so the cache stays whole."""
    run, fill = logs(tmp_path, D13_108)
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "folding", "gc"]
    assert a["cache"]["bytes"] / GIB == pytest.approx(20.8, rel=0.05)
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(275.8, rel=0.05)


@pytest.mark.parametrize("spec, wl, cache, folds", [(D13_107, "wsat", 23.97, True),
                                                    (D13_107, "2h", 23.97, True),
                                                    (D13_158, "wsat", 5.50, False)])
def test_a_dynamic_cache_then_one_level_is_the_cache(tmp_path, spec, wl, cache, folds):
    """A fast start at one level, then one level to the run's end (the
    folding within a step of GC's level): the level outlasts any clean
    blocks, so the clean-room verdict read the fast start as clean blocks
    ("cache missed"). With the fill's log showing a dynamic cache, which
    takes the clean blocks idle time gave back in SLC mode first, it is the
    cache, and the used state (its folding first) starts where it ends.
    (Round 48: where GC's scatter starts after the folding's quiet level,
    the folding is read with or without the fill's log, the used state from
    GC's start; seed 13's drive 107, folding flat at 112 MiB/s to 73.6 GiB,
    then GC scattering about 104-117. Drive 158's GC, at 34 against the
    folding's 38, scatters no more than the folding: as it was.)"""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "seq_fill", wl, run, INTERVAL)
    simulate_fill(spec, "seq_fill", fill, INTERVAL)
    if folds:
        for a in (cli(run), cli(run, "--reference", fill)):
            assert regimes(a) == ["cache", "folding", "gc"]
            assert a["cache"]["bytes"] / GIB == pytest.approx(cache, rel=0.05)
            assert a["gc"]["start_bytes"] / GIB == pytest.approx(73.6, rel=0.05)
            assert not score_run(truth, series, a)["problems"]
        return
    assert regimes(cli(run))[0] == "direct"
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "gc"]
    assert a["cache"]["bytes"] / GIB == pytest.approx(cache, rel=0.05)


def test_a_first_sample_above_the_fast_start_is_no_one_level_cache(tmp_path):
    """The first sample (1994 MB/s) above the two after it (1160, the
    folding) is a cache that ended inside it: the fast start as a whole
    (20.3 GiB) is no cache, and the reading stays as it was."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    simulate(D2026_94, "seq_fill", "wsat", run, INTERVAL)
    simulate_fill(D2026_94, "seq_fill", fill, INTERVAL)
    a = cli(run, "--reference", fill)
    assert a["cache"] is None or a["cache"]["bytes"] / GIB < 10


def test_a_cache_of_a_few_samples_then_the_spare_areas_direct_writes(tmp_path):
    """The cache (3 samples, its end in the third) and the direct writes
    after it (115 s, 1.6x slower) made one phase, which the cache test
    measured as one 177 GiB cache at the direct level. After a sequential
    fill the spare area is clean: a cache bounded by what idle time gave
    back is followed by direct writes to the rest, so the first samples,
    min_drop above the phase's level, are the cache, the rest direct
    writes, then the folding and GC (seq_cache_before_direct)."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    simulate(D2026_48, "seq_fill", "wsat", run, INTERVAL)
    simulate_fill(D2026_48, "seq_fill", fill, INTERVAL)
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "direct", "folding", "gc"]
    assert a["cache"]["bytes"] / GIB == pytest.approx(29.88, rel=0.05)
    assert starts(a)[2] == pytest.approx(177.6, rel=0.02)
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(528.1, rel=0.02)


@pytest.mark.parametrize("spec, cache, fold_end", [(D101_51, 14.92, 31.1), (D179_36, 8.69, 26.6),
                                                   (D223_138, 10.0, 31.2)])
def test_a_first_sample_cache_whose_folding_the_two_level_split_misses(tmp_path, spec, cache,
                                                                     fold_end):
    """A cache inside WSAT's first sample (or its second), its folding a
    flat level that the best two-level split of the phase after it did not
    find: the split's second level lifted by GC's first bursts (363 against
    289 MiB/s, under min_drop) or its first level taking GC's first samples
    (falling through), or the cache test bounded the cache inside the
    first sample itself and the rule passed it by (seed 223's drive 138).
    Read as clean blocks in one sample and the used state from there,
    "folding missed". The flat level, lasting 1-3 times
    what the first samples cached and ending in a step down, is the
    folding (seq_first_sample_fold's seq_first_sample_flat_fold)."""
    a, truth, series, _, _ = wsat_after_seq_fill(tmp_path, spec)
    assert_cache_first_fold_then_gc(a, cache)
    # (Seed 179's: at 24.8 GiB, before GC's first two samples, which
    # fall through the level, 26.6 the model's.)
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(fold_end, rel=0.1)
    assert not score_run(truth, series, a)["problems"]


@pytest.mark.parametrize("spec", [D139_103, D179_185])
def test_a_two_sample_caches_speed_is_its_faster_sample_past_a_dip(tmp_path, spec):
    """The cache's two samples before the one its end is in, one of them
    slowed a step by a GC dip: split against their mean, the end's sample
    read as more cache than it held (32.95 GiB, 31.53); a dip only slows,
    so the cache ran at the faster one's speed (ssd__cache_samples_speed;
    on drive 185 the end's sample is the one before the phase's last,
    which runs at the level after, ssd__cache_end_in_sample)."""
    a, truth, series, _, _ = wsat_after_seq_fill(tmp_path, spec)
    assert a["cache"]["bytes"] / GIB == pytest.approx(29.88, rel=0.05)


@pytest.mark.parametrize("spec", [D191_90, D257_6])
def test_a_short_cache_runs_through_a_dip_before_the_direct_writes(tmp_path, spec):
    """A GC dip of one sample inside the cache (or a slow first sample)
    broke the run of fast samples seq_cache_before_direct takes as the
    cache, and the cache test's cache of the cache and the direct writes
    after it stood (60.24 GiB, 217.31). Direct writes never climb back a
    step above their level: the fast samples through the dip are the
    cache, its end in the last of them."""
    a, truth, series, _, _ = wsat_after_seq_fill(tmp_path, spec)
    assert regimes(a)[:2] == ["cache", "direct"]
    assert a["cache"]["bytes"] / GIB == pytest.approx(29.88, rel=0.05)


@pytest.mark.parametrize("spec, fold_end", [(D2026_78, 22.5), (D173_65, 39.5)])
def test_a_quiet_level_straight_into_gcs_scatter_is_the_folding(tmp_path, spec, fold_end):
    """After the cache one quiet flat level, then GC scattering 7-13 times
    as much to the run's end: read as direct writes and the folding from
    GC's start ("used state missed"). Direct writes are quiet too, but a
    dynamic cache's folding comes between them and GC: the quiet level
    straight into the scatter is the folding, the used state after it
    (seq_fold_before_scatter)."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "seq_fill", "2h", run, INTERVAL)
    simulate_fill(spec, "seq_fill", fill, INTERVAL)
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "folding", "gc"]
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(fold_end, rel=0.05)
    assert not score_run(truth, series, a)["problems"]


def test_a_fresh_drives_sample_above_its_direct_level_still_holds_cache(tmp_path):
    """On a fresh drive the sample closing the cache's phase at 0.93 GB/s,
    24 % above the direct writes' 0.75, held the cache's last 0.4 s: a
    fresh drive's direct writes never run above their level, so
    ssd__cache_end_in_sample keeps the end there (38.0 GiB), not in the
    GC-dipped sample before it (35.7)."""
    run = tmp_path / "run.csv"
    simulate(D179_153, "fresh", "wsat", run, INTERVAL)
    a = cli(run)
    assert a["cache"]["bytes"] / GIB == pytest.approx(38.0, rel=0.05)


@pytest.mark.parametrize("spec, cache, fold_end", [(D313_64, 16.3, 86.0), (D167_48, 15.4, 37.4)])
def test_a_folding_after_a_sequential_fill_outlasts_three_times_the_cache(
        tmp_path, spec, cache, fold_end):
    """After a sequential fill the SLC area still holds the fill's last
    bytes the idle time did not flush, and the drive folds them too before
    GC: the folding lasts at least the cache and up to a few times the
    fill log's dynamic cache, not 1, 2 or 3 times this run's cache (313's
    drive 64: 5.3 times). Read against the random fill's bound, the cache in
    WSAT's first samples and its folding were clean blocks to 85 GiB,
    "folding from 16.3 GiB missed" (lasts_a_seq_fold_of)."""
    a, truth, series, _, _ = wsat_after_seq_fill(tmp_path, spec)
    assert regimes(a) == ["cache", "folding", "gc"]
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(fold_end, rel=0.1)
    assert not score_run(truth, series, a)["problems"]


def test_two_flat_samples_of_folding_after_wsats_first_sample_cache(tmp_path):
    """A folding of two whole 5 s samples (within half a step of each
    other) after a cache ended inside the first, then GC min_drop below:
    seq_fast_start_fold asked 3 samples of the level and the run was read
    as clean blocks, "no phase boundary near the slc->fold change"."""
    a, truth, series, _, _ = wsat_after_seq_fill(tmp_path, D131_134)
    assert regimes(a) == ["cache", "folding", "gc"]
    assert not score_run(truth, series, a)["problems"]


# Seed 61's drive 4: 29.9 GiB of cache (what 15 minutes' idle flushed of
# the 159 GiB the fill's log showed) on a 2,975 GB drive, direct writes at
# 133 MB/s to 485.1 GiB, then folding at 83 to the 2-hour run's end.
D61_4 = (COMMON + "capacity_gb=2975,op_pct=27.49,bits=2,slc_type=dynamic,slc_seq_mibps=417,"
         "slc_rand_iops=94516,native_seq_mibps=144,native_rand_mibps=127.3,fold_mibps=89,"
         "floor_mibps=13.67,gc_gamma=1.45,link_mibps=560,iops_cap=100000,noise=0.05,"
         "noise_direct=0.00,seed=370826423,slc_gb=159,slc_wa=1,dip_period_s=17.0,"
         "dip_duty=0.17,dip_depth=0.55")


def test_a_used_state_as_quiet_as_the_level_before_is_the_folding(tmp_path):
    """A cache, one lasting level, then a level to the run's end that
    scatters no more than it (quiet_after_level): the folding after direct
    writes to the clean blocks a partly flushed cache left, not the folding
    and then GC, whose bursts scatter SCATTER_JUMP times a quiet level.
    With the fill's log (another workload: its direct level, 151 MB/s, is
    not the run's) the level was read as the folding, "folding at 29.9
    GiB, truth 485.1"; now the direct writes, and the used state from
    485 GiB that may be the folding."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(D61_4, "seq_fill", "2h", run, INTERVAL)
    simulate_fill(D61_4, "seq_fill", fill, INTERVAL)
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "direct", "gc"]
    assert a["gc"]["start_bytes"] / GIB == pytest.approx(485.1, rel=0.01)
    assert a["gc"]["may_be_folding"]
    assert not score_run(truth, series, a)["problems"]
