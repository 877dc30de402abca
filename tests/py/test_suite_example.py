"""examples/run_suite.c builds against the public headers and runs a suite."""
import json
import subprocess


def test_run_suite_example_writes_results(c_example, tmp_path):
    exe = c_example("run_suite")
    out = tmp_path / "out"
    r = subprocess.run([str(exe), "sim:bx200", "fill2021", str(out)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert "whole-drive fill time" in r.stdout and str(out / "report.html") in r.stdout
    assert json.loads((out / "results.json").read_text())["headline"]["fill_time_s"] > 0
    r = subprocess.run([str(exe), "sim:bx200", "lab2099", str(out)], capture_output=True,
                       text=True)
    assert r.returncode == 1 and "lab2099" in r.stderr
