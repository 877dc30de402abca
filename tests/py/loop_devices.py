"""Real block devices for the tests that need root: a loop device over an
image file, one that refuses discard, and a fresh ext4 mounted on one. Each
skips the test with the reason when it cannot (not root, a tool missing,
losetup, mkfs or mount failing) and releases what it made whatever happens.

The loop devices are shared by every process on the machine (pytest's xdist
workers among them): `losetup --find` hands the lowest free one to whoever
asks next, so a test must leave nothing of its own on a device it gives
back. Sysfs queue limits do outlive the detach (see loop_device_without_discard)."""
import contextlib
import os
import shutil
import subprocess
import time

import pytest


def sh(*args, check=True):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, check=check)


@contextlib.contextmanager
def loop_device(img, size_mb=None):
    """Attaches img (first made a sparse file of size_mb MiB, when given) to
    a free loop device and yields the device's path; detaches it at the end."""
    if os.geteuid() != 0 or not shutil.which("losetup"):
        pytest.skip("loop devices need root and losetup")
    if size_mb is not None:
        with open(img, "wb") as f:
            f.truncate(size_mb << 20)
    r = sh("losetup", "--find", "--show", img, check=False)
    if r.returncode != 0:
        pytest.skip(f"losetup failed: {r.stderr.strip()}")
    dev = r.stdout.strip()
    try:
        yield dev
    finally:
        sh("losetup", "-d", dev, check=False)


@contextlib.contextmanager
def loop_device_without_discard(workdir, size_mb):
    """A loop device that refuses discard (BLKDISCARD, and FITRIM of a
    filesystem on it, fail with EOPNOTSUPP) as a drive without TRIM does:
    its image is on a ramfs mounted under workdir. ramfs has no fallocate,
    so the loop device cannot punch holes and offers no discard; the next
    user of the device, over another file, gets discard back.

    Writing 0 to the device's queue/discard_max_bytes instead leaves the
    device refusing discard after the detach (the limit is kept, its
    granularity drops to 0 and no other value is accepted again), and
    removing the device afterwards (LOOP_CTL_REMOVE) came too late: another
    xdist worker's losetup --find took the freed device first, and its
    FITRIM on a fresh ext4 failed with EOPNOTSUPP (one fresh-clone CI run,
    test_without_discard_fitrim_carries_the_trim_to_the_drive)."""
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("a ramfs needs root and mount")
    fs = workdir / "ramfs"
    fs.mkdir()
    r = sh("mount", "-t", "ramfs", "ramfs", fs, check=False)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a ramfs: {r.stderr.strip()}")
    try:
        with loop_device(fs / "nodiscard.img", size_mb) as dev:
            with open(f"/sys/block/{os.path.basename(dev)}/queue/discard_max_bytes") as f:
                assert f.read().strip() == "0", f"{dev} over a ramfs file offers discard"
            yield dev
    finally:
        umount(fs)


def umount(mnt):
    for _ in range(50):
        if sh("umount", mnt, check=False).returncode == 0:
            return
        time.sleep(0.1)
    sh("umount", "-l", mnt, check=False)


@contextlib.contextmanager
def ext4(workdir, size_mb, extended, options=None):
    """Mounts a fresh size_mb MiB ext4 (mkfs.ext4 -E extended; mounted with
    -o options) from an image under workdir and yields (mount point, image);
    unmounts, detaches and deletes whatever happens."""
    missing = [t for t in ("losetup", "mkfs.ext4", "mount", "umount") if not shutil.which(t)]
    if os.geteuid() != 0 or missing:
        pytest.skip(f"needs root and {', '.join(missing) or 'losetup/mount'}")
    img, mnt = workdir / "fs.img", workdir / "mnt"
    mnt.mkdir()
    with open(img, "wb") as f:
        f.truncate(size_mb << 20)
    try:
        r = sh("mkfs.ext4", "-q", "-F", "-m", "0", "-E", extended, img, check=False)
        if r.returncode != 0:
            pytest.skip(f"mkfs.ext4 failed: {r.stderr.strip()}")
        with loop_device(img) as dev:
            r = sh("mount", "-t", "ext4", *(["-o", options] if options else []), dev, mnt,
                   check=False)
            if r.returncode != 0:
                pytest.skip(f"mount failed: {r.stderr.strip()}")
            try:
                yield mnt, img
            finally:
                umount(mnt)
    finally:
        img.unlink(missing_ok=True)
