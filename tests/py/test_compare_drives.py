"""`ssdcore compare` / ssdcore.compare(): drives side by side. Runs of
different suites compare on the figures they share; a figure a run lacks
is missing, never zero; percentages are against the highlighted drive."""
import csv
import json
import math
import os
import re
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


def test_python_result_frame_one_row_per_drive_and_figure(runs, tmp_path):
    res = ssdcore.compare([runs["bx200"], runs["mp44l"]], out=tmp_path / "p", labels=["A", "B"],
                          highlight="B")
    assert isinstance(res, ssdcore.results.CompareResult) and res.drives == ["A", "B"]
    df = res.to_frame()
    assert len(df) == 2 * len(res["figures"])
    assert set(df.drive) == {"A", "B"}
    a = df[(df.drive == "A") & (df.figure == "fill_time_s")].iloc[0]
    assert math.isnan(a.value) and a.unit == "s" and a.better == "lower"
    b = df[(df.drive == "B") & (df.figure == "fill_time_s")].iloc[0]
    assert b.value > 0 and b.pct_vs_highlight == 0
    assert res.html.startswith("<!DOCTYPE html>")
    assert (tmp_path / "p" / "compare.json").exists()
    # summary(): one row per drive, a column per figure, the same values
    wide = res.summary()
    assert list(wide.index) == ["A", "B"]
    assert wide.loc["B", "fill_time_s"] == b.value and math.isnan(wide.loc["A", "fill_time_s"])
    assert "<CompareResult A, B" in repr(res)


def test_bars_are_sorted_best_first_with_the_highlight_marked(runs, tmp_path):
    html = ssdcore.compare([runs["mp44l"], runs["s660"]], highlight=2).html
    # fill time: lower is better, so the MP44L bar comes first
    part = html[html.index("whole-drive fill time"):]
    part = part[:part.index("</figure>")]
    assert part.index("Team MP44L 1 TB") < part.index("Fanxiang S660 2 TB")
    assert "lower is better" in part and "%)" in part


def test_one_run_may_be_given_as_a_str_bytes_or_path(runs):
    # A bytes path was taken for a list of runs (its bytes, as ints).
    one = runs["mp44l"]
    frames = [ssdcore.compare(r) for r in (str(one), os.fsencode(one), one)]
    assert all(f.drives == ["Team MP44L 1 TB"] for f in frames)


def test_compare_takes_suite_results_as_runs(runs, tmp_path):
    by_dir = ssdcore.compare([runs["bx200"], runs["mp44l"]])
    # a SuiteResult as suite() returns it (read here without writing to the
    # shared run directory, as report() would)
    bx = ssdcore.results.SuiteResult(json.loads((runs["bx200"] / "results.json").read_text()),
                             str(runs["bx200"]))
    by_result = ssdcore.compare([bx, runs["mp44l"]])
    assert by_result.drives == by_dir.drives
    assert by_result.summary().equals(by_dir.summary())
    with pytest.raises(ssdcore.Error, match="no results directory"):
        ssdcore.compare([ssdcore.results.SuiteResult({"steps": []})])


def test_compare_plots_each_figure_against_the_highlight(runs):
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    res = ssdcore.compare([runs["bx200"], runs["mp44l"]], highlight=2)
    ax = res.plot(figures=["fill_time_s"])
    assert [t.get_text() for t in ax.get_legend().get_texts()] == res.drives


def test_overlaid_curves_one_line_per_drive(runs):
    html = ssdcore.compare([runs["bx200"], runs["ssd370"]]).html
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
    html = ssdcore.compare([tmp_path / "a", tmp_path / "b"]).html
    assert "against read share" not in html
    assert "mixed random 4K, 80 % reads" in html


def test_write_curves_on_shared_axes_and_small_multiples(runs):
    html = ssdcore.compare([runs["mp44l"], runs["s660"]]).html
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
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.compare([tmp_path / "bad"])
    assert "bad" in e.value.detail
    with pytest.raises(ssdcore.Error):
        ssdcore.compare([])


