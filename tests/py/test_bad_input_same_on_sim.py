"""Bad input is refused the same on every target: a sim: drive models a
device opened with O_DIRECT, so an unaligned block size or offset that a
file or a block device refuses is refused on sim too (it used to run there,
so a workload checked on sim failed on the real drive). Python refuses a
boolean where a number belongs (``qd=True`` ran at QD1)."""
import subprocess

import pytest

import ssdcore


@pytest.mark.parametrize("kw,needle", [(dict(bs=4095), "block size 4095 is not a multiple"),
                                       (dict(offset=1000), "offset 1000 is not a multiple")])
def test_unaligned_io_is_refused_on_sim_as_on_files(cli, kw, needle):
    with pytest.raises(ssdcore.InvalidArgument) as e:
        ssdcore.job("sim:bx200", time=1, **kw)
    assert e.value.name == "SSD_EALIGN" and needle in str(e.value)
    assert isinstance(e.value, ValueError)
    key, value = next(iter(kw.items()))
    r = subprocess.run([cli, "job", "sim:bx200", "--time", "1", f"--{key}", str(value)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and needle in r.stderr and r.stdout == ""


def test_aligned_sizes_still_run_on_sim():
    r = ssdcore.job("sim:bx200", bs=512, offset=4096, time=1)
    assert r.ios > 0 and r["workload"]["block_size"] == 512


@pytest.mark.parametrize("key", ["qd", "bs", "threads", "time", "span", "read_pct"])
def test_booleans_are_no_numbers(key):
    with pytest.raises(TypeError, match=f"job option {key}: expected a number, not True"):
        ssdcore.job("sim:bx200", **{key: True})
