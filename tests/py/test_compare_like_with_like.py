"""#24: the compare page says what each figure is. A figure measured under
other test conditions (the quick suite's 2-minute degradation, a 5 s test on
a 1 GiB span) is a row of its own, never a bar against the 2-hour one; a
drive the analysis found to have no cache says "no cache", not "missing";
a lower bound says "at least" and is never a percentage base; drives are
named as `sim list` names them, with the suite when one drive is there
twice; a summary table on top links each drive's report."""
import csv
import json
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

import ssdcore

STDOUT = {}  # what `ssdcore compare` printed, by the cmp fixture


@pytest.fixture(scope="module")
def runs(tmp_path_factory, sim_runs):
    """The session's shared runs, copied side by side (the page links each
    drive's report relative to its own directory)."""
    base = tmp_path_factory.mktemp("like")
    out = {}
    for name, target, suite in (("bx-lab", "sim:bx200", "lab2016"),
                                ("bx-quick", "sim:bx200", "quick"),
                                ("ssd370", "sim:ssd370", "lab2016")):
        out[name] = base / "runs" / name
        shutil.copytree(sim_runs.path(target, suite), out[name])
    return out


@pytest.fixture(scope="module")
def cmp(runs, cli, tmp_path_factory):
    import subprocess
    out = runs["bx-lab"].parent.parent / "c"
    r = subprocess.run([cli, "compare", str(runs["bx-lab"]), str(runs["bx-quick"]),
                        str(runs["ssd370"]), "--out", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    doc = json.loads((out / "compare.json").read_text())
    rows = list(csv.DictReader(open(out / "compare.csv")))
    STDOUT["compare"] = r.stdout
    return out, doc, rows, (out / "compare.html").read_text()


def test_names_from_the_profile_with_the_suite_when_a_drive_is_there_twice(cmp):
    _, doc, _, _ = cmp
    assert [d["label"] for d in doc["drives"]] == ["Crucial BX200 240 GB (lab2016)",
                                                   "Crucial BX200 240 GB (quick)",
                                                   "Transcend SSD370 256 GB"]
    assert all(d["run_id"] and len(d["run_id"]) == 32 for d in doc["drives"])


def test_two_minute_degradation_is_not_barred_against_two_hours(cmp):
    _, doc, rows, html = cmp
    written = [f for f in doc["figures"] if f["key"] == "write_curves.degradation.total_bytes"]
    assert len(written) == 2
    by_cond = {f["conditions"]: f for f in written}
    assert set(by_cond) == {"4K QD32, 2 h, whole drive", "4K QD32, 2 min, whole drive"}
    two_h, two_min = by_cond["4K QD32, 2 h, whole drive"], by_cond["4K QD32, 2 min, whole drive"]
    assert two_h["values"][1] is None and two_h["states"][1] == "other_conditions"
    assert two_h["values"][0] > 0 and two_h["values"][2] > 0
    assert two_min["values"][1] > 0 and two_min["values"][0] is None
    # The random tests: 3 min on 32 GiB and 5 s on 1 GiB are two rows too.
    iops = {f["conditions"] for f in doc["figures"] if f["key"] == "rand4k_write_qd4_iops"}
    assert iops == {"4K QD4, 3 min, 32 GiB span", "4K QD4, 5 s, 1 GiB span"}
    # Named by what differs, without repeating what the figure's name says.
    # (lab2016 reads the drive its whole-drive sequential job filled: a
    # sequential fill, as its log records since round 27.)
    labels = {f["label"] for f in doc["figures"] if f["key"] == "seq_read_bps"}
    assert labels == {"sequential read 256K QD1, 1 min, 32 GiB span, after a sequential fill",
                      "sequential read 256K QD1, 5 s, 1 GiB span"}
    # CSV: one line per drive x figure, its conditions, no percentage across
    # conditions (the highlight is the lab2016 run).
    q = [r for r in rows if r["drive"] == "Crucial BX200 240 GB (quick)"
         and r["figure"] == "write_curves.degradation.total_bytes"]
    assert len(q) == 1 and q[0]["conditions"] == "4K QD32, 2 min, whole drive"
    assert q[0]["pct_vs_highlight"] == "" and float(q[0]["value"]) > 0
    s = [r for r in rows if r["drive"] == "Transcend SSD370 256 GB"
         and r["figure"] == "write_curves.degradation.total_bytes"]
    assert s[0]["pct_vs_highlight"] != ""
    # The page: the 2-minute bar is in its own figure, named by its conditions.
    for m in re.finditer(r"<figure class=\"bars\"><figcaption>degradation: written[^<]*", html):
        fig = html[m.start():html.index("</figure>", m.start())]
        assert ("(quick)" in fig) != ("(lab2016)" in fig)
        assert "-90 %" not in fig


def test_no_cache_is_none_and_recovery_is_at_least(cmp, runs):
    _, doc, rows, html = cmp
    head = json.loads((runs["ssd370"] / "results.json").read_text())["headline"]
    deg = head["write_curves"]["degradation"]
    assert deg["cache_bytes"] is None and deg["state"]["cache_bytes"] == "none"
    assert deg["state"]["total_bytes"] == "measured"
    trim = head["write_curves"]["recovery-trim"]
    assert trim["recovery_censored"] == "right"
    assert trim["state"]["recovered_bytes"] == "lower_bound"
    cache = [f for f in doc["figures"] if f["key"] == "write_curves.degradation.cache_bytes"]
    lab = [f for f in cache if f["conditions"] == "4K QD32, 2 h, whole drive"][0]
    assert lab["states"][2] == "none" and lab["values"][2] is None
    fig = html[html.index("degradation: SLC cache, 4K QD32, 2 h"):]
    fig = fig[:fig.index("</figure>")]
    assert "no cache" in fig and "not in this run" not in fig and "missing" not in fig
    rec = [r for r in rows if r["drive"] == "Transcend SSD370 256 GB"
           and r["figure"] == "write_curves.recovery-trim.recovered_bytes"][0]
    assert rec["state"] == "lower_bound" and rec["pct_vs_highlight"] == ""
    bx = [r for r in rows if r["drive"] == "Crucial BX200 240 GB (lab2016)"
          and r["figure"] == "write_curves.recovery-trim.recovered_bytes"][0]
    assert bx["state"] == "measured" and bx["pct_vs_highlight"] in ("", "0")
    fig = html[html.index("recovery-trim: recovered fast-write volume"):]
    fig = fig[:fig.index("</figure>")]
    gib = head["write_curves"]["recovery-trim"]["recovered_bytes"] / 2**30
    assert f"at least {gib:.2f} GiB, the drive never slowed" in fig
    assert "%)" not in fig  # a bound is never a percentage base
    # The quick run has no TRIM recovery: not in this run, not "none".
    quick = [r for r in rows if r["drive"] == "Crucial BX200 240 GB (quick)"
             and r["figure"] == "write_curves.recovery-trim.recovered_bytes"][0]
    assert quick["state"] == "not_measured" and quick["value"] == ""


def test_summary_on_top_links_reports_and_headings_are_unique(cmp, runs):
    out, doc, _, html = cmp
    root = ET.fromstring(html.replace("<!DOCTYPE html>", ""))
    ns = "{http://www.w3.org/1999/xhtml}"
    heads = [("".join(h.itertext()), h.get("id")) for h in root.iter()
             if h.tag in (ns + "h2", ns + "h3")]
    texts = [h[0] for h in heads]
    assert len(texts) == len(set(texts)), texts
    assert texts[0] == "Summary"
    ids = {h[1] for h in heads}
    toc = [a.get("href") for a in root.iter(ns + "a") if (a.get("href") or "").startswith("#")]
    assert toc and all(h[1:] in ids for h in toc)
    assert {"#" + i for i in ids} <= set(toc)
    table = [t for t in root.iter(ns + "table") if t.get("id") == "summary-table"][0]
    trs = list(table.iter(ns + "tr"))
    assert len(trs) == 1 + 3
    links = [a.get("href") for a in table.iter(ns + "a")]
    assert links == ["../runs/bx-lab/report.html", "../runs/bx-quick/report.html",
                     "../runs/ssd370/report.html"]
    for href in links:
        assert os.path.exists(os.path.join(out, href))
    ssd = "".join(trs[3].itertext())
    assert "no cache" in ssd and "at least" in ssd and "slowest second" in ssd
    bx = "".join(trs[1].itertext())
    assert "GiB" in bx and "slowest second" in bx
    # The BX200's used state falls to a few MiB/s: the review's "5 MB/s".
    slow = float(re.search(r"slowest second ([0-9.]+) MiB/s", bx).group(1))
    assert 1 < slow < 12
    quick = "".join(trs[2].itertext())
    assert "not in this run" in quick


def test_python_frame_has_state_and_conditions(runs):
    res = ssdcore.compare([runs["bx-lab"], runs["ssd370"]])
    df = res.to_frame()
    assert {"state", "conditions"} <= set(df.columns)
    c = df[(df.figure == "write_curves.degradation.cache_bytes")]
    assert list(c.state) == ["measured", "none"]
    assert c.value.isna().tolist() == [False, True]
    assert isinstance(res, ssdcore.results.CompareResult) and "Transcend SSD370 256 GB" in repr(res)
    # the frame read back from compare.json alone (no CSV) says the same
    fr = ssdcore.results.CompareResult(dict(res)).to_frame()
    cache = fr[fr.figure == "write_curves.degradation.cache_bytes"]
    assert list(cache.state) == ["measured", "none"]
    rec = fr[(fr.figure == "write_curves.recovery-trim.recovered_bytes")
             & (fr.drive == "Transcend SSD370 256 GB")]
    assert list(rec.state) == ["lower_bound"] and rec.value.iloc[0] > 0
    assert set(fr.conditions.dropna()) >= {"4K QD32, 2 h, whole drive"}


def test_cli_and_python_print_the_summary_in_words(cmp, runs):
    text = STDOUT["compare"]
    blocks = text.split("\nTranscend SSD370 256 GB")
    assert blocks[0].startswith("Crucial BX200 240 GB (lab2016): ")
    ssd = blocks[1]
    assert "no cache" in ssd and "at least" in ssd and "the drive never slowed" in ssd
    quick = text[text.index("Crucial BX200 240 GB (quick)"):text.index("\nTranscend")]
    assert "recovered after TRIM" in quick and "not in this run" in quick
    assert "no used state in this run" in quick
    df = ssdcore.compare([runs["ssd370"]])
    assert "no cache" in df.text


def test_a_real_drive_is_named_by_model_capacity_and_firmware(runs, tmp_path):
    import shutil
    d = tmp_path / "real"
    shutil.copytree(runs["bx-quick"], d)
    doc = json.loads((d / "results.json").read_text())
    doc["target"]["drive"].update(model="Samsung SSD 860 EVO", profile=None,
                                  capacity_bytes=500107862016, firmware="RVT02B6Q")
    (d / "results.json").write_text(json.dumps(doc))
    assert ssdcore.compare([d]).drives == ["Samsung SSD 860 EVO 500 GB, firmware RVT02B6Q"]
    # A model that says its capacity is not told it twice.
    doc["target"]["drive"].update(model="Team MP44L 1TB", capacity_bytes=1000204886016)
    (d / "results.json").write_text(json.dumps(doc))
    assert ssdcore.compare([d]).drives == ["Team MP44L 1TB, firmware RVT02B6Q"]


def test_summary_names_a_queue_depth_dip(tmp_path, cli):
    """Vector 180's random write falls at QD4 (the seed's review): the
    summary says so, where before only its chart showed it."""
    import subprocess
    suite = tmp_path / "qd.suite"
    suite.write_text("trim\n" + "".join(
        f"job name=qd-randwrite-{q} group=qd-randwrite x={q} pattern=randwrite bs=4k qd={q} "
        f"time=20s span=32g\n" for q in (1, 2, 4, 8, 16, 32)))
    for name, target in (("v", "sim:vector180"), ("s", "sim:ssd370")):
        subprocess.run(["ssdcore", "suite", target, "--suite-file", str(suite), "--out",
                        str(tmp_path / name), "--no-progress"], check=True, capture_output=True)
    r = subprocess.run([cli, "compare", str(tmp_path / "v"), str(tmp_path / "s"), "--out",
                        str(tmp_path / "c")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    lines = [ln for ln in r.stdout.splitlines() if "anomalies" in ln]
    dip = re.search(r"(random write 4K: dips \d+ % at QD4 \([\d,]+ IOPS at QD\d+, [\d,]+ at QD4\))$",
                    lines[0])
    assert dip, lines
    # The drive's own report says it on top, in the same words.
    report = (tmp_path / "v" / "report.html").read_text()
    verdicts = report[report.index('<ul class="verdicts">'):report.index("</ul>")]
    assert dip.group(1)[len("random write 4K: "):] in verdicts, verdicts
    assert lines[1].endswith(" none")
    html = (tmp_path / "c" / "compare.html").read_text()
    assert "dips" in html[html.index('id="summary-table"'):html.index("</table>",
                                                                       html.index('id="summary-table"'))]


def test_no_difference_reads_0_percent_never_minus_0(sim_runs, tmp_path, cli):
    """A difference under half a percent reads "0 %": the AS510S's 498.2
    MiB/s against the BX200's 498.5 read "-0 %", and a drive against an
    identical run "+0 %"."""
    run = sim_runs.path("sim:bx200", "quick")
    copy = tmp_path / "copy"
    shutil.copytree(run, copy)
    subprocess.run([cli, "compare", str(run), str(copy), "--out", str(tmp_path / "c")],
                   check=True, capture_output=True)
    html = (tmp_path / "c" / "compare.html").read_text()
    assert "(0 %)" in html and ">0 %</small>" in html
    assert not re.search(r"[+-]0 %", html)


def test_a_run_without_folding_says_no_folding(cmp):
    """A write curve with no folding (SSD370 has no cache to fold) says
    "no folding" in the folding rows: it said "no second slowdown", next to
    a used state that is a second slowdown (the audit's lab2016 page: 50 to
    27.5 MiB/s at 246.4 GiB)."""
    html = cmp[3]
    assert "no folding" in html and "no second slowdown" not in html


COLUMNS = ["drive", "figure", "label", "unit", "better", "value", "pct_vs_highlight", "state",
           "conditions", "row_conditions"]


def test_one_frame_whatever_built_the_compare_result(cmp, runs):
    """#22 item 8, one meaning per column: ssdcore.compare()'s to_frame()
    read compare.csv (pct_vs_highlight, no row_conditions), one built from a
    dict (compare.json) read the JSON (row_conditions, no pct_vs_highlight,
    rows of other conditions kept). Now one reader, compare.csv's rows, the
    same columns and types either way."""
    import pandas as pd
    out, doc, rows, _ = cmp
    res = ssdcore.compare([runs["bx-lab"], runs["bx-quick"], runs["ssd370"]])
    made = res.to_frame()
    for other in (ssdcore.results.CompareResult(dict(res)).to_frame(),
                  ssdcore.results.CompareResult(doc).to_frame()):
        pd.testing.assert_frame_equal(made, other)
    assert list(made.columns) == COLUMNS
    assert {c: str(t) for c, t in made.dtypes.items()} == {
        c: "float64" if c in ("value", "pct_vs_highlight") else "object" for c in COLUMNS}
    # compare.csv's rows, in its order, with its figures
    assert len(made) == len(rows)
    for r, x in zip(rows, made.itertuples()):
        assert (x.drive, x.state) == (r["drive"], r["state"])
        assert x.figure == r["figure"]
        assert (x.conditions or "") == r["conditions"]
        if r["pct_vs_highlight"]:
            assert x.pct_vs_highlight == float(r["pct_vs_highlight"])
        else:
            assert pd.isna(x.pct_vs_highlight)
        if x.figure == r["figure"]:  # not renamed (a file test's MiB/s)
            assert (pd.isna(x.value) and not r["value"]) or x.value == float(r["value"])
    assert "other_conditions" not in set(made.state)
    assert made.pct_vs_highlight.notna().any() and made.row_conditions.notna().any()
    # A compare.json from before pct_vs_highlight, or a dict by hand: the
    # same columns and types, NaN where it has no percentage.
    figs = [{"key": "seq_read_bps", "unit": "bytes/s", "values": [5e8, 4e8]},
            {"key": "fill_time_s", "unit": "s", "values": [600, None]}]
    hand = ssdcore.results.CompareResult({"drives": [{"label": "a"}, {"label": "b"}],
                                          "figures": figs}).to_frame()
    assert list(hand.columns) == COLUMNS and (hand.dtypes == made.dtypes).all()
    assert hand.pct_vs_highlight.isna().all() and list(hand.drive) == ["a", "a", "b", "b"]
