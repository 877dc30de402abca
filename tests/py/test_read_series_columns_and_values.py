"""The fast reader: read_series gives the values Python's float() gives (to
the bit: both round correctly), parses only the columns asked for, and
analyze still sees the latency columns."""
import json
import pathlib

import numpy as np
import pytest

import ssdcore

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "series"


def _write(path, rows, rng):
    with open(path, "w") as f:
        f.write("# ssdcore-series 1\n# {}\n"
                "t_s,bytes,ops,lat_mean_us,lat_p99_us,lat_max_us,read_bytes,write_bytes\n")
        t = 0.0
        for _ in range(rows):
            t += float(rng.uniform(0.5, 2))
            w = int(rng.integers(0, 2**36))
            lat = rng.uniform(0, 1e6, 3)
            f.write(f"{t:.6f},{w},{int(rng.integers(0, 9999))},{lat[0]:.3f},{float(lat[1])!r},"
                    f"{lat[2]:.9e},0,{w}\n")


def test_values_match_python_float_to_the_bit(tmp_path):
    p = tmp_path / "s.csv"
    _write(p, 5000, np.random.default_rng(7))
    lines = p.read_text().splitlines()
    header = lines[2].split(",")
    ref = {h: np.array([float(r.split(",")[i]) for r in lines[3:]])
           for i, h in enumerate(header)}
    t, b = ssdcore.read_series(p)
    assert np.array_equal(t, ref["t_s"])
    assert np.array_equal(b, ref["write_bytes"])
    cols = ssdcore.Series.open(p).columns
    for c in ("ops", "lat_mean_us", "lat_p99_us", "lat_max_us"):
        assert np.array_equal(cols[c], ref[c]), c


def test_only_the_columns_asked_for_are_kept(tmp_path):
    p = tmp_path / "s.csv"
    _write(p, 50, np.random.default_rng(1))
    assert set(ssdcore.Series.open(p).columns) == {"ops", "lat_mean_us", "lat_p99_us",
                                                   "lat_max_us"}
    assert ssdcore.Series.open(p, columns=[]).columns == {}
    assert set(ssdcore.Series.open(p, columns=["lat_*"]).columns) == {
        "lat_mean_us", "lat_p99_us", "lat_max_us"}
    assert set(ssdcore.Series.open(p, columns=["ops", "nope"]).columns) == {"ops"}
    with pytest.raises(TypeError):
        ssdcore.Series.open(p, columns="lat_*")
    with pytest.raises(TypeError):
        ssdcore.Series.open(p, columns=["a,b"])
    df = ssdcore.read_series(p, as_frame=True)
    assert {"ops", "lat_p99_us"} <= set(df.columns)


def test_analyze_of_a_path_keeps_its_latency():
    r = ssdcore.analyze(DATA / "series_v1_cache.csv")
    assert "lat_p99_us" in r.latency_columns
    assert r["latency"]["p99_us"] > 0


def test_read_series_arrays_outlive_the_reader_and_are_writable(tmp_path):
    # read_series lends the C arrays to numpy instead of copying them: the
    # arrays must keep them alive and be the caller's to change.
    import gc
    p = tmp_path / "s.csv"
    _write(p, 2000, np.random.default_rng(3))
    ref = ssdcore.Series.open(p)
    t, b = ssdcore.read_series(p)
    gc.collect()
    junk = [ssdcore.read_series(p) for _ in range(5)]  # reuse freed memory, if any was
    del junk
    gc.collect()
    assert np.array_equal(t, ref.t_s) and np.array_equal(b, ref.bytes)
    assert t.dtype == np.float64 and t.flags.writeable and t.flags.c_contiguous
    t[0] = -1.0
    b *= 2
    assert t[0] == -1.0 and np.array_equal(b, ref.bytes * 2)
    assert ref.t_s[0] > 0  # another read is untouched


def test_series_to_json_is_the_libraries_document():
    s = ssdcore.Series.from_arrays([1.0, 2.0], [5.0, 6.0])
    s.set_column("lat_p99_us", [90.0, float("nan")])
    d = json.loads(s.to_json())
    assert d["t_s"] == [1, 2] and d["bytes"] == [5, 6] and d["format"] == "arrays"
    assert d["columns"] == {"lat_p99_us": [90, None]} and d["metadata"] == {}
    pretty = s.to_json(pretty=True)
    assert "\n" not in s.to_json() and pretty.startswith('{\n  "source"')
    assert json.loads(pretty) == d
