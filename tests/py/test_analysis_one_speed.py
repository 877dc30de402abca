"""A run whose speed never drops and that writes less than any SLC cache
could hold tells nothing about a cache: CrystalDiskMark's 1 GiB test file on
the BX200 (2 GiB cache) was drawn as "phase: direct to TLC/MLC" with "after
the cache 490 MiB/s" in report.html, and "no cache; level ..." in Python.
The analysis now says so in its regime_note, and every reader shows it."""
import json
import re
import subprocess

import numpy as np
import pytest

import ssdcore

GIB = 2 ** 30
MIB = 2 ** 20
NEVER_DROPPED = "the speed never dropped"


def flat(total_bytes, mibps=500.0, interval=0.1, seed=1):
    """A run at one speed with 2 % noise: (t_s, bytes)."""
    n = int(total_bytes / (mibps * MIB * interval))
    rng = np.random.default_rng(seed)
    b = mibps * MIB * interval * (1 + 0.02 * rng.standard_normal(n))
    return np.arange(1, n + 1) * interval, b


def cached(cache_bytes, fast=500.0, slow=80.0, total_bytes=None, interval=0.1):
    """A cache at `fast` MiB/s, then `slow` MiB/s to total_bytes."""
    t1, b1 = flat(cache_bytes, fast, interval)
    t2, b2 = flat((total_bytes or 4 * cache_bytes) - cache_bytes, slow, interval, seed=2)
    return np.concatenate((t1, t1[-1] + t2)), np.concatenate((b1, b2))


def test_short_flat_run_says_it_cannot_tell():
    a = ssdcore.analyze(flat(1 * GIB), capacity_bytes=240 * 10 ** 9)
    assert a.cache_bytes is None and a.gc_start_bytes is None
    assert [p["regime"] for p in a.phases] == ["direct"]  # the contract's word, with the note
    assert a.regime_note.startswith(NEVER_DROPPED)
    assert "64% of the capacity" in a.regime_note
    assert a.summary()["regime_note"].iloc[0] == a.regime_note
    text = repr(a)
    assert "no cache found; first level" in text and "note: " + NEVER_DROPPED in text


def test_unknown_capacity_says_no_length_rules_a_cache_out():
    a = ssdcore.analyze(flat(1 * GIB))
    assert a.capacity_bytes is None
    assert a.regime_note.startswith(NEVER_DROPPED) and "capacity is unknown" in a.regime_note


def test_flat_run_past_any_cache_is_no_cache():
    # 7 GiB flat on a 10 GiB drive: a cache would have to hold 70 % of it.
    a = ssdcore.analyze(flat(7 * GIB), capacity_bytes=10 * GIB)
    assert a.cache_bytes is None
    assert a.regime_note is None


def test_a_cache_and_its_drop_need_no_note_on_a_drive_of_known_past():
    a = ssdcore.analyze(cached(2 * GIB), capacity_bytes=240 * 10 ** 9, precondition="none")
    written_fast = flat(2 * GIB)[1].sum()  # whole samples: 1.95 GiB
    assert a.cache_bytes == pytest.approx(written_fast, rel=0.02)
    assert a.regime_note is None
    # of unknown past, the same curve may be a used drive's clean blocks
    # (tests/py/test_analysis_unknown_past.py): the verdict stays, with a note
    b = ssdcore.analyze(cached(2 * GIB), capacity_bytes=240 * 10 ** 9)
    assert b.cache_bytes == a.cache_bytes
    assert b.regime_note.startswith("what was written to the drive before this run is not known")


def test_cli_text_and_json(tmp_path):
    t, b = flat(1 * GIB)
    csv = tmp_path / "flat.csv"
    meta = {"capacity_bytes": 240 * 10 ** 9}
    csv.write_text("# ssdcore-series 1\n# " + json.dumps(meta) + "\nt_s,bytes\n"
                   + "".join(f"{x:.3f},{int(y)}\n" for x, y in zip(t, b)))
    d = json.loads(subprocess.run(["ssdcore", "analyze", str(csv), "--json"], check=True,
                                  capture_output=True, text=True).stdout)
    assert d["regime_note"].startswith(NEVER_DROPPED) and d["cache"] is None
    out = subprocess.run(["ssdcore", "analyze", str(csv)], check=True, capture_output=True,
                         text=True).stdout
    assert "first level:" in out and "post-cache:" not in out
    assert "note:        " + NEVER_DROPPED in out


def test_report_of_a_cdm_prepare_inside_the_cache(tmp_path):
    out = tmp_path / "cdm"
    subprocess.run(["ssdcore", "suite", "sim:bx200", "--suite", "cdm5", "--out", str(out),
                    "--no-progress"], check=True, capture_output=True)
    html = (out / "report.html").read_text()
    assert "one speed throughout: an SLC cache or direct writes" in html
    assert "direct to TLC/MLC" not in html
    # The model's side: the whole 1 GiB fitted in its cache, which is not "-",
    # at a level the analysis' one speed matches.
    assert "<td class=\"n\">≥ 1.000 (never filled)</td>" in html
    row = re.search(r'one speed throughout, MiB/s</th><td class="n">([\d.]+)</td>'
                    r'<td class="n">([\d.]+)</td>', html)
    assert row and float(row.group(1)) == pytest.approx(float(row.group(2)), rel=0.03)


def test_plot_names_the_guess():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    short = ssdcore.analyze(flat(1 * GIB), capacity_bytes=240 * 10 ** 9)
    labels = [x.get_text() for x in short.plot().texts]
    assert "cache or direct" in labels and "direct" not in labels
    plt.close("all")
    long = ssdcore.analyze(cached(2 * GIB), capacity_bytes=240 * 10 ** 9)
    labels = [x.get_text() for x in long.plot().texts]
    assert "direct" in labels and "cache or direct" not in labels
    plt.close("all")
