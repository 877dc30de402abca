"""The report and compare pages in a real browser (headless Chromium): no
console errors, every chart has data, legends toggle, no sideways scrolling
and readable chart text on a 400 px phone. Screenshots at 1400 and 400 px
are kept under build/browser/ (CI keeps them as artifacts)."""
import os
import pathlib

import pytest

import ssdcore
from browser_helpers import probe, screenshot

SHOTS = pathlib.Path(os.environ.get("SSD_BUILD_DIR", pathlib.Path(__file__).parents[2] / "build"))
SHOTS = SHOTS / "browser"


@pytest.fixture(scope="module")
def pages(sim_runs, tmp_path_factory):
    base = tmp_path_factory.mktemp("pages")
    runs = {name: sim_runs.path(target, suite)
            for name, target, suite in (("lab2016", "sim:bx200", "lab2016"),
                                        ("ssd370", "sim:ssd370", "lab2016"),
                                        ("fill2021", "sim:mp44l-1tb", "fill2021"),
                                        ("s660", "sim:s660-2tb", "fill2021"))}
    ssdcore.compare([runs[k] for k in ("lab2016", "ssd370", "fill2021", "s660")],
                    out=base / "compare", highlight=3)
    return {"lab2016": runs["lab2016"] / "report.html",
            "fill2021": runs["fill2021"] / "report.html",
            "compare": base / "compare" / "compare.html"}


@pytest.mark.parametrize("name", ["lab2016", "fill2021", "compare"])
@pytest.mark.parametrize("width", [1400, 400])
def test_page_renders_with_data_and_no_errors(pages, name, width, tmp_path):
    got, console = probe(pages[name], width, tmp_path)
    assert console == [], console
    assert got["charts"] >= (3 if name != "fill2021" else 1), got
    assert got["empty"] == [], f"charts without data: {got['empty']}"
    assert got["toggled"] is True  # a legend entry hides its marks
    # No sideways scrolling of the page, chart text still readable.
    assert got["scrollWidth"] <= got["innerWidth"] + 1, got
    assert got["minFontPx"] >= (7 if width == 400 else 10), got
    shot = SHOTS / f"{name}-{width}.png"
    assert screenshot(pages[name], width, shot) == []


def test_the_probe_catches_errors_and_empty_charts(tmp_path):
    """The checks above can fail: a page with a script error and an empty
    chart is caught."""
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><html><body><svg class="chart" viewBox="0 0 100 50">'
                   '<rect width="100" height="50" fill="#fff"/></svg>'
                   '<script>undefinedFunction();</script></body></html>')
    got, console = probe(bad, 1400, tmp_path)
    assert got["charts"] == 1 and got["empty"] == [0]
    assert any("undefinedFunction" in c for c in console)
