"""Latency consistency in a suite: the distributions in results.json, the
headline's latency figures, and report.html's latency charts."""
import re
import subprocess
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import ssdcore
from suite_helpers import load, step, steps

SVGNS = "{http://www.w3.org/2000/svg}"
LATENCY_STEPS = ["rand4k-read-qd1", "rand4k-read-qd4", "rand4k-write-qd1", "rand4k-write-qd4",
                 "degradation"]


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    out = tmp_path_factory.mktemp("lat") / "bx200"
    ssdcore.suite("sim:bx200", out, suite="quick")
    return out


def test_steps_carry_the_distributions(quick):
    res = load(quick)
    for s in steps(res, "job"):
        r = s["results"]
        for d in ("read", "write"):
            b = r[d]["lat_hist"]["buckets"]
            assert sum(c for _, _, c in b) == r[d]["ios"]
            assert len(b) <= 128
        # The summary's p99 (both directions) is what the distribution gives.
        p99 = ssdcore.latency_percentiles(r, "all", 99) / 1e3
        err = max(r[d]["lat_hist"]["max_rel_error"] for d in ("read", "write"))
        assert p99 == pytest.approx(s["summary"]["lat_p99_us"], rel=2 * err, abs=1e-3)


def test_headline_latency_figures(quick):
    res = load(quick)
    lat = res["headline"]["latency"]
    assert sorted(lat) == sorted(LATENCY_STEPS)
    for name, f in lat.items():
        summ = step(res, name)["summary"]
        assert f["p99_us"] == summ["lat_p99_us"] and f["p99_9_us"] == summ["lat_p99_9_us"]
        assert f["p99_over_p50"] == pytest.approx(f["p99_us"] / f["p50_us"], rel=1e-12)
        assert f["p99_9_over_p50"] == pytest.approx(f["p99_9_us"] / f["p50_us"], rel=1e-12)
        assert 1 <= f["p99_over_p50"] <= f["p99_9_over_p50"]
    # The degradation run fills the SLC cache and goes on at native speed:
    # two latency levels, so a wider spread than the fresh in-cache 4K writes.
    assert lat["degradation"]["p99_over_p50"] > lat["rand4k-write-qd4"]["p99_over_p50"]
    # A results directory loaded back gives the same figures.
    again = ssdcore.report(quick, out=quick / "again.html")
    assert again["headline"]["latency"] == lat


def test_report_has_the_latency_charts(quick, cli):
    root = ET.parse(quick / "report.html").getroot()  # well-formed XML
    svgs = {s.find(f"{SVGNS}title").text: s for s in root.iter(f"{SVGNS}svg")}
    spectrum = [s for t, s in svgs.items() if t.startswith("latency by percentile")]
    assert len(spectrum) == 1
    lines = spectrum[0].findall(f".//{SVGNS}polyline[@class='latency']")  # in legend groups
    assert len(lines) == len(LATENCY_STEPS)
    res = load(quick)
    for line in lines:
        pts = np.array([[float(v) for v in p.split(",")] for p in line.get("points").split()])
        # x: one more nine every step to the right; y: latency never falls
        # with the percentile (SVG y grows downwards).
        assert np.all(np.diff(pts[:, 0]) > 0) and np.all(np.diff(pts[:, 1]) <= 1e-9)
        assert len(pts) >= 10
    # The tail reaches further for the run with more I/Os.
    ios = {n: step(res, n)["results"]["ios"] for n in LATENCY_STEPS}
    widths = [float(line.get("points").split()[-1].split(",")[0]) for line in lines]
    assert widths[LATENCY_STEPS.index(max(ios, key=ios.get))] == max(widths)
    over_time = [t for t in svgs if t == "degradation: latency per interval"]
    assert len(over_time) == 1
    html = (quick / "report.html").read_text()
    # The headline's latency figures, as the table and the summary label them.
    p99 = res["headline"]["latency"]["degradation"]["p99_over_p50"]
    assert f"<tr><th>degradation, 4K QD32: latency p99 / p50</th><td class=\"n\">{p99:.1f}</td>" in html
    r = subprocess.run([cli, "report", str(quick), "--summary"], capture_output=True, text=True)
    assert r.returncode == 0
    assert re.search(rf"degradation, 4K QD32: latency p99 / p50 +{p99:.1f} \u00d7", r.stdout), r.stdout


def test_malformed_distributions_in_a_reloaded_directory_are_skipped(quick, tmp_path):
    import json
    import shutil
    copy = tmp_path / "copy"
    shutil.copytree(quick, copy)
    res = load(copy)
    deg = step(res, "degradation")["results"]["write"]["lat_hist"]
    deg["buckets"] = [["x", 2, 3], [-1, 5, 2], [1e30, 2e30, 1], [5, 4, 1], [1, 2], 7,
                      [1000, 1e30, 3]] + deg["buckets"][:3]
    step(res, "rand4k-read-qd1")["results"]["read"]["lat_hist"] = {"buckets": "none"}
    (copy / "results.json").write_text(json.dumps(res))
    again = ssdcore.report(copy)
    assert again["complete"] is True
    root = ET.parse(copy / "report.html").getroot()
    titles = [s.find(f"{SVGNS}title").text for s in root.iter(f"{SVGNS}svg")]
    assert any(t.startswith("latency by percentile") for t in titles)
