"""A TRIM of a file target reaches the drive only through the filesystem:
mounted with discard, or a FITRIM of its free space afterwards. On a real
loop-mounted ext4 (the loop device passes discards on to its image file as
punched holes, so the image's allocated size shows what reached the
"drive"), with and without -o discard, with FITRIM allowed, disabled and
refused (no CAP_SYS_ADMIN). Needs root, losetup, mkfs.ext4 and mount; skips
with the reason otherwise."""
import json
import os
import shutil
import time

import pytest

import ssdcore
from loop_devices import ext4, sh

FILE_MB = 16


def allocated(img, below=None):
    """The image's allocated bytes; with below, waits up to 3 s for them to
    drop under it (ext4 sends a discard at its journal commit and the loop
    device punches the image from its own worker)."""
    end = time.monotonic() + (3 if below is not None else 0)
    while True:
        os.sync()
        n = img.stat().st_blocks * 512
        if below is None or n < below or time.monotonic() > end:
            return n
        time.sleep(0.05)


def written_file(cli, mnt):
    f = mnt / "t.bin"
    r = sh(cli, "job", f, "--size-file", f"{FILE_MB}m", "--pattern", "write", "--bytes",
           f"{FILE_MB}m", check=False)
    assert r.returncode == 0, r.stderr
    return f


def test_without_discard_and_without_fitrim_the_trim_stays_in_the_filesystem(cli, workdir):
    with ext4(workdir, 64, "nodiscard") as (mnt, img):
        f = written_file(cli, mnt)
        before = allocated(img)
        r = sh(cli, "trim", f, "--destroy-data", "--no-fitrim", check=False)
        assert r.returncode == 0, r.stderr
        assert "did not reach the drive" in r.stderr
        assert "ext4 mounted without discard, FITRIM disabled" in r.stderr
        assert f"ext4 on {mnt}" in r.stderr and "mount options rw" in r.stderr
        assert r.stdout == ""
        # Nothing was discarded: the image keeps the file's blocks.
        assert allocated(img) > before - (FILE_MB << 20) // 4


def test_without_discard_fitrim_carries_the_trim_to_the_drive(cli, workdir):
    with ext4(workdir, 64, "nodiscard") as (mnt, img):
        f = written_file(cli, mnt)
        before = allocated(img)
        t = ssdcore.Target(f)
        assert t.trim_reach()["reached"] is None  # no TRIM yet
        reach = t.trim()
        t.close()
        assert reach["reached"] is True and reach["how"] == "FITRIM", reach  # (why, if not)
        assert reach["filesystem"] == "ext4" and reach["mount_point"] == str(mnt)
        assert "discard" not in reach["mount_options"].split(",")
        assert reach["fitrim_bytes"] >= (FILE_MB << 20) // 2
        assert allocated(img, before - (FILE_MB << 20) // 2) < before - (FILE_MB << 20) // 2


def test_mounted_with_discard_the_hole_itself_reaches_the_drive(cli, workdir):
    with ext4(workdir, 64, "nodiscard", "discard") as (mnt, img):
        f = written_file(cli, mnt)
        before = allocated(img)
        r = sh(cli, "trim", f, "--destroy-data", check=False)
        assert r.returncode == 0, r.stderr
        assert r.stdout.strip() == "TRIM reached the drive: discard mount option"
        assert "warning" not in r.stderr
        assert allocated(img, before - (FILE_MB << 20) // 2) < before - (FILE_MB << 20) // 2


def test_fitrim_refused_without_cap_sys_admin_is_a_warning_naming_the_errno(cli, workdir):
    if not shutil.which("setpriv"):
        pytest.skip("needs setpriv to drop CAP_SYS_ADMIN")
    with ext4(workdir, 64, "nodiscard") as (mnt, img):
        f = written_file(cli, mnt)
        before = allocated(img)
        r = sh("setpriv", "--bounding-set", "-sys_admin", cli, "trim", f, "--destroy-data",
               check=False)
        assert r.returncode == 0, r.stderr
        assert "FITRIM refused: EPERM" in r.stderr and "ext4 mounted without discard" in r.stderr
        assert allocated(img) > before - (FILE_MB << 20) // 4


def test_a_suite_records_and_warns_about_a_trim_that_did_not_reach_the_drive(cli, workdir):
    with ext4(workdir, 64, "nodiscard") as (mnt, img):
        f = written_file(cli, mnt)
        suite = workdir / "s.suite"
        suite.write_text("trim\njob name=w pattern=write bs=1m qd=1 bytes=2m\n")
        out = workdir / "out"
        r = sh(cli, "suite", f, "--suite-file", suite, "--out", out, "--no-fitrim",
               "--no-progress", check=False)
        assert r.returncode == 0, r.stderr
        assert "the TRIM did not reach the drive" in r.stdout + r.stderr
        res = json.loads((out / "results.json").read_text())
        step = res["steps"][0]
        assert step["kind"] == "trim" and step["state"] == "done"
        rd = step["reached_device"]
        assert rd["reached"] is False and rd["filesystem"] == "ext4"
        assert rd["how"] == "not passed: ext4 mounted without discard, FITRIM disabled"
        assert rd["mount_point"] == str(mnt) and rd["fitrim_bytes"] is None
        warnings = res["headline"]["warnings"]
        assert len(warnings) == 1 and "mount options rw" in warnings[0]
        html = (out / "report.html").read_text()
        assert "did not reach the drive" in html and "FITRIM disabled" in html
        # The report rebuilt from results.json says it again.
        os.unlink(out / "report.html")
        r = sh(cli, "report", out, check=False)
        assert r.returncode == 0, r.stderr
        assert "did not reach the drive" in (out / "report.html").read_text()

        # With FITRIM allowed the same suite records how it reached the drive.
        out2 = workdir / "out2"
        r = sh(cli, "suite", f, "--suite-file", suite, "--out", out2, "--no-progress",
               check=False)
        assert r.returncode == 0, r.stderr
        res = json.loads((out2 / "results.json").read_text())
        assert res["steps"][0]["reached_device"]["how"] == "FITRIM"
        assert res["headline"]["warnings"] == []


def test_sim_and_block_targets_say_how_their_trim_reached_the_drive(workdir):
    t = ssdcore.Target("sim:bx200")
    r = t.trim()
    assert r == {"reached": True, "how": "model (sim)", "filesystem": None, "mount_point": None,
                 "mount_options": None, "fitrim_bytes": None}
    if os.geteuid() != 0 or not shutil.which("losetup"):
        return
    img = workdir / "disk.img"
    with open(img, "wb") as fh:
        fh.truncate(8 << 20)
    dev = sh("losetup", "--find", "--show", img, check=False).stdout.strip()
    if not dev:
        return
    try:
        t = ssdcore.Target(dev, destroy_data=True)
        assert t.trim()["how"] == "block device BLKDISCARD"
        t.close()
    finally:
        sh("losetup", "-d", dev, check=False)


def test_the_fitrim_option_takes_auto_or_never():
    with pytest.raises(ssdcore.Error,
                       match=r"option fitrim: unknown fitrim 'sometimes' \(auto, never\)"):
        ssdcore.Target("sim:bx200", fitrim="sometimes")
