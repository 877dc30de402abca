"""A report's cost follows what is drawn, not how often a results.json
repeats it (issue 26): a crafted 1.6 MB results.json whose 300 analyze
steps name one CSV made `report` use 533 MB and write a 112 MB page. Each
analysis is loaded once and shared, every JSON string holds only its own
bytes, and a chart draws at most 4000 samples."""
import json
import os
import re
import shutil
import subprocess

import pytest

SUITE = ("job name=w pattern=write bs=1m time=300s interval=20ms log=degradation\n"
         "analyze degradation\n")


@pytest.fixture(scope="module")
def long_run(cli, tmp_path_factory):
    base = tmp_path_factory.mktemp("run")
    (base / "s.suite").write_text(SUITE)
    subprocess.run([cli, "suite", "sim:bx200", "--suite-file", str(base / "s.suite"), "--out",
                    str(base / "run")], check=True, capture_output=True, timeout=120)
    return base / "run"


def report_cost(cli, d, out):
    """(peak RSS in MiB, page bytes) of `ssdcore report d --out out`. An
    ASan build keeps freed memory in quarantine: none here, so the peak is
    the program's."""
    env = dict(os.environ, ASAN_OPTIONS="quarantine_size_mb=0:" +
               os.environ.get("ASAN_OPTIONS", ""))
    p = subprocess.Popen([cli, "report", str(d), "--out", str(out)], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    assert p.returncode == 0, p.stderr.read()
    return usage.ru_maxrss / 1024, out.stat().st_size


def test_300_analyses_of_one_csv_cost_what_one_does(cli, long_run, tmp_path):
    assert sum(1 for _ in open(long_run / "degradation.csv")) > 12000
    one_rss, one_page = report_cost(cli, long_run, tmp_path / "one.html")
    d = tmp_path / "many"
    shutil.copytree(long_run, d)
    doc = json.loads((d / "results.json").read_text())
    an = next(s for s in doc["steps"] if s["kind"] == "analyze")
    doc["steps"] = [s for s in doc["steps"] if s["kind"] != "analyze"] + \
        [dict(an, name=f"analyze-{i}") for i in range(300)]
    (d / "results.json").write_text(json.dumps(doc))
    assert (d / "results.json").stat().st_size > 1_000_000
    rss, page = report_cost(cli, d, tmp_path / "many.html")
    # Before: 645 MB and a 141 MB page on this run.
    assert rss < one_rss + 64, (rss, one_rss)
    assert page < one_page + 300 * 1000, (page, one_page)  # a table row and a note each
    html = (tmp_path / "many.html").read_text()
    assert html.count("the same analysis of degradation.csv as analyze-0") == 299
    # Every analysis still has its figures in the results.
    r = subprocess.run([cli, "report", str(d), "--json", "--out", str(tmp_path / "x.html")],
                       capture_output=True, text=True, timeout=60)
    steps = [s for s in json.loads(r.stdout)["steps"] if s["kind"] == "analyze"]
    assert len(steps) == 300 and all(s["state"] == "done" for s in steps)
    assert len({json.dumps(s["analysis"], sort_keys=True) for s in steps}) == 1


def test_a_chart_draws_at_most_4000_samples(cli, long_run, tmp_path):
    _, page = report_cost(cli, long_run, tmp_path / "r.html")
    html = (tmp_path / "r.html").read_text()
    dots = re.findall(r'<g data-key="dots"><path [^>]* d="([^"]*)"', html)
    assert dots and all(d.count("M") <= 4000 for d in dots)
    assert re.search(r"1 in 4 of \d+ samples", html)
