"""analyze_many: globs expand (fio job logs of one run stay one input),
errors="record" catches everything per input, columns and dtypes are the
same whatever the inputs, and local processes give the same DataFrame as
one process (a Dask cluster: test_analyze_many_dask_cluster.py)."""
import pathlib

import numpy as np
import pytest

import ssdcore
from ssdcore.batch import ANALYSIS_COLUMNS, PHASE_COLUMNS
from synth_curves import cache_logs

DATA = pathlib.Path(__file__).resolve().parents[1] / "data"


def test_a_glob_is_one_row_per_file_sorted(tmp_path):
    cache_logs(tmp_path, 5)
    df = ssdcore.analyze_many(str(tmp_path / "run*.csv")).frame
    assert list(df["source"]) == sorted(str(p) for p in tmp_path.glob("run*.csv"))
    got = (df["cache_bytes"] / 400e6).round().astype(int).tolist()
    assert got == [10, 11, 12, 13, 14]


def test_only_glob_characters_make_a_pattern(tmp_path):
    # *, ? or [ anywhere make a pattern (expanded, or an entry that fails
    # when nothing matches); any other path is one input as it is.
    from ssdcore.batch import expand_inputs, _Missing
    for p in ("a*.csv", "a?.csv", "r[12].csv", "dir*/x.csv"):
        (entry,) = expand_inputs([str(tmp_path / p)])
        assert isinstance(entry[1], _Missing), p
    for p in ("a].csv", "a{1,2}.csv", "x.csv", "a!.csv"):
        assert expand_inputs([str(tmp_path / p)]) == [(str(tmp_path / p),) * 2], p


def test_fio_job_logs_of_one_run_stay_one_input(datasets_dir):
    d = datasets_dir / "nvmebenchmarks" / "custom" / "zns-a" / "long3"
    df = ssdcore.analyze_many(str(d / "log_32_1115_bw.*.log")).frame
    assert len(df) == 1 and df["source"][0].endswith("log_32_1115_bw.*.log")
    one = ssdcore.analyze(str(d / "log_32_1115_bw.*.log"))
    assert df["total_bytes"][0] == one.total_bytes
    named = ssdcore.analyze_many({"qd32": str(d / "log_32_1115_bw.*.log")}).frame
    assert named["source"][0] == "qd32" and named["total_bytes"][0] == one.total_bytes


def test_errors_record_catches_everything_per_item(tmp_path):
    good = cache_logs(tmp_path, 1)[0]
    bad = tmp_path / "bad.csv"
    bad.write_text("t_s,bytes\n1,1\n0,1\n")
    items = [good, None, bad, tmp_path / "missing.csv", str(tmp_path / "nomatch*.log"),
             ("not", "numbers"), 42]
    df = ssdcore.analyze_many(items, errors="record").frame
    assert len(df) == len(items) and list(df.columns) == ANALYSIS_COLUMNS
    assert df["error"].isna().tolist() == [True] + [False] * (len(items) - 1)
    assert "None" in df["error"][1] and "bad.csv" in df["error"][2]
    assert df["error_type"][3] == "NotFound" and "missing.csv" in df["error"][3]
    assert "no file matches" in df["error"][4]
    with pytest.raises(FileNotFoundError):
        ssdcore.analyze_many([good, tmp_path / "missing.csv"])


def test_columns_and_dtypes_do_not_drift(tmp_path):
    ra = ssdcore.analyze_many(cache_logs(tmp_path, 2))
    a = ra.frame
    b = ssdcore.analyze_many([(np.arange(1, 100.0), np.full(99, 5e7))]).frame  # no cache at all
    rc = ssdcore.analyze_many([None], errors="record")  # nothing but an error
    c = rc.frame
    for df in (b, c):
        assert list(df.columns) == list(a.columns) == ANALYSIS_COLUMNS
        assert df.dtypes.to_dict() == a.dtypes.to_dict()
    assert str(a["cache_bytes"].dtype) == "Int64" and str(a["cache_found"].dtype) == "boolean"
    assert b["cache_bytes"].isna().all() and not b["cache_found"][0]
    ph = ra.phases
    assert list(ph.columns) == PHASE_COLUMNS and set(ph["source"]) == set(a["source"])
    assert list(rc.phases.columns) == PHASE_COLUMNS and len(rc.phases) == 0
    assert not a.attrs, "the phases are their own frame, not in df.attrs"
    joined = ph.merge(a[["source", "cache_bytes"]], on="source")
    assert len(joined) == len(ph)


