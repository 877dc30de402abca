"""Copy and extract into a really full filesystem: a 24 MiB ext4 on a loop
device. Per-file ENOSPC is a FAILED file (Robocopy bit 8) for copy and a clean
error for extract; no partial file is left looking complete. Needs root,
losetup, mkfs.ext4 and mount; skips with the reason otherwise. The mount and
the loop device are released even when a test fails."""
import json
import os
import shutil
import subprocess

import pytest

import ssdcore
from loop_devices import ext4, sh

COPY = ("copy", "--robocopy-exit")  # these tests pin Robocopy's exit bits

FS_MB = 24
# Inode tables and journal written at mkfs: nothing fills the disk behind the tests.
FULL_INIT = "lazy_itable_init=0,lazy_journal_init=0"
NFILES, FILE_MB = 10, 4  # 40 MiB of incompressible data: never fits


def make_src(root):
    root.mkdir()
    for i in range(NFILES):
        (root / f"f{i:02d}.bin").write_bytes(os.urandom(FILE_MB << 20))


def complete_files(src, dst):
    """Names of the files in dst; each must be a complete copy of src's."""
    names = []
    for dirpath, _, files in os.walk(dst):
        for name in files:
            d = os.path.join(dirpath, name)
            rel = os.path.relpath(d, dst)
            if rel == "lost+found" or rel.startswith("lost+found/"):
                continue
            with open(os.path.join(src, rel), "rb") as a, open(d, "rb") as b:
                assert a.read() == b.read(), f"{rel} left partial in a full filesystem"
            names.append(rel)
    return sorted(names)


def test_copy_into_a_full_filesystem_fails_the_files_that_do_not_fit(workdir, cli):
    src = workdir / "src"
    make_src(src)
    with ext4(workdir, FS_MB, FULL_INIT) as (mnt, _):
        dst = mnt / "dst"
        r = subprocess.run([cli, *COPY, src, dst, "--json", "--workers", "2"],
                           capture_output=True, text=True)
        out = json.loads(r.stdout)
        # Robocopy: 1 (copied some) | 8 (failures); nothing fatal (16)
        assert r.returncode == 9, r.stdout + r.stderr
        assert out["robocopy_exit"] == 9
        files = out["files"]
        assert files["failed"] > 0 and files["copied"] > 0
        assert files["copied"] + files["failed"] == NFILES
        assert any("No space left" in f for f in out["failures"]), out["failures"]
        assert complete_files(src, dst) != []
        assert len(complete_files(src, dst)) == files["copied"]

        shutil.rmtree(dst)
        res = ssdcore.copy_tree(src, dst, workers=3)
        assert res.robocopy_exit & 8 and not res.robocopy_exit & 16
        assert res.files.failed > 0 and res.files.copied + res.files.failed == NFILES
        assert res.bytes.failed == res.files.failed * (FILE_MB << 20)
        assert res.first_error == -28  # -ENOSPC
        assert len(complete_files(src, dst)) == res.files.copied
        assert all(f.split(":")[0].startswith("f") for f in res.failures)


@pytest.mark.parametrize("fmt", ["tar", "7z"])
def test_extract_into_a_full_filesystem_fails_cleanly(workdir, cli, fmt):
    src = workdir / "src"
    make_src(src)
    arc = workdir / f"a.{fmt}"
    ssdcore.archive(src, arc, format=fmt, method="store" if fmt == "7z" else None, sync="none")
    with ext4(workdir, FS_MB, FULL_INIT) as (mnt, _):
        dst = mnt / "out"
        r = subprocess.run([cli, "extract", arc, dst], capture_output=True, text=True)
        assert r.returncode == 1, r.stdout + r.stderr
        assert "No space left" in r.stderr and "f0" in r.stderr  # names the entry
        done = complete_files(src, dst)
        assert 0 < len(done) < NFILES

        shutil.rmtree(dst)
        with pytest.raises(ssdcore.Error) as e:
            ssdcore.extract(arc, dst)
        assert e.value.name == "ENOSPC" and ".bin" in str(e.value)
        assert 0 < len(complete_files(src, dst)) < NFILES


def test_totals_on_a_full_destination_count_every_source_file(workdir):
    # issue 14 #13: directories that could not be created took their files
    # out of the totals (177 files missing from "Total")
    src = workdir / "src"
    for d in range(12):
        (src / f"d{d:02d}" / "sub").mkdir(parents=True)
        for f in range(8):
            (src / f"d{d:02d}" / f"f{f}.txt").write_bytes(b"x" * 3000)
            (src / f"d{d:02d}" / "sub" / f"g{f}.txt").write_bytes(b"y" * 3000)
    with ext4(workdir, FS_MB, FULL_INIT) as (mnt, _):
        with open(mnt / "filler", "wb") as f:  # leave no free block at all
            try:
                while True:
                    f.write(b"\0" * (1 << 20))
                    f.flush()
            except OSError:
                pass
            try:
                while True:
                    f.write(b"\0" * 4096)
                    f.flush()
            except OSError:
                pass
        res = ssdcore.copy_tree(src, mnt / "dst", sync="none")
        assert res.files.total == 12 * 16, res.files
        assert res.files.copied + res.files.failed == res.files.total
        assert res.dirs.total == 1 + 12 * 2
        assert res.files.failed > 0 and res.robocopy_exit & 8
        assert any("mkdir failed" in f for f in res.failures), res.failures[:3]
