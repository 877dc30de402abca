"""Producers write unit-named keys (bytes/s as _bps, byte counts as whole
_bytes, times as _s or _us); a results.json written before them
(tests/data/results/old-keys-bx200, made at cdd1f09) still opens, and every
reader gives its figures under the new names and units."""
import json
import shutil
import subprocess

import pytest

import ssdcore
from conftest import ROOT

OLD = ROOT / "tests" / "data" / "results" / "old-keys-bx200"
MIB = 1048576


@pytest.fixture
def old_dir(tmp_path):
    d = tmp_path / "old"
    shutil.copytree(OLD, d)
    return d


def stored():
    return json.loads((OLD / "results.json").read_text())


def test_the_fixture_is_written_the_old_way():
    d = stored()
    fb = d["steps"][0]["results"]
    assert "mib_per_s" in fb["steps"][0] and fb["set"]["size"] == "1m"


def test_an_old_filebench_step_gives_its_rate(old_dir):
    old_rate = stored()["steps"][0]["results"]["steps"][0]["mib_per_s"]
    res = ssdcore.report(old_dir)
    ft = res["headline"]["file_tests"]["files-program"]
    assert ft["copy_s"] == pytest.approx(0.020809)
    assert ft["copy_bps"] == pytest.approx(old_rate * MIB, rel=1e-12)
    r = ssdcore.results.SuiteResult(stored(), str(old_dir))
    assert r.steps[0]["results"]["steps"][0]["mib_per_s"] == old_rate


def test_the_headline_names_rates_bps_and_the_access_time_us(old_dir):
    """results.json's file_tests wrote copy_mibs (MiB/s) and its fsd
    bandwidth_bps and access_s (seconds); now copy_bps, bw_bps, access_us,
    and a stored run's headline is read under those names by the catalog,
    compare and Python, in the new units."""
    old = stored()["headline"]
    res = ssdcore.report(old_dir)  # recomputed from the stored steps
    ft, fsd = res["headline"]["file_tests"]["files-program"], res["headline"]["fsd"]
    assert set(ft) == {"copy_s", "copy_bps"} and set(fsd) == {"traces", "bw_bps", "access_us",
                                                               "score"}
    assert ft["copy_bps"] == pytest.approx(old["file_tests"]["files-program"]["copy_mibs"] * MIB,
                                           rel=1e-12)
    assert fsd["bw_bps"] == pytest.approx(old["fsd"]["bandwidth_bps"], rel=1e-12)
    assert fsd["access_us"] == pytest.approx(old["fsd"]["access_s"] * 1e6, rel=1e-12)
    assert fsd["score"] == pytest.approx(old["fsd"]["score"], rel=1e-12)
    # the stored headline itself, as the catalog and Python flatten it
    from ssdcore.results import _headline_figures
    for figs in (_headline_figures(old), _headline_figures(res["headline"])):
        assert {k for k in figs if k.startswith(("fsd.", "file_tests."))} == {
            "file_tests.files-program.copy_s", "file_tests.files-program.copy_bps",
            "fsd.traces", "fsd.bw_bps", "fsd.access_us", "fsd.score"}
        assert figs["fsd.access_us"] == pytest.approx(96.526, rel=1e-4)