def test_local_processes_give_the_same_frame(tmp_path):
    paths = cache_logs(tmp_path, 12) + [tmp_path / "missing.csv"]
    one = ssdcore.analyze_many(paths, errors="record")
    many = ssdcore.analyze_many(paths, errors="record", workers=2, chunksize=3)
    assert one.frame.equals(many.frame)
    assert one.phases.equals(many.phases)
    with pytest.raises(FileNotFoundError, match="missing.csv"):  # not BrokenProcessPool
        ssdcore.analyze_many(paths, workers=2)


def test_bad_arguments_are_refused(tmp_path):
    for kw in (dict(workers=0), dict(workers=True), dict(chunksize=0), dict(errors="skip")):
        with pytest.raises(ValueError):
            ssdcore.analyze_many([tmp_path / "x.csv"], **kw)
    with pytest.raises(TypeError):
        ssdcore.analyze_many([tmp_path / "x.csv"], penalty="3")


def test_workers_with_few_chunks_in_flight_keep_input_order_and_dtypes():
    # More chunks (12) than the pool keeps in flight (2 per worker): each
    # row still lands at its input's place, failures included, with the
    # dtypes of a single analysis' summary().
    t = np.arange(1, 301, dtype=float)
    items = [(t, np.where(t <= 20 + 10 * i, 400e6, 60e6)) for i in range(11)]
    items.insert(5, None)
    one = ssdcore.analyze_many(items, errors="record")
    two = ssdcore.analyze_many(items, errors="record", workers=2, chunksize=1)
    assert one.frame.equals(two.frame)
    assert one.phases.equals(two.phases)
    assert list(one["error"].isna()) == [i != 5 for i in range(12)]
    single = ssdcore.analyze(items[0]).summary()
    assert list(single.dtypes) == list(one.frame.dtypes)
    assert one.frame.iloc[[0]].drop(columns="source").reset_index(drop=True).equals(
        single.drop(columns="source"))


def test_batch_result_keeps_phases_in_their_own_frame_and_summarises():
    t = np.arange(1, 301, dtype=float)
    items = {"small": (t, np.where(t <= 50, 400e6, 60e6)), "none": None,
             "flat": (t, np.full(300, 5e7))}
    r = ssdcore.analyze_many(items, errors="record")
    assert isinstance(r, ssdcore.results.BatchResult) and r.to_frame() is r.frame
    assert len(r) == 3 and r["source"].tolist() == ["small", "none", "flat"] and r.failed == 1
    assert set(r.phases["source"]) == {"small", "flat"} and not r.frame.attrs
    s = r.summary()
    assert list(s["source"]) == ["small", "none", "flat"] and "cache_bytes" in s.columns
    text = repr(r)
    assert text.startswith("<BatchResult 3 inputs, 1 failed,")
    assert "small: cache" in text and "none: error" in text and "flat: no cache found" in text
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    ax = r.plot("post_cache_bps")
    assert len(ax.patches) == 3 and ax.get_ylabel() == "post_cache_bps, MiB/s"
    with pytest.raises(KeyError, match="no column"):
        r.plot("nope")


def _na(v):
    import pandas as pd
    return v is None or v is pd.NA or (isinstance(v, float) and np.isnan(v))


