"""Round 37 (issue 21): a fill after a random fill, read against the same
drive's fresh run: the 2 GiB dynamic cache idle time emptied ends in the
run's first sample, its folding runs 2-4 GiB in a few samples at the
drive's folding level with 2-8 % noise, then GC bursts above and below it
before it settles a step lower. The folding's run was sought within
FOLD_BAND of its first sample and at least 5 samples long, so it was
missed and the used state placed past GC's first bursts (docs/analysis.md,
"A used drive's short folding read against its folding level"). The
drives are the sweep's own, at full size; each run is scored as the sweep
scores it."""

import pytest

from used_drive_scoring import analysed_run, simulate

B = "sim:bx200,native_write_lat_us=0,"
RUNS = {
    # seed 61's drive 187: folding at 298-317 MB/s to 3.9 GiB, then 222,
    # 545, 329 and GC at 205 ("used state at 5.0 GiB, truth 4.0")
    "s61_d187": B + "capacity_gb=404,op_pct=11.76,bits=2,slc_type=dynamic,slc_seq_mibps=3900,"
    "slc_rand_iops=650171,native_seq_mibps=1022,native_rand_mibps=502.3,fold_mibps=317,"
    "floor_mibps=101.64,gc_gamma=2.35,link_mibps=7000,iops_cap=2000000,noise=0.00,"
    "noise_direct=0.08,seed=259100739,slc_gb=80,slc_wa=1,dip_duty=0",
    # seed 151's drive 8: folding at 786 and 841 MB/s to 4.0 GiB, then 522,
    # 1055, 847, 618 and GC at 390 ("used state at 7.0 GiB, truth 4.0")
    "s151_d8": B + "capacity_gb=259,op_pct=7.68,bits=2,slc_type=dynamic,slc_seq_mibps=5551,"
    "slc_rand_iops=1153766,native_seq_mibps=2721,native_rand_mibps=1907.8,fold_mibps=833,"
    "floor_mibps=257.42,gc_gamma=2.49,link_mibps=7000,iops_cap=2000000,noise=0.00,"
    "noise_direct=0.12,seed=459097627,slc_gb=37,slc_wa=1,dip_period_s=26.8,dip_duty=0.16,"
    "dip_depth=0.55",
    # seed 113's drive 38 (3 bits: 4 GiB of folding): 532-558 MB/s to 6.0
    # GiB, then 676, 613 and GC at 430-470 ("used state at 7.2 GiB, truth
    # 6.0")
    "s113_d38": B + "capacity_gb=249,op_pct=11.29,bits=3,slc_type=dynamic,slc_seq_mibps=3585,"
    "slc_rand_iops=873752,native_seq_mibps=1455,native_rand_mibps=629.6,fold_mibps=546,"
    "floor_mibps=184.48,gc_gamma=1.28,link_mibps=7000,iops_cap=2000000,noise=0.00,"
    "noise_direct=0.04,seed=54848584,slc_gb=25,slc_wa=1,dip_duty=0",
    # seed 89's drive 75 (its folding labelled direct): 668-716 MB/s to 6.4
    # GiB, then 859, 850, 501-533, 676, 1036 and GC at 536, one level at
    # 680 to 14.7 GiB ("used state at 14.7 GiB, truth 6.0")
    "s89_d75": B + "capacity_gb=397,op_pct=27.01,bits=3,slc_type=dynamic,slc_seq_mibps=5588,"
    "slc_rand_iops=1236736,native_seq_mibps=2043,native_rand_mibps=1288.6,fold_mibps=675,"
    "floor_mibps=321.91,gc_gamma=0.86,link_mibps=7000,iops_cap=2000000,noise=0.05,"
    "noise_direct=0.08,seed=663880431,slc_gb=32,slc_wa=1,dip_period_s=9.3,dip_duty=0.14,"
    "dip_depth=0.58",
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_a_short_folding_read_against_its_level(tmp_path, name):
    fresh = tmp_path / "fresh.csv"
    simulate(RUNS[name], "fresh", "fill", fresh)
    _, got = analysed_run(RUNS[name], "random_fill", "fill", tmp_path / "run.csv",
                          reference=fresh)
    assert got["problems"] == [], got["problems"]
