"""The Pythonic layer: read_series, analyze on paths and arrays, batches as
DataFrames, errors as Error with the file and line."""
import math
import pathlib

import numpy as np
import pytest

import ssdcore

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "series"


def test_read_series_arrays_and_frame():
    t, b = ssdcore.read_series(DATA / "series_v1_cache.csv")
    assert len(t) == len(b) == 300 and t[0] == 1.0
    df = ssdcore.read_series(DATA / "series_v1_cache.csv", as_frame=True)
    assert {"t_s", "bytes", "rate_bps", "lat_p99_us"} <= set(df.columns)
    s = ssdcore.Series.open(DATA / "series_v1_cache.csv")
    assert s.metadata["target"] == "sim:bx200" and s.format == "ssdcore-series-1"


def test_analyze_paths_arrays_and_mappings_agree():
    t, b = ssdcore.read_series(DATA / "series_v1_cache.csv")
    a = ssdcore.analyze(DATA / "series_v1_cache.csv")
    c = ssdcore.analyze((t, b))
    d = ssdcore.analyze({"t_s": t, "bytes": b})
    assert a["cache"]["bytes"] == c["cache"]["bytes"] == d["cache"]["bytes"]
    assert a["source"].endswith("series_v1_cache.csv")


def test_series_from_two_arrays_takes_floats_and_refuses_a_mismatch():
    s = ssdcore.Series.from_arrays([1, 2, 3], np.array([10, 20, 30], dtype=np.int32))
    assert len(s) == 3
    c = ssdcore.Series.from_chunks([1 << 20] * 4, [1e8] * 4)
    assert len(c) == 4
    with pytest.raises(ValueError, match="t_s and bytes must be 1-D arrays of the same length"):
        ssdcore.Series.from_arrays([1, 2, 3], [10, 20])
    with pytest.raises(ValueError, match="chunk_bytes and rate_bps must be 1-D"):
        ssdcore.Series.from_chunks([[1, 2]], [[3, 4]])


def test_analyze_many_returns_one_row_per_file():
    files = [DATA / "series_v1_cache.csv", DATA / "fio_4col_bw.1.log", DATA / "bytes_sampled.csv"]
    df = ssdcore.analyze_many(files).frame
    assert len(df) == 3
    # One spelling with the result objects: cache_bytes, cv, cache_found
    # (the dotted names of the first release are gone with the flattening).
    assert {"source", "cache_bytes", "post_cache_bps", "cv", "cache_found"} <= set(df.columns)
    assert (abs(df["cache_bytes"] / 2 ** 30 - 3) < 0.05).all()


