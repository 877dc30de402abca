"""A fresh drive's used state placed where the speed left the direct
writes' level for good (docs/analysis.md, "Round 47: a fresh drive's used
state where the speed left the direct level for good"). GC's first victims
are nearly all garbage: its first samples sag a few per cent and scatter
back to the level now and then (a quiet level: fresh_band_leave), or,
where GC's spread lets most samples still reach the level, only the share
of samples off it rises (a level with dips of its own: dip_share_leave);
the fits put the boundary where the mean had fallen further, tens to
hundreds of samples late. The drives are the sweep's own, at full size;
each run is scored as the sweep scores it (a fresh run is read alone in
every mode)."""

import pytest

from used_drive_scoring import analysed_run

B = "sim:bx200,native_write_lat_us=0,"
L = "link_mibps=7000,iops_cap=2000000,"
DC = "read_seq_mibps=6300,read_rand_iops=1000000,write_lat_us=15,"
RUNS = {
    # seed 433's drive 137, WSAT: 3790-3856 MiB/s, then 3679, 3516, 3604,
    # 3610 ... with one sample back at 3792 ("used state at 1322.8 GiB,
    # truth 1185.8")
    "s433_d137": ("wsat", B + "capacity_gb=1061,op_pct=21.19,bits=3,slc_type=none,slc_gb=0,"
                  "native_seq_mibps=5099,native_rand_mibps=3636,fold_mibps=5099,"
                  "floor_mibps=1334.9,gc_gamma=1.53,gc_settle_gb=0,gc_spread=0.15," + L + DC +
                  "idle_gc_mibps=119,idle_gc_gb=9.7,noise=0.02,noise_direct=0.06,dip_duty=0,"
                  "seed=709796011"),
    # seed 227's drive 145, WSAT: 1944-2017, then 1872, 1822, 1899 ...
    # ("used state at 1782.6 GiB, truth 1689.5")
    "s227_d145": ("wsat", B + "capacity_gb=1581,op_pct=15.88,bits=3,slc_type=none,slc_gb=0,"
                  "native_seq_mibps=4043,native_rand_mibps=1887,fold_mibps=4043,"
                  "floor_mibps=1048.7,gc_gamma=1.65,gc_settle_gb=0,gc_spread=0.15," + L + DC +
                  "idle_gc_mibps=159,idle_gc_gb=14.9,noise=0.02,noise_direct=0.06,dip_duty=0,"
                  "seed=978259667"),
    # seed 433's drive 188, 2 hours: 1440 MiB/s with dips in 15 % of the
    # samples, then half of them off the level from 121.7 GiB ("used state
    # at 292.0 GiB, truth 121.7")
    "s433_d188": ("2h", B + "capacity_gb=122,op_pct=11.09,bits=3,slc_type=static,"
                  "slc_seq_mibps=5593,slc_rand_iops=1104386,native_seq_mibps=1659,"
                  "native_rand_mibps=1341.7,fold_mibps=1659,floor_mibps=219.32,gc_gamma=2.06," +
                  L + "noise=0.05,noise_direct=0.08,seed=436534302,slc_gb=1.6,slc_wa=1.08,"
                  "dip_period_s=19.0,dip_duty=0.11,dip_depth=0.37"),
    # seed 439's drive 12, 2 hours: 26 % of the samples dipping, then 59 %
    # from 252.9 GiB ("used state at 314.8 GiB, truth 252.9")
    "s439_d12": ("2h", B + "capacity_gb=230,op_pct=19.21,bits=3,slc_type=none,"
                 "slc_seq_mibps=3790,slc_rand_iops=821218,native_seq_mibps=1832,"
                 "native_rand_mibps=1012.6,fold_mibps=1832,floor_mibps=215.65,gc_gamma=2.05," +
                 L + "noise=0.02,noise_direct=0.08,seed=43198246,slc_gb=0,dip_period_s=11.9,"
                 "dip_duty=0.20,dip_depth=0.34"),
    # seed 277's drive 74, WSAT: 1388 MiB/s, one sample at 1346 (141.8
    # GiB), then 1394 and 1390 before GC at 1186 from 163.5: the level held
    # after that sample, so it is no start (the first fresh_band_leave read
    # 141.8)
    "s277_d74": ("wsat", B + "capacity_gb=151,op_pct=17.42,bits=2,slc_type=none,"
                 "slc_seq_mibps=4237,slc_rand_iops=1038406,native_seq_mibps=2067,"
                 "native_rand_mibps=1320.4,fold_mibps=2067,floor_mibps=159.83,gc_gamma=1.78," +
                 L + "noise=0.00,noise_direct=0.08,seed=888896220,slc_gb=0,dip_duty=0"),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_fresh_onset_where_the_level_was_left(tmp_path, name):
    workload, spec = RUNS[name]
    _, got = analysed_run(spec, "fresh", workload, tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]
