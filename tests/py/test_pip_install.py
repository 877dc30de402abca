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