def test_each_row_holds_the_analysis_figures_its_column_names(cli, tmp_path):
    # The rows are built straight from the analysis JSON (no result object
    # per input): every column must still hold the figure of its name, as
    # the AnalysisResult attributes and the JSON give it; a column out of
    # place or read from the wrong key fails here.
    import subprocess
    sim = tmp_path / "sim.csv"  # cache, latency, capacity from the simulator
    subprocess.run([cli, "job", "sim:bx200", "--pattern", "write", "--bs", "1m", "--qd", "32",
                    "--time", "300s", "--interval", "1s", "--log", str(sim), "--no-progress"],
                   check=True, stdout=subprocess.DEVNULL)
    t = np.arange(1, 301, dtype=float)
    ref = (t, np.where(t <= 100, 400e6, 60e6))
    # Every latency column the sampler and older logs write, new spelling
    # (the batch reads only those its row needs; analyze() reads them all).
    lat = tmp_path / "lat.csv"
    b = np.where(t <= 60, 400e6, 60e6)
    lat.write_text("t_s,bytes,lat_mean_us,lat_p50_us,lat_p99_us,lat_p99_9_us,lat_max_us,temp_c\n"
                   + "".join(f"{a:g},{int(c)},{c / 1e6 + 3},{c / 1e6},{c / 1e6 * 3 + a % 7},"
                             f"{c / 1e6 * 5 + a % 11},{c / 1e5},{40 + a / 30:.1f}\n"
                             for a, c in zip(t, b)))
    inputs = {"sim": str(sim), "lat": str(lat),
              "temp": str(DATA / "series" / "series_v1_temp.csv"),
              "cache": str(DATA / "series" / "series_v1_cache.csv"),
              "after_idle": (t, np.where(t <= 40, 400e6, 60e6) * (1 + 0.05 * np.sin(t)))}
    json_paths = {"phase_count": lambda r: len(r["phases"]),
                  "cache_drop_ratio": ("cache", "drop_ratio"),
                  "cache_uncertainty_bytes": ("cache", "uncertainty_bytes"),
                  "recovery_reference_level_bps": ("recovery", "reference_level_bps"),
                  "recovery_note": ("recovery_note",), "input_note": ("input_note",),
                  "mean_bps": ("consistency", "mean_bps"),
                  "p1_over_mean": ("consistency", "p1_over_mean"),
                  "p5_over_mean": ("consistency", "p5_over_mean"),
                  "dips_period_s": ("consistency", "dips", "period_s"),
                  "dips_depth": ("consistency", "dips", "depth"),
                  "dips_duty": ("consistency", "dips", "duty"),
                  "lat_p50_median_us": ("latency", "p50_us"),
                  "lat_p99_median_us": ("latency", "p99_us"),
                  "lat_p99_9_median_us": ("latency", "p99_9_us")}
    checked = set()
    for reference in (None, ref):
        batch = ssdcore.analyze_many(inputs, reference=reference)
        for i, (name, x) in enumerate(inputs.items()):
            r = ssdcore.analyze(x, reference=reference)
            row = batch.frame.iloc[i]
            for col in ANALYSIS_COLUMNS:
                if col in ("source", "error", "error_type"):
                    continue
                if col in json_paths:
                    how = json_paths[col]
                    want = r
                    if callable(how):
                        want = how(r)
                    else:
                        for k in how:
                            want = want.get(k) if isinstance(want, dict) else None
                    want = want or None if isinstance(want, str) else want
                else:
                    want = getattr(r, col)
                if str(batch.frame[col].dtype) == "Int64" and not _na(want):
                    want = round(want)  # byte counts: whole numbers
                got = row[col]
                if _na(want):
                    assert _na(got), (name, col, got)
                else:
                    checked.add(col)
                    assert not _na(got), (name, col)
                    if isinstance(want, (str, bool)):
                        assert got == want, (name, col, got, want)
                    else:
                        assert got == pytest.approx(want, rel=1e-12), (name, col, got, want)
            ph = batch.phases[batch.phases["source"] == name]
            assert [int(v) for v in ph["start_bytes"]] == [round(p["start_bytes"])
                                                           for p in r["phases"]]
            assert list(ph["regime"]) == [p["regime"] for p in r["phases"]]
            assert list(ph["level_bps"]) == [p["level_bps"] for p in r["phases"]]
    # The inputs give most columns a value, so most are checked by value.
    assert {"samples", "cache_bytes", "cache_drop_ratio", "post_cache_bps", "mean_bps",
            "lat_p50_median_us", "lat_p99_median_us", "lat_p99_9_median_us",
            "recovered_bytes", "capacity_bytes"} <= checked


