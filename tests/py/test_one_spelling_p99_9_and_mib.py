"""One spelling for every figure across the C JSON, the CLI, Python and the
CSV: p99.9 is p99_9 (it was p99_9, p99_9_us and p999_us in three places),
a rate is bw_bps, bytes/s (filebench's mb_per_s, then mib_per_s, was
MiB/s). No release was made, so no producer writes an old name."""
import json

import pytest
import subprocess

import numpy as np

import ssdcore


def _series_with_latency(path, column):
    t = np.arange(1, 301, dtype=float)
    b = np.where(t <= 50, 400e6, 60e6)
    lat = np.where(t <= 50, 900.0, 5000.0)
    path.write_text(f"t_s,bytes,lat_p50_us,{column}\n" +
                    "".join(f"{a:g},{int(c)},100,{x:g}\n" for a, c, x in zip(t, b, lat)))


def test_analysis_json_says_p99_9(tmp_path, cli):
    for column in ("lat_p99_9_us",):
        f = tmp_path / f"{column}.csv"
        _series_with_latency(f, column)
        d = json.loads(subprocess.run([cli, "analyze", "--json", str(f)], check=True,
                                      capture_output=True, text=True).stdout)
        lat = d["latency"]
        assert lat["p99_9_us"] == 5000 and lat["p99_9_over_p50"] == 50
        assert "p999_us" not in lat and "p999_over_p50" not in lat
        a = ssdcore.analyze(f)
        assert a["latency"]["p99_9_us"] == 5000 and a.summary()["lat_p99_9_median_us"][0] == 5000
    # arrays: the column under its one name reaches the C analysis as it is
    t = np.arange(1, 301, dtype=float)
    a = ssdcore.analyze({"t_s": t, "bytes": np.where(t <= 50, 400e6, 60e6),
                         "lat_p50_us": np.full(300, 100.0),
                         "lat_p99_9_us": np.where(t <= 50, 900.0, 5000.0)})
    assert a["latency"]["p99_9_us"] == 5000 and "lat_p99_9_us" in a.latency_columns


def test_fio_result_json_says_p99_9(datasets_dir):
    f = (datasets_dir / "nvmebenchmarks" / "custom" / "zns-a" / "long3" /
         "nvme_8_250.json")
    rows = ssdcore.read_fio_json(f).jobs
    assert rows and all(r["lat_p99_9_us"] > 0 for r in rows)
    assert not any("p999" in k for r in rows for k in r)


def test_filebench_json_names_its_rate_bw_bps(tmp_path, cli):
    d = json.loads(subprocess.run([cli, "filebench", str(tmp_path), "--set", "program",
                                   "--size", "2m", "--json"], check=True, capture_output=True,
                                  text=True).stdout)
    for s in d["steps"]:
        assert not {"mb_per_s", "mib_per_s"} & set(s)
        # seconds is written to the microsecond: compare relatively
        assert s["bw_bps"] == pytest.approx(s["bytes"] / s["runtime_s"], rel=1e-3)
    assert "units" not in d


def test_analysis_frame_names_its_latency_medians_apart_from_a_whole_runs_p99():
    """lat_p99_us is a whole run's p99 in SuiteResult.to_frame and fio
    results; the analysis gives the median of the per-interval p99s, so its
    columns are lat_*_median_us (one meaning per column name)."""
    t = np.arange(1, 6, dtype=float)
    cols = {"lat_p50_us": np.array([5.0, 5, 5, 5, 5]),
            "lat_p99_us": np.array([10.0, 20, 30, 40, 5000])}
    a = ssdcore.analyze({"t_s": t, "bytes": np.full(5, 1e8), **cols})
    row = a.summary()
    assert row["lat_p99_median_us"][0] == 30  # the median, not the worst interval's 5000
    assert "lat_p99_us" not in row.columns and "lat_p50_us" not in row.columns
    frame = ssdcore.analyze_many([{"t_s": t, "bytes": np.full(5, 1e8), **cols}]).frame
    assert list(frame.columns) == list(row.columns)
