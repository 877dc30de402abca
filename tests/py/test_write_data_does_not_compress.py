"""What a job writes cannot be compressed: a file filled by `ssdcore job`
keeps its size under zlib (gzip's deflate). Replacing one word per sector
before each write, as the engine once did, let gzip shrink a sequential
4 KiB QD1 fill 40-fold and a random QD32 one by a fifth."""
import subprocess
import zlib

import pytest


@pytest.mark.parametrize("pattern,qd,engine", [("write", "1", "io_uring"),
                                               ("write", "1", "psync"),
                                               ("randwrite", "32", "io_uring")])
def test_a_filled_file_does_not_compress(cli, workdir, pattern, qd, engine):
    f = workdir / "t.bin"
    r = subprocess.run([cli, "job", str(f), "--size-file", "8m", "--pattern", pattern,
                        "--bs", "4k", "--qd", qd, "--engine", engine, "--coverage"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    data = f.read_bytes()
    assert len(data) == 8 << 20
    ratio = len(zlib.compress(data, 6)) / len(data)
    assert ratio > 0.999, f"{pattern} qd {qd}: compressed to {ratio:.3f} of its size"
