"""Fresh runs of the used-drive sweep that round 32's rules read right
(docs/analysis.md, "Method", step 9's notes on the used state's onset): a
fresh level longer than any cache, then GC's first bursts a step below it,
read as a folding step because the cache test took the whole level for a
cache (a folding holds its level; GC's start scatters); a GC dip at a
cache's end, then a sample a step above the direct writes holding the
end, read as the cache's end at the dip. The drives are the
sweep's own, at full size; each run is scored as the sweep scores it."""

import pytest

from used_drive_scoring import analysed_run

B = ("sim:bx200,native_write_lat_us=0,link_mibps=7000,iops_cap=2000000,")
RUNS = {
    # seed 181's drive 13, WSAT: no SLC cache, 2.1 GB/s to 170 GiB, then GC
    # bursting at 1.06-1.51 GB/s for 7 samples before it falls ("false
    # folding at 169.7 GiB", "used state at 213.9 GiB, truth 170.3")
    "s181_d13": (B + "capacity_gb=146,op_pct=26.51,bits=3,slc_type=none,slc_seq_mibps=4870,"
                 "slc_rand_iops=863615,native_seq_mibps=2614,native_rand_mibps=2101.1,"
                 "fold_mibps=2614,floor_mibps=298.39,gc_gamma=2.28,noise=0.00,"
                 "noise_direct=0.04,seed=795787162,slc_gb=0,dip_period_s=28.8,dip_duty=0.10,"
                 "dip_depth=0.57", "wsat"),
    # seed 181's drive 167, WSAT: a 1.3 GiB static cache inside the first
    # sample, direct writes to 140 GiB, then GC's bursts for 15 samples
    # ("false folding at 141.6 GiB", "used state at 228.4 GiB, truth 139.8")
    "s181_d167": (B + "capacity_gb=143,op_pct=8.68,bits=3,slc_type=static,slc_seq_mibps=6358,"
                  "slc_rand_iops=1600653,native_seq_mibps=2823,native_rand_mibps=2189.9,"
                  "fold_mibps=2823,floor_mibps=255.95,gc_gamma=0.85,noise=0.02,"
                  "noise_direct=0.08,seed=438232690,slc_gb=1.6,slc_wa=1.22,dip_period_s=19.6,"
                  "dip_duty=0.19,dip_depth=0.46", "wsat"),
    # seed 101's drive 136, 2 hours: a 33 GiB dynamic cache, a 2-sample
    # GC dip at its end, then 2106 MiB/s holding the end, then direct writes
    # at 1746 ("cache 29.46 GiB, truth 33.00")
    "s101_d136": (B + "capacity_gb=515,op_pct=18.59,bits=2,slc_type=dynamic,slc_seq_mibps=3562,"
                  "slc_rand_iops=853467,native_seq_mibps=2040,native_rand_mibps=1746.3,"
                  "fold_mibps=896,floor_mibps=425.50,gc_gamma=1.35,noise=0.00,noise_direct=0.00,"
                  "seed=366766776,slc_gb=33,slc_wa=1,dip_period_s=19.8,dip_duty=0.11,"
                  "dip_depth=0.35", "2h"),
    # seed 53's drive 133, WSAT: the same at a 110 GiB cache's end ("cache
    # 99.90 GiB, truth 110.00")
    "s53_d133": (B + "capacity_gb=412,op_pct=17.02,bits=2,slc_type=dynamic,slc_seq_mibps=4568,"
                 "slc_rand_iops=766444,native_seq_mibps=2267,native_rand_mibps=1423.5,"
                 "fold_mibps=1400,floor_mibps=190.81,gc_gamma=0.93,noise=0.02,"
                 "noise_direct=0.00,seed=430334991,slc_gb=110,slc_wa=1,dip_period_s=24.4,"
                 "dip_duty=0.19,dip_depth=0.44", "wsat"),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_fresh_run_is_right(tmp_path, name):
    spec, wl = RUNS[name]
    _, got = analysed_run(spec, "fresh", wl, tmp_path / "fresh.csv")
    assert got["problems"] == [], got["problems"]
