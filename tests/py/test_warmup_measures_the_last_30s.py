"""Seed 002's test length: 40 s of load with the last 30 s measured. A job's
warmup= runs unmeasured before its time=: the figures cover only the
intervals after it, the series logs all of them; lab2016-40s runs its
random, QD, block-size and mixed tests that way."""
import csv
import json
import subprocess

import pytest

import ssdcore


def rows(path):
    with open(path) as f:
        return [r for r in csv.DictReader(line for line in f if not line.startswith("#"))]


def test_the_figures_exclude_the_warmup_and_the_log_keeps_it(cli, workdir):
    log = workdir / "w.csv"
    r = subprocess.run([cli, "job", "sim:bx200", "--pattern", "randwrite", "--qd", "1",
                        "--warmup", "10s", "--time", "30s", "--log", str(log), "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    assert res["runtime_s"] == pytest.approx(30)
    assert res["workload"]["warmup_s"] == 10 and res["workload"]["time_s"] == 30
    samples = rows(log)
    assert float(samples[-1]["t_s"]) == pytest.approx(40)  # 40 s of load
    last30 = sum(int(s["bytes"]) for s in samples if float(s["t_s"]) > 10 + 1e-6)
    first10 = sum(int(s["bytes"]) for s in samples if float(s["t_s"]) <= 10 + 1e-6)
    assert res["write"]["bytes"] == last30
    assert res["write"]["iops"] == pytest.approx(last30 / 4096 / 30)
    # The BX200's cache makes the first seconds faster: leaving them out
    # lowers the figure, which is why the measured window matters.
    assert first10 / 10 > last30 / 30


def test_warmup_needs_a_measured_time():
    t = ssdcore.Target("sim:bx200")
    with pytest.raises(ssdcore.Error, match="warmup: needs a time"):
        ssdcore.job(t, pattern="randwrite", bytes="1g", warmup="10s")
    r = ssdcore.job(t, pattern="randread", time="2s", warmup="1s", interval="0.5s")
    assert r["runtime_s"] == pytest.approx(2)


def test_lab2016_40s_loads_40s_and_measures_30s(cli):
    r = subprocess.run([cli, "suite", "sim:bx200", "--suite", "lab2016-40s", "--list"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    jobs = [ln for ln in r.stdout.splitlines() if "job name=" in ln]
    rand = [ln for ln in jobs if "name=rand4k-write-qd1" in ln]
    assert rand and "warmup=10s time=30s" in rand[0]
    mixed = [ln for ln in jobs if "name=mixed-rand-80" in ln]
    assert mixed and "warmup=10s time=30s" in mixed[0]
    seq = [ln for ln in jobs if "name=seq-read" in ln]
    assert seq and "time=1m" in seq[0] and "warmup" not in seq[0]  # seed 002: a minute


def test_a_suite_step_with_warmup_reports_the_measured_window(cli, workdir):
    suite = workdir / "s.suite"
    suite.write_text("job name=r pattern=randwrite bs=4k qd=1 warmup=10s time=30s log=r\n")
    out = workdir / "out"
    r = subprocess.run([cli, "suite", "sim:bx200", "--suite-file", str(suite), "--out", str(out),
                        "--no-progress"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    step = json.loads((out / "results.json").read_text())["steps"][0]
    samples = rows(out / "r.csv")
    last30 = sum(int(s["bytes"]) for s in samples if float(s["t_s"]) > 10 + 1e-6)
    assert step["summary"]["runtime_s"] == pytest.approx(30)
    assert step["summary"]["bw_bps"] == pytest.approx(last30 / 30)
