"""Real filesystem faults for mkset, archive and copy: ENOSPC on a small
tmpfs, EIO from a btrfs image with a corrupted data block. Needs root and
mount (and mkfs.btrfs, losetup for EIO); skips with the reason otherwise.
Everything mounted is unmounted even when a test fails."""
import contextlib
import os
import shutil
import subprocess

import pytest

import ssdcore
from fileops_helpers import contents
from loop_devices import sh, umount

COPY = ("copy", "--robocopy-exit")  # these tests pin Robocopy's exit bits

PARTIAL_MARK = ".ssdcore-partial."


@contextlib.contextmanager
def small_tmpfs(mnt, size):
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("needs root and mount")
    mnt.mkdir(parents=True)
    r = sh("mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", mnt, check=False)
    if r.returncode != 0:
        pytest.skip(f"mount tmpfs failed: {r.stderr.strip()}")
    try:
        yield mnt
    finally:
        umount(mnt)


def files_and_partials(root):
    """{rel: size} of files under final names, and the marked partial names."""
    files, partials = {}, []
    for dirpath, _, names in os.walk(root):
        for n in names:
            rel = os.path.relpath(os.path.join(dirpath, n), root)
            if PARTIAL_MARK in n:
                partials.append(rel)
            else:
                files[rel] = os.path.getsize(os.path.join(dirpath, n))
    return files, partials


def test_mkset_on_a_full_disk_leaves_no_truncated_file_and_a_rerun_finishes(tmp_path, cli):
    ref = tmp_path / "ref"
    ssdcore.make_set("work", ref, size="12m", seed=5, sync="none")
    mnt = tmp_path / "mnt"
    with small_tmpfs(mnt, "6m"):
        out = mnt / "set"
        r = subprocess.run([cli, "mkset", "work", out, "--size", "12m", "--seed", "5"],
                           capture_output=True, text=True)
        assert r.returncode != 0 and "No space left" in r.stderr, r.stderr
        files, partials = files_and_partials(out)
        assert partials == [] and files, files
        for rel, size in files.items():
            if rel == ".ssdcore-mkset-unfinished":
                continue
            assert size == (ref / rel).stat().st_size, f"{rel} truncated under its name"
        # more room, the same command: resumes instead of "directory is not empty"
        sh("mount", "-o", "remount,size=32m", mnt)
        r = subprocess.run([cli, "mkset", "work", out, "--size", "12m", "--seed", "5"],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert contents(out) == contents(ref)
    # another seed over an unfinished set is refused, not mixed in
    with small_tmpfs(tmp_path / "mnt2", "4m"):
        out = tmp_path / "mnt2" / "set"
        subprocess.run([cli, "mkset", "work", out, "--size", "12m", "--seed", "5"],
                       capture_output=True)
        r = subprocess.run([cli, "mkset", "work", out, "--size", "12m", "--seed", "6"],
                           capture_output=True, text=True)
        assert r.returncode != 0 and "another kind, size or seed" in r.stderr


def test_archive_on_a_full_disk_fails_and_leaves_nothing(tmp_path, cli):
    src = tmp_path / "src"
    ssdcore.make_set("iso", src, size="8m", seed=2, sync="none")
    mnt = tmp_path / "mnt"
    with small_tmpfs(mnt, "4m"):
        for fmt in ("7z", "tar.zst", "zip"):
            arc = mnt / f"a.{fmt}"
            r = subprocess.run([cli, "archive", src, arc, "--format", fmt],
                               capture_output=True, text=True)
            assert r.returncode == 1, (fmt, r.stderr)
            assert "No space left" in r.stderr, (fmt, r.stderr)
            assert os.listdir(mnt) == [], (fmt, os.listdir(mnt))


@contextlib.contextmanager
def corrupted_btrfs(workdir):
    """A btrfs image holding one file, `victim.bin`, whose data block is
    overwritten on the device behind btrfs's back: reading it gives EIO
    (checksum mismatch). Yields the mount point."""
    missing = [t for t in ("mkfs.btrfs", "losetup", "mount") if not shutil.which(t)]
    if os.geteuid() != 0 or missing:
        pytest.skip(f"needs root and {', '.join(missing) or 'mount'}")
    img, mnt = workdir / "btrfs.img", workdir / "bmnt"
    mnt.mkdir()
    with open(img, "wb") as f:
        f.truncate(128 << 20)
    r = sh("mkfs.btrfs", "-q", "-f", img, check=False)
    if r.returncode != 0:
        pytest.skip(f"mkfs.btrfs failed: {r.stderr.strip()}")
    marker = b"ssdcore-eio-probe"
    payload = (marker + b"." * (4096 - len(marker))) * 64  # 256 KiB, one marker per block
    dev, mounted = None, False
    try:
        dev = sh("losetup", "--find", "--show", img).stdout.strip()
        r = sh("mount", "-t", "btrfs", dev, mnt, check=False)
        if r.returncode != 0:
            pytest.skip(f"mount btrfs failed: {r.stderr.strip()}")
        mounted = True
        (mnt / "src").mkdir()
        (mnt / "src" / "ok.txt").write_bytes(b"fine\n" * 1000)
        (mnt / "src" / "victim.bin").write_bytes(payload)
        umount(mnt)
        mounted = False
        with open(img, "r+b") as f:
            data = f.read()
            hits = 0
            at = data.find(marker)
            while at >= 0:
                f.seek(at)
                f.write(b"X" * len(marker))
                hits += 1
                at = data.find(marker, at + 1)
        assert hits >= 64, "the file's blocks were not found in the image"
        sh("mount", "-t", "btrfs", dev, mnt)
        mounted = True
        yield mnt
    finally:
        if mounted:
            umount(mnt)
        if dev:
            sh("losetup", "-d", dev, check=False)
        img.unlink(missing_ok=True)


def test_eio_from_a_corrupted_btrfs_is_reported_by_copy_and_archive(workdir, cli):
    with corrupted_btrfs(workdir) as mnt:
        with pytest.raises(OSError):
            (mnt / "src" / "victim.bin").read_bytes()  # the fault is real
        dst = workdir / "dst"
        r = subprocess.run([cli, *COPY, mnt / "src", dst, "--json"], capture_output=True,
                           text=True)
        assert r.returncode == 9, r.stderr  # ok.txt copied, victim.bin FAILED
        assert "victim.bin" in r.stdout and "Input/output error" in r.stdout
        assert (dst / "ok.txt").exists() and not (dst / "victim.bin").exists()
        assert files_and_partials(dst)[1] == []

        arc = workdir / "a.7z"
        r = subprocess.run([cli, "archive", mnt / "src", arc], capture_output=True, text=True)
        assert r.returncode == 1 and "victim.bin" in r.stderr and "Input/output" in r.stderr
        assert not arc.exists()
        assert set(os.listdir(workdir)) <= {"bmnt", "btrfs.img", "dst"}, os.listdir(workdir)
