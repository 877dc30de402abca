"""Read jobs never write, and a file ssdcore did not create is never written
without --destroy-data (issue 14 items 1, 5, 12); a layout killed part-way
is laid out again, never trusted. Files live under the build tree (a real
disk) or on small tmpfs mounts for the read-only cases."""
import hashlib
import os
import signal
import subprocess
import time

import pytest

import ssdcore
from tmpfs_mount import small_tmpfs


def run(cli, *args):
    return subprocess.run([cli, *map(str, args)], capture_output=True, text=True, timeout=120)


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def user_file_with_hole(path):
    """32 MiB of data then a 32 MiB hole: fewer blocks than its size."""
    with open(path, "wb") as f:
        f.write(os.urandom(32 << 20))
        f.truncate(64 << 20)
    return digest(path)


def mark(path):
    try:
        return os.getxattr(path, "user.ssdcore.layout").decode()
    except OSError:
        return None


def test_read_job_leaves_a_sparse_user_file_identical(cli, workdir):
    f = workdir / "p.img"
    before = user_file_with_hole(f)
    for pattern in ("read", "randread"):
        r = run(cli, "job", "--target", f, "--pattern", pattern, "--time", "0.3", "--json")
        assert r.returncode == 0, r.stderr
        assert digest(f) == before
    assert mark(f) is None  # still the user's file


def test_python_read_job_leaves_a_sparse_user_file_identical(workdir):
    f = workdir / "p.img"
    before = user_file_with_hole(f)
    r = ssdcore.job(f, pattern="read", time=0.3)
    assert r["read"]["ios"] > 0
    assert digest(f) == before


def test_writes_and_trims_to_a_user_file_need_destroy_data(cli, workdir):
    f = workdir / "p.img"
    before = user_file_with_hole(f)
    for pattern in ("write", "randwrite", "rw", "randrw"):
        r = run(cli, "job", f, "--pattern", pattern, "--time", "0.2")
        assert r.returncode == 1, r.stderr
        assert "p.img is an existing file ssdcore did not create" in r.stderr
        assert "--destroy-data" in r.stderr
    # Growing it would write past the user's data: the same flag.
    r = run(cli, "job", f, "--size-file", "96m", "--pattern", "randread", "--time", "0.2")
    assert r.returncode == 1 and "--destroy-data" in r.stderr, r.stderr
    t = ssdcore.Target(f)
    with pytest.raises(ssdcore.Error, match="did not create"):
        t.trim(0, 4096)
    with pytest.raises(ssdcore.Error, match="did not create"):
        ssdcore.job(t, pattern="randwrite", time=0.1)
    t.close()
    with pytest.raises(ssdcore.Error, match="destroy_data"):
        ssdcore.Target(f, layout="always")
    assert digest(f) == before
    r = run(cli, "job", f, "--pattern", "randwrite", "--time", "0.2", "--destroy-data")
    assert r.returncode == 0, r.stderr
    assert digest(f) != before


def test_files_ssdcore_created_stay_writable_without_the_flag(cli, workdir):
    f = workdir / "t.bin"
    r = run(cli, "job", f, "--size-file", "8m", "--pattern", "randwrite", "--time", "0.2")
    assert r.returncode == 0, r.stderr
    assert mark(f) == f"complete {8 << 20}"
    r = run(cli, "job", f, "--pattern", "randwrite", "--time", "0.2")
    assert r.returncode == 0, r.stderr
    r = run(cli, "trim", f, "--destroy-data")  # trim keeps its own flag
    assert r.returncode == 0, r.stderr


def test_side_file_mark_names_the_inode(workdir):
    """Where user xattrs are missing the mark is a side file naming the
    file (inode and more: test_hostile_layout_mark.py); on this filesystem,
    which has them, a side file never makes a file ssdcore's, whatever
    inode it names."""
    f = workdir / "t.bin"
    f.write_bytes(os.urandom(1 << 20))
    side = workdir / "t.bin.ssdcore-layout"
    for ino in (os.stat(f).st_ino + 1, os.stat(f).st_ino):
        side.write_text(f"ssdcore-layout {ino} complete {1 << 20}\n")
        t = ssdcore.Target(f)
        with pytest.raises(ssdcore.Error, match="did not create"):
            ssdcore.job(t, pattern="randwrite", time=0.1)
        t.close()


