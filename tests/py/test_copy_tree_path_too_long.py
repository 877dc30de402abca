"""One path over PATH_MAX must not abort the whole copy (issue 14 #8): it is
reported with its reason and its full name, the rest is copied, and the run
ends with Robocopy's partial-failure bit (8), as rsync ends with 23."""
import json
import os
import subprocess

import ssdcore

COPY = ("copy", "--robocopy-exit")  # these tests pin Robocopy's exit bits


def make_tree(src):
    src.mkdir()
    (src / "a.txt").write_text("a")
    (src / "z").mkdir()
    (src / "z" / "b.txt").write_text("b")
    # 25 levels of 203-byte names: the deep end passes 4096 bytes
    fd = os.open(src, os.O_DIRECTORY)
    for i in range(25):
        name = f"d{i:02d}" + "x" * 200
        os.mkdir(name, dir_fd=fd)
        nfd = os.open(name, os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd = nfd
        f = os.open("f.txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(f, b"deep%d" % i)
        os.close(f)
    os.close(fd)


def test_a_path_over_path_max_fails_alone(tmp_path, cli):
    src = tmp_path / "src"
    make_tree(src)
    dst = tmp_path / "dst"
    r = subprocess.run([cli, *COPY, src, dst, "--json"], capture_output=True, text=True)
    assert r.returncode == 9, r.stderr  # 1 copied | 8 failures, not 16 fatal
    out = json.loads(r.stdout)
    assert (dst / "a.txt").read_text() == "a" and (dst / "z" / "b.txt").read_text() == "b"
    assert out["files"]["copied"] >= 3 and out["files"]["failed"] + out["dirs"]["failed"] >= 1
    assert all("PATH_MAX" in f for f in out["failures"])
    # the whole name and the reason reach the user, nothing cut off
    first = out["failures"][0]
    assert first.startswith("d00") and first.endswith("skipped") and len(first) > 4096
    assert "PATH_MAX" in r.stderr and r.stderr.rstrip().endswith("skipped")

    res = ssdcore.copy_tree(src, tmp_path / "dst2")
    assert res.robocopy_exit == 9 and res.failures and "PATH_MAX" in res.failures[0]
