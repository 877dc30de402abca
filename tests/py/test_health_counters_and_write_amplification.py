"""The drive's health counters around each step that writes (or idles), and the write
amplification they give: on sim: drives from the model's own counters (a
random overwrite of a full drive amplifies, a sequential one does not), and
targets without counters (a file, a loop device) say "not available" and
never invent a 0."""
import json
import os
import shutil
import subprocess

import pytest

import ssdcore

SMALL = "sim:bx200,capacity_gb=32,slc_gb=1"


def wa(before, after):
    host = after["host_written_bytes"] - before["host_written_bytes"]
    return (after["media_written_bytes"] - before["media_written_bytes"]) / host


def filled(pattern):
    """WA of a sequential fill of a fresh drive, and of half a capacity of
    `pattern` writes on the full drive after it."""
    t = ssdcore.Target(SMALL)
    h0 = t.health()
    ssdcore.job(t, pattern="write", bs="1m", qd=32, bytes=t.size_bytes)
    h1 = t.health()
    ssdcore.job(t, pattern=pattern, bs="1m" if pattern == "write" else 4096, qd=32,
                bytes=t.size_bytes // 2)
    return wa(h0, h1), wa(h1, t.health())


def test_sim_counters_are_the_model_s_and_nothing_else():
    t = ssdcore.Target(SMALL)
    h = t.health()
    # the thermal model's idle temperature, and no media_errors: 0 would be a claim
    assert h == {"available": True, "source": "sim model", "host_written_bytes": 0,
                 "media_written_bytes": 0, "temperature_c": 35}


def test_sequential_writes_on_a_fresh_drive_have_wa_near_one():
    fresh, again = filled("write")
    assert 1.0 <= fresh < 1.05
    assert again == pytest.approx(1.0, abs=0.02)


def test_random_overwrite_of_a_full_drive_amplifies_more_than_sequential():
    _, seq = filled("write")
    _, rnd = filled("randwrite")
    assert rnd > 2 * seq


def test_cli_health_on_sim_file_and_loop_device(cli, workdir):
    r = subprocess.run([cli, "health", SMALL, "--json"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["source"] == "sim model"
    r = subprocess.run([cli, "health", SMALL], capture_output=True, text=True)
    assert "source: sim model" in r.stdout and "host written, GiB" in r.stdout
    f = workdir / "f.bin"
    f.write_bytes(b"\0" * 65536)
    r = subprocess.run([cli, "health", str(f), "--json"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    h = json.loads(r.stdout)
    assert h == {"available": False,
                 "why": "file targets have no drive counters (run on the block device for them)"}
    r = subprocess.run([cli, "health", str(f)], capture_output=True, text=True)
    assert r.stdout.startswith("health counters not available: file targets")
    r = subprocess.run([cli, "health", str(workdir / "none")], capture_output=True, text=True)
    assert r.returncode == 1 and "none" in r.stderr and r.stdout == ""
    if os.geteuid() != 0 or not shutil.which("losetup"):
        return
    img = workdir / "disk.img"
    with open(img, "wb") as fh:
        fh.truncate(8 << 20)
    dev = subprocess.run(["losetup", "--find", "--show", str(img)], capture_output=True,
                         text=True).stdout.strip()
    if not dev:
        return
    try:
        r = subprocess.run([cli, "health", dev, "--json"], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        h = json.loads(r.stdout)
        assert h["available"] is False and "exposes no health counters" in h["why"]
        assert set(h) == {"available", "why"}
        t = ssdcore.Target(dev, read_only=True)
        assert t.health()["available"] is False
        t.close()
    finally:
        subprocess.run(["losetup", "-d", dev], capture_output=True)


SUITE = """\
trim
job name=fill pattern=write bs=1m qd=32 coverage=1
job name=rand pattern=randwrite bs=4k qd=32 bytes=16g log=rand
job name=rd pattern=randread bs=4k qd=32 time=5s
"""


def test_a_suite_records_health_before_after_delta_per_writing_step(cli, workdir):
    suite = workdir / "h.suite"
    suite.write_text(SUITE)
    out = workdir / "out"
    r = subprocess.run([cli, "suite", SMALL, "--suite-file", str(suite), "--out", str(out),
                        "--no-progress"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    res = json.loads((out / "results.json").read_text())
    steps = {s["name"]: s for s in res["steps"]}
    assert "health" not in steps["rd"] and "health" not in steps["trim"]
    fill, rand = steps["fill"]["health"], steps["rand"]["health"]
    assert fill["source"] == "sim model"
    assert fill["after"] == rand["before"]
    assert fill["delta"]["host_written_bytes"] == pytest.approx(
        fill["after"]["host_written_bytes"] - fill["before"]["host_written_bytes"])
    assert 1.0 <= fill["delta"]["write_amplification"] < 1.05
    assert rand["delta"]["write_amplification"] > 2
    assert "media_errors" not in rand["after"] and "media_errors" not in rand["delta"]
    assert "(write amplification" in r.stdout and " rand " in r.stdout
    html = (out / "report.html").read_text()
    assert f"write amplification {rand['delta']['write_amplification']:.2f}" in html
    # The report rebuilt from results.json keeps it.
    os.unlink(out / "report.html")
    assert subprocess.run([cli, "report", str(out)], capture_output=True).returncode == 0
    assert f"write amplification {rand['delta']['write_amplification']:.2f}" in \
        (out / "report.html").read_text()


def test_a_suite_counts_the_fill_and_the_drive_s_own_writes_while_idle(cli, workdir):
    """The fill step writes most of the drive and an idle folds the SLC cache
    into TLC: both move the counters, so both carry health, and the readings
    chain from step to step with nothing unaccounted for."""
    suite = workdir / "f.suite"
    suite.write_text("trim\njob name=w pattern=write bs=1m qd=32 bytes=4g\nidle 15m\n"
                     "fill level=50%\n")
    out = workdir / "out"
    r = subprocess.run([cli, "suite", SMALL, "--suite-file", str(suite), "--out", str(out),
                        "--no-progress"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    steps = {s["name"]: s for s in json.loads((out / "results.json").read_text())["steps"]}
    w, idle, fill = (steps[n]["health"] for n in ("w", "idle", "fill"))
    assert w["after"] == idle["before"] and idle["after"] == fill["before"]
    assert idle["delta"]["host_written_bytes"] == 0
    assert idle["delta"]["media_written_bytes"] > 0  # the cache folded while idle
    assert idle["delta"]["write_amplification"] is None
    assert fill["delta"]["host_written_bytes"] == steps["fill"]["written_bytes"]
    assert 1.0 <= fill["delta"]["write_amplification"] < 1.05


def test_a_suite_on_a_file_says_the_counters_are_not_available(cli, workdir):
    suite = workdir / "w.suite"
    suite.write_text("job name=w pattern=write bs=1m qd=1 bytes=2m\n")
    out = workdir / "out"
    r = subprocess.run([cli, "suite", str(workdir / "t.bin"), "--size-file", "4m",
                        "--suite-file", str(suite), "--out", str(out), "--no-progress"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    h = json.loads((out / "results.json").read_text())["steps"][0]["health"]
    assert h["available"] is False and "file targets" in h["why"]
