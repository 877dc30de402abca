"""The compare page carries the application-trace, CrystalDiskMark and file
test figures of the runs that have them (issue 15 item 8), labelled, and
shows them as missing, never as zero, for runs that do not."""
import csv
import json
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

from browser_helpers import probe

APPS_AND_FILES = """\
replay name=pcm8-excel group=apps trace=scenario:pcm8-excel timing=no-idle
replay name=pcm8-word group=apps trace=scenario:pcm8-word timing=no-idle
trim
replay name=files-iso-mkset group=prepare trace=filetest:iso-mkset set_size=4g timing=no-idle
idle 15m
replay name=files-iso-copy group=files-iso trace=filetest:iso-copy set_size=4g timing=no-idle
"""


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("cmp")
    suite = base / "apps-files.suite"
    suite.write_text(APPS_AND_FILES)
    out = {}
    for name, args in (("bx200", ["sim:bx200", "--suite-file", str(suite)]),
                       ("ssd370", ["sim:ssd370", "--suite-file", str(suite)]),
                       ("cdm", ["sim:vector180", "--suite", "cdm8", "--area", "256m",
                                "--scale", "0.05"])):
        out[name] = base / name
        subprocess.run(["ssdcore", "suite", *args, "--out", str(out[name]), "--no-progress"],
                       check=True, capture_output=True, timeout=300)
    cmp = base / "compare"
    subprocess.run(["ssdcore", "compare", *(str(out[k]) for k in ("bx200", "ssd370", "cdm")),
                    "--out", str(cmp)], check=True, capture_output=True, timeout=120)
    return out, cmp


def _figure(doc, key):
    fig = [f for f in doc["figures"] if f["key"] == key]
    assert len(fig) == 1, (key, [f["key"] for f in doc["figures"]])
    return fig[0]


def test_apps_cdm_and_file_tests_in_compare_json_and_csv(runs):
    out, cmp = runs
    doc = json.loads((cmp / "compare.json").read_text())
    head = {k: json.loads((out[k] / "results.json").read_text())["headline"] for k in out}
    order = ["bx200", "ssd370", "cdm"]
    # Each figure is the run's own headline number, or missing.
    score = _figure(doc, "apps_score_bps")
    assert score["values"][:2] == [pytest.approx(head[k]["apps_score_bps"]) for k in order[:2]]
    assert score["values"][2] is None
    assert "application score" in score["label"]
    excel = _figure(doc, "replays.pcm8-excel.bw_bps")
    assert excel["values"][0] == pytest.approx(head["bx200"]["replays"]["pcm8-excel"]["bw_bps"])
    assert excel["values"][2] is None
    assert not [f for f in doc["figures"] if f["key"].startswith("replays.files-")]
    copy = _figure(doc, "file_tests.files-iso.copy_s")
    assert copy["values"][1] == pytest.approx(head["ssd370"]["file_tests"]["files-iso"]["copy_s"])
    assert copy["values"][2] is None and "copy time" in copy["label"]
    # 4 GiB copies overrun the BX200's 2 GiB cache: slower than the SSD370.
    assert copy["values"][0] > 1.5 * copy["values"][1]
    cdm_keys = [f["key"] for f in doc["figures"] if f["key"].startswith("cdm.")]
    assert len(cdm_keys) == 8, cdm_keys  # four tests, read and write
    # CrystalDiskMark's test file is written first: a preparation, marked
    # in the headline, whose figures no view of the headline shows.
    prep = [k for k, c in head["cdm"]["write_curves"].items() if c.get("preparation")]
    assert prep and not [f for f in doc["figures"] if f"write_curves.{prep[0]}." in f["key"]]
    for key in cdm_keys:
        v = _figure(doc, key)["values"]
        assert v[:2] == [None, None]
        assert v[2] == pytest.approx(head["cdm"]["cdm"][key.split(".", 1)[1]])
    rows = list(csv.DictReader(open(cmp / "compare.csv")))
    miss = [r for r in rows if r["figure"] == "apps_score_bps" and r["drive"] == "OCZ Vector 180 240 GB"]
    assert miss[0]["value"] == "" and miss[0]["pct_vs_highlight"] == ""
    cdm_miss = [r for r in rows if r["figure"] == cdm_keys[0] and r["drive"] == "Crucial BX200 240 GB"]
    assert cdm_miss[0]["value"] == ""


def test_compare_page_shows_them_in_sections(runs, tmp_path):
    _, cmp = runs
    html = (cmp / "compare.html").read_text()
    ET.fromstring(html.replace("<!DOCTYPE html>", ""))
    for words in ("Application traces", "CrystalDiskMark (best of passes)", "File tests",
                  "application score (bytes / busy time)", "files-iso: copy time"):
        assert words in html, words
    # CrystalDiskMark's figures in its own unit, as the run's report shows them
    cdm_rows = re.findall(r"<th>((?:seq|rnd)[^< ]*-(?:read|write))</th><td[^>]*>([^<]*)</td>", html)
    assert len(cdm_rows) == 8 and {u for _, u in cdm_rows} == {"MB/s"}, cdm_rows
    got, console = probe(cmp / "compare.html", 1400, tmp_path)
    assert console == [], console
    assert got["charts"] >= 3 and got["empty"] == [], got
