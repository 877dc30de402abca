"""One Python vocabulary, the rest (issue #22 item 8): the calls that still
returned plain data return result objects (Target.health(), trim(),
trim_reach(), sim.truth(), sim.profile()) or a Listing (sim.profiles(),
suite_builtins(), trace.scenarios(), trace.filetests()), which are the
dicts and lists they returned, so the old access reads unchanged and
silently; one-row frames have no object columns; the top level lists the
calls, not the result classes nor ffi/lib/check; every size keyword that
keeps its option table's name (job(size=, bs=, span=, written_before=),
Target.trim(offset, length), Trace.filetest(set_size=), suite(area=,
filebench_size=)) takes a size text ("512GB", "4k") and an int of bytes
alike."""
import contextlib
import json
import warnings

import pytest

import ssdcore
from ssdcore._util import make_handle
from ssdcore.results import (DriveIdentity, FillResult, HealthResult, Listing, SimProfile,
                             SimTruth, TraceSummary, TrimResult)


@contextlib.contextmanager
def _quiet():
    """A context in which any warning is an error: the new shapes are silent."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def _no_object_columns(df):
    assert not [c for c in df.columns if df[c].dtype == object], df.dtypes


def _one_row_api(r):
    assert repr(r).startswith(f"<{type(r).__name__} ") and repr(r).count("\n") < 12
    assert len(r.summary()) == 1 and len(r.to_frame()) == 1
    assert json.loads(json.dumps(r.to_dict())) == r.to_dict()
    assert "<table" in r._repr_html_()
    _no_object_columns(r.summary())
    with pytest.raises(TypeError, match="has no plot: "):
        r.plot()


# --- results of an action on a drive ---------------------------------------------------


def test_health_trim_and_trim_reach_are_result_objects_and_still_the_dicts():
    with _quiet(), ssdcore.SimTarget("sim:bx200") as t:
        h = t.health()
        assert isinstance(h, HealthResult) and isinstance(h, dict)
        assert h["source"] == h.source == "sim model" and h.available
        assert h.host_written_bytes == 0 and type(h.host_written_bytes) is int
        _one_row_api(h)
        f = h.to_frame()
        assert str(f["host_written_bytes"].dtype) == "Int64"
        assert f["media_errors"].dtype == "float64" and f["media_errors"].isna().all()
        before = t.trim_reach()
        assert isinstance(before, TrimResult) and before.reached is None
        assert "no TRIM yet" in repr(before)
        r = t.trim("1m", "4k")
        assert isinstance(r, TrimResult) and r["reached"] is True is r.reached
        assert r == t.trim_reach() and r.how == "model (sim)"
        _one_row_api(r)
        assert str(r.to_frame()["fitrim_bytes"].dtype) == "Int64"


def test_trim_on_a_file_names_its_filesystem_in_a_string_column(tmp_path):
    with _quiet(), ssdcore.Target(tmp_path / "t.bin", size="1m") as t:
        r = t.trim(0, "64k")
    assert isinstance(r, TrimResult) and isinstance(r.how, str) and r.how
    f = r.to_frame()
    _no_object_columns(f)
    assert f["filesystem"].iloc[0] == r.filesystem or r.filesystem is None


def test_sim_truth_is_a_result_with_a_frame_of_regimes_and_a_plot():
    with _quiet(), ssdcore.SimTarget("sim:bx200") as t:
        j = ssdcore.job(t, pattern="write", bs="1m", qd=4, bytes="3g")
        tr = ssdcore.sim.truth(t)
        one = ssdcore.sim.truth(t, "cache_effective_bytes")
        assert t.truth() == tr
    assert isinstance(tr, SimTruth) and isinstance(tr, dict)
    assert one == float(tr["cache_effective_bytes"]) == tr.cache_effective_bytes == 2 << 30
    f = tr.to_frame()
    assert list(f.columns) == ["regime", "start_bytes", "start_s", "total_bytes", "runtime_s",
                               "mean_bps", "level_bps", "end_level_bps"]
    assert list(f["regime"]) == ["slc", "native"] and str(f["total_bytes"].dtype) == "Int64"
    assert int(f["total_bytes"].sum()) == tr.job_written_bytes == 3 << 30
    s = tr.summary()
    assert len(s) == 1 and "phases" not in s.columns and s["profile"].iloc[0] == "bx200"
    assert str(s["gc_start_bytes"].dtype) == "Int64" and s["gc_start_bytes"].isna().all()
    assert repr(tr).startswith("<SimTruth sim:bx200, 2 regimes, now native>")
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    ax = tr.plot()
    assert ax.get_xlabel() == "data written, GiB" and len(ax.patches) == 2
    ax = tr.plot(series=j)  # over the job's write curve
    assert any(t.get_text() == "truth: native" for t in ax.texts)


def test_a_fresh_sim_truth_has_an_empty_frame_with_its_columns():
    with _quiet():
        tr = ssdcore.sim.truth("sim:bx200")
    assert isinstance(tr, SimTruth) and len(tr.to_frame()) == 0
    assert "start_bytes" in tr.to_frame().columns


def test_sim_profile_is_a_result_object_whose_frame_has_every_parameter():
    with _quiet():
        p = ssdcore.sim.profile("bx200,slc_gib=6")
    assert isinstance(p, SimProfile) and p["params"]["slc_gib"] == 6 == p.params["slc_gib"]
    _one_row_api(p)
    f = p.to_frame()
    assert f["slc_gib"].iloc[0] == 6 and f["user_bytes"].iloc[0] == p.user_bytes
    assert {"name", "description", "capacity_gb", "cache_effective_bytes"} <= set(f.columns)


@pytest.mark.parametrize("call, what, columns", [
    (ssdcore.sim.profiles, "sim profiles", {"name", "description", "slc_gib", "user_bytes"}),
    (ssdcore.suite_builtins, "built-in suites", {"name", "description"}),
    (ssdcore.trace.scenarios, "application scenarios", {"name", "description"}),
    (ssdcore.trace.filetests, "recorded file tests", {"name", "set_bytes", "device_bytes"}),
], ids=["sim.profiles", "suite_builtins", "trace.scenarios", "trace.filetests"])
def test_catalogues_are_listings_that_stay_the_lists_they_were(call, what, columns):
    with _quiet():
        items = call()
        assert isinstance(items, Listing) and isinstance(items, list)
        assert items == [dict(d) for d in items] and items[0]["name"] == items.names[0]
        assert len(items) > 2 and [d["name"] for d in items] == items.names
        f = items.to_frame()
    assert len(f) == len(items) and columns <= set(f.columns)
    assert list(f["name"]) == items.names
    for c in f.columns:
        if c.endswith("_bytes"):
            assert str(f[c].dtype) == "Int64", c
    assert repr(items).startswith(f"<Listing {len(items)} {what}>")
    assert repr(items).count("\n") <= 9 and "<table" in items._repr_html_()
    assert len(items.summary()) == len(items) and "name" in items.summary().columns
    with pytest.raises(TypeError, match="has no plot"):
        items.plot()


def test_fill_level_pct_is_a_float_column_when_bytes_were_asked():
    with _quiet(), ssdcore.SimTarget("sim:bx200") as t:
        by_bytes = ssdcore.fill(t, bytes="64m")
    with _quiet(), ssdcore.SimTarget("sim:bx200") as t:
        by_level = ssdcore.fill(t, 1)
    assert isinstance(by_bytes, FillResult) and by_bytes.level_pct is None
    f = by_bytes.to_frame()
    assert f["level_pct"].dtype == "float64" and f["level_pct"].isna().all()
    assert str(f["fill_bytes"].dtype) == "Int64" and f["fill_bytes"].iloc[0] == 64 << 20
    assert by_level.to_frame()["level_pct"].dtype == "float64"
    _no_object_columns(f)


def test_drive_identity_frame_types_missing_members():
    d = DriveIdentity({"model": "X", "transport": "sim", "capacity_bytes": 10 ** 9})
    f = d.to_frame()
    _no_object_columns(f)
    assert str(f["rotational"].dtype) == "boolean" and f["serial"].isna().all()


def test_trace_summary_is_a_result_object_and_still_the_dict():
    tr = ssdcore.trace.Trace.scenario("pcm8-excel", seed=1)
    with _quiet():
        s = tr.summary()
        assert isinstance(s, TraceSummary) and isinstance(s, dict)
        assert s["reads"] == s.reads > 3000 and s.ios == len(tr) and type(s.read_bytes) is int
        assert s.format == "generated" and 0 <= s.idle_share <= 1
        assert s.size_mix and all(type(b) is int and type(n) is int for b, n in s.size_mix)
        assert s.to_dict() == json.loads(json.dumps(dict(s)))
    _one_row_api(s)
    assert repr(s).startswith(f"<TraceSummary {s.ios} I/Os (generated), ")
    f = s.to_frame()
    assert f["reads"].iloc[0] == s.reads and str(f["read_bytes"].dtype) == "Int64"


# --- the top level ----------------------------------------------------------------------


RESULT_CLASSES = ("Result", "JobResult", "AnalysisResult", "SuiteResult", "SuiteStep",
                  "FilebenchResult", "CompareResult", "ReplayResult", "AppsResult",
                  "FsdResult", "CatalogRuns", "CatalogFigures", "BatchResult")


def test_the_top_level_lists_the_calls_not_the_result_classes_nor_the_cffi_layer():
    names = set(ssdcore.__all__)
    assert not names & set(RESULT_CLASSES) and not names & {"ffi", "lib", "check"}
    assert {"job", "analyze", "suite", "Target", "Error", "results", "sim"} <= names
    shown = set(dir(ssdcore))
    assert names <= shown and "plot" in shown
    # what docs/python.md ("The top level") says dir() shows besides __all__
    assert shown - names == {"plot", "__version__", "__doc__", "__name__"}
    assert not shown & (set(RESULT_CLASSES) | {"ffi", "lib", "check", "sim_truth"})
    for n in ssdcore.results.__all__:
        assert hasattr(ssdcore.results, n), n
    with _quiet():  # the C layer stays where it was, silently
        assert ssdcore.lib.ssd_version_string and ssdcore.ffi.NULL is not None
        assert ssdcore.check(0) == 0


@pytest.mark.parametrize("name", RESULT_CLASSES)
def test_result_classes_are_not_at_the_top_level(name):
    assert not hasattr(ssdcore, name) and hasattr(ssdcore.results, name)


# --- size keywords that keep their option table's name ----------------------------------


def test_job_size_keywords_take_a_size_text_or_an_int_of_bytes(tmp_path):
    text = dict(bs="4k", span="1GB", bytes="64KiB", written_before="512GB")
    ints = dict(bs=4096, span=10 ** 9, bytes=65536, written_before=512 * 10 ** 9)
    got = []
    for kw in (text, ints):
        with _quiet():
            r = ssdcore.job("sim:bx200", pattern="write", **kw)
        got.append((r["workload"], r.analysis_context))
    assert got[0] == got[1]
    w, ctx = got[0]
    assert w["block_size"] == 4096 and w["max_bytes"] == 65536
    assert 10 ** 9 - 4096 < w["span"] <= 10 ** 9  # whole blocks of the 1 GB asked
    assert ctx["written_before_bytes"] == 512 * 10 ** 9
    sizes = []
    for i, size in enumerate(("1MB", 10 ** 6, "1m", 1 << 20)):
        with _quiet():
            ssdcore.job(tmp_path / f"t{i}.bin", pattern="write", size=size, bytes="4k")
        sizes.append((tmp_path / f"t{i}.bin").stat().st_size)
    assert sizes[0] == sizes[1] and sizes[2] == sizes[3] == 1 << 20
    with pytest.raises(ssdcore.InvalidArgument, match="bs"):
        ssdcore.job("sim:bx200", pattern="write", bs="4kb", bytes="4k")


def test_trim_offset_and_length_take_a_size_text_or_an_int(tmp_path):
    with _quiet(), ssdcore.Target(tmp_path / "t.bin", size="1m") as t:
        assert t.trim("64k", "128KiB") == t.trim(65536, 131072)
        t.trim("1KB", "1KB")  # decimal: 1000 bytes at 1000
    with pytest.raises(ValueError, match="trim: length"):
        ssdcore.Target(tmp_path / "t.bin").trim(0, "25x")


def test_filetest_set_size_takes_a_size_text_or_an_int():
    with _quiet():
        a = ssdcore.Trace.filetest("iso-copy", set_size="2GB")
        b = ssdcore.Trace.filetest("iso-copy", set_size=2 * 10 ** 9)
        c = ssdcore.Trace.filetest("iso-copy", set_size="2g")
    assert list(a) == list(b) and a.summary() == b.summary()
    assert c.summary()["write_bytes"] >= a.summary()["write_bytes"]


def test_suite_area_and_filebench_size_take_a_size_text_or_an_int():
    with _quiet():
        a = ssdcore.suite_steps("sim:bx200", "quick", area="1GB")
        b = ssdcore.suite_steps("sim:bx200", "quick", area=10 ** 9)
    assert a == b and "span=1GB" in a[0]["line"]
    t = ssdcore.Target("sim:bx200")
    for v in ("8GB", "8g", 8 * 10 ** 9, 1 << 33):
        make_handle("suite", t._handle(), options={"filebench_size": v, "area": v})
    with pytest.raises(ssdcore.InvalidArgument, match="filebench_size"):
        make_handle("suite", t._handle(), options={"filebench_size": "8gb"})


def test_reprs_count_one_thing_in_the_singular(tmp_path):
    """A repr's count is plural only when it is not one: a sim: drive
    after one job showed "1 regimes", a catalog with one run "1 runs"."""
    with ssdcore.SimTarget("sim:bx200,noise=0") as t:
        ssdcore.job(t, pattern="write", bs="128k", qd=32, time=1)
        truth = ssdcore.sim.truth(t)
        assert len(truth.phases) == 1
        assert repr(truth).splitlines()[0].endswith("1 regime, now slc>"), repr(truth)
    suite = ssdcore.suite("sim:bx200", tmp_path / "run", suite="quick")
    cat = tmp_path / "c.sqlite"
    ssdcore.catalog.add(suite.out_dir, cat)
    runs = ssdcore.catalog.runs(cat)
    assert repr(runs).startswith(f"<CatalogRuns 1 run in {cat}"), repr(runs)
    figures = ssdcore.catalog.figures(cat)
    assert repr(figures).startswith("<CatalogFigures 1 run, "), repr(figures)
    assert " 2 runs in " in repr(ssdcore.results.CatalogRuns(
        {"catalog": "c", "drive": None, "runs": [{}, {}]}))


def test_sim_truth_by_key_raises_for_an_event_that_did_not_happen():
    """The key form's errors, as its docstring states them: the dict says
    None where the key form raises."""
    with ssdcore.SimTarget("sim:bx200") as t:
        ssdcore.job(t, pattern="write", bs="128k", qd=32, time=1)
        assert ssdcore.sim.truth(t)["gc_start_bytes"] is None
        with pytest.raises(ssdcore.FormatError, match="did not happen in the last job"):
            ssdcore.sim.truth(t, "gc_start_bytes")
        with pytest.raises(ssdcore.InvalidArgument, match="unknown key 'regime'"):
            ssdcore.sim.truth(t, "regime")
        assert ssdcore.sim.truth(t, "cache_effective_bytes") == 2 * 2**30
    assert "did not happen in the last job" in ssdcore.sim.truth.__doc__


def test_suite_steps_is_a_listing_of_the_steps():
    """suite_steps returned a plain list of dicts; now a Listing like the
    other catalogues: the same list, with to_frame() and a repr per step."""
    steps = ssdcore.suite_steps("sim:bx200", "lab2016")
    assert isinstance(steps, ssdcore.results.Listing) and isinstance(steps, list)
    assert steps[0]["kind"] and steps.names == [s["name"] for s in steps]
    df = steps.to_frame()
    assert list(df.columns) == ["kind", "name", "line"] and len(df) == len(steps)
    assert list(steps.summary().columns) == ["kind", "name", "line"]
    assert steps[0]["line"] in repr(steps) and repr(steps).startswith(
        f"<Listing {len(steps)} suite steps>")
