"""The suite runner on simulated drives: the results directory's figures
agree with the jobs, the analyses and the simulator's ground truth, and the
built-in suites reproduce the reviews' headline figures."""
import json
import re
import subprocess

import pytest

import ssdcore
from suite_helpers import (GIB, MIB, csv_rows, load, run_suite_text, step, steps,
                           summary_and_report, svg_count)


def test_quick_suite_results_agree_with_jobs_analysis_and_truth(tmp_path):
    out = tmp_path / "quick"
    res = ssdcore.suite("sim:bx200", out, suite="quick")
    assert res == load(out)  # what Python returns is results.json
    assert res["schema"] == "ssdcore-results/1"
    assert res["complete"] is True and res["interrupted"] is False and res["error"] is None
    assert res["target"]["uri"] == "sim:bx200" and res["target"]["kind"] == "sim"
    assert res["host"]["hostname"] and res["host"]["kernel"] and res["host"]["cpu"]
    assert res["tool"].startswith("ssdcore ") and res["started"] and res["finished"]
    assert len(res["steps"]) == res["steps_total"]

    for s in steps(res, "job"):
        r = s["results"]
        assert s["summary"]["bw_bps"] == pytest.approx(r["bw_bps"], rel=1e-9)
        assert s["summary"]["iops"] == pytest.approx(r["iops"], rel=1e-9)
        assert r["workload"]["pattern"] == s["params"]["pattern"]
        lat = r["write" if r["write"]["ios"] else "read"]["lat_ns"]
        assert lat["p99"] > 0
    hl = res["headline"]
    assert hl["seq_read_bps"] == step(res, "seq-read")["results"]["bw_bps"]
    assert hl["rand4k_write_qd4_iops"] == step(res, "rand4k-write-qd4")["results"]["iops"]
    assert hl["mixed_random_80_bps"] == step(res, "mixed-rand-80")["results"]["bw_bps"]

    # One CSV per logged job, holding every sample the job took.
    logged = [s for s in steps(res, "job") if s["log"]]
    assert {s["log"] for s in logged} == {"degradation.csv", "recovery-idle.csv"}
    assert sorted(p.name for p in out.glob("*.csv")) == sorted(s["log"] for s in logged)
    for s in logged:
        _, rows = csv_rows(out / s["log"])
        assert len(rows) == s["results"]["samples"]
        assert sum(int(r[1]) for r in rows) == s["results"]["bytes"]

    # The stored analysis is what analysing the CSV again gives, and the
    # cache it finds is the simulator's to within a few per cent.
    degr = step(res, "analyze-degradation")
    again = ssdcore.analyze(out / "degradation.csv")
    assert degr["analysis"]["cache"]["bytes"] == again["cache"]["bytes"]
    truth = degr["sim_truth"]
    assert degr["analysis"]["cache"]["bytes"] == pytest.approx(truth["cache_full_at_bytes"],
                                                               rel=0.03)
    assert degr["analysis"]["post_cache_bps"] == pytest.approx(truth["post_cache_mean_bps"],
                                                               rel=0.05)
    tva = degr["truth_vs_analysis"]["cache_bytes"]
    assert tva["truth"] == truth["cache_full_at_bytes"]
    # Like with like: the analysis' level (a median of its samples) beside
    # the model's (a median of its whole intervals), mean beside mean,
    # within the stated uncertainty; the used state's start beside the model's.
    tva = degr["truth_vs_analysis"]
    for k, tk in (("post_cache_bps", "post_cache_level_bps"), ("cache_level_bps", "cache_level_bps")):
        pair = tva[k]
        assert pair["truth"] == truth[tk]
        assert pair["uncertainty_bps"] == pytest.approx(0.05 * pair["truth"])
        assert abs(pair["analysis"] - pair["truth"]) <= pair["uncertainty_bps"], k
    assert tva["post_cache_bps"]["analysis"] == pytest.approx(degr["analysis"]["post_cache_bps"])
    assert tva["post_cache_mean_bps"]["truth"] == truth["post_cache_mean_bps"]
    assert "gc_start_bytes" in tva and "gc_level_bps" in tva
    rec = step(res, "analyze-recovery-idle")
    assert rec["reference"] == "degradation.csv"
    assert rec["analysis"]["recovery"]["recovered_bytes"] == pytest.approx(
        rec["sim_truth"]["cache_full_at_bytes"], rel=0.05)
    assert hl["write_curves"]["degradation"]["cache_bytes"] == pytest.approx(
        degr["analysis"]["cache"]["bytes"], rel=1e-9)

    assert svg_count(out / "report.html") >= 3  # two write curves and the cache zoom
    html = (out / "report.html").read_text()
    # One small inline script (legend toggles, read-outs), nothing fetched.
    assert "degradation" in html and "SLC cache" in html and "<script src" not in html
    assert html.count("<script") == 1
    assert "http" not in html.replace("http://www.w3.org/", "")  # no external assets