def test_analyze_many_can_record_errors(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("t_s,bytes\n1,1\n0,1\n")
    df = ssdcore.analyze_many([DATA / "series_v1_cache.csv", bad], errors="record").frame
    assert len(df) == 2 and "bad.csv" in df["error"].iloc[1]
    with pytest.raises(ssdcore.Error):
        ssdcore.analyze_many([bad])


def test_errors_carry_file_line_and_code(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("# ssdcore-series 1\nt_s,bytes\n1,1\n2,nan\n")
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.analyze(bad)
    assert e.value.name == "SSD_EFORMAT" and "bad.csv:4" in str(e.value)
    with pytest.raises(ssdcore.Error):
        ssdcore.analyze((np.array([1.0, 2.0, 3.0]), np.array([1.0, -1.0, 1.0])))
    with pytest.raises(ssdcore.Error):
        ssdcore.analyze((np.arange(1, 10.0), np.ones(9)), penalty=-3)


def test_segment_l2_is_exact_on_a_clean_step():
    y = np.r_[np.zeros(50), np.ones(50) * 3]
    assert ssdcore.segment_l2(y, penalty=1.0) == [50, 100]


def test_read_fio_json_rejects_broken_clat(datasets_dir):
    rows = ssdcore.read_fio_json(DATA.parent / "fio" / "fio3_clat_broken.json").jobs
    assert [r["ddir"] for r in rows] == ["write", "read"]
    assert rows[0]["clat_inconsistent"] and rows[0]["lat_p99_us"] is None
    assert rows[1]["p99_over_p50"] == pytest.approx(257024 / 107520)
    df = ssdcore.read_fio_json(DATA.parent / "fio" / "fio3_clat_broken.json").to_frame()
    assert len(df) == 2


def test_fio_json_total_matches_the_summed_job_logs(datasets_dir):
    d = datasets_dir / "nvmebenchmarks" / "custom" / "zns-a" / "long3"
    rows = ssdcore.read_fio_json(d / "nvme_32_1115.json").jobs
    w = [r for r in rows if r["ddir"] == "write"][0]
    t, b = ssdcore.read_series(str(d / "log_32_1115_bw.*.log"))
    # The bw logs and fio's own total describe the same 20 minutes.
    assert b.sum() == pytest.approx(w["io_bytes"], rel=0.01)


@pytest.mark.parametrize("key,value", [("min_phase_samples", 1.5), ("exact_limit", 100.5),
                                       ("penalty", float("inf")), ("min_drop", float("nan"))])
def test_fractional_counts_and_non_finite_options_are_refused(key, value):
    # min_phase_samples=1.5 was taken (and truncated) for a count of samples.
    # A fraction for a count is not a count (EINVAL); inf and NaN are out of
    # every option's range (ERANGE, as the suite and job options say).
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.analyze(DATA / "series_v1_cache.csv", **{key: value})
    want = "SSD_EINVAL" if math.isfinite(value) else "SSD_ERANGE"
    assert e.value.name == want and key in str(e.value)


def test_reference_without_cache_gives_none_recovery():
    # Recovery is undefined against a one-level reference (it used to be the
    # whole run, censored right); analyze and analyze_many report None.
    t = np.arange(1, 601, dtype=float)
    fresh_flat = (t, np.full_like(t, 80e6))
    idle = (t, np.where(t <= 50, 400e6, 60e6))
    assert ssdcore.analyze(fresh_flat)["cache"] is None
    r = ssdcore.analyze(idle, reference=fresh_flat)
    assert r["recovery"] is None and "no cache" in r["recovery_note"]
    assert r["cache"] == ssdcore.analyze(idle)["cache"]
    df = ssdcore.analyze_many([idle, idle], reference=fresh_flat).frame
    assert df["recovered_bytes"].isna().all()
    assert df["recovery_note"].str.contains("no cache").all()
    # With a cache in the reference the figure is there as before.
    fresh = (t, np.where(t <= 100, 400e6, 60e6))
    rec = ssdcore.analyze(idle, reference=fresh)["recovery"]
    assert rec is not None and rec["recovered_bytes"] == pytest.approx(50 * 400e6, rel=0.1)


def test_byte_sampled_series_with_a_slow_first_chunk_starts_at_zero():
    # A byte-sampled clock is built from 0, chunk by chunk: a slow first
    # chunk is a long first interval, not a series that starts late.
    chunk = np.full(40, 1 << 30, dtype=float)
    rate = np.where(np.arange(40) < 8, 100e6, 400e6)
    r = ssdcore.analyze(ssdcore.Series.from_chunks(chunk, rate))
    assert r["duration_s"] == pytest.approx(float(np.sum(chunk / rate)), rel=1e-9)
    assert r["phases"][0]["start_s"] == 0
    assert r["phases"][0]["level_bps"] == pytest.approx(100e6, rel=1e-6)
    assert r["total_bytes"] == float(chunk.sum())


@pytest.mark.parametrize("value", ["0x10", "inf", "", " 3 ", True, None])
def test_option_values_that_are_not_numbers_name_the_option(value):
    # float() took " 3 " and "inf", and a bad string failed without saying
    # which option it was for.
    with pytest.raises(TypeError) as e:
        ssdcore.analyze(DATA / "series_v1_cache.csv", penalty=value)
    assert "penalty" in str(e.value)
    assert ssdcore.analyze(DATA / "series_v1_cache.csv", penalty=np.float64(3.5),
                           min_phase_samples=np.int64(6))["cache"] is not None