def zero_blocks(path, bs=4096):
    """The number of whole bs-byte blocks of the file that hold only zero
    bytes (a last partial block never counts). Read 4 MiB at a time with
    O_DIRECT (buffered where the file system refuses it) and compared by
    numpy: read through the page cache and compared block by block in
    Python, the two counts of the 768 MiB file below took 2 s of CPU (most
    of it the kernel filling the cache with a never-written file's zeros)."""
    import mmap

    import numpy as np
    chunk = 1024 * bs
    buf = mmap.mmap(-1, chunk)  # page-aligned, as O_DIRECT needs
    view = np.frombuffer(buf, np.uint8)
    fd, n, off = None, 0, 0
    try:
        for flags in (os.O_DIRECT, 0):
            try:
                fd = os.open(path, os.O_RDONLY | flags)
                got = os.preadv(fd, [buf], 0)
                break
            except OSError:
                if fd is not None:
                    os.close(fd)
                    fd = None
                if not flags:
                    raise
        while True:
            whole = got // bs * bs
            n += int(np.count_nonzero(~view[:whole].reshape(-1, bs).any(axis=1)))
            off += got
            if got < chunk:
                return n
            got = os.preadv(fd, [buf], off)
    finally:
        if fd is not None:
            os.close(fd)
        del view
        buf.close()


@pytest.mark.slow
def test_layout_killed_part_way_is_laid_out_again(cli, workdir):
    f = workdir / "t.bin"
    p = subprocess.Popen([cli, "job", str(f), "--size-file", "768m", "--pattern", "randread",
                          "--time", "0.1", "--no-progress"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and p.poll() is None:
        if f.exists() and 0 < os.stat(f).st_size and mark(f) == "incomplete":
            time.sleep(0.05)
            break
        time.sleep(0.005)
    if p.poll() is not None:
        pytest.skip("the layout finished before it could be killed")
    p.send_signal(signal.SIGKILL)
    p.wait()
    assert mark(f) == "incomplete"
    assert f.stat().st_size == 768 << 20
    assert zero_blocks(f) > 0  # fallocated, never written: what item 5 reused
    # Opened read-only (a read job without --size-file), it is refused.
    r = run(cli, "job", f, "--pattern", "randread", "--time", "0.1")
    assert r.returncode == 1 and "layout was interrupted" in r.stderr, r.stderr
    # Opened for writing, it is laid out again from the first byte.
    r = run(cli, "job", f, "--size-file", "768m", "--pattern", "randread", "--time", "0.1")
    assert r.returncode == 0, r.stderr
    assert mark(f) == f"complete {768 << 20}"
    assert zero_blocks(f) == 0


@pytest.fixture
def ro_mount(workdir):
    """A small tmpfs holding a user file and a file ssdcore laid out, then
    remounted read-only."""
    with small_tmpfs(workdir / "mnt", "32m") as mnt:
        (mnt / "user.bin").write_bytes(os.urandom(4 << 20))
        t = ssdcore.Target(mnt / "own.bin", size="4m", buffered=True)
        t.close()
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True)
        yield mnt


def test_read_jobs_run_on_a_read_only_filesystem(cli, ro_mount):
    for name in ("user.bin", "own.bin"):
        f = ro_mount / name
        before = digest(f)
        r = run(cli, "job", f, "--pattern", "randread", "--buffered", "--time", "0.2")
        assert r.returncode == 0, r.stderr
        r2 = ssdcore.job(f, pattern="read", buffered=True, time=0.2)
        assert r2["read"]["ios"] > 0
        assert digest(f) == before
    # A write job says why it cannot run.
    r = run(cli, "job", ro_mount / "own.bin", "--pattern", "randwrite", "--buffered",
            "--time", "0.2", "--size-file", "4m")
    assert r.returncode == 1 and "read-only filesystem" in r.stderr, r.stderr
