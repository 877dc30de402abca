"""Series in Parquet (pyarrow): a CSV converted with Series.to_parquet keeps
its columns and its metadata (the analysis context), and read_series,
analyze and analyze_many give from it what they give from the CSV; a
batch's frame is written as Parquet and read back equal."""
import builtins
import json
import os
import shutil

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import ssdcore

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "series")
CACHE = os.path.join(DATA, "series_v1_cache.csv")


def _no_source(r):
    d = dict(r)
    d.pop("source", None)
    return d


def test_csv_to_parquet_keeps_columns_metadata_and_verdict(tmp_path):
    csv = ssdcore.Series.open(CACHE)
    out = tmp_path / "run.dat"  # detected from content, not from the name
    csv.to_parquet(out)
    back = ssdcore.Series.open(str(out))
    assert back.metadata == csv.metadata and back.metadata["capacity_bytes"] == 240057409536
    assert np.array_equal(back.t_s, csv.t_s) and np.array_equal(back.bytes, csv.bytes)
    assert back.columns.keys() == csv.columns.keys()
    for k, v in csv.columns.items():
        assert np.array_equal(back.columns[k], v, equal_nan=True)
    t, b = ssdcore.read_series(str(out))
    assert np.array_equal(t, csv.t_s) and np.array_equal(b, csv.bytes)
    assert _no_source(ssdcore.analyze(str(out))) == _no_source(ssdcore.analyze(CACHE))


def test_analysis_context_comes_from_parquet_key_value_metadata(tmp_path):
    # A fleet's own file: plain columns, the context as key-value metadata
    # (a bare word for precondition), other columns ignored.
    t = np.arange(1, 401, dtype=float)
    b = np.where(t <= 100, 500e6, 80e6)
    table = pa.table({"t_s": t, "bytes": b.astype(np.int64), "host": ["a"] * len(t)})
    plain = tmp_path / "plain.parquet"
    pq.write_table(table, plain)
    ctx = tmp_path / "ctx.parquet"
    pq.write_table(table.replace_schema_metadata(
        {"capacity_bytes": "60000000000", "written_before_bytes": "0",
         "precondition": "seq_fill", "pattern": '"write"'}), ctx)
    s = ssdcore.Series.open(str(ctx))
    assert s.metadata == {"capacity_bytes": 60000000000, "written_before_bytes": 0,
                          "precondition": "seq_fill", "pattern": "write"}
    with_ctx = ssdcore.analyze(str(ctx))
    assert with_ctx["capacity_bytes"] == 60e9
    assert ssdcore.analyze(str(plain))["capacity_bytes"] is None
    # The same context given by hand gives the same verdict.
    by_hand = ssdcore.analyze((t, b), capacity_bytes=60e9, written_before_bytes=0,
                              precondition="seq_fill")
    assert with_ctx["workload"]["pattern"] == "write"
    del with_ctx["workload"], by_hand["workload"]
    assert _no_source(with_ctx) == _no_source(by_hand)


def test_analyze_many_reads_parquet_and_writes_its_frame_as_parquet(tmp_path):
    csvs = [CACHE, os.path.join(DATA, "series_v1_minimal.csv"),
            os.path.join(DATA, "bytes_sampled.csv")]
    pqs = []
    for i, c in enumerate(csvs):
        p = tmp_path / f"s{i}.parquet"
        ssdcore.Series.open(c).to_parquet(p)
        pqs.append(str(p))
    a = ssdcore.analyze_many(csvs).frame
    out = tmp_path / "results.parquet"
    rb = ssdcore.analyze_many(pqs + [str(tmp_path / "none.parquet")], errors="record",
                              write_parquet=out)
    b = rb.frame
    assert b.drop(columns="source").iloc[:3].equals(a.drop(columns="source"))
    assert b["error"].iloc[3].startswith(str(tmp_path / "none.parquet"))
    back = ssdcore.read_results_parquet(out)
    assert isinstance(back, ssdcore.results.BatchResult)
    assert back.frame.equals(b) and list(back.frame.dtypes) == list(b.dtypes)
    assert len(rb.phases) > 0 and back.phases.equals(rb.phases)
    assert os.path.exists(tmp_path / "results.phases.parquet")