@pytest.mark.parametrize("suite, length, points", [("lab2016-30s", 30, [0, 20, 40, 60, 80, 100]),
                                                   ("lab2016-40s", 30, [0, 20, 40, 60, 80, 100]),
                                                   ("lab2016-10pct", 180, list(range(0, 101, 10)))])
def test_lab2016_variants_follow_seeds_002_and_001(cli, suite, length, points):
    """Seed 002 runs the random, QD, block-size and mixed tests for 30 s;
    seed 001 steps the mixed read share by 10 %. Sequential tests stay 1 min."""
    r = subprocess.run([cli, "suite", "sim:bx200", "--list", "--suite", suite],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    jobs = [ln for ln in r.stdout.splitlines() if "job name=" in ln and "group=prepare" not in ln
            and "name=precondition" not in ln]
    for ln in jobs:
        if "name=seq-" in ln:
            assert "time=1m" in ln
        elif "name=degradation" not in ln and "name=recovery" not in ln:
            assert f"time={length}s" in ln or f"time={length // 60}m" in ln, ln
    mixed = [int(ln.split("read_pct=")[1].split()[0]) for ln in jobs if "group=mixed-rand" in ln]
    assert mixed == points


def test_lab2016_on_bx200_reproduces_the_review(sim_runs):
    """Seed 000: cache about 2 GB, then a 6-7x drop to about 50 MB/s; a 2 h
    run writes just over 300 GB; idle GC gives fast writes back."""
    res = sim_runs.suite("sim:bx200", "lab2016")
    out = sim_runs.path("sim:bx200", "lab2016")
    assert res["complete"] is True
    area = 32 * GIB
    trims = steps(res, "trim")
    assert any(t["length"] == area for t in trims)
    assert all(i["idle_s"] == 900 for i in steps(res, "idle"))
    tests = [s for s in steps(res, "job") if s["name"] != "precondition"
             and not s["name"].startswith("prepare") and s["name"] not in
             ("degradation", "recovery-idle", "recovery-trim")]
    # The reviews' lengths: sequential tests 1 minute, every other 3 minutes.
    for s in tests:
        want = 60 if s["name"] in ("seq-read", "seq-write") else 180
        assert s["results"]["runtime_s"] == pytest.approx(want), s["name"]
    assert all(s["results"]["workload"]["span"] == area for s in tests)
    # Every test is preceded by a 15-minute idle; writing tests by a TRIM.
    names = [s["name"] for s in res["steps"]]
    for s in tests:
        i = names.index(s["name"])
        assert names[i - 1] == "idle"
        if s["params"]["pattern"] not in ("read", "randread"):
            assert "trim" in names[i - 3:i]
    for g, n in (("qd-randread", 6), ("qd-randwrite", 6), ("bs-randread", 10),
                 ("bs-randwrite", 10), ("mixed-seq", 6), ("mixed-rand", 6)):
        pts = sorted(s["x"] for s in tests if s["group"] == g)
        assert len(pts) == n, g
    assert [s["x"] for s in tests if s["group"] == "mixed-rand"] == [0, 20, 40, 60, 80, 100]

    hl = res["headline"]
    mixed = [s["results"]["bw_bps"] for s in tests if s["group"] == "mixed-rand"]
    assert hl["mixed_random_mean_bps"] == pytest.approx(sum(mixed) / 6)
    d = hl["write_curves"]["degradation"]
    assert 1.8 * GIB < d["cache_bytes"] < 2.2 * GIB
    assert 45 * MIB < d["post_cache_bps"] < 56 * MIB
    assert 6 < d["cache_level_bps"] / d["post_cache_bps"] < 7.5
    assert 280e9 < d["total_bytes"] < 360e9
    deg = step(res, "degradation")
    assert deg["results"]["samples"] == 7200 and deg["results"]["workload"]["interval_s"] == 1
    ri = hl["write_curves"]["recovery-idle"]["recovered_bytes"]
    rt = hl["write_curves"]["recovery-trim"]["recovered_bytes"]
    assert ri > 0.5 * GIB and rt > 0.5 * GIB
    truth = step(res, "analyze-recovery-idle")["sim_truth"]
    assert ri == pytest.approx(truth["cache_full_at_bytes"], rel=0.05)
    assert svg_count(out / "report.html") >= 7
    # The later drop of the 2 h run is where the drive became GC-bound.
    later = step(res, "analyze-degradation")["truth_vs_analysis"]["later_drop_bytes"]
    assert later["analysis"] == pytest.approx(later["truth"], rel=0.02)


def test_fill2021_finds_three_segments_and_the_fill_time(tmp_path):
    """Seed 003, Team MP44L 1 TB: cache, direct to TLC at 1.34 GB/s, then
    folding at about 0.5 GB/s."""
    out = tmp_path / "fill"
    res = ssdcore.suite("sim:mp44l-1tb", out, suite="fill2021")
    fill = step(res, "fill")
    size = res["target"]["size_bytes"]
    # One pass over the drive (the sim may round the last I/O up to a block).
    assert abs(fill["results"]["bytes"] - size) <= 128 * 1024
    hl = res["headline"]
    assert hl["fill_time_s"] == fill["results"]["runtime_s"]
    c = hl["write_curves"]["fill"]
    truth = step(res, "analyze-fill")["sim_truth"]
    assert c["cache_bytes"] == pytest.approx(truth["cache_full_at_bytes"], rel=0.03)
    assert c["post_cache_bps"] == pytest.approx(1.34e9 / 1.024 ** 2 * 1.024 ** 2, rel=0.1)
    assert c["folding_level_bps"] == pytest.approx(0.5 * 1024 ** 3, rel=0.15)
    assert c["folding_start_bytes"] == pytest.approx(truth["folding_start_bytes"], rel=0.03)
    _, rows = csv_rows(out / "fill.csv")
    ts = [float(r[0]) for r in rows]
    assert all(b > a for a, b in zip(ts, ts[1:]))


def test_fill2021_s660_takes_1_6_times_the_mp44l(tmp_path):
    """Seed 003: the 2 TB model's whole fill is only 1.6x the 1 TB one's."""
    a = ssdcore.suite("sim:mp44l-1tb", tmp_path / "a", suite="fill2021", report=False)
    b = ssdcore.suite("sim:s660-2tb", tmp_path / "b", suite="fill2021", report=False)
    assert not (tmp_path / "a" / "report.html").exists()
    ratio = b["headline"]["fill_time_s"] / a["headline"]["fill_time_s"]
    assert 1.4 < ratio < 1.8


def test_cli_prints_headline_and_report_path(cli, tmp_path):
    out = tmp_path / "cli"
    r = subprocess.run([cli, "suite", "sim:bx200", "--out", str(out)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert "SLC cache 2.0" in r.stdout and str(out / "report.html") in r.stdout
    r = subprocess.run([cli, "suite", "sim:bx200", "--out", str(out), "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0 and json.loads(r.stdout)["schema"] == "ssdcore-results/1"
    r = subprocess.run([cli, "suite", "sim:bx200", "--list", "--suite", "lab2016"],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "log=degradation" in r.stdout


def test_scale_shortens_jobs_intervals_and_idles_in_virtual_time(tmp_path):
    res = ssdcore.suite("sim:bx200", tmp_path / "s", suite="quick", scale=0.1)
    assert step(res, "seq-read")["results"]["runtime_s"] == pytest.approx(0.5)
    deg = step(res, "degradation")["results"]
    assert deg["runtime_s"] == pytest.approx(12) and deg["workload"]["interval_s"] == 0.1
    assert {i["idle_s"] for i in steps(res, "idle")} == {1, 6}


@pytest.mark.parametrize("profile,review_gib", [("as510s", 1.4), ("vector180", 10.0),
                                                ("bx200", 2.0), ("ssd370", 2.7)])
def test_lab2016_gc_recovery_matches_the_review_and_the_truth(cli, sim_runs, tmp_path, profile,
                                                             review_gib):
    """Seeds 002 and 004: 15 minutes of idle give back 1.4 GB (AS510S) and
    10 GB (Vector 180) of fast writes; the truth is the room the drive had.
    The drive was written full by the 2-hour test before, so once that room
    is used up the run is in the used state a few GiB in: the analysis is
    told what was written since TRIM and finds it where the model has it."""
    res = sim_runs.suite(f"sim:{profile}", "lab2016")
    an = step(res, "analyze-recovery-idle")
    cmp = an["truth_vs_analysis"]["recovered_bytes"]
    assert cmp["truth"] == step(res, "recovery-idle")["sim_fast_room_before_bytes"]
    assert cmp["analysis"] == pytest.approx(cmp["truth"], rel=0.1)
    assert cmp["analysis"] == pytest.approx(review_gib * GIB, rel=0.1)
    written = step(res, "degradation")["results"]["write"]["bytes"]
    assert an["analysis"]["written_before_bytes"] == written
    gc = an["truth_vs_analysis"]["gc_start_bytes"]
    assert gc["truth"] < 0.9 * an["analysis"]["total_bytes"]
    assert gc["analysis"] == pytest.approx(gc["truth"], rel=0.05)
    # One used state to the end: climbing out of a dip inside it is no
    # recovery (BX200: 23, then 12.5, then 24 MiB/s were gc, other, other).
    assert an["analysis"]["phases"][-1]["regime"] == "gc"
    # After a TRIM nothing counts as written, and no used state is found.
    trimmed = step(res, "analyze-recovery-trim")["analysis"]
    assert trimmed["written_before_bytes"] == 0 and trimmed["gc"] is None
    run = sim_runs.path(f"sim:{profile}", "lab2016")
    summary = subprocess.run([cli, "report", str(run), "--summary", "--out",
                              str(tmp_path / "report.html")],
                             capture_output=True, text=True, check=True).stdout
    assert "recovery-idle:" in summary and "MISMATCH" not in summary


def test_a_used_state_the_analysis_misses_is_flagged(cli, tmp_path):
    """The truth check covers recovery runs too: told nothing was written
    before (written_before_bytes=0 on the step), the analysis finds no used
    state in BX200's recovery run, where the model entered it at 4 GiB, and
    the text and the report say so."""
    res, out = run_suite_text(
        "sim:bx200", tmp_path,
        "trim\n"
        "job name=degradation pattern=randwrite bs=4k qd=32 time=2h interval=1s log=degradation\n"
        "idle 15m\n"
        "job name=recovery-idle pattern=randwrite bs=4k qd=32 time=5m interval=1s "
        "log=recovery-idle\n"
        "analyze recovery-idle reference=degradation written_before_bytes=0\n")
    an = step(res, "analyze-recovery-idle")
    assert an["analysis"]["gc"] is None
    assert an["truth_vs_analysis"]["gc_start_bytes"]["truth"] == pytest.approx(4.0 * GIB, rel=0.05)
    summary, html = summary_and_report(cli, out)
    assert "MISMATCH with the sim truth: no used state found, model from 4.0 GiB" in summary
    assert "Mismatch with the sim truth:</b> no used state found, model from 4.0 GiB" in html


def test_a_run_without_a_drop_says_no_cache_only_when_one_would_show(sim_runs, tmp_path):
    """CrystalDiskMark's 1 GiB test file on BX200 (2 GiB cache) and Vector
    180's 94 GiB after TRIM (120 GiB cache) never drop: that is no proof of
    no cache, and the words used to say "no SLC cache". A whole-drive fill
    of the SSD370 without a drop is (no cache holds 0.64 of the capacity)."""
    cdm = ssdcore.suite("sim:bx200", tmp_path / "cdm", suite="cdm5", report=False)
    words = cdm["headline"]["write_curves"]["cdm-prepare"]["in_words"]
    assert words.startswith("no drop in 1.00 GiB: ") and "no SLC cache" not in words
    lab = sim_runs.suite("sim:vector180", "lab2016")
    words = lab["headline"]["write_curves"]["recovery-trim"]["in_words"]
    assert words.startswith("no drop in 94.") and "no SLC cache" not in words
    # The same dips in two phases of one regime are one phrase (SSD370's
    # run after TRIM said "periodic dips every 20 s to 43% (direct)" twice).
    ssd370 = sim_runs.suite("sim:ssd370", "lab2016")
    words = ssd370["headline"]["write_curves"]["recovery-trim"]["in_words"]
    phases = [s for s in ssd370["steps"] if s["name"] == "analyze-recovery-trim"][0]
    assert sum(p["dips"] is not None for p in phases["analysis"]["phases"]) == 2
    assert words.count("periodic dips every 20 s") == 1
    fill = ssdcore.suite("sim:ssd370", tmp_path / "fill", suite="fill2021", report=False)
    assert fill["headline"]["write_curves"]["fill"]["in_words"].startswith("no SLC cache; ")


def test_a_purged_then_filled_drives_onset_says_since_trim_or_purge(tmp_path):
    """written_before counts from the last whole-drive TRIM or purge (both
    reset it; the metadata does not say which): after a purge and a fill,
    the onset's share of the capacity must not claim a TRIM."""
    suite = tmp_path / "p.suite"
    suite.write_text("purge\nprecondition kind=seq_fill loops=1\n"
                     "job name=w pattern=randwrite bs=4k qd=32 bytes=96g interval=1s log=w\n"
                     "analyze w\n")
    text = subprocess.run(["ssdcore", "suite",
                           "sim:mp44l-1tb,capacity_gb=64,slc_type=none,slc_gb=0,op_pct=12",
                           "--suite-file", str(suite), "--out", str(tmp_path / "r")],
                          check=True, capture_output=True, text=True).stdout
    assert "x the capacity since TRIM or purge)" in text, text
    # the share counts what was written before the run, and says how much:
    # "until 15.0 GiB (2.06x the capacity ...)" read as if 15 GiB were twice
    # the capacity (the round-22 audit)
    m = re.search(r"(?:from|until) ([\d.]+) GiB \(with the ([\d.]+) GiB written before this run, "
                  r"([\d.]+)x the capacity since TRIM or purge\)", text)
    assert m, text
    at, before, share = (float(g) for g in m.groups())
    capacity = 64e9 / 2 ** 30
    assert share == pytest.approx((at + before) / capacity, abs=0.01)
    assert before == pytest.approx(capacity, rel=0.01)  # the fill wrote it once


def test_a_used_state_from_the_first_byte_is_within_a_sample_of_the_model(cli, tmp_path):
    """A whole-drive run right after an 8 GiB one on an SSD370 written full:
    the first run used the clean blocks, so the model is in its used state
    from byte 0, and the analysis places it after its first sample (13 MB
    at 12.5 MiB/s, then 7 MiB/s). Both say the used state starts at the
    run's start, but 5 % of 0 bytes is 0, so the truth check said
    "MISMATCH with the sim truth: used state from 0.0 GiB, model 0.0 GiB"
    (then, past that, compared the one fast sample with the model's level
    after a cache it never had). A position is judged within a sample of
    the boundary, and with nothing between the model's cache (none here)
    and its used state there is no level after the cache to compare."""
    res, out = run_suite_text(
        "sim:ssd370", tmp_path,
        "precondition kind=seq_fill loops=1\n"
        "job name=small pattern=randwrite bs=4k qd=32 span=8g time=20m interval=1s\n"
        "job name=whole pattern=randwrite bs=4k qd=32 time=20m interval=1s log=whole\n"
        "analyze whole\n")
    gc = step(res, "analyze-whole")["truth_vs_analysis"]["gc_start_bytes"]
    assert gc["truth"] == 0 and 0 < gc["analysis"] < 32 * MIB, gc
    summary, html = summary_and_report(cli, out)
    assert "whole:" in summary and "MISMATCH" not in summary, summary
    assert "Mismatch with the sim truth" not in html
