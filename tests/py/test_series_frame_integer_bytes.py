"""Series.to_frame()'s bytes are integers where they are whole (issue #22
item 8, "integers for byte counts"): ssdcore CSVs and per-I/O fio logs hold
whole bytes per interval, but the column came back float64 because the C
reader keeps doubles for the analysis. Only a source that truly gives
fractions (a fio log averaged over log_avg_msec: rate x interval) keeps
float64."""
import pathlib

import numpy as np
import pytest

import ssdcore

DATA = pathlib.Path(__file__).resolve().parent.parent / "data" / "series"


@pytest.mark.parametrize("name", ["series_v1_cache.csv", "fio_per_io_bw.1.log",
                                  "fio_5col_bw.1.log", "bytes_sampled.csv"])
def test_whole_bytes_are_an_int64_column(name):
    pytest.importorskip("pandas")
    s = ssdcore.Series.open(DATA / name)
    df = s.to_frame()
    assert df["bytes"].dtype == np.int64
    assert (df["bytes"].to_numpy() == s.bytes).all()
    assert df["bytes"].notna().all() and df["rate_bps"].dtype == np.float64
    assert ssdcore.read_series(DATA / name, as_frame=True)["bytes"].dtype == np.int64


def test_an_averaged_log_at_100_ms_keeps_its_fractions(tmp_path):
    pytest.importorskip("pandas")
    p = tmp_path / "avg_bw.1.log"  # 1 KiB/s averaged over 100 ms: 102.4 bytes
    p.write_text("".join(f"{100 * (i + 1)}, {1 + i}, 1, 0, 0\n" for i in range(20)))
    df = ssdcore.Series.open(p).to_frame()
    assert df["bytes"].dtype == np.float64
    assert df["bytes"].iloc[0] == pytest.approx(102.4)


def test_arrays_given_whole_or_not():
    pytest.importorskip("pandas")
    whole = ssdcore.Series.from_arrays([1.0, 2.0], [4096.0, 8192.0]).to_frame()
    assert whole["bytes"].dtype == np.int64 and whole["bytes"].tolist() == [4096, 8192]
    half = ssdcore.Series.from_arrays([1.0, 2.0], [4096.5, 8192.0]).to_frame()
    assert half["bytes"].dtype == np.float64