def test_bad_parquet_says_what_and_where(tmp_path):
    p = tmp_path / "x.parquet"
    pq.write_table(pa.table({"time": [1.0, 2.0], "bytes": [1.0, 2.0]}), p)
    with pytest.raises(ssdcore.FormatError, match=r"x\.parquet: a series needs columns t_s "
                                                  r"and bytes; this Parquet file has time, bytes"):
        ssdcore.analyze(str(p))
    pq.write_table(pa.table({"t_s": [1.0, None], "bytes": [1.0, 2.0]}), p)
    with pytest.raises(ssdcore.FormatError, match=r"x\.parquet: column t_s has 1 null"):
        ssdcore.read_series(str(p))
    pq.write_table(pa.table({"t_s": [2.0, 1.0], "bytes": [1.0, 2.0]}), p)
    with pytest.raises(ssdcore.Error, match=r"x\.parquet"):
        ssdcore.read_series(str(p))
    shutil.copyfile(CACHE, p)  # a CSV named .parquet is a CSV
    assert len(ssdcore.read_series(str(p))[0]) == 300
    with open(p, "wb") as f:
        f.write(b"PAR1 not really")
    with pytest.raises(ssdcore.FormatError, match=r"x\.parquet: not a readable Parquet file"):
        ssdcore.read_series(str(p))


def test_without_pyarrow_the_error_names_the_package(tmp_path, monkeypatch):
    p = tmp_path / "x.parquet"
    ssdcore.Series.open(CACHE).to_parquet(p)
    real = builtins.__import__

    def no_pyarrow(name, *a, **k):
        if name.startswith("pyarrow"):
            raise ImportError(f"No module named {name!r}")
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    for call in (lambda: ssdcore.read_series(str(p)),
                 lambda: ssdcore.Series.open(CACHE).to_parquet(tmp_path / "y.parquet"),
                 lambda: ssdcore.analyze_many([CACHE], write_parquet=tmp_path / "r.parquet")):
        with pytest.raises(ImportError, match=r"pip install pyarrow"):
            call()
    assert not os.path.exists(tmp_path / "r.parquet")
    json.dumps(ssdcore.analyze(CACHE))  # CSV needs no pyarrow


def test_urls_are_read_through_fsspec_csv_and_parquet(tmp_path):
    p = tmp_path / "run.parquet"
    ssdcore.Series.open(CACHE).to_parquet(p)
    want = _no_source(ssdcore.analyze(CACHE))
    for url in ("file://" + os.path.abspath(CACHE), "file://" + str(p)):
        assert ssdcore.Series.open(url).metadata["capacity_bytes"] == 240057409536
        assert _no_source(ssdcore.analyze(url)) == want
    with pytest.raises(ssdcore.NotFound, match=r"file://.*/none\.csv: no such object"):
        ssdcore.read_series("file://" + str(tmp_path / "none.csv"))


def test_the_c_reader_names_a_parquet_file_and_where_to_read_it(tmp_path):
    import subprocess
    p = tmp_path / "run.parquet"
    ssdcore.Series.open(CACHE).to_parquet(p)
    cli = shutil.which("ssdcore") or os.path.join(os.environ.get("SSD_BUILD_DIR", "build"),
                                                  "ssdcore")
    r = subprocess.run([cli, "analyze", str(p)], capture_output=True, text=True, timeout=30)
    assert r.returncode == 1
    assert f"{p}: a Parquet file: the C reader takes series CSV and fio logs" in r.stderr
    assert "ssdcore.read_series, pyarrow" in r.stderr