def test_default_chunks_balance_workers_and_stay_bounded():
    # The last chunks decide when a batch ends: guided self-scheduling,
    # large chunks first and ever smaller ones (8 inputs or fewer at the
    # end, one for a small batch), so that the workers finish together;
    # never above 256 inputs, never empty; every input once, in order.
    from ssdcore.batch import _chunks
    for n, workers in ((1000, 2), (7, 2), (100_000, 2), (1, 1), (2000, 3), (2000, 2)):
        items = [(f"s{i}", i) for i in range(n)]
        chunks = _chunks(items, workers, None)
        sizes = [len(c) for c in chunks]
        assert [x for c in chunks for x in c] == items
        assert all(1 <= k <= 256 for k in sizes)
        assert sizes == sorted(sizes, reverse=True), sizes
        assert sizes[-1] <= max(1, min(8, n // (16 * workers))), sizes
        # what remains after each chunk is at least 2 chunks per worker
        # of its size, until the smallest chunks
        assert all(k <= max(8, -(-sum(sizes[j:]) // (2 * workers)))
                   for j, k in enumerate(sizes)), sizes
    assert [len(c) for c in _chunks([("a", 1)] * 10, 2, 3)] == [3, 3, 3, 1]
    assert [len(c) for c in _chunks([("a", 1)] * 7, 2, None)] == [2, 2, 1, 1, 1]


def test_a_series_handle_keeps_its_context_in_a_worker():
    # A Series handle cannot travel to a worker process: it goes as arrays,
    # and its metadata (the run's capacity and what was written before)
    # must go with them, or workers=2 analyses another run than workers=1.
    rng = np.random.default_rng(1)
    t = np.arange(1, 601, dtype=float)
    b = np.where(t <= 200, 400e6, 60e6) * (1 + 0.02 * rng.standard_normal(600))
    s = ssdcore.Series.from_arrays(t, b)
    s.metadata = {"capacity_bytes": 80e9, "written_before_bytes": 0}
    one = ssdcore.analyze_many([s, s]).frame
    two = ssdcore.analyze_many([s, s], workers=2, chunksize=1).frame
    assert list(one["capacity_bytes"]) == [80_000_000_000] * 2
    assert one["gc_start_bytes"].notna().all()  # the drop is the used state, given the capacity
    assert one.equals(two)


def test_row_blocks_make_the_frame_a_list_per_column_makes():
    # A chunk's rows travel as a block of columns (float64 arrays, Int64 and
    # boolean values with a mask, string lists) and the frame joins the
    # blocks: the same frame, dtypes, missing values and all, as pandas
    # builds from the rows one list per column, an empty block included.
    import pandas as pd
    from ssdcore.batch import _ANALYSIS_COLUMNS, _PHASE_COLUMNS, _block, _Columns
    t = np.arange(1, 301, dtype=float)
    items = [(t, np.where(t <= 20 + 10 * i, 400e6, 60e6)) for i in range(5)] + [None]
    r = ssdcore.analyze_many(items, errors="record")
    for spec, df in ((_ANALYSIS_COLUMNS, r.frame), (_PHASE_COLUMNS, r.phases)):
        rows = list(df.astype(object).where(df.notna(), None).itertuples(index=False, name=None))
        # every dtype with a missing value somewhere, and a present one
        rows.append(tuple(None for _ in spec))
        cols = _Columns(spec)
        for part in (rows[:2], [], rows[2:]):
            cols.extend(_block(part, spec))
        got = cols.frame()
        want = pd.DataFrame({name: pd.array([row[i] for row in rows], dtype=dtype)
                             for i, (name, dtype) in enumerate(spec)})
        assert got.equals(want)
        assert list(got.dtypes) == list(want.dtypes)
        assert got.iloc[-1].isna().all() and got.iloc[0].notna().any()
        assert _Columns(spec).frame().dtypes.equals(want.dtypes)  # no rows: same columns


def test_a_dask_task_returns_its_rows_as_one_bytes_object(tmp_path):
    # Dask serialises a bytes result as one frame, where it walks rows or
    # blocks object by object: a task's rows go back pickled in one piece.
    import pickle
    from ssdcore.batch import _analyze_chunk, _analyze_chunk_bytes
    paths = cache_logs(tmp_path, 3)
    chunk = [(str(p), str(p)) for p in paths] + [("gone", str(tmp_path / "gone.csv"))]
    out = _analyze_chunk_bytes(chunk, None, "write", True, 0, {})
    assert isinstance(out, bytes)
    rows, phases = pickle.loads(out)
    want_rows, want_phases = _analyze_chunk(chunk, None, "write", True, 0, {})
    assert rows[0] == want_rows[0] == 4 and phases[0] == want_phases[0] > 0
    assert rows[1][0] == [str(p) for p in paths] + ["gone"]
    assert np.array_equal(rows[1][4], want_rows[1][4], equal_nan=True)


def test_a_dask_task_carries_a_chunk_of_paths_as_one_string():
    # Dask walks a task's arguments object by object on the client, the
    # scheduler and the worker: paths go as one NUL-joined string (sources
    # apart when they differ), and come back as the same (source, path)
    # pairs; what is not a path stays as it is.
    from ssdcore.batch import _pack_chunk, _unpack_chunk
    same = [("/d/a.csv", "/d/a.csv"), ("/d/b c.csv", "/d/b c.csv"), ("", "")]
    apart = [("a.csv", "/d/a.csv"), ("/d/b.csv", "/d/b.csv")]
    arrays = [("item 0", (np.arange(3.0), np.ones(3))), ("x", "/d/x.csv")]
    nul = [("a\0b", "/d/a")]
    jobs = [("run_bw.*.log", ["/d/run_bw.1.log", "/d/run_bw.2.log"])]
    assert isinstance(_pack_chunk(same), str)
    assert isinstance(_pack_chunk(apart), tuple) and len(_pack_chunk(apart)) == 2
    for chunk in (same, apart, nul, jobs, [("one", "/d/one.csv")]):
        assert _unpack_chunk(_pack_chunk(chunk)) == chunk
    assert _pack_chunk(arrays) is arrays and _pack_chunk(nul) is nul and _pack_chunk([]) == []


class _FakeFuture:
    def __init__(self, value, status="finished"):
        self.value, self.status, self.results = value, status, 0

    def result(self):
        self.results += 1
        if self.status == "error":
            raise self.value
        return self.value


class _FakeClient:
    """What _on_dask asks of a Dask client, the tasks run at once."""

    def __init__(self, statuses):
        self.statuses, self.gathers, self.futures = statuses, [], []

    def map(self, fn, chunks, pure, **kwargs):
        for c, st in zip(chunks, self.statuses):
            value = (FileNotFoundError(f"chunk {len(self.futures)}") if st == "error"
                     else fn(c, **kwargs))
            self.futures.append(_FakeFuture(value, st))
        return self.futures

    def gather(self, futures):
        self.gathers.append(len(futures))
        return [f.value for f in futures]


def test_dask_chunks_already_finished_come_back_in_one_gather(tmp_path):
    # The client knows which tasks have finished without asking: those it
    # reaches already finished cost one round trip together, the others one
    # result() each, and a failed chunk is raised by its own result(), so
    # the first failure in input order is the one raised.
    from ssdcore.batch import _analyze_chunk, _chunks, _on_dask
    paths = [str(p) for p in cache_logs(tmp_path, 6)]
    chunks = _chunks([(p, p) for p in paths], 1, 1)
    kw = dict(reference=None, ddir="write", record=True, per_io_interval_s=0, options={})
    got = []
    client = _FakeClient(["finished"] * 6)
    _on_dask(client, chunks, kw, got.append)
    assert client.gathers == [6] and not any(f.results for f in client.futures)
    assert [g[0][1][0] for g in got] == [[p] for p in paths]
    want = _analyze_chunk([(p, p) for p in paths[:1]], None, "write", True, 0, {})
    assert np.array_equal(got[0][0][1][4], want[0][1][4], equal_nan=True)
    # pending, finished, finished, failed, finished, failed
    client = _FakeClient(["pending", "finished", "finished", "error", "finished", "error"])
    got.clear()
    with pytest.raises(FileNotFoundError, match="chunk 3"):
        _on_dask(client, chunks, kw, got.append)
    assert client.gathers == [2] and [f.results for f in client.futures] == [1, 0, 0, 1, 0, 0]
    assert len(got) == 3
