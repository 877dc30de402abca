"""Copy keeps extended attributes (by default), POSIX ACLs and sparseness
(as options), as rsync -aHAX --sparse does (issue 14 #13); docs/fileops.md
has the table against cp -a, rsync and Robocopy."""
import os
import shutil
import subprocess

import pytest

import ssdcore

COPY = ("copy", "--robocopy-exit")  # these tests pin Robocopy's exit bits


def xattrs(p):
    return {n: os.getxattr(p, n, follow_symlinks=False) for n in os.listxattr(p)
            if n.startswith("user.")}


@pytest.fixture
def src(tmp_path):
    s = tmp_path / "src"
    (s / "dir").mkdir(parents=True)
    (s / "dir" / "f.txt").write_text("data")
    os.setxattr(s / "dir" / "f.txt", "user.origin", b"camera-7")
    os.setxattr(s / "dir", "user.tag", b"photos")
    return s


def test_extended_attributes_are_copied_by_default(tmp_path, cli, src):
    r = subprocess.run([cli, *COPY, src, tmp_path / "dst"], capture_output=True, text=True)
    assert r.returncode == 1, r.stderr
    assert xattrs(tmp_path / "dst" / "dir" / "f.txt") == {"user.origin": b"camera-7"}
    assert xattrs(tmp_path / "dst" / "dir") == {"user.tag": b"photos"}
    r = subprocess.run([cli, *COPY, src, tmp_path / "bare", "--no-xattrs"], capture_output=True)
    assert r.returncode == 1
    assert xattrs(tmp_path / "bare" / "dir" / "f.txt") == {}
    ssdcore.copy_tree(src, tmp_path / "py", sync="none")
    assert xattrs(tmp_path / "py" / "dir" / "f.txt") == {"user.origin": b"camera-7"}


def getfacl(p):
    r = subprocess.run(["getfacl", "-cp", str(p)], capture_output=True, text=True, check=True)
    return sorted(line for line in r.stdout.splitlines() if line and not line.startswith("#"))


@pytest.mark.skipif(not shutil.which("setfacl"), reason="setfacl (Debian acl) not installed")
def test_posix_acls_are_copied_with_the_option(tmp_path, cli, src):
    f = src / "dir" / "f.txt"
    subprocess.run(["setfacl", "-m", "u:nobody:r--,g:daemon:rw-", str(f)], check=True)
    subprocess.run(["setfacl", "-d", "-m", "u:nobody:rwx", str(src / "dir")], check=True)
    r = subprocess.run([cli, *COPY, src, tmp_path / "dst", "--acls"], capture_output=True,
                       text=True)
    assert r.returncode == 1, r.stderr
    assert getfacl(tmp_path / "dst" / "dir" / "f.txt") == getfacl(f)
    assert getfacl(tmp_path / "dst" / "dir") == getfacl(src / "dir")
    assert any("nobody" in line for line in getfacl(tmp_path / "dst" / "dir" / "f.txt"))
    # off by default (Robocopy's /COPY:DAT has no S)
    ssdcore.copy_tree(src, tmp_path / "plain", sync="none")
    assert not any("nobody" in line for line in getfacl(tmp_path / "plain" / "dir" / "f.txt"))
    ssdcore.copy_tree(src, tmp_path / "py", acls=True, sync="none")
    assert getfacl(tmp_path / "py" / "dir" / "f.txt") == getfacl(f)


def test_sparse_files_keep_their_holes_with_the_option(tmp_path, cli):
    s = tmp_path / "src"
    s.mkdir()
    img = s / "disk.img"
    with open(img, "wb") as fh:
        fh.truncate(64 << 20)
        fh.seek(32 << 20)
        fh.write(os.urandom(1 << 20))
    assert img.stat().st_blocks * 512 < 4 << 20
    r = subprocess.run([cli, *COPY, s, tmp_path / "sparse", "--sparse"], capture_output=True,
                       text=True)
    assert r.returncode == 1, r.stderr
    out = tmp_path / "sparse" / "disk.img"
    assert out.stat().st_size == 64 << 20 and out.stat().st_blocks * 512 < 4 << 20
    assert out.read_bytes() == img.read_bytes()
    # the default writes every byte: a drive test must not skip the zeros
    ssdcore.copy_tree(s, tmp_path / "full", sync="none")
    full = tmp_path / "full" / "disk.img"
    assert full.stat().st_blocks * 512 >= 64 << 20 and full.read_bytes() == img.read_bytes()
