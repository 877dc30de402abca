"""A build without the C libraries (what `pip install .` runs first) names
every missing one and its Debian package at once, not only the first."""
import shutil
import subprocess

import pytest

from conftest import ROOT


def test_configure_without_c_libraries_names_them_all(tmp_path):
    cmake = shutil.which("cmake")
    if cmake is None:
        pytest.fail("cmake missing: scripts/setup.sh installs it")
    r = subprocess.run([cmake, "-S", str(ROOT), "-B", str(tmp_path / "b"),
                        "-DSSD_BUILD_TESTS=OFF", "-DSSD_BUILD_PYTHON=OFF"],
                       capture_output=True, text=True, timeout=300,
                       env={"PATH": "/usr/bin:/bin", "PKG_CONFIG_LIBDIR": str(tmp_path / "none"),
                            "PKG_CONFIG_PATH": ""})
    assert r.returncode != 0
    text = " ".join(r.stderr.split())
    for lib, deb in (("liburing", "liburing-dev"), ("libarchive", "libarchive-dev")):
        assert f"{lib} (Debian: {deb})" in text, text