def test_same_drive_twice_gets_distinct_labels(runs):
    res = ssdcore.compare([runs["bx200"], runs["bx200"]])
    # One drive twice: told apart by suite and start time, then a number.
    a, b = sorted(res.drives)
    assert a.startswith("Crucial BX200 240 GB (lab2016, ") and b == a + " (2)"


def test_copies_of_one_run_take_the_least_number_no_label_has(runs):
    """The numbers are those of trying " (2)", " (3)"... in turn (now found
    in one pass over the labels, which made `compare` of 300 runs 6 times
    faster): a caller's label that is one of them is passed over, and a
    later copy takes the number it left."""
    a = ssdcore.compare([runs["bx200"]] * 2).drives[0]
    res = ssdcore.compare([runs["bx200"]] * 6, labels=["", "", a + " (4)", "", "", a + " (03)"])
    assert res.drives == [a, a + " (2)", a + " (4)", a + " (3)", a + " (5)", a + " (03)"]


def test_every_compare_chart_has_a_text_alternative(runs):
    """Each chart of the compare (bars, scaling curves, write curves and the
    small multiples) has a <title> and a <desc> that gives its figures, as
    the report's charts do; a bar chart's desc lists the drives in the bars'
    order with the values the bars show."""
    html = ssdcore.compare([runs["mp44l"], runs["s660"], runs["bx200"]]).html
    svgs = re.findall(r"<svg [^>]*class=\"chart\".*?</svg>", html, re.S)
    assert len(svgs) > 20
    for svg in svgs:
        title = re.search(r"<title>([^<]+)</title>", svg)
        desc = re.search(r"<desc>([^<]+)</desc>", svg)
        assert title and desc and re.search(r"\d", desc.group(1)), svg[:300]
        label = re.search(r'aria-label="([^"]*)"', svg).group(1)
        assert label == f"{title.group(1)}. {desc.group(1)}"
    fig = html[html.index("whole-drive fill time"):]
    fig = fig[:fig.index("</figure>")]
    desc = re.search(r"<desc>([^<]+)</desc>", fig).group(1)
    shown = re.findall(r'<g data-tip="([^":]+): ([\d.]+) min', fig)
    assert [f"{d}: {v} min" for d, v in shown] == desc.split("; ")[:len(shown)]
    assert "Crucial BX200 240 GB: not in this run" in desc


def test_write_curves_have_hover_values_and_a_page_wide_drive_switch(runs):
    """Each drive's line on the write curves carries read-outs (GiB written
    and MiB/s) along its moving average; one switch per drive at the top
    reaches every chart's marks of that drive (data-drive)."""
    html = ssdcore.compare([runs["mp44l"], runs["s660"]]).html
    fig = html[html.index("fill: write speed against data written"):]
    fig = fig[:fig.index("</figure>")]
    for d, name in enumerate(("Team MP44L 1 TB", "Fanxiang S660 2 TB")):
        group = re.search(rf'<g data-key="d{d}" data-drive="d{d}">(.*?)</g>', fig, re.S).group(1)
        tips = re.findall(rf'data-tip="{name}: ([\d.]+) GiB written, ([\d.]+) MiB/s '
                          r'\(moving average\)"', group)
        assert 12 <= len(tips) <= 17, tips
        gib = [float(g) for g, _ in tips]
        assert gib == sorted(gib) and gib[-1] > 900  # along the whole fill
    bar = re.search(r'<div class="drivebar"[^>]*>(.*?)</div>', html, re.S).group(1)
    assert re.findall(r'<button type="button" data-drive="(d\d)" aria-pressed="true">', bar) == \
        ["d0", "d1"]
    # every chart of the page that shows a drive marks it for the switch
    for svg in re.findall(r"<svg [^>]*class=\"chart\".*?</svg>", html, re.S):
        if "Team MP44L 1 TB" in svg.split("</desc>")[1]:
            assert 'data-drive="d0"' in svg, svg[:200]


