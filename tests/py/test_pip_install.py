"""`pip install .` in a fresh venv gives `import ssdcore` and the CLI on PATH."""
import os
import subprocess
import sys

import pytest

from conftest import ROOT


@pytest.mark.skipif(os.environ.get("SSD_SKIP_PIP_TEST") == "1",
                    reason="SSD_SKIP_PIP_TEST=1 set by the developer for a quick run")
def test_pip_install_in_fresh_venv(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    r = subprocess.run([str(py), "-m", "pip", "install", "-q", str(ROOT)],
                       capture_output=True, text=True,
                       env=dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1"))
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    out = subprocess.run([str(py), "-c", "import ssdcore; print(ssdcore.version())"],
                         cwd=tmp_path, check=True, capture_output=True, text=True).stdout
    assert out.strip().startswith("0.")
    cli = venv / "bin" / "ssdcore"
    assert cli.exists()
    assert subprocess.run([str(cli), "version"], capture_output=True, text=True,
                          check=True).stdout.startswith("ssdcore ")


@pytest.mark.skipif(os.environ.get("SSD_SKIP_PIP_TEST") == "1",
                    reason="SSD_SKIP_PIP_TEST=1 set by the developer for a quick run")
def test_editable_install_reads_the_source_tree(tmp_path):
    # `pip install -e .` used to copy the .py files, so edits were not picked
    # up. Now the package's Python files are read from bindings/ssdcore
    # (scikit-build-core's redirect mode), the compiled _ffi from the venv.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    r = subprocess.run([str(py), "-m", "pip", "install", "-q", "-e", str(ROOT)],
                       capture_output=True, text=True,
                       env=dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1"))
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    code = ("import ssdcore, ssdcore.results as r, ssdcore._ffi as f; "
            "print(r.__file__); print(f.__file__); print(ssdcore.version())")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([str(py), "-c", code], cwd=tmp_path, check=True, capture_output=True,
                         text=True, env=env).stdout.split()
    assert out[0] == str(ROOT / "bindings" / "ssdcore" / "results.py")
    assert out[1].startswith(str(venv)) and out[2].startswith("0.")
    assert (ROOT / "bindings" / "ssdcore" / "py.typed").exists()
