"""Hostile inputs to the readers, report and Python results (issue 14 item
13, core part): implausible values are refused with file:line, fio-result
never prints "nan" or "-0.0", report.html stays well-formed for a path that
is not UTF-8, a FIFO without a writer does not hang `analyze`, and a job's
samples are kept compactly in Python."""
import json
import os
import pathlib
import subprocess
import tracemalloc

import numpy as np
import pytest

import ssdcore
from suite_helpers import svg_count


def run(cli, *args, timeout=60):
    return subprocess.run([cli, *map(os.fsdecode, args)], capture_output=True, text=True,
                          errors="replace", timeout=timeout)


@pytest.mark.parametrize("name,text,where", [
    ("huge.csv", "t_s,bytes\n1,1000\n2,1e30\n3,1000\n",
     "huge.csv:3: bytes: 1e+30 bytes in 1 s is 1e+30 bytes/s, more than any drive"),
    ("late.csv", "t_s,bytes\n1,1000\n1e300,1000\n", "late.csv:3: t_s: 1e+300 s is more than a century"),
    ("late.log", "1000, 100, 1, 4096\n1e300, 100, 1, 4096\n", "late.log:2: time:"),
    ("fast.log", "1000, 100000000000000000000, 1, 4096\n2000, 100, 1, 4096\n",
     "fast.log:1: value:"),
])
def test_implausible_values_are_refused_with_file_and_line(cli, tmp_path, name, text, where):
    f = tmp_path / name
    f.write_text(text)
    r = run(cli, "analyze", f)
    assert r.returncode == 1 and r.stdout == ""
    assert where in r.stderr, r.stderr
    with pytest.raises(ssdcore.Error, match="more than"):
        ssdcore.analyze(str(f))


def test_a_fio_log_spanning_years_in_a_few_rows_is_refused(cli, tmp_path):
    # Found by bench/fuzz_readers.sh: 7 rows, the last at 68,800,294,000 ms,
    # made 68.8 million intervals (1.4 GB, 6 s) out of 149 bytes.
    f = tmp_path / "gap.log"
    f.write_text("0, 51605, 1, 4096\n28000, 56966, 1, 4096\n29000, 58379, 1, 4096\n"
                 "32000, 57140, 1, 4096\n33000, 55728, 1, 4096\n68800294000, 61264, 1, 4096\n")
    r = run(cli, "analyze", f, timeout=20)
    assert r.returncode == 1 and r.stdout == ""
    assert "more than 1000 per row" in r.stderr, r.stderr


def fio_json(write):
    return json.dumps({"fio version": "fio-3.36", "jobs": [
        {"jobname": "w", "error": 0, "write": write}]})


def test_fio_result_says_n_a_for_a_missing_figure(cli, tmp_path):
    f = tmp_path / "f.json"
    f.write_text(fio_json({"io_bytes": 4096, "total_ios": 1, "bw_bytes": 4096, "runtime": 1000,
                           "lat_ns": {"mean": 100.0, "percentile": {"99.000000": -0.0}}}))
    r = run(cli, "fio-result", f)
    assert r.returncode == 0, r.stderr
    assert "nan" not in r.stdout and "-0.0" not in r.stdout, r.stdout
    assert "n/a IOPS" in r.stdout and "p99 0.0" in r.stdout, r.stdout
    j = json.loads(run(cli, "fio-result", f, "--json").stdout)
    assert j["jobs"][0]["iops"] is None


def test_fio_result_refuses_a_negative_latency(cli, tmp_path):
    f = tmp_path / "f.json"
    f.write_text(fio_json({"io_bytes": 4096, "total_ios": 1, "bw_bytes": 4096, "iops": 1,
                           "runtime": 1000,
                           "lat_ns": {"mean": 100.0, "percentile": {"99.000000": -1000}}}))
    r = run(cli, "fio-result", f)
    assert r.returncode == 1 and r.stdout == ""
    assert "f.json: job 'w' write: percentile 99 is -1: negative" in r.stderr, r.stderr