def test_a_small_cache_gets_a_zoom_in_the_compare(runs):
    """The BX200's 2 GiB cache is one pixel of a 305 GiB axis: the compare
    draws the start again, zoomed, with each drive's cache end marked, as
    the report does; the fill's 180 and 340 GiB caches need none."""
    html = ssdcore.compare([runs["bx200"], runs["ssd370"]]).html
    zoom = re.search(r"<figure><figcaption>degradation, zoom: the first ([\d.]+) GiB "
                     r"\(small SLC caches\)</figcaption>.*?</figure>", html, re.S)
    assert zoom and 4 <= float(zoom.group(1)) <= 8, zoom
    end = re.search(r'data-tip="Crucial BX200 240 GB: SLC cache end ([\d.]+) GiB"', zoom.group(0))
    assert end and float(end.group(1)) == pytest.approx(2.0, abs=0.1)
    assert "Transcend SSD370 256 GB: no SLC cache" in zoom.group(0)  # in its desc
    for d in ("d0", "d1"):  # both drives' lines, with read-outs inside the zoom
        group = re.search(rf'<g data-key="{d}" data-drive="{d}">(.*?)</g>', zoom.group(0), re.S)
        gib = [float(g) for g in re.findall(r"([\d.]+) GiB written", group.group(1))]
        assert len(gib) >= 5 and max(gib) <= float(zoom.group(1))
    assert "zoom:" not in ssdcore.compare([runs["mp44l"], runs["s660"]]).html


def test_4k_floors_in_iops_too(runs):
    """The summary's slowest second of a 4K used state is said in IOPS too
    (the reviews quote SSD370's floor as IOPS), and so are the write curves'
    read-outs of a 4K test; a 1 MiB fill's are not."""
    html = ssdcore.compare([runs["bx200"], runs["ssd370"], runs["mp44l"]]).html
    floors = re.findall(r"slowest second ([\d.]+) MiB/s, ([\d,]+) IOPS\)", html)
    assert len(floors) == 2, floors
    for mibs, iops in floors:
        assert int(iops.replace(",", "")) == pytest.approx(float(mibs) * 256, abs=2)
    assert re.search(r'data-tip="Transcend SSD370 256 GB: [\d.]+ GiB written, [\d.]+ MiB/s '
                     r'\([\d,]+ IOPS\) \(moving average\)"', html)
    assert re.search(r'data-tip="Team MP44L 1 TB: [\d.]+ GiB written, [\d.]+ MiB/s '
                     r'\(moving average\)"', html)


def test_the_highlight_may_name_the_target_a_run_was_made_on(runs, cli, tmp_path):
    """README's and docs/compare.md's example highlights `sim:mp44l-1tb`,
    though a drive's label is its model ("Team MP44L 1 TB"): the run's
    target names it too, and a target two runs share is refused by name."""
    dirs = [str(runs[k]) for k in ("bx200", "mp44l")]
    r = subprocess.run([cli, "compare", *dirs, "--out", str(tmp_path / "c"),
                        "--highlight", "sim:mp44l-1tb"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    doc = json.loads((tmp_path / "c" / "compare.json").read_text())
    assert doc["highlight"] == "Team MP44L 1 TB"
    r = subprocess.run([cli, "compare", dirs[0], dirs[0], "--out", str(tmp_path / "d"),
                        "--highlight", "sim:bx200"], capture_output=True, text=True)
    assert r.returncode == 2 and "several runs have the target \"sim:bx200\"" in r.stderr, r.stderr


def test_scaling_heading_only_over_curves_of_two_x_or_more(sim_runs, cli, tmp_path):
    """The compare decided on its Scaling section by a pass of its own over
    the steps, apart from the charts; the section now holds what the charts
    draw. The quick suite's one mixed-load point per drive is no curve: no
    heading, no chart (a chart of one dot says nothing), no contents link."""
    dirs = [str(sim_runs.path(t, "quick")) for t in ("sim:bx200", "sim:ssd370")]
    r = subprocess.run([cli, "compare", *dirs, "--out", str(tmp_path / "c")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    html = (tmp_path / "c" / "compare.html").read_text()
    assert 'id="scaling"' not in html and "#scaling" not in html
    assert "against read share" not in html and 'class="printpair"' not in html