def test_the_catalog_and_compare_read_an_old_run_under_the_new_names(old_dir, tmp_path, cli):
    import subprocess
    db = tmp_path / "c.db"
    r = subprocess.run([cli, "catalog", "add", str(old_dir), "--catalog", str(db)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    import sqlite3
    with sqlite3.connect(db) as c:
        keys = {k for (k,) in c.execute("SELECT DISTINCT key FROM figures")}
    assert {"fsd.bw_bps", "fsd.access_us", "file_tests.files-program.copy_bps"} <= keys
    assert not [k for k in keys if k.endswith(("_mibs", "access_s", "bandwidth_bps"))]
    cmp_ = tmp_path / "cmp"
    r = subprocess.run([cli, "compare", str(old_dir), str(old_dir), "--out", str(cmp_)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    figs = {f["key"]: f for f in json.loads((cmp_ / "compare.json").read_text())["figures"]}
    assert figs["fsd.access_us"]["better"] == "lower" and figs["fsd.access_us"]["unit"] == "us"
    assert figs["file_tests.files-program.copy_bps"]["better"] == "higher"


def test_replay_and_fsd_json_name_the_access_time_us_and_old_results_still_read():
    """The replay JSON wrote access_s (seconds) and the fsd JSON
    bandwidth_bps and access_s, which Python renamed; now access_us (µs)
    and bw_bps, and results written the old way read the same."""
    from ssdcore.results import FsdResult, ReplayResult
    tr = ssdcore.Trace.scenario("pcm8-word", seed=1)
    with ssdcore.SimTarget("sim:bx200") as t:
        r = ssdcore.replay(tr, t, timing="no-idle")
    assert "access_s" not in r and r["access_us"] > 0 and r.access_us == r["access_us"]
    old = dict(r)
    old["access_s"] = old.pop("access_us") / 1e6
    assert ReplayResult(old).access_us == pytest.approx(r.access_us, rel=1e-12)
    trace = {"name": "cp1", "trace": "x", "description": "copy", "scored": True, "qd": 4,
             "ios": 10, "bytes": 40960, "busy_s": 0.5, "bw_bps": 81920.0, "access_us": 150.0}
    new = {"scale": 0.02, "seed": 1, "traces": [trace], "bw_bps": 2e6, "access_us": 200.0,
           "score": 3.0}
    old_trace = {k: v for k, v in trace.items() if k not in ("access_us", "description")}
    old_trace["describe"] = "copy"  # the key before round 20
    was = {"scale": 0.02, "seed": 1, "traces": [dict(old_trace, access_s=1.5e-4)],
           "bandwidth_bps": 2e6, "access_s": 2e-4, "score": 3.0}
    for d in (new, was):
        f = FsdResult(d)
        assert (f.bw_bps, f.access_us) == (2e6, pytest.approx(200.0))
        df = f.to_frame()
        assert df["access_us"][0] == pytest.approx(150.0) and "access_s" not in df.columns
        assert df["description"][0] == "copy" and "describe" not in df.columns


def _leaves(d, at=""):
    """A headline's numbers by dotted key, as a catalog stored them."""
    for k, v in d.items():
        if isinstance(v, dict):
            yield from _leaves(v, f"{at}{k}.")
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            yield f"{at}{k}", v


def test_a_catalog_filled_before_round_20_reads_under_the_new_keys_in_c_and_python(
        old_dir, tmp_path, cli):
    """A catalog whose runs were added before round 20 kept their figures
    under the old keys (copy_mibs in MiB/s, fsd.bandwidth_bps, fsd.access_s
    in s): Python renamed them on read, the file did not, so the sqlite3
    shell and catalog.figures() disagreed. Opening it (any `ssdcore catalog`
    command, any ssdcore.catalog call) now rewrites them under today's keys
    and units, once, as the loader reads an old results.json."""
    import sqlite3
    db = tmp_path / "old.db"
    r = subprocess.run([cli, "catalog", "add", str(old_dir), "--catalog", str(db)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    old = dict(_leaves(stored()["headline"]))
    with sqlite3.connect(db) as c:  # the figures as ssdcore stored them before round 20
        (run,), = c.execute("SELECT id FROM runs")
        c.execute("DELETE FROM figures")
        c.executemany("INSERT INTO figures VALUES(?,?,?)", [(run, k, v) for k, v in old.items()])
    assert {"fsd.bandwidth_bps", "fsd.access_s", "file_tests.files-program.copy_mibs"} <= set(old)

    def raw():
        with sqlite3.connect(db) as c:
            return dict(c.execute("SELECT key, value FROM figures"))

    r = subprocess.run([cli, "catalog", "list", "--catalog", str(db)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    now = raw()
    assert not [k for k in now if k.endswith(("_mibs", "access_s", "bandwidth_bps"))], now
    assert now["fsd.access_us"] == pytest.approx(old["fsd.access_s"] * 1e6, rel=1e-12)
    assert now["fsd.bw_bps"] == pytest.approx(old["fsd.bandwidth_bps"], rel=1e-12)
    assert now["file_tests.files-program.copy_bps"] == pytest.approx(
        old["file_tests.files-program.copy_mibs"] * MIB, rel=1e-12)
    assert now["fsd.score"] == old["fsd.score"] and len(now) == len(old)
    # Python reads what the file holds, and what catalog add writes today
    figs = {f["figure"]: f["value"] for f in ssdcore.catalog.figures(db).figures}
    assert figs == pytest.approx(now)
    fresh = tmp_path / "new.db"
    subprocess.run([cli, "catalog", "add", str(old_dir), "--catalog", str(fresh)], check=True,
                   capture_output=True)
    with sqlite3.connect(fresh) as c:
        assert dict(c.execute("SELECT key, value FROM figures")) == pytest.approx(now)
    # a second open finds nothing to rewrite
    subprocess.run([cli, "catalog", "list", "--catalog", str(db)], check=True,
                   capture_output=True)
    assert raw() == now
