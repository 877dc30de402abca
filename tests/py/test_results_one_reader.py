"""One results box: the report (the results model's loader) and the catalog
read results.json through one reader (a document one refuses the other
refuses in the same words; a killed run has the same status in both), the
report and the compare page label a figure alike, and Python names the
headline's figures as the C flattener the catalog uses does."""
import json
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "results" / "quick-bx200"


def _both(cli, d, db):
    rep = subprocess.run([cli, "report", str(d), "--json"], capture_output=True, text=True)
    cat = subprocess.run([cli, "catalog", "add", str(d), "--catalog", str(db)],
                         capture_output=True, text=True)
    return rep, cat


def test_a_foreign_schema_is_refused_in_the_same_words(cli, tmp_path):
    d = tmp_path / "r"
    d.mkdir()
    doc = json.loads((SAMPLE / "results.json").read_text())
    for schema in ("ssdcore-results/2", "\x1b]0;owned\x07x"):
        (d / "results.json").write_text(json.dumps(dict(doc, schema=schema)))
        rep, cat = _both(cli, d, tmp_path / "c.sqlite")
        assert rep.returncode == 1 and cat.returncode == 1, (rep.stderr, cat.stderr)
        msg = [line for line in rep.stderr.splitlines() if "expected" in line]
        assert msg and msg[0].split("results.json: ", 1)[1] in cat.stderr, (rep.stderr,
                                                                              cat.stderr)
        assert "\x1b" not in rep.stderr + cat.stderr


def test_a_killed_run_is_interrupted_for_the_report_and_the_catalog(cli, tmp_path):
    d = tmp_path / "r"
    shutil.copytree(SAMPLE, d)
    doc = json.loads((d / "results.json").read_text())
    # written before results.json had a status: neither complete nor failed
    old = {k: v for k, v in doc.items() if k not in ("status", "complete", "error")}
    (d / "results.json").write_text(json.dumps(old))
    db = tmp_path / "c.sqlite"
    rep, cat = _both(cli, d, db)
    assert cat.returncode == 0, cat.stderr
    assert json.loads(rep.stdout)["status"] == "interrupted", rep.stderr
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT status FROM runs").fetchall() == [("interrupted",)]


def test_the_report_and_the_compare_page_label_a_figure_alike(cli, tmp_path):
    """One table of figure words (suite/figure_labels.c): the report's
    headline table says what the compare page says."""
    import html as html_mod
    d = tmp_path / "r"
    shutil.copytree(SAMPLE, d)
    assert subprocess.run([cli, "report", str(d)], capture_output=True).returncode == 0
    r = subprocess.run([cli, "compare", str(d), "--out", str(tmp_path / "c")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    page = (d / "report.html").read_text()
    figures = json.loads((tmp_path / "c" / "compare.json").read_text())["figures"]
    shown = ("seq_read_bps", "seq_write_bps", "rand4k_read_qd1_iops", "mixed_random_80_bps",
             "cache_bytes", "post_cache_bps", "end_level_bps", "total_bytes")
    checked = 0
    for f in figures:
        if f["key"].rsplit(".", 1)[-1] not in shown:
            continue
        label, cond = f["label"], f.get("conditions") or ""
        if cond and label.endswith(", " + cond):
            label = label[:-len(cond) - 2]
        assert "<th>" + html_mod.escape(label, quote=False) in page, label
        checked += 1
    assert checked >= 8, figures


def test_python_names_the_headline_figures_as_the_catalog_does(tmp_path):
    """SuiteResult.summary() takes its figures from the C flattener
    (ssd_headline_figures), the one the catalog's figures table uses."""
    import ssdcore
    from ssdcore.results import SuiteResult
    d = tmp_path / "r"
    shutil.copytree(SAMPLE, d)
    doc = json.loads((d / "results.json").read_text())
    row = SuiteResult(doc, str(d)).summary().iloc[0]
    db = tmp_path / "c.sqlite"
    assert ssdcore.catalog.add(d, db).status == "added"
    cat = {f: v for f, v in ssdcore.catalog.figures(db).to_frame()[["figure", "value"]]
           .itertuples(index=False)}
    checked = 0
    for key, v in row.items():
        if "." not in key:
            if key in doc["headline"]:
                assert cat[key] == pytest.approx(v), key
                checked += 1
            continue
        group = "write_curves" if key.endswith(("_bytes", "_bps")) else "latency"
        full = f"{group}.{key}"
        assert full in cat, (full, sorted(cat))
        assert cat[full] == pytest.approx(v), full
        checked += 1
    assert checked >= 10, row
