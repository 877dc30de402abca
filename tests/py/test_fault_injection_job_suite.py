"""Fault injection for job and suite (issue 14 items 7, 9, 10): SIGTERM and
SIGHUP stop a run as Ctrl-C does, kill -9 at random points leaves only
complete or clearly marked outputs, two suites never share one --out, and a
full disk fails a job instead of cutting its series CSV silently. Bounded:
about a minute in all."""
import json
import os
import random
import signal
import subprocess
import time

import pytest

import ssdcore
from suite_helpers import csv_rows, load
from tmpfs_mount import small_tmpfs

SLOW = """\
job name=first pattern=randwrite bs=4k qd=4 time=60s interval=20ms log=first
idle 30s
job name=second pattern=randwrite bs=4k time=60s log=second
"""

MANY = "".join(f"job name=j{i} pattern=randwrite bs=64k time=50ms interval=10ms log=j{i}\n"
               for i in range(12))


def start_suite(cli, tmp_path, text, out, *extra):
    suite = tmp_path / "s.suite"
    suite.write_text(text)
    target = tmp_path / "t.bin"
    return subprocess.Popen([cli, "suite", str(target), "--size-file", "16m", "--suite-file",
                             str(suite), "--out", str(out), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for(pred, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if pred():
                return True
        except (FileNotFoundError, json.JSONDecodeError, KeyError, IndexError):
            pass
        time.sleep(0.02)
    return False


def no_temporaries(out):
    return [f for f in os.listdir(out) if f.endswith(".tmp")]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_job_prints_its_results_on_sigterm_and_sighup(cli, tmp_path, sig):
    log = tmp_path / "s.csv"
    p = subprocess.Popen([cli, "job", "sim:bx200", "--pattern", "randwrite", "--time", "10h",
                          "--interval", "1s", "--log", str(log), "--json"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # The sim runs in virtual time: wait for it to be logging.
    assert wait_for(lambda: log.read_text().count("\n") > 10)
    p.send_signal(sig)
    stdout, stderr = p.communicate(timeout=30)
    assert p.returncode == 128 + sig, stderr
    res = json.loads(stdout)
    assert res["interrupted"] is True and res.get("error") is None
    assert res["status"] == "interrupted"
    assert "interrupted" in stderr
    _, rows = csv_rows(log)
    assert len(rows) == res["samples"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_suite_records_interrupted_on_sigterm_and_sighup(cli, tmp_path, sig):
    out = tmp_path / "out"
    p = start_suite(cli, tmp_path, SLOW, out)
    assert wait_for(lambda: (out / "first.csv").read_text().count("\n") > 8)
    assert load(out)["status"] == "running"
    p.send_signal(sig)
    stdout, stderr = p.communicate(timeout=30)
    assert p.returncode == 128 + sig, stderr
    res = load(out)
    assert res["status"] == "interrupted" and res["interrupted"] is True
    assert res["killed"] is False and res["finished"] is not None
    assert no_temporaries(out) == []
    r = subprocess.run([cli, "report", str(out), "--summary"], capture_output=True, text=True)
    assert ": interrupted after 0 of 3 steps" in r.stdout, r.stdout
    assert ssdcore.report(out)["status"] == "interrupted"


def test_suite_killed_at_random_points_leaves_valid_marked_results(cli, tmp_path):
    """kill -9 cannot be caught: results.json (written by rename) is always
    whole, says "running", and every reader shows the run as killed once
    nothing holds the directory's lock."""
    rng = random.Random(14)
    killed = 0
    for attempt in range(6):
        out = tmp_path / f"out{attempt}"
        p = start_suite(cli, tmp_path, MANY, out)
        assert wait_for(lambda: (out / "results.json").exists())
        time.sleep(rng.uniform(0, 0.6))
        p.kill()
        p.communicate(timeout=30)
        res = load(out)  # whole JSON, never torn
        if res["status"] == "complete":
            continue  # the run won the race
        assert res["status"] == "running" and res["finished"] is None
        killed += 1
        # A kill during an atomic write leaves its temporary file, hidden
        # and named after the dead process, never under a final name.
        assert all(f.startswith(".") and f".{p.pid}." in f for f in no_temporaries(out))
        for s in res["steps"]:
            if s["state"] == "done" and s["kind"] == "job":
                _, rows = csv_rows(out / f"{s['name']}.csv")
                assert len(rows) == s["results"]["samples"]
        r = subprocess.run([cli, "report", str(out), "--summary"], capture_output=True,
                           text=True)
        assert "interrupted after" in r.stdout and "killed" in r.stdout, r.stdout
        again = ssdcore.report(out)
        assert again["status"] == "interrupted" and again["killed"] is True
        assert "was killed" in (out / "report.html").read_text()
    assert killed >= 1, "no run was killed before its end: nothing was tested"
    # The next run in a directory removes what killed ones left behind.
    for attempt in range(6):
        out = tmp_path / f"out{attempt}"
        p = start_suite(cli, tmp_path, "job name=x pattern=randwrite time=10ms\n", out)
        p.communicate(timeout=60)
        assert p.returncode == 0
        assert no_temporaries(out) == [] and load(out)["status"] == "complete"


def test_two_suites_on_one_out_the_second_is_refused(cli, tmp_path):
    out = tmp_path / "out"
    first = start_suite(cli, tmp_path, SLOW, out)
    assert wait_for(lambda: load(out)["status"] == "running")
    (tmp_path / "b").mkdir()
    second = start_suite(cli, tmp_path / "b", SLOW, out)
    stdout, stderr = second.communicate(timeout=30)
    assert second.returncode == 1
    assert "another suite is writing its results there" in stderr, stderr
    assert f"process {first.pid}" in stderr
    assert stdout == ""
    # The first run is untouched and finishes its own way.
    assert load(out)["status"] == "running"
    first.send_signal(signal.SIGINT)
    first.communicate(timeout=30)
    assert load(out)["status"] == "interrupted"
    # Once it is gone, the directory is free again.
    res = ssdcore.suite(tmp_path / "t.bin", out, suite_file=None, suite="quick", scale=0.002)
    assert res["status"] == "complete", [(st.get("name"), st.get("status"), st.get("error"))
                                         for st in res["steps"]]


def test_job_series_csv_on_a_full_disk_fails_the_job(cli, tmp_path):
    with small_tmpfs(tmp_path / "mnt", "256k") as mnt:
        log = mnt / "s.csv"
        r = subprocess.run([cli, "job", "sim:bx200", "--pattern", "randwrite", "--time", "2h",
                            "--interval", "1s", "--log", str(log), "--json"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 1, r.stderr
        assert "No space left on device" in r.stderr, r.stderr
        res = json.loads(r.stdout)
        assert res["error"] and "s.csv" in res["error"] and res["status"] == "failed"
        assert res["log"] == str(mnt / "s.csv.partial")
        # The rows that fit are kept under a name that says they are partial.
        assert not log.exists()
        partial = mnt / "s.csv.partial"
        text = partial.read_text()
        assert text.startswith("# ssdcore-series 1\n")
        with pytest.raises(ssdcore.Error):
            ssdcore.job("sim:bx200", pattern="randwrite", time="2h", log=mnt / "p.csv")


def test_suite_on_a_full_disk_records_failed_with_the_reason(cli, tmp_path):
    """A job's log fills the results directory's filesystem: the step fails,
    its CSV is kept as .partial, and results.json (written in the space the
    run kept in reserve) says failed and why, never "running"."""
    with small_tmpfs(tmp_path / "mnt", "200k") as mnt:
        suite = tmp_path / "full.suite"
        suite.write_text("job name=a pattern=randwrite time=1s log=a\n"
                         "job name=b pattern=randwrite time=2h interval=1s log=b\n"
                         "job name=c pattern=randread time=1s\n")
        out = mnt / "o"
        r = subprocess.run([cli, "suite", "sim:bx200", "--suite-file", str(suite), "--out",
                            str(out)], capture_output=True, text=True, timeout=120)
        assert r.returncode == 1
        assert "No space left on device" in r.stderr, r.stderr
        res = load(out)
        assert res["status"] == "failed" and res["complete"] is False
        b = [s for s in res["steps"] if s["name"] == "b"][0]
        assert b["state"] == "failed" and "b.csv.partial" in b["error"]
        assert not (out / "b.csv").exists() and (out / "b.csv.partial").exists()
        assert no_temporaries(out) == []
        s = subprocess.run([cli, "report", str(out), "--summary", "--out", str(tmp_path / "r.html")],
                           capture_output=True, text=True)
        assert "failed after 1 of 3 steps" in s.stdout, s.stdout + s.stderr


def test_job_killed_at_random_points_leaves_whole_rows(cli, tmp_path):
    """The series CSV is a live log: after kill -9 at any point every row
    on disk is whole (one write per row), and a file target's layout mark
    never says complete for a layout that did not finish."""
    rng = random.Random(9)
    target = tmp_path / "t.bin"
    for attempt in range(5):
        log = tmp_path / f"s{attempt}.csv"
        p = subprocess.Popen([cli, "job", str(target), "--size-file", "64m", "--pattern",
                              "randwrite", "--time", "30", "--interval", "10ms", "--log",
                              str(log), "--buffered", "--no-progress"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.05, 1.5))
        p.kill()
        p.wait()
        mark = os.getxattr(target, "user.ssdcore.layout").decode()
        assert mark in ("incomplete", f"complete {64 << 20}")
        if log.exists():
            csv_rows(log)  # every line whole, every row complete
