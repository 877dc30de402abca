"""examples/run_suite.c builds against the public headers and runs a suite."""
import json
import shutil
import subprocess

import pytest

from conftest import ROOT, STATIC_DEPS


def test_run_suite_example_writes_results(build_dir, tmp_path):
    cc = shutil.which("cc")
    lib = build_dir / "libssdcore.a"
    if not cc or not lib.exists():
        pytest.skip("needs cc and the static library")
    deps = subprocess.run(["pkg-config", "--libs", *STATIC_DEPS],
                          capture_output=True, text=True, check=True).stdout.split()
    exe = tmp_path / "run_suite"
    subprocess.run([cc, "-Wall", "-Wextra", "-Werror", str(ROOT / "examples" / "run_suite.c"),
                    "-I", str(ROOT / "libssdcore" / "include"), str(lib), *deps, "-lm",
                    "-lpthread", "-o", str(exe)], check=True)
    out = tmp_path / "out"
    r = subprocess.run([str(exe), "sim:bx200", "fill2021", str(out)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert "whole-drive fill time" in r.stdout and str(out / "report.html") in r.stdout
    assert json.loads((out / "results.json").read_text())["headline"]["fill_time_s"] > 0
    r = subprocess.run([str(exe), "sim:bx200", "lab2099", str(out)], capture_output=True,
                       text=True)
    assert r.returncode == 1 and "lab2099" in r.stderr
