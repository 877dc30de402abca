"""One Python vocabulary (issue #22 item 8): every call that returns
results returns a result object (repr, summary(), to_frame(), to_dict(),
plot() where a plot makes sense), names do not repeat their module
(ssdcore.sim.truth, not ssdcore.sim.sim_truth), keywords carry their unit
(capacity_bytes=, level_pct=). The old names and keywords are gone (no
release was ever made with them)."""
import contextlib
import json
import shutil
import warnings
from pathlib import Path

import numpy as np
import pytest

import ssdcore
from ssdcore.results import (CatalogAddResult, DriveIdentity, FillResult, FioResult,
                             PreconditionResult, Result)

DATA = Path(__file__).resolve().parents[1] / "data"
FIO = DATA / "fio" / "fio3_clat_broken.json"
SAMPLE = DATA / "results" / "quick-bx200"


@contextlib.contextmanager
def _quiet():
    """A context in which any warning is an error: the new names are silent."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def _result_api(r, rows=1):
    assert repr(r).startswith(f"<{type(r).__name__} ") and repr(r).count("\n") < 12
    assert len(r.summary()) == rows and len(r.to_frame()) == rows
    assert json.loads(json.dumps(r.to_dict())) == r.to_dict()
    assert "<table>" in r._repr_html_() or "<table" in r._repr_html_()


# --- result objects ------------------------------------------------------------------


def test_precondition_and_fill_return_result_objects():
    t = ssdcore.SimTarget("sim:bx200")
    with _quiet():
        p = ssdcore.precondition(t, "seq_fill", loops=1)
        assert isinstance(p, PreconditionResult) and isinstance(p, Result)
        assert p.precondition == "seq_fill" and p.loops == 1
        assert p.written_bytes >= t.size_bytes and type(p.written_bytes) is int
        assert p["written_bytes"] == p.written_bytes and p["kind"] == "seq_fill"  # the old dict
        _result_api(p)
        assert list(p.to_frame().columns) == ["precondition", "loops", "written_bytes"]
        f = ssdcore.fill(t, level_pct=50)
        assert isinstance(f, FillResult) and f.level_pct == 50.0
        assert f.fill_bytes == t.size_bytes // 2  # written: whole 128 KiB writes
        assert 0 <= f.fill_bytes - f.written_bytes < 128 << 10
        assert f["fill_bytes"] == f.fill_bytes
        _result_api(f)
        g = ssdcore.fill(t, bytes="1g")
        assert g.fill_bytes == 1 << 30 and g.level_pct is None
    for r in (p, f):
        with pytest.raises(TypeError, match="no plot"):
            r.plot()


def test_fill_level_is_level_pct():
    t = ssdcore.SimTarget("sim:bx200")
    f = ssdcore.fill(t, level_pct=25)
    assert f.level_pct == 25.0 and f.fill_bytes == int(t.size_bytes * 0.25)
    with pytest.raises(TypeError, match="level"):
        ssdcore.fill(t, level=25)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="level_pct 0"):
        ssdcore.fill(t, level_pct=0)


def test_drive_identity_is_a_result_object():
    with _quiet():
        d = ssdcore.drive.identity("sim:bx200")
    assert isinstance(d, DriveIdentity) and d.profile == "bx200" and d["profile"] == "bx200"
    assert d.transport == "sim" and d.model
    _result_api(d)
    assert "capacity_bytes" in d.to_frame().columns
    with pytest.raises(TypeError, match="no plot"):
        d.plot()


def test_read_fio_json_is_a_fio_result():
    with _quiet():
        r = ssdcore.read_fio_json(FIO)
    assert isinstance(r, FioResult) and [j["ddir"] for j in r.jobs] == ["write", "read"]
    assert r.source == str(FIO) and "fio3_clat_broken.json" in repr(r)
    df = r.to_frame()
    assert list(df["ddir"]) == ["write", "read"]
    # a total is total_bytes in every frame (the JSON's io_bytes), an int
    assert "io_bytes" not in df.columns and df["total_bytes"].dtype == "Int64"
    assert int(df["total_bytes"][0]) == r.jobs[0]["io_bytes"]
    assert list(r.summary().columns)[:4] == ["name", "ddir", "total_bytes", "bw_bps"]
    assert r.to_dict() == {"source": str(FIO), "jobs": r.jobs}
    _result_api(r, rows=2)


def test_fio_result_plots_a_bar_per_job():
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    ax = ssdcore.read_fio_json(FIO).plot()
    assert len(ax.patches) == 2 and ax.get_ylabel() == "MiB/s"


def test_catalog_add_is_a_result_object(tmp_path):
    d = tmp_path / "r"
    shutil.copytree(SAMPLE, d)
    db = tmp_path / "c.sqlite"
    with _quiet():
        a = ssdcore.catalog.add(d, db)
        again = ssdcore.catalog.add(d, db)
    assert isinstance(a, CatalogAddResult) and a.status == "added" and a.added and a.changed
    assert a.catalog == str(db) and a.run_dir == str(d)
    assert again.status == "unchanged" and not again.added and not again.changed
    _result_api(a)
    with pytest.raises(TypeError, match="no plot"):
        a.plot()
    # catalog.add returned a bool until round 20: as a non-empty dict the
    # result would always be true, so `if catalog.add(...)` is refused
    with pytest.raises(TypeError, match=r"\.changed"):
        bool(again)


# --- names that do not repeat their module -------------------------------------------

RENAMED = [("sim", "sim_truth", "truth"), ("sim", "sim_profile", "profile"),
           ("sim", "sim_profiles", "profiles"),
           ("catalog", "catalog_add", "add"), ("catalog", "catalog_runs", "runs"),
           ("catalog", "catalog_figures", "figures"), ("catalog", "catalog_compare", "compare"),
           ("catalog", "catalog_path", "path"),
           ("drive", "drive_identity", "identity"), ("drive", "drive_temperature", "temperature"),
           ("trace", "trace_filetests", "filetests")]


@pytest.mark.parametrize("module, old, new", RENAMED, ids=[o for _, o, _ in RENAMED])
def test_old_names_are_gone(module, old, new):
    mod = getattr(ssdcore, module)
    assert callable(getattr(mod, new))
    for where in (ssdcore, mod):
        assert not hasattr(where, old), (where, old)


def test_trace_scenarios_say_description_as_suites_do():
    with _quiet():
        new = ssdcore.trace.scenarios()
    assert new and set(new[0]) == {"name", "description"}
    assert set(ssdcore.suite_builtins()[0]) == {"name", "description"}
    assert not hasattr(ssdcore, "trace_scenarios")


def test_all_lists_no_alias_and_no_name_twice():
    names = ssdcore.__all__
    assert len(names) == len(set(names)) and len(names) <= 70
    for n in names:
        assert hasattr(ssdcore, n), n
    # a name of a module's __all__ does not repeat the module
    for m in ("sim", "catalog", "drive", "trace"):
        mod = getattr(ssdcore, m)
        assert not [n for n in mod.__all__ if n.startswith(m + "_")], m
        for n in mod.__all__:
            assert hasattr(mod, n), (m, n)
    assert "analyze_many" not in ssdcore.analysis.__all__  # ssdcore.batch's, re-exported


def test_unknown_names_are_still_attribute_errors():
    with pytest.raises(AttributeError, match="no attribute 'sim_nope'"):
        ssdcore.sim_nope  # noqa: B018
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        ssdcore.sim.nope  # noqa: B018


# --- keywords with units ---------------------------------------------------------------


def _curve():
    t = np.arange(1, 601, dtype=float)
    return t, np.where(t <= 100, 400e6, 60e6)


def test_analyze_takes_capacity_bytes_and_written_before_bytes_as_sizes():
    with _quiet():
        a = ssdcore.analyze(_curve(), capacity_bytes="512GB", written_before_bytes=0)
        b = ssdcore.analyze(_curve(), capacity_bytes=512 * 10**9)
    assert a.capacity_bytes == b.capacity_bytes == 512 * 10**9


@pytest.mark.parametrize("old", ["capacity", "written_before"])
def test_analyze_old_keywords_are_refused(old):
    with pytest.raises(TypeError, match=old):
        ssdcore.analyze(_curve(), **{old: "256g"})
    with pytest.raises(TypeError, match=old):
        ssdcore.analyze_many({"x": _curve()}, **{old: "256g"})


def test_frames_name_the_suite_group_value_and_the_trace_description():
    from ssdcore.results import AppsResult, SuiteResult
    s = SuiteResult({"steps": [{"index": 0, "name": "qd-1", "kind": "job", "state": "done",
                                "group": "qd", "x": 1}]})
    df = s.to_frame()
    assert "x" not in df.columns and df["group_value"][0] == 1
    apps = AppsResult({"traces": [{"name": "a", "description": "copy", "bytes": 1}]})
    assert list(apps.to_frame()["description"]) == ["copy"]
    assert "describe" not in apps.to_frame().columns
