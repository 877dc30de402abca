"""#24: results.json's headline says what each write-curve figure is, so a
reader (and compare) tells "no cache" from "not tested" and a lower bound
from an exact figure: state = measured | none | not_measured | lower_bound
| upper_bound per figure."""
import json
import re
import subprocess

import pytest

import ssdcore

STATES = {"measured", "none", "not_measured", "lower_bound", "upper_bound"}


def _head(tmp_path, target):
    ssdcore.suite(target, tmp_path / "r", suite="quick", report=False)
    return json.loads((tmp_path / "r" / "results.json").read_text())["headline"]


def test_a_drive_without_cache_says_none(sim_runs):
    # The 2-hour run wrote past any cache the SSD370 could have: "none" is
    # measured.
    head = json.loads((sim_runs.path("sim:ssd370", "lab2016") / "results.json").read_text())
    curve = head["headline"]["write_curves"]["degradation"]
    st = curve["state"]
    assert set(st.values()) <= STATES
    assert curve["cache_bytes"] is None and st["cache_bytes"] == "none"
    assert st["cache_level_bps"] == "none"
    assert curve["total_bytes"] > 0 and st["total_bytes"] == "measured"
    # Every number the curve has carries a state, and a null is never "measured".
    for k, v in curve.items():
        if k.endswith(("_bytes", "_bps", "_s", "_gib")) and k in st:
            assert (v is not None) == (st[k] in ("measured", "lower_bound", "upper_bound")), k


def test_a_cache_that_was_seen_is_measured(tmp_path):
    curve = _head(tmp_path, "sim:bx200")["write_curves"]["degradation"]
    assert curve["cache_bytes"] > 1 << 30 and curve["state"]["cache_bytes"] == "measured"
    # The reference curve names its recovery.
    rec = _head(tmp_path / "x", "sim:bx200")["write_curves"]["recovery-idle"]
    assert rec["state"]["recovered_bytes"] in ("measured", "lower_bound", "none")
    if rec["recovery_censored"] == "right":
        assert rec["state"]["recovered_bytes"] == "lower_bound"


@pytest.mark.slow
def test_a_run_that_never_slowed_cannot_say_none(tmp_path, sim_runs):
    """A run whose speed never dropped and that wrote less than any cache
    holds cannot tell a cache from none: its cache and its one level are
    not measured, never "none" nor "speed after the cache" (Vector 180's
    94 GiB after a TRIM read "no cache" beside its 120 GiB cache)."""
    # The quick run's 2 minutes write 33 GiB of the SSD370's 256 GB.
    curve = _head(tmp_path, "sim:ssd370")["write_curves"]["degradation"]
    st = curve["state"]
    assert "no drop in" in curve["in_words"]
    for k in ("cache_bytes", "cache_level_bps", "post_cache_bps"):
        assert st[k] == "not_measured" and curve[k] is None, k
    assert st["mean_bps"] == "measured" and curve["mean_bps"] > 0
    assert st["gc_start_bytes"] == "none"  # no used state in this run: that it can tell
    head = json.loads((sim_runs.path("sim:vector180", "lab2016") / "results.json").read_text())
    trim = head["headline"]["write_curves"]["recovery-trim"]
    assert trim["state"]["cache_bytes"] == "not_measured"
    assert trim["state"]["post_cache_bps"] == "not_measured"
    assert trim["state"]["recovered_bytes"] == "lower_bound"


def test_a_run_that_never_slowed_says_it_cannot_tell(sim_runs, cli, tmp_path):
    """The SSD370's quick run wrote 30.7 GiB at one speed: its cache is not
    measured because nothing tells a cache from none, not because the test
    was not run. The compare's summary (page and CLI text), its bars and its
    table of every figure, and the run's own headline say what is true
    ("cannot tell: no drop in 30.7 GiB"); they said "not in this run"."""
    bx, ssd = sim_runs.path("sim:bx200", "quick"), sim_runs.path("sim:ssd370", "quick")
    out = tmp_path / "cmp"
    text = subprocess.run([str(cli), "compare", str(bx), str(ssd), "--out", str(out)],
                          capture_output=True, text=True, check=True).stdout
    said = text[text.index("Transcend SSD370 256 GB"):]
    for head in ("cache", "after the cache"):
        cell = re.search(rf"^  {head} +(.*)$", said, re.M).group(1)
        assert re.fullmatch(r"cannot tell: no drop in 30\.\d GiB", cell), (head, cell)
    html = (out / "compare.html").read_text()
    row = re.search(r"<tr><th><i [^>]*></i><a [^>]*>Transcend SSD370 256 GB</a>.*?</tr>",
                    html).group(0)
    cells = dict(re.findall(r'<td data-label="([^"]+)"[^>]*>([^<]*)</td>', row))
    assert cells["cache"] == cells["after the cache"] == cell
    assert cells["recovered after TRIM"] == "not in this run"  # that one was not run
    bars = html[html.index("<figcaption>degradation: SLC cache, GiB"):]
    bars = bars[:bars.index("</figure>")]
    assert f"Transcend SSD370 256 GB: {cell}" in bars and "not in this run" not in bars
    table = html[html.index('id="every-figure"'):]
    assert f">{cell}</td>" in table
    # A run without the curve at all is still "not in this run".
    other = ssdcore.compare([sim_runs.path("sim:bx200", "cdm8"), ssd]).text
    assert re.search(r"^  cache +not in this run$", other[:other.index("Transcend")], re.M)
    # The run's own headline (report and text summary read the same rows).
    report = ssdcore.report(ssd, out=tmp_path / "report.html")
    page = (tmp_path / "report.html").read_text()
    assert f'<tr><th>degradation: SLC cache</th><td colspan="2">{cell}</td>' in page
    assert report["headline"]["write_curves"]["degradation"]["state"]["cache_bytes"] == \
        "not_measured"
