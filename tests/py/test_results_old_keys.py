"""Producers write unit-named keys (bytes/s as _bps, byte counts as whole
_bytes, times as _s or _us); a results.json written before them
(tests/data/results/old-keys-bx200, made at cdd1f09) still opens, and every
reader gives its figures under the new names and units."""
import json
import shutil

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
    assert ft["copy_mibs"] == pytest.approx(old_rate, rel=1e-12)
    r = ssdcore.results.SuiteResult(stored(), str(old_dir))
    assert r.steps[0]["results"]["steps"][0]["mib_per_s"] == old_rate
