"""`ssdcore report DIR`: a results directory loaded back renders the same
report and the same results; damaged directories give clear errors."""
import json
import subprocess

import pytest

import ssdcore
from suite_helpers import load, svg_count


@pytest.fixture(scope="module")
def lab(sim_runs):
    return sim_runs.path("sim:bx200", "lab2016")


def test_reload_gives_the_same_results_and_the_same_report(lab, cli, tmp_path):
    before = load(lab)
    html = (lab / "report.html").read_bytes()
    again = ssdcore.report(lab, out=tmp_path / "r.html")
    assert again == before  # analyses recomputed from the CSVs agree exactly
    assert (tmp_path / "r.html").read_bytes() == html
    # lab is shared (conftest.SimRuns): the CLI writes its reports beside
    r = subprocess.run([cli, "report", str(lab), "--json", "--out", str(tmp_path / "j.html")],
                       capture_output=True, text=True)
    assert r.returncode == 0 and json.loads(r.stdout) == before
    r = subprocess.run([cli, "report", str(lab), "--summary", "--out", str(tmp_path / "s.html")],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "SLC cache 2.0" in r.stdout
    assert (tmp_path / "s.html").read_bytes() == html


def test_reload_of_an_interrupted_run(cli, tmp_path):
    """A run stopped by a progress callback: the report says so, and the
    steps that ran are all there."""
    out = tmp_path / "cut"
    calls = []

    def stop(p):
        calls.append(p["step"])
        if p["step"] >= 30:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ssdcore.suite("sim:bx200", out, suite="lab2016", progress=stop)
    res = load(out)
    assert res["interrupted"] is True and len(res["steps"]) == 30
    (out / "report.html").unlink()
    again = ssdcore.report(out)
    assert again["interrupted"] is True and len(again["steps"]) == 30
    assert "interrupted" in (out / "report.html").read_text()
    assert svg_count(out / "report.html") >= 1


def test_a_stored_analysis_keeps_the_used_state_end_level(lab, cli, tmp_path):
    """recovery-idle ends in the used state: its end level is the used
    state's level over its last quarter, the same whether recomputed from
    the CSV or read back from results.json (the phases' regimes are read
    back too)."""
    import shutil
    copy = tmp_path / "copy"
    shutil.copytree(lab, copy)
    (copy / "recovery-idle.csv").unlink()
    was = load(lab)
    an = [s for s in was["steps"] if s["name"] == "analyze-recovery-idle"][0]["analysis"]
    assert an["phases"][-1]["regime"] == "gc"
    curve = was["headline"]["write_curves"]["recovery-idle"]
    assert curve["end_level_bps"] == pytest.approx(an["gc"]["end_level_bps"])
    with pytest.warns(RuntimeWarning, match="recovery-idle.csv"):
        res = ssdcore.report(copy)
    lost = res["headline"]["write_curves"]["recovery-idle"]
    assert lost["end_level_bps"] == pytest.approx(curve["end_level_bps"])

    def line(d):
        out = subprocess.run([cli, "report", str(d), "--summary", "--out",
                              str(tmp_path / "summary.html")], capture_output=True,
                             text=True).stdout
        return [x for x in out.splitlines() if "recovery-idle:" in x][0].split(" (as results")[0]
    assert line(copy) == line(lab)
    assert f"end {an['gc']['end_level_bps'] / 2**20:.1f} MiB/s" in line(lab)


def test_a_missing_csv_fails_that_analysis_only(lab, cli, tmp_path):
    import shutil
    copy = tmp_path / "copy"
    shutil.copytree(lab, copy)
    (copy / "recovery-trim.csv").unlink()
    stored = [s for s in load(lab)["steps"] if s["name"] == "analyze-recovery-trim"][0]
    with pytest.warns(RuntimeWarning, match="recovery-trim.csv"):
        res = ssdcore.report(copy)
    an = [s for s in res["steps"] if s["name"] == "analyze-recovery-trim"][0]
    assert an["state"] == "failed" and "recovery-trim.csv" in an["error"]
    # The reload used to drop the analysis stored in results.json.
    assert an["analysis"] == stored["analysis"] and an["analysis"]
    # The headline keeps the figures results.json stored, and says which
    # curve is missing, from which step and file, and why.
    lost = res["headline"]["write_curves"]["recovery-trim"]
    was = load(lab)["headline"]["write_curves"]["recovery-trim"]
    for k in ("cache_bytes", "post_cache_bps", "total_bytes", "end_level_bps"):
        assert lost[k] == pytest.approx(was[k]), k
    assert lost["error"].startswith(f"step {an['index'] + 1} (analyze-recovery-trim): ")
    assert "recovery-trim.csv" in lost["error"] and "No such file" in lost["error"]
    assert "stored in results.json is kept" in lost["error"]
    assert "error" not in res["headline"]["write_curves"]["degradation"]
    html = (copy / "report.html").read_text()
    assert "No chart for recovery-trim.csv" in html and "results.json stored" in html
    assert "no figures" not in html
    # ... and `ssdcore report DIR` exited 0.
    for extra in ([], ["--summary"], ["--json"]):
        r = subprocess.run([cli, "report", str(copy), *extra], capture_output=True, text=True)
        assert r.returncode == 1 and "recovery-trim.csv" in r.stderr and "kept" in r.stderr
    assert (copy / "report.html").exists()


def test_an_edited_analysis_option_is_named(cli, tmp_path):
    """An analysis option results.json holds but the analysis refuses (the
    file edited by hand): the reload says which and why. It printed the
    bytes of an uninitialised buffer."""
    suite = tmp_path / "a.suite"
    suite.write_text("job name=w pattern=write bs=128k time=10s interval=1s log=w\nanalyze w\n")
    out = tmp_path / "out"
    r = subprocess.run([cli, "suite", "sim:bx200", "--suite-file", str(suite), "--out", str(out),
                        "--no-progress", "--no-report"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    res = load(out)
    res["steps"][1]["options"]["penalty"] = 1e30
    (out / "results.json").write_text(json.dumps(res))
    r = subprocess.run([cli, "report", str(out), "--out", str(tmp_path / "r.html")],
                       capture_output=True, text=True)
    assert r.returncode == 1
    assert "analyze-w: cannot recompute: option penalty: 1e+30 is outside" in r.stderr, r.stderr


@pytest.mark.parametrize("content,needle", [
    ("{\"schema\": \"other/2\"}", 'schema "other/2"'),
    ("{\"schema\": \"ssdcore-results/1\",\n \"steps\": [1,]}", "line 2"),
    ("[1, 2", "line 1"),
    ("", "unexpected end"),
    ("{\"schema\": \"ssdcore-results/1\"}", "no steps"),
])
def test_damaged_results_json_is_named(cli, tmp_path, content, needle):
    (tmp_path / "results.json").write_text(content)
    r = subprocess.run([cli, "report", str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 1 and "results.json" in r.stderr and needle in r.stderr, r.stderr
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.report(tmp_path)
    assert needle in e.value.detail


def test_missing_directory(cli, tmp_path):
    r = subprocess.run([cli, "report", str(tmp_path / "nope")], capture_output=True, text=True)
    assert r.returncode == 1 and "nope" in r.stderr
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.report(tmp_path / "nope")
    assert e.value.name == "ENOENT"


def test_a_run_without_a_models_truth_is_never_said_to_miss_it(cli, tmp_path):
    # A drive without a model (a block device, a file) has no sim truth. Its
    # used state was printed "MISMATCH with the sim truth: ... the model
    # never ran out of clean blocks" in the summary. Made here from a sim
    # run whose results.json loses its truth, as a real drive's never has one.
    suite = tmp_path / "used.suite"
    suite.write_text("trim\njob name=fill pattern=write bs=128k qd=32 bytes=8g\n"
                     "job name=steady pattern=randwrite bs=4k qd=32 bytes=16g interval=1s "
                     "log=steady\nanalyze steady\n")
    out = tmp_path / "out"
    drive = "sim:mp44l-1tb,capacity_gb=8,slc_type=none,slc_gb=0,op_pct=12"
    r = subprocess.run([cli, "suite", drive,
                        "--suite-file", str(suite), "--out", str(out), "--no-progress"],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "then used state" in r.stdout, r.stdout + r.stderr
    assert "MISMATCH" not in r.stdout  # the model agrees
    res = load(out)
    for s in res["steps"]:
        s.pop("sim_truth", None)
        s.pop("truth_vs_analysis", None)
    (out / "results.json").write_text(json.dumps(res))
    r = subprocess.run([cli, "report", str(out), "--summary", "--out", str(tmp_path / "r.html")],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "then used state" in r.stdout, r.stdout + r.stderr
    assert "MISMATCH" not in r.stdout and "sim truth" not in r.stdout, r.stdout
    assert "Mismatch with the sim truth" not in (tmp_path / "r.html").read_text()
