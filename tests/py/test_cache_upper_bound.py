"""#24: a figure that is only known from above says "at most". An SLC cache
that ends inside the run's first sample (BX200's 2 GiB cache, 6.4 s at 320
MiB/s, logged every 10 s) is at most what that sample wrote: results.json's
headline has it as an upper_bound, and the CLI text, Python, the report and
the compare say "at most", never "the drive never slowed", never rank it
as exact nor take it as a percentage base."""
import csv
import json
import re
import subprocess

import pytest

import ssdcore

COARSE = """\
trim
job name=degradation pattern=write bs=128k qd=32 time=5m interval=10s log=degradation
analyze degradation
"""
GIB = 2.0 ** 30


@pytest.fixture(scope="module")
def runs(tmp_path_factory, sim_runs):
    base = tmp_path_factory.mktemp("upper")
    sf = base / "coarse.suite"
    sf.write_text(COARSE)
    coarse = base / "coarse"
    ssdcore.suite("sim:bx200", coarse, suite_file=sf)
    return {"coarse": coarse, "lab": sim_runs.path("sim:bx200", "quick"), "base": base}


def _first_sample_bytes(d):
    with open(d / "degradation.csv") as f:
        rows = [r for r in csv.reader(ln for ln in f if not ln.startswith("#"))]
    return float(rows[1][rows[0].index("bytes")])


def test_headline_says_upper_bound_with_the_first_samples_bytes(runs):
    head = json.loads((runs["coarse"] / "results.json").read_text())["headline"]
    deg = head["write_curves"]["degradation"]
    assert deg["cache_censored"] == "resolution"
    assert deg["state"]["cache_bytes"] == "upper_bound"
    # The cache level is the first sample's rate: a floor of the real one.
    assert deg["state"]["cache_level_bps"] == "lower_bound"
    # At most what the first sample wrote, and the truth (2 GiB) within.
    first = _first_sample_bytes(runs["coarse"])
    assert deg["cache_bytes"] == pytest.approx(first, rel=1e-6)
    res = json.loads((runs["coarse"] / "results.json").read_text())
    job = [s for s in res["steps"] if s["kind"] == "job"][0]
    truth = job["sim_truth"]["cache_full_at_bytes"]
    assert 1.5 * GIB < truth <= deg["cache_bytes"]
    words = deg["in_words"]
    assert "at most" in words and "ended inside the first sample or two" in words
    low = float(re.search(r"at least ([\d.]+) GiB", deg["in_words"]).group(1))
    assert low * GIB < truth
    # A cache seen ending is still measured (the quick run logs every 0.1 s).
    quick = json.loads((runs["lab"] / "results.json").read_text())["headline"]
    assert quick["write_curves"]["degradation"]["state"]["cache_bytes"] == "measured"


def test_cli_text_says_at_most(runs, cli):
    summ = subprocess.run([cli, "report", str(runs["coarse"]), "--summary",
                           "--out", str(runs["base"] / "again.html")],
                          capture_output=True, text=True, check=True).stdout
    assert "SLC cache at most" in summ and ">= " not in summ.split("SLC cache")[1][:12], summ
    txt = subprocess.run([cli, "analyze", str(runs["coarse"] / "degradation.csv")],
                         capture_output=True, text=True, check=True).stdout
    line = [ln for ln in txt.splitlines() if "cache:" in ln][0]
    assert "at most" in line and "ended inside the first sample or two" in line, line


def test_python_says_at_most(runs):
    r = ssdcore.results.SuiteResult(json.loads((runs["coarse"] / "results.json").read_text()),
                            str(runs["coarse"]))
    assert r.curve_state("degradation", "cache_bytes") == "upper_bound"
    assert r.curve_state("degradation", "post_cache_bps") == "measured"
    assert r.curve_state("degradation", "no_such_figure") is None
    assert "degradation.cache_bytes: at most " in repr(r)
    a = ssdcore.analyze(runs["coarse"] / "degradation.csv")
    assert a.cache_censored == "resolution"
    assert a.cache_at_most_bytes == pytest.approx(_first_sample_bytes(runs["coarse"]), rel=1e-6)
    assert a.cache_bytes < a.cache_at_most_bytes
    assert "cache at most" in repr(a)


def test_report_says_at_most(runs):
    html = (runs["coarse"] / "report.html").read_text()
    # The headline table's row, worded as the compare page words the bound.
    assert re.search(r"degradation: SLC cache</th><td class=\"n\">at most [\d.]+</td>"
                     r"<td>GiB, it ended inside the first sample or two</td>", html)
    assert "SLC cache end: at most " in html
    assert "SLC cache end: at least" not in html


def test_compare_never_ranks_or_bases_an_upper_bound(runs, cli):
    out = runs["base"] / "cmp"
    text = subprocess.run([cli, "compare", str(runs["lab"]), str(runs["coarse"]), "--out",
                           str(out)], capture_output=True, text=True, check=True).stdout
    doc = json.loads((out / "compare.json").read_text())
    fig = [f for f in doc["figures"] if f["key"] == "write_curves.degradation.cache_bytes"]
    states = [s for f in fig for s in f["states"]]
    assert "upper_bound" in states
    with open(out / "compare.csv") as f:
        rows = [r for r in csv.DictReader(f) if r["figure"] ==
                "write_curves.degradation.cache_bytes" and r["state"] == "upper_bound"]
    assert len(rows) == 1 and rows[0]["pct_vs_highlight"] == "" and float(rows[0]["value"]) > 0
    html = (out / "compare.html").read_text()
    gib = float(rows[0]["value"]) / GIB
    assert f"at most {gib:.2f} GiB, it ended inside the first sample or two" in html
    assert "never slowed" not in html
    # The bar of a bound is drawn dashed, and no percentage stands beside it.
    bar = re.search(r'<g data-drive="d\d" data-tip="[^"]*: at most [^"]*" '
                    r'data-state="upper_bound">(.*?)</g>', html)
    assert bar and re.search(r"<rect[^>]*stroke-dasharray", bar.group(1))
    assert "%)" not in bar.group(0)
    # The summary in words (CLI) and Python's frame say the same.
    assert "at most" in text and "ended inside the first sample or two" in text
    df = ssdcore.compare([runs["lab"], runs["coarse"]]).to_frame()
    c = df[df.figure == "write_curves.degradation.cache_bytes"]
    assert "upper_bound" in set(c.state)


def test_moving_average_never_takes_the_first_sample_across_its_break(runs):
    """The cache ended inside the first sample, whose end is the second
    phase's start: the page's moving average took that sample into the
    direct phase (91 MiB/s falling to 80 over 15 samples where every sample
    is at 80), as Python's plot, which keeps a sample ending at a break
    before it, did not."""
    html = (runs["coarse"] / "report.html").read_text()
    chart = html[html.index("degradation: write speed against data written"):]
    chart = chart[:chart.index("</svg>")]
    ma = re.search(r'<g data-key="ma">(.*?)</g>', chart, re.S).group(1)
    lines = [[float(p.split(",")[1]) for p in pts.split()]
             for pts in re.findall(r'points="([^"]+)"', ma)]
    level = float(re.search(r'y1="([\d.]+)"[^>]*data-tip="phase 2 level', chart).group(1))
    # The cache's one sample alone, drawn flat across the bytes it wrote
    # (report_chart.c ma_lines: a one-sample piece is a segment, not a dot).
    assert len(lines) == 2 and len(lines[0]) == 2 and lines[0][0] == lines[0][1], lines
    assert all(abs(y - level) < 2 for y in lines[1]), (level, lines[1][:5])
