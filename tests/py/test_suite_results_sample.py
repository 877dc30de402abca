"""The checked-in results directory (tests/data/results/quick-bx200, schema
ssdcore-results/1) loads through the public loader with meaningful content:
readers must always parse every results version that was ever written."""
import json
import math
import pathlib
import subprocess

import pytest

import ssdcore
from suite_helpers import step, steps, svg_count

SAMPLE = pathlib.Path(__file__).resolve().parents[1] / "data" / "results" / "quick-bx200"


def test_the_sample_loads_with_the_figures_it_stores(tmp_path):
    stored = json.loads((SAMPLE / "results.json").read_text())
    res = ssdcore.report(SAMPLE, out=tmp_path / "r.html")  # no warning: every CSV is there
    assert res["schema"] == "ssdcore-results/1" and res["suite"] == "quick"
    assert res["target"] == stored["target"] and res["target"]["uri"] == "sim:bx200"
    assert res["complete"] is True and res["error"] is None
    assert [(s["name"], s["state"]) for s in res["steps"]] == \
        [(s["name"], s["state"]) for s in stored["steps"]]
    # Job figures come from results.json as they are.
    for name in ("seq-read", "rand4k-read-qd1", "rand4k-write-qd4"):
        assert step(res, name)["summary"] == step(stored, name)["summary"]
        assert step(res, name)["summary"]["bw_bps"] > 0
    h = res["headline"]
    assert h["rand4k_read_qd1_iops"] == step(stored, "rand4k-read-qd1")["summary"]["iops"]
    assert h["seq_read_bps"] > h["rand4k_read_qd1_iops"] * 4096
    assert h["skipped_steps"] == []
    # Analyses are recomputed from the CSVs: the cache and the speed after
    # it agree with the simulator's truth stored in the sample.
    deg = step(res, "analyze-degradation")
    truth = deg["truth_vs_analysis"]
    assert deg["analysis"]["cache"]["bytes"] == pytest.approx(truth["cache_bytes"]["truth"], rel=0.1)
    # Like with like: mean beside mean. The sample's truth predates the
    # model's levels (medians), so the level pair has no truth to set beside.
    mean = truth["post_cache_mean_bps"]
    assert mean["analysis"] == pytest.approx(mean["truth"], rel=0.05)
    assert truth["post_cache_bps"]["truth"] is None
    assert truth["post_cache_bps"]["analysis"] == pytest.approx(deg["analysis"]["post_cache_bps"])
    curves = h["write_curves"]
    assert set(curves) == {"degradation", "recovery-idle"}
    assert all("error" not in c for c in curves.values())
    assert curves["degradation"]["cache_bytes"] == pytest.approx(deg["analysis"]["cache"]["bytes"])
    assert not math.isnan(curves["recovery-idle"]["total_bytes"])
    assert svg_count(tmp_path / "r.html") >= 2
    assert not (SAMPLE / "report.html").exists()  # nothing written into tests/data


def test_the_cli_renders_the_sample(cli, tmp_path):
    r = subprocess.run([cli, "report", str(SAMPLE), "--summary", "--out", str(tmp_path / "r.html")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("quick on sim:bx200: done\n")
    assert "degradation: " in r.stdout and "SLC cache" in r.stdout
    assert (tmp_path / "r.html").stat().st_size > 10000
    assert steps(json.loads((SAMPLE / "results.json").read_text()), "analyze")


def _sample_with_truth_level(tmp_path, scale):
    """The sample with the model's post-cache level (a median) set to scale
    times what the analysis finds, in the degradation job's stored truth."""
    import shutil
    d = tmp_path / f"s{scale}"
    shutil.copytree(SAMPLE, d)
    res = json.loads((d / "results.json").read_text())
    an = step(res, "analyze-degradation")["analysis"]
    job = next(s for s in res["steps"] if s.get("log") == "degradation.csv")
    job["sim_truth"]["post_cache_level_bps"] = scale * an["post_cache_bps"]
    (d / "results.json").write_text(json.dumps(res))
    return d


@pytest.mark.parametrize("scale, flagged", [(1.0, False), (1.04, False), (1.2, True), (0.8, True)])
def test_a_level_off_the_models_beyond_its_uncertainty_is_flagged(cli, tmp_path, scale, flagged):
    """Like with like: the analysis' post-cache level beside the model's
    level; a gap over the stated 5 % is a MISMATCH in the text and the
    report, one inside it is not."""
    d = _sample_with_truth_level(tmp_path, scale)
    r = subprocess.run([cli, "report", str(d), "--summary", "--out", str(tmp_path / "r.html")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if x.lstrip().startswith("degradation:"))
    assert ("MISMATCH" in line and "level after the cache" in line and "+-5%" in line) == flagged, line
    html = (tmp_path / "r.html").read_text()
    assert ("level after the cache" in html) == flagged
    res = ssdcore.report(d, out=tmp_path / "r2.html")
    pair = step(res, "analyze-degradation")["truth_vs_analysis"]["post_cache_bps"]
    assert pair["truth"] == pytest.approx(scale * pair["analysis"])
    assert pair["uncertainty_bps"] == pytest.approx(0.05 * pair["truth"])
