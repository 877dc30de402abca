"""The block-device path on real loop devices: jobs, destroy-data and
mounted-device refusal (including a mounted partition), BLKDISCARD. Needs
root and losetup; skips with the reason otherwise. Loop devices and mounts
are cleaned up even when a test fails."""
import json
import os
import shutil
import struct
import subprocess

import pytest

import ssdcore

STAMP = 0x706D617473647373


def sh(*args, check=True):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, check=check)


@pytest.fixture
def loopdev(workdir):
    """Returns a function making a loop device over a new sparse file."""
    made, mounts = [], []

    def make(size_mb=32, partitions=False, image=None, read_only=False):
        if os.geteuid() != 0 or not shutil.which("losetup"):
            pytest.skip("loop devices need root and losetup")
        img = image or workdir / f"disk{len(made)}.img"
        if image is None:
            with open(img, "wb") as f:
                f.truncate(size_mb << 20)
        args = ["losetup", "--find", "--show"] + (["--partscan"] if partitions else []) + \
            (["--read-only"] if read_only else []) + [img]
        r = sh(*args, check=False)
        if r.returncode != 0:
            pytest.skip(f"losetup failed: {r.stderr.strip()}")
        dev = r.stdout.strip()
        made.append(dev)
        return dev, img

    make.mounts = mounts
    yield make
    for m in reversed(mounts):
        sh("umount", m, check=False)
    for dev in made:
        sh("losetup", "-d", dev, check=False)


