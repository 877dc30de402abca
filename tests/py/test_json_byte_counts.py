"""Byte counts are whole numbers in every JSON the analysis, the simulator's
truth and a suite's write curves give (issue #22): a job's analysis says
exactly how many bytes the job wrote, not 10 significant digits of it."""
import json
import pathlib
import subprocess

import ssdcore

SAMPLE = pathlib.Path(__file__).resolve().parents[1] / "data" / "results" / "quick-bx200"


def byte_figures(d, path=""):
    """(path, value) of every number whose key ends in "bytes", at any depth
    (a write curve's "state" names each figure's state in words)."""
    if isinstance(d, dict):
        for k, v in d.items():
            if k.endswith("bytes") and isinstance(v, (int, float)):
                yield f"{path}.{k}", v
            yield from byte_figures(v, f"{path}.{k}")
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield from byte_figures(v, f"{path}[{i}]")


def assert_whole(d, at_least):
    figures = list(byte_figures(d))
    assert len(figures) >= at_least, figures
    odd = [(p, v) for p, v in figures if type(v) is not int]
    assert not odd, odd


def test_analysis_total_bytes_is_the_jobs_exact_count_and_every_byte_figure_whole(tmp_path, cli):
    log = tmp_path / "bx200.csv"
    job = subprocess.run([cli, "job", "sim:bx200", "--pattern", "write", "--bs", "128k", "--qd",
                          "32", "--time", "20m", "--log", str(log), "--json", "--no-progress"],
                         check=True, capture_output=True, text=True)
    written = json.loads(job.stdout)["bytes"]
    assert written % 131072 == 0
    p = subprocess.run([cli, "analyze", str(log), "--json"], check=True, capture_output=True,
                       text=True)
    a = json.loads(p.stdout)
    assert a["total_bytes"] == written and type(a["total_bytes"]) is int
    # The cache's end is interpolated between samples: the nearest byte.
    assert a["cache"] is not None
    assert_whole(a, at_least=8)
    assert ssdcore.analyze(str(log))["total_bytes"] == written


def test_sim_truth_byte_figures_are_whole_after_a_job():
    with ssdcore.SimTarget("sim:bx200") as t:
        ssdcore.job(t, pattern="write", bs=131072, qd=32, time="20m", interval=1)
        truth = ssdcore.sim.truth(t)
        assert_whole(truth, at_least=12)
    for p in ssdcore.sim.profiles():
        assert_whole(p["derived"], at_least=4)


def test_suite_write_curves_and_analyses_give_whole_bytes(tmp_path):
    res = ssdcore.report(SAMPLE, out=tmp_path / "r.html")  # analyses recomputed from the CSVs
    assert_whole(res["headline"]["write_curves"], at_least=3)
    analysed = [s["analysis"] for s in res["steps"] if s.get("analysis")]
    assert analysed
    for a in analysed:
        assert_whole(a, at_least=3)
    # The analysis beside the simulator's truth: both whole for a byte figure.
    pairs = [(k, x) for s in res["steps"] for k, v in (s.get("truth_vs_analysis") or {}).items()
             if k.endswith("_bytes") for x in (v["analysis"], v["truth"]) if x is not None]
    assert len(pairs) >= 2 and all(type(x) is int for _, x in pairs), pairs