def test_report_html_is_well_formed_for_a_path_that_is_not_utf8(cli, tmp_path):
    target = os.fsencode(tmp_path) + b"/bad\xffname.bin"
    suite = tmp_path / "s.suite"
    suite.write_text("job name=w pattern=randwrite bs=64k time=0.2s interval=20ms log=w\n"
                     "analyze w\n")
    out = tmp_path / "out"
    r = run(cli, "suite", target, "--size-file", "8m", "--suite-file", suite, "--out", out)
    assert r.returncode == 0, r.stderr
    html = (out / "report.html").read_bytes()
    html.decode("utf-8")  # strict: raises on any invalid byte
    assert "bad\ufffdname.bin" in html.decode()
    svg_count(out / "report.html")  # parses as XML
    json.loads((out / "results.json").read_bytes().decode("utf-8"))


def test_analyze_a_fifo_without_a_writer_does_not_hang(cli, tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    r = run(cli, "analyze", fifo, timeout=20)
    assert r.returncode == 1
    assert "a FIFO with no writer" in r.stderr, r.stderr
    # A pipe with a writer still works (process substitution, stdin).
    p = subprocess.run([cli, "analyze", "/dev/stdin", "--json"], input="t_s,bytes\n1,10\n2,10\n3,10\n",
                       capture_output=True, text=True, timeout=20)
    assert p.returncode == 0 and json.loads(p.stdout)["samples"] == 3


def test_python_job_keeps_samples_compact():
    tracemalloc.start()
    try:
        r = ssdcore.job("sim:bx200", pattern="randread", time=50000, interval=1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    s = r["series"]
    assert len(s) == 50000
    # 112 bytes a sample as documented; a list of dicts took ~1.7 KB each.
    assert peak < 50000 * 112 * 2, peak
    assert s["t_s"][-1] == 50000.0 and s["read_bytes"].sum() == r["read"]["bytes"]
    row = s[-1]
    assert row["t_s"] == 50000.0 and row["write_ops"] == 0
    assert sum(x["ops"] for x in s[:10]) == int(s["ops"][:10].sum())
    assert isinstance(row["bytes"], int) and isinstance(row["lat_mean_us"], float)
    json.dumps(s.to_list()[:2])


def test_iterating_a_series_finds_its_columns_once(monkeypatch):
    # Each row used to scan the whole optional columns again to find the
    # columns: iterating n samples took n^2 time (a minute for 72,000).
    s = ssdcore.job("sim:bx200", pattern="randread", time=2000, interval=1)["series"]
    scans = []
    real = np.isfinite
    monkeypatch.setattr(np, "isfinite", lambda a: scans.append(len(a)) or real(a))
    rows = s.to_list()
    assert len(rows) == 2000 and rows[-1]["t_s"] == 2000.0
    assert [x["t_s"] for x in s][:3] == [1.0, 2.0, 3.0] and s[5]["t_s"] == 6.0
    assert len(scans) <= 1, f"the columns were found {len(scans)} times"


def test_a_fio_json_given_as_a_series_names_real_readers(cli, datasets_dir):
    """The message once sent users to ssd_fio_json_open and `ssdcore
    fio-summary`, neither of which exists: each reader it names is real."""
    path = datasets_dir / "fioplot" / "IBM_M1015" / "SAMSUNG_PM883" / "randwrite-32-1.json"
    r = subprocess.run([cli, "analyze", str(path)], capture_output=True, text=True)
    assert r.returncode != 0 and "fio-result" in r.stderr, r.stderr
    assert "ssd_fio_result_open" in r.stderr and "read_fio_json" in r.stderr, r.stderr
    assert subprocess.run([cli, "help", "fio-result"], capture_output=True).returncode == 0
    assert callable(ssdcore.read_fio_json)
    header = pathlib.Path(__file__).parents[2] / "libssdcore/include/ssdcore/fio_result.h"
    assert "int ssd_fio_result_open(" in header.read_text()


@pytest.mark.parametrize("line", ['{"target": "x", bad json', '{"capacity_bytes": 1} tail', "{}}"])
def test_a_series_whose_metadata_does_not_parse_is_refused_by_name(cli, tmp_path, line):
    """The metadata carries the analysis context: the CLI once analysed such
    a file as if nothing were known (exit 0, no word), and Python raised a
    bare JSONDecodeError naming no file."""
    path = tmp_path / "bad.csv"
    path.write_text(f"# ssdcore-series 1\n# {line}\nt_s,bytes\n1,100\n2,200\n")
    r = subprocess.run([cli, "analyze", str(path)], capture_output=True, text=True)
    assert r.returncode == 1 and f"{path}:2: metadata: " in r.stderr, r.stderr
    with pytest.raises(ssdcore.FormatError, match=f"{path}:2: metadata: "):
        ssdcore.Series.open(path)