def test_job_on_a_loop_device_with_destroy_data(cli, loopdev):
    dev, _ = loopdev()
    r = subprocess.run([cli, "job", dev, "--destroy-data", "--pattern", "randwrite", "--qd", "8",
                        "--bytes", "4m", "--json"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    assert res["target"]["kind"] == "block" and res["target"]["size_bytes"] == 32 << 20
    assert res["write"]["bytes"] == 4 << 20
    # Reading needs no licence to destroy.
    r = subprocess.run([cli, "job", dev, "--pattern", "randread", "--bytes", "1m", "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["read"]["bytes"] == 1 << 20


def test_back_to_back_destructive_jobs_on_a_device_both_run(cli, loopdev):
    # Closing a device opened for writing makes udev probe it, which holds
    # the device for a moment; an O_EXCL open in that moment used to fail as
    # "busy (mounted or claimed)", so a script of consecutive jobs broke.
    dev, _ = loopdev()
    for i in range(4):
        r = subprocess.run([cli, "job", dev, "--destroy-data", "--pattern", "randwrite",
                            "--bytes", "1m", "--json"], capture_output=True, text=True)
        assert r.returncode == 0, f"job {i}: {r.stderr}"
        assert json.loads(r.stdout)["write"]["bytes"] == 1 << 20


def test_writes_without_destroy_data_are_refused(cli, loopdev):
    dev, img = loopdev()
    before = img.stat().st_blocks
    r = subprocess.run([cli, "job", dev, "--pattern", "randwrite", "--time", "0.2"],
                       capture_output=True, text=True)
    assert r.returncode == 1
    assert "destroys its data" in r.stderr and "--destroy-data" in r.stderr and dev in r.stderr
    assert img.stat().st_blocks == before
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.Target(dev)
    assert e.value.name == "SSD_EUNSAFE"
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.job(dev, pattern="randrw", bytes="64k")
    assert e.value.name == "SSD_EUNSAFE" and "destroy" in e.value.detail
    assert ssdcore.job(dev, pattern="randread", bytes="64k")["read"]["bytes"] == 65536
    assert img.stat().st_blocks == before


def test_mounted_device_is_refused_even_with_destroy_data(cli, loopdev, workdir):
    if not shutil.which("mkfs.ext4"):
        pytest.skip("mkfs.ext4 unavailable")
    dev, _ = loopdev()
    sh("mkfs.ext4", "-q", "-F", dev)
    mnt = workdir / "mnt"
    mnt.mkdir()
    r = sh("mount", dev, mnt, check=False)
    if r.returncode != 0:
        pytest.skip(f"mount failed: {r.stderr.strip()}")
    loopdev.mounts.append(mnt)
    r = subprocess.run([cli, "job", dev, "--destroy-data", "--pattern", "randwrite",
                        "--time", "0.2"], capture_output=True, text=True)
    assert r.returncode == 1
    assert "is mounted on" in r.stderr and str(mnt) in r.stderr, r.stderr
    r = subprocess.run([cli, "job", dev, "--pattern", "randread", "--time", "0.2"],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "is mounted on" in r.stderr


def write_mbr(img, parts):
    """Writes a DOS partition table: parts = [(first_sector, sectors), ...]."""
    mbr = bytearray(512)
    for i, (first, count) in enumerate(parts):
        struct.pack_into("<B3sB3sII", mbr, 446 + 16 * i, 0, b"\0\0\0", 0x83, b"\0\0\0",
                         first, count)
    mbr[510:512] = b"\x55\xaa"
    with open(img, "r+b") as f:
        f.write(mbr)


def test_device_with_a_mounted_partition_is_refused(cli, loopdev, workdir):
    if not shutil.which("mkfs.ext4"):
        pytest.skip("mkfs.ext4 unavailable")
    img = workdir / "parted.img"
    with open(img, "wb") as f:
        f.truncate(48 << 20)
    write_mbr(img, [(2048, 20480), (22528, 73728)])
    dev, _ = loopdev(image=img, partitions=True)
    part = dev + "p2"
    if not os.path.exists(part):
        pytest.skip("the kernel made no partition devices for the loop device")
    sh("mkfs.ext4", "-q", "-F", part)
    mnt = workdir / "mnt"
    mnt.mkdir()
    r = sh("mount", part, mnt, check=False)
    if r.returncode != 0:
        pytest.skip(f"mount failed: {r.stderr.strip()}")
    loopdev.mounts.append(mnt)
    r = subprocess.run([cli, "job", dev, "--destroy-data", "--pattern", "write",
                        "--time", "0.2"], capture_output=True, text=True)
    assert r.returncode == 1
    assert "is mounted on" in r.stderr and part in r.stderr, r.stderr
    # The unmounted first partition is a fine target.
    r = subprocess.run([cli, "job", dev + "p1", "--destroy-data", "--pattern", "write",
                        "--bytes", "1m"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_coverage_and_discard_on_a_device(loopdev):
    dev, img = loopdev(size_mb=8)
    t = ssdcore.Target(dev, destroy_data=True)
    r = ssdcore.job(t, pattern="randwrite", bs=16384, qd=8, threads=2, coverage=True, stamp=True)
    n = (8 << 20) // 16384
    assert r["write"]["ios"] == n
    t.trim(1 << 20, 1 << 20)
    t.close()
    sh("sync")
    data = open(dev, "rb").read()  # through the device, after the discard
    stamped = 0
    for off in range(0, len(data), 16384):
        magic, where = struct.unpack_from("<QQ", data, off)
        if (1 << 20) <= off < (2 << 20):
            assert data[off:off + 16384] == bytes(16384), f"block {off} survived the discard"
        else:
            assert magic == STAMP and where == off, f"block {off}: {magic:#x} {where}"
            stamped += 1
    assert stamped == n - (1 << 20) // 16384


def test_log_onto_a_block_device_is_refused(cli, loopdev):
    # --log /dev/X used to write the series CSV over the device's first
    # bytes, without --destroy-data.
    dev, img = loopdev()
    before = img.stat().st_blocks
    r = subprocess.run([cli, "job", "--target", "sim:bx200", "--time", "2", "--log", dev],
                       capture_output=True, text=True)
    assert r.returncode != 0 and r.stdout == ""
    assert dev in r.stderr and "block device" in r.stderr
    assert img.stat().st_blocks == before


def test_trim_and_job_straight_after_a_write_job(cli, loopdev):
    # Closing a device after writes makes udev probe it; a trim run right
    # after used to fail with "the device is busy (mounted or claimed)".
    dev, _ = loopdev()
    for _ in range(3):
        r = subprocess.run([cli, "job", dev, "--destroy-data", "--pattern", "randwrite",
                            "--bytes", "64k"], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        r = subprocess.run([cli, "trim", dev, "--destroy-data"], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr


def test_a_size_for_a_block_device_is_refused_not_ignored(cli, loopdev):
    # --size-file 1g on a 32 MiB device was silently ignored.
    dev, _ = loopdev()
    r = subprocess.run([cli, "job", dev, "--size-file", "1g", "--bytes", "64k"],
                       capture_output=True, text=True)
    assert r.returncode == 1 and r.stdout == ""
    assert dev in r.stderr and "own size" in r.stderr and "--span" in r.stderr
    r = subprocess.run([cli, "job", dev, "--size-file", "32m", "--bytes", "64k"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr  # the device's own size is fine


def test_a_write_protected_device_is_refused_for_writes_before_any_io(cli, loopdev):
    # The kernel opens a read-only device for writing and fails each write
    # with EPERM: the job used to start, print a summary of nothing and fail
    # on its first write; trim failed with "Operation not permitted".
    dev, img = loopdev(read_only=True)
    before = img.read_bytes()
    for args in (["job", dev, "--destroy-data", "--pattern", "randwrite", "--time", "1"],
                 ["job", dev, "--destroy-data", "--pattern", "randrw", "--time", "1"],
                 ["trim", dev, "--destroy-data"]):
        r = subprocess.run([cli, *args], capture_output=True, text=True)
        assert r.returncode == 1 and r.stdout == "", r.stdout
        assert f"{dev}: the device is read-only" in r.stderr, r.stderr
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.job(dev, destroy_data=True, pattern="randwrite", time=1)
    assert e.value.name == "EROFS" and "read-only" in e.value.detail
    assert img.read_bytes() == before
    r = subprocess.run([cli, "job", dev, "--pattern", "randread", "--bytes", "64k", "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["read"]["bytes"] == 64 << 10


def test_trim_on_a_device_opened_read_only_says_why(loopdev):
    # BLKDISCARD on a read-only descriptor answered "the device does not
    # support discard", which sent users looking at the wrong thing.
    dev, _ = loopdev()
    t = ssdcore.Target(dev, read_only=True)
    with pytest.raises(ssdcore.Error) as e:
        t.trim()
    assert e.value.name == "SSD_EUNSAFE" and "opened read-only" in e.value.detail
    t.close()
