"""Every time is named with its unit since round 21: a filebench step's and
the simulator's phases' bare "seconds" are runtime_s, an idle step's
"seconds" and "seconds_unscaled" are idle_s and idle_unscaled_s. A
results.json written before (tests/data/results/old-seconds-bx200, made by
ssdcore at 5766e11) still reads the same in the report, compare, the
catalog and Python, whose result objects give the new names."""
import json
import shutil
import sqlite3
import subprocess

import pytest

import ssdcore
from conftest import ROOT

OLD = ROOT / "tests" / "data" / "results" / "old-seconds-bx200"
SUITE = """filebench name=files-program dir={dir} set=program size=1m steps=copy
idle 10s
job name=w pattern=write bs=1m qd=4 bytes=3g interval=1s log=w
"""


def stored():
    return json.loads((OLD / "results.json").read_text())


def keys(v):
    """Every object key in a JSON value, at any depth."""
    if isinstance(v, dict):
        return set(v) | set().union(*map(keys, v.values()))
    if isinstance(v, list):
        return set().union(*map(keys, v)) if v else set()
    return set()


@pytest.fixture
def old_dir(tmp_path):
    d = tmp_path / "old"
    shutil.copytree(OLD, d)
    return d


def test_the_fixture_is_written_the_old_way():
    fb, idle, job = stored()["steps"]
    assert "seconds" in fb["results"]["steps"][0]
    assert {"seconds", "seconds_unscaled"} <= set(idle) and "idle_s" not in idle
    assert all("seconds" in p for p in job["sim_truth"]["phases"])


def test_a_run_today_names_every_time_with_its_unit(tmp_path, cli):
    files = tmp_path / "files"
    files.mkdir()
    (tmp_path / "s.txt").write_text(SUITE.format(dir=files))
    r = subprocess.run([cli, "suite", "sim:bx200", "--suite-file", tmp_path / "s.txt", "--out",
                        tmp_path / "run", "--no-report"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    new = json.loads((tmp_path / "run" / "results.json").read_text())
    assert not {"seconds", "seconds_unscaled"} & keys(new)
    fb, idle, job = new["steps"]
    assert fb["results"]["steps"][0]["runtime_s"] > 0
    assert (idle["idle_s"], idle["idle_unscaled_s"]) == (10, 10)
    assert [p["regime"] for p in job["sim_truth"]["phases"]] == ["slc", "native"]
    assert job["sim_truth"]["phases"][0]["runtime_s"] > 0


def test_the_loader_and_the_report_read_the_old_keys(old_dir, cli):
    res = ssdcore.report(old_dir)
    copy_s = stored()["steps"][0]["results"]["steps"][0]["seconds"]
    assert res["headline"]["file_tests"]["files-program"]["copy_s"] == pytest.approx(copy_s)
    idle = res["steps"][1]
    assert (idle["idle_s"], idle["idle_unscaled_s"]) == (10, 10) and "seconds" not in idle
    r = subprocess.run([cli, "report", old_dir, "--out", old_dir / "r.html"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    # the file tests' table: its seconds (0.00 when the step's time was not read)
    assert f'<td>copy</td><td class="n">{copy_s:.2f}</td>' in (old_dir / "r.html").read_text()
    assert copy_s >= 0.005


def test_compare_and_the_catalog_read_the_old_keys(old_dir, tmp_path, cli):
    copy_s = stored()["steps"][0]["results"]["steps"][0]["seconds"]
    cmp_ = tmp_path / "cmp"
    r = subprocess.run([cli, "compare", old_dir, old_dir, "--out", cmp_], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    figs = {f["key"]: f for f in json.loads((cmp_ / "compare.json").read_text())["figures"]}
    assert figs["file_tests.files-program.copy_s"]["unit"] == "s"
    db = tmp_path / "c.db"
    r = subprocess.run([cli, "catalog", "add", old_dir, "--catalog", db], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    with sqlite3.connect(db) as c:
        (v,), = c.execute("SELECT value FROM figures WHERE key=?",
                          ("file_tests.files-program.copy_s",))
    assert v == pytest.approx(copy_s)


def test_python_gives_the_new_names_for_results_written_either_way():
    fb, _, job = stored()["steps"]
    f = ssdcore.results.FilebenchResult(fb["results"])
    step = f.steps[0]
    assert "seconds" not in step and step["runtime_s"] == fb["results"]["steps"][0]["seconds"]
    assert f.to_frame()["runtime_s"][0] == step["runtime_s"]
    assert f.summary()["copy_s"][0] == step["runtime_s"]
    t = ssdcore.results.SimTruth(job["sim_truth"])
    assert [p["runtime_s"] for p in t.phases] == [p["seconds"]
                                                  for p in job["sim_truth"]["phases"]]
    assert list(t.to_frame()["runtime_s"]) == [p["runtime_s"] for p in t.phases]
    with ssdcore.SimTarget("sim:bx200") as target:
        ssdcore.job(target, pattern="write", bs="1m", qd=4, bytes="3g")
        now = ssdcore.sim.truth(target)
    assert all("runtime_s" in p and "seconds" not in p for p in now["phases"])
    assert list(now.to_frame()["runtime_s"]) == [p["runtime_s"] for p in now.phases]
