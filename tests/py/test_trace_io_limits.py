"""An I/O no drive could take is refused with its file and line (issue
#26): a 2^64-1-byte write replayed as 0 bytes, and a replay buffers the
largest I/O once per queue slot."""
import subprocess

import pytest

import ssdcore

HUGE = 2**64 - 1
CASES = {
    "csv": f"# ssdcore-trace 1\nt_s,op,offset,length\n0,R,0,4096\n0.1,W,0,{HUGE}\n",
    "iolog": f"fio version 2 iolog\n/d add\n/d open\n/d read 0 4096\n/d write 0 {HUGE}\n",
    # 2^53 sectors: 4 EiB in one write
    "blkparse": ("  7,5    0        1     0.000000000  4242  D   R 2048 + 8 [cat]\n"
                 "  7,5    0        2     0.000010000  4242  D  WS 0 + 9007199254740992 [dd]\n"),
}


@pytest.mark.parametrize("fmt", sorted(CASES))
def test_an_io_larger_than_any_drive_takes_is_refused_with_its_line(cli, tmp_path, fmt):
    path = tmp_path / f"t.{fmt}"
    path.write_text(CASES[fmt])
    line = CASES[fmt].count("\n")
    for args in (["trace", "info", str(path)], ["replay", str(path), "--target", "sim:bx200"]):
        r = subprocess.run([cli, *args], capture_output=True, text=True)
        assert r.returncode == 1 and not r.stdout, r.stdout[:300]
        assert f"{path}:{line}:" in r.stderr and "larger than any one I/O" in r.stderr, r.stderr
    with pytest.raises(ssdcore.FormatError):
        ssdcore.Trace(path)


def test_python_trace_add_refuses_it_too():
    tr = ssdcore.Trace()
    with pytest.raises(ValueError) as e:
        tr.add(0, "W", 0, HUGE)
    assert "larger than any one I/O" in str(e.value)
    tr.add(0, "W", 0, 1 << 30)  # 1 GiB: the largest allowed
    tr.add(0, "T", 0, 1 << 40)  # a trim may cover a whole drive
    assert len(tr) == 2
