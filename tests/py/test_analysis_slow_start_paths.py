"""A start slower than the cache (issue 21 item 2; docs/analysis.md, "A
slower start before a cache"): a ramp or a flat low-power start, then a
300-s SLC cache at 1200 MB/s, then a 4x drop. The CLI on the log and
ssdcore.analyze(DataFrame) give one verdict: a slow_start phase, then the
cache, sized without the start (within its stated uncertainty), then the
direct writes; the CLI text names the slow start. The C test
(tests/c/test_analysis_slow_start.c) holds the grid of lengths and levels."""
import json
import os
import subprocess

import numpy as np
import pytest

import ssdcore

pd = pytest.importorskip("pandas")


def curve(kind, lead_s, frac, noise, seed):
    rng = np.random.default_rng(seed)
    lead = (np.linspace(frac, 1, lead_s, endpoint=False) if kind == "ramp"
            else np.full(lead_s, frac)) * 1200e6
    r = np.concatenate([lead, np.full(300, 1200e6), np.full(900, 300e6)])
    r = r * np.exp(rng.normal(0, noise, len(r)))
    return np.arange(1, len(r) + 1, dtype=float), r, r[lead_s:lead_s + 300].sum()


def verdict(a):
    return ([(p["regime"], p["start_bytes"], p["end_bytes"]) for p in a["phases"]],
            a["cache"]["bytes"] if a["cache"] else None)


@pytest.mark.parametrize("kind,lead_s,frac,noise", [
    ("ramp", 60, 0.25, 0.03), ("ramp", 120, 0.4, 0.03), ("ramp", 30, 0.6, 0.0),
    ("flat", 60, 0.25, 0.03), ("flat", 10, 0.4, 0.03), ("flat", 120, 0.6, 0.06)])
def test_a_slow_start_is_its_own_phase_in_the_cli_and_python(tmp_path, kind, lead_s, frac,
                                                              noise):
    t, b, cache = curve(kind, lead_s, frac, noise, seed=lead_s)
    p = tmp_path / "s.csv"
    p.write_text("# ssdcore-series 1\nt_s,bytes\n" +
                 "".join(f"{x:.0f},{y:.0f}\n" for x, y in zip(t, b)))
    b = np.array([float(f"{y:.0f}") for y in b])  # what the CSV holds
    a = ssdcore.analyze(pd.DataFrame({"t_s": t, "bytes": b}))
    cli = os.path.join(os.environ.get("SSD_BUILD_DIR", "build"), "ssdcore")
    j = json.loads(subprocess.run([cli, "analyze", "--json", str(p)], capture_output=True,
                                  text=True, check=True).stdout)
    assert verdict(j) == verdict(a)
    assert [q["regime"] for q in a["phases"]] == ["slow_start", "cache", "direct"]
    assert abs(a["cache"]["bytes"] - cache) <= a["cache"]["uncertainty_bytes"] + 1e6
    text = subprocess.run([cli, "analyze", str(p)], capture_output=True, text=True,
                          check=True).stdout
    assert "slow start:" in text and "slow_start" in text


def test_the_plot_marks_the_cache_end_after_the_slow_start():
    """The cache's end is drawn where the drop is, in the bytes written:
    after the slow start and the cache, not at the cache's size."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    t, b, cache = curve("flat", 60, 0.25, 0.03, seed=1)
    a = ssdcore.analyze((t, b))
    lead = a["phases"][0]["end_bytes"]
    marks = [ln for ln in a.plot().get_lines() if "SLC cache" in str(ln.get_label())]
    assert len(marks) == 1 and "slow start" in marks[0].get_label()
    x = marks[0].get_xdata()[0] * 2**30
    assert abs(x - (lead + a["cache"]["bytes"])) < 1e6
    assert abs(x - b[:360].sum()) <= a["cache"]["uncertainty_bytes"] + 1e6
