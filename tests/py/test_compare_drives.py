"""`ssdcore compare` / ssdcore.compare(): drives side by side. Runs of
different suites compare on the figures they share; a figure a run lacks
is missing, never zero; percentages are against the highlighted drive."""
import csv
import json
import math
import os
import subprocess
import xml.etree.ElementTree as ET

import pytest

import ssdcore
from suite_helpers import SVG


@pytest.fixture(scope="module")
def runs(sim_runs):
    return {name: sim_runs.path(target, suite)
            for name, target, suite in (("bx200", "sim:bx200", "lab2016"),
                                        ("ssd370", "sim:ssd370", "lab2016"),
                                        ("mp44l", "sim:mp44l-1tb", "fill2021"),
                                        ("s660", "sim:s660-2tb", "fill2021"))}


def values(doc, key):
    fig = [f for f in doc["figures"] if f["key"] == key]
    assert len(fig) == 1, key
    return fig[0]["values"]


def test_cli_writes_page_json_and_csv(runs, cli, tmp_path):
    dirs = [str(runs[k]) for k in ("bx200", "ssd370", "mp44l", "s660")]
    r = subprocess.run([cli, "compare", *dirs, "--out", str(tmp_path / "c"), "--highlight", "3"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    doc = json.loads((tmp_path / "c" / "compare.json").read_text())
    assert doc["schema"] == "ssdcore-compare/1"
    # Named as `sim list` names the profiles' drives, not "sim:bx200".
    assert [d["label"] for d in doc["drives"]] == ["Crucial BX200 240 GB",
                                                   "Transcend SSD370 256 GB", "Team MP44L 1 TB",
                                                   "Fanxiang S660 2 TB"]
    assert doc["highlight"] == "Team MP44L 1 TB"
    assert doc["drives"][2]["target"]["uri"] == "sim:mp44l-1tb"
    # Each run's own headline, figure by figure.
    for i, k in enumerate(("bx200", "ssd370", "mp44l", "s660")):
        head = json.loads((runs[k] / "results.json").read_text())["headline"]
        if "seq_read_bps" in head:
            assert values(doc, "seq_read_bps")[i] == pytest.approx(head["seq_read_bps"])
        if "fill_time_s" in head:
            assert values(doc, "fill_time_s")[i] == pytest.approx(head["fill_time_s"])
    # lab2016 runs have no fill, fill2021 runs no sequential read: missing.
    fill = values(doc, "fill_time_s")
    assert fill[0] is None and fill[1] is None and fill[2] > 0 and fill[3] > 0
    assert values(doc, "seq_read_bps")[2] is None
    # The reviews: the 2 TB S660 fills in about 1.6 times the 1 TB MP44L's time.
    assert 1.3 < fill[3] / fill[2] < 1.9
    rows = list(csv.DictReader(open(tmp_path / "c" / "compare.csv")))
    assert len(rows) == 4 * len(doc["figures"])
    s660_fill = [r for r in rows if r["drive"] == "Fanxiang S660 2 TB" and r["figure"] == "fill_time_s"]
    assert float(s660_fill[0]["pct_vs_highlight"]) == pytest.approx(
        (fill[3] - fill[2]) / fill[2] * 100, rel=1e-4)
    missing = [r for r in rows if r["drive"] == "Crucial BX200 240 GB" and r["figure"] == "fill_time_s"]
    assert missing[0]["value"] == "" and missing[0]["pct_vs_highlight"] == ""
    assert missing[0]["state"] == "not_measured"
    html = (tmp_path / "c" / "compare.html").read_text()
    root = ET.fromstring(html.replace("<!DOCTYPE html>", ""))  # well-formed: any parser reads it
    assert len(list(root.iter(SVG))) > 10
    assert "not in this run" in html and "this run has no such figure" not in html
    assert 'name="viewport"' in html and "<script>" in html and "http://" not in html.replace(
        "http://www.w3.org", "")


def test_python_dataframe_one_row_per_drive_and_figure(runs, tmp_path):
    df = ssdcore.compare([runs["bx200"], runs["mp44l"]], out=tmp_path / "p", labels=["A", "B"],
                         highlight="B")
    doc = df.attrs["compare"]
    assert len(df) == 2 * len(doc["figures"])
    assert set(df.drive) == {"A", "B"}
    a = df[(df.drive == "A") & (df.figure == "fill_time_s")].iloc[0]
    assert math.isnan(a.value) and a.unit == "s" and a.better == "lower"
    b = df[(df.drive == "B") & (df.figure == "fill_time_s")].iloc[0]
    assert b.value > 0 and b.pct_vs_highlight == 0
    assert df.attrs["html"].startswith("<!DOCTYPE html>")
    assert (tmp_path / "p" / "compare.json").exists()


def test_bars_are_sorted_best_first_with_the_highlight_marked(runs, tmp_path):
    df = ssdcore.compare([runs["mp44l"], runs["s660"]], highlight=2)
    html = df.attrs["html"]
    # fill time: lower is better, so the MP44L bar comes first
    part = html[html.index("whole-drive fill time"):]
    part = part[:part.index("</figure>")]
    assert part.index("Team MP44L 1 TB") < part.index("Fanxiang S660 2 TB")
    assert "lower is better" in part and "%)" in part


def test_one_run_may_be_given_as_a_str_bytes_or_path(runs):
    # A bytes path was taken for a list of runs (its bytes, as ints).
    one = runs["mp44l"]
    frames = [ssdcore.compare(r) for r in (str(one), os.fsencode(one), one)]
    assert all(list(f["drive"].unique()) == ["Team MP44L 1 TB"] for f in frames)


def test_overlaid_curves_one_line_per_drive(runs):
    html = ssdcore.compare([runs["bx200"], runs["ssd370"]]).attrs["html"]
    assert "queue depth" in html
    fig = html[html.index("IOPS against queue depth"):]
    fig = fig[:fig.index("</figure>")]
    assert 'data-key="d0"' in fig and 'data-key="d1"' in fig
    assert fig.count("<polyline") >= 2


def test_a_single_point_is_no_curve(tmp_path):
    """The quick suite's one mixed point: a figure in the table, not a chart
    of one dot per drive."""
    for name in ("a", "b"):
        ssdcore.suite("sim:bx200", tmp_path / name, suite="quick", report=False)
    html = ssdcore.compare([tmp_path / "a", tmp_path / "b"]).attrs["html"]
    assert "against read share" not in html
    assert "mixed random 4K, 80 % reads" in html


def test_write_curves_on_shared_axes_and_small_multiples(runs):
    html = ssdcore.compare([runs["mp44l"], runs["s660"]]).attrs["html"]
    assert "fill: write speed against data written" in html
    assert html.count('class="multiples"') == 1


def test_bad_input_names_what_is_wrong(runs, cli, tmp_path):
    (tmp_path / "empty").mkdir()
    r = subprocess.run([cli, "compare", str(runs["bx200"]), str(tmp_path / "empty"), "--out",
                        str(tmp_path / "o")], capture_output=True, text=True)
    assert r.returncode == 1 and "empty" in r.stderr and "results.json" in r.stderr
    assert not (tmp_path / "o").exists()
    r = subprocess.run([cli, "compare", str(runs["bx200"]), "--out", str(tmp_path / "o"),
                        "--highlight", "nosuch"], capture_output=True, text=True)
    assert r.returncode == 2 and "nosuch" in r.stderr
    r = subprocess.run([cli, "compare", str(runs["bx200"])], capture_output=True, text=True)
    assert r.returncode == 2 and "--out" in r.stderr
    r = subprocess.run([cli, "compare", str(runs["bx200"]), "--out", str(tmp_path / "o"),
                        "--label", "one", "--label", "two"], capture_output=True, text=True)
    assert r.returncode == 2 and "label" in r.stderr
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "results.json").write_text('{"schema": "other"}')
    with pytest.raises(ssdcore.SsdError) as e:
        ssdcore.compare([tmp_path / "bad"])
    assert "bad" in e.value.detail
    with pytest.raises(ssdcore.SsdError):
        ssdcore.compare([])


def test_same_drive_twice_gets_distinct_labels(runs):
    df = ssdcore.compare([runs["bx200"], runs["bx200"]])
    # One drive twice: told apart by suite and start time, then a number.
    a, b = sorted(set(df.drive))
    assert a.startswith("Crucial BX200 240 GB (lab2016, ") and b == a + " (2)"
