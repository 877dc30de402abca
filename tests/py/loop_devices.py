"""Real block devices for the tests that need root: a loop device over an
image file, and a fresh ext4 mounted on one. Each skips the test with the
reason when it cannot (not root, a tool missing, losetup, mkfs or mount
failing) and releases what it made whatever happens."""
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
                for _ in range(50):
                    if sh("umount", mnt, check=False).returncode == 0:
                        break
                    time.sleep(0.1)
                else:
                    sh("umount", "-l", mnt, check=False)
    finally:
        img.unlink(missing_ok=True)
