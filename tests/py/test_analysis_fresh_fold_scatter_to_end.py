"""A fresh drive's dynamic cache folded to the end of a 2-hour run, GC's
scatter in the run's last minutes: the segmentation gave GC's first
lasting stretch, scattering about the folding's level, to the folding's
phase, and no used state was found ("used state from N GiB missed").
Folding runs at one quiet level until the cache is folded; GC's speed
scatters with each victim block's valid data. `ssd__fold_scatter_to_end`
splits the last phase where the scatter begins, past the capacity. The
drives are the used-drive sweep's own, at full size."""
import pytest

from used_drive_scoring import assert_folding_then_gc_found

# Seed 367's drive 191: a 169 GiB dynamic cache at 300 MB/s, direct writes
# at 127, folding at 84-88 from 335.6 GiB, then GC scattering 26-126 from
# 765.9 GiB for the run's last 163 samples.
D367_191 = ("sim:bx200,native_write_lat_us=0,capacity_gb=606,op_pct=20.54,bits=3,"
            "slc_type=dynamic,slc_seq_mibps=447,slc_rand_iops=76958,native_seq_mibps=147,"
            "native_rand_mibps=126.7,fold_mibps=100,floor_mibps=24.96,gc_gamma=2.49,"
            "link_mibps=560,iops_cap=100000,noise=0.02,noise_direct=0.08,seed=623716896,"
            "slc_gb=169,slc_wa=1,dip_duty=0")
# Seed 101's drive 85: a 43 GiB cache, direct writes at 36 MB/s, folding
# flat at 15 from 114.5 GiB, then GC scattering 8-36 from 182.5 GiB.
D101_85 = ("sim:bx200,native_write_lat_us=0,capacity_gb=154,op_pct=10.92,bits=2,"
           "slc_type=dynamic,slc_seq_mibps=402,slc_rand_iops=86860,native_seq_mibps=56,"
           "native_rand_mibps=35.7,fold_mibps=24,floor_mibps=7.24,gc_gamma=0.86,"
           "link_mibps=560,iops_cap=100000,noise=0.05,noise_direct=0.00,seed=1038566914,"
           "slc_gb=43,slc_wa=1,dip_duty=0")


@pytest.mark.parametrize("spec", [D367_191, D101_85], ids=["s367_d191", "s101_d85"])
def test_gc_s_scatter_after_a_folding_to_the_run_s_end(tmp_path, spec):
    assert_folding_then_gc_found(spec, "fresh", "2h", tmp_path / "run.csv")
