"""examples/sim_truth.c builds against the public headers and reports the
ground truth of a simulated drive."""
import shutil
import subprocess

import pytest

from conftest import ROOT, STATIC_DEPS


def test_sim_truth_example_reports_idle_recovery(build_dir, tmp_path):
    cc = shutil.which("cc")
    lib = build_dir / "libssdcore.a"
    if not cc or not lib.exists():
        pytest.skip("needs cc and the static library")
    deps = subprocess.run(["pkg-config", "--libs", *STATIC_DEPS],
                          capture_output=True, text=True, check=True).stdout.split()
    exe = tmp_path / "sim_truth"
    subprocess.run([cc, str(ROOT / "examples" / "sim_truth.c"), "-I",
                    str(ROOT / "libssdcore" / "include"), str(lib), *deps, "-lm", "-lpthread",
                    "-o", str(exe)], check=True)
    out = subprocess.run([str(exe), "sim:ssd370,precondition=dirty", "900"],
                         capture_output=True, text=True, check=True).stdout
    assert "idle 900 s recovered 2.70 GiB" in out
    r = subprocess.run([str(exe), "sim:bx200,slc_wa=0"], capture_output=True, text=True)
    assert r.returncode == 1 and "key slc_wa" in r.stderr
