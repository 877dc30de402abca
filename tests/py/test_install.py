"""The installed library works for C users: pkg-config and find_package."""
import json
import os
import shutil
import subprocess

import pytest

from conftest import ROOT


@pytest.fixture(scope="module")
def cmake(build_dir):
    """The CMake that configured the build under test (CMAKE_COMMAND in its
    cache), else `cmake` on PATH: the binary a user's `cmake` runs, without
    what may stand in front of it (a pyenv shim is bash scripts, then a
    Python wrapper: 0.13 s of CPU a call, here 0.1 s against 0.002 s)."""
    cache = (build_dir / "CMakeCache.txt").read_text()
    found = [line.split("=", 1)[1] for line in cache.splitlines()
             if line.startswith("CMAKE_COMMAND:")]
    if found and os.access(found[0], os.X_OK):
        return found[0]
    return "cmake"


@pytest.fixture(scope="module")
def prefix(build_dir, cmake, module_tmp):
    prefix = module_tmp("prefix")
    subprocess.run([cmake, "--install", str(build_dir), "--prefix", str(prefix)],
                   check=True, capture_output=True)
    return prefix


def test_example_builds_with_pkg_config(prefix, tmp_path):
    libdir = next(p for p in (prefix / "lib", prefix / "lib64", *prefix.glob("lib/*-linux-gnu"))
                  if (p / "pkgconfig" / "ssdcore.pc").exists())
    env = dict(os.environ, PKG_CONFIG_PATH=str(libdir / "pkgconfig"))
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "ssdcore"], env=env,
                           check=True, capture_output=True, text=True).stdout.split()
    exe = tmp_path / "version"
    subprocess.run(["cc", str(ROOT / "examples" / "version.c"), *flags, "-o", str(exe)],
                   check=True)
    out = subprocess.run([str(exe)], env=dict(env, LD_LIBRARY_PATH=str(libdir)),
                         check=True, capture_output=True, text=True).stdout
    assert out.startswith("ssdcore 0.")


def test_run_job_example_builds_with_pkg_config_and_runs(prefix, build_dir, tmp_path):
    libdir = next(p for p in (prefix / "lib", prefix / "lib64", *prefix.glob("lib/*-linux-gnu"))
                  if (p / "pkgconfig" / "ssdcore.pc").exists())
    env = dict(os.environ, PKG_CONFIG_PATH=str(libdir / "pkgconfig"))
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "ssdcore"], env=env,
                           check=True, capture_output=True, text=True).stdout.split()
    exe = tmp_path / "run_job"
    subprocess.run(["cc", str(ROOT / "examples" / "run_job.c"), *flags, "-o", str(exe)],
                   check=True)
    # The test file goes on the build tree's disk: O_DIRECT fails on tmpfs.
    target = build_dir / "pytest-run-job.bin"
    try:
        r = subprocess.run([str(exe), str(target), "randwrite", "0.3"],
                           env=dict(env, LD_LIBRARY_PATH=str(libdir)),
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        res = json.loads(r.stdout)
        assert res["workload"]["queue_depth"] == 32 and res["write"]["ios"] > 0
    finally:
        target.unlink(missing_ok=True)


def test_find_package_target(prefix, cmake, tmp_path):
    (tmp_path / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.20)\nproject(user C)\n"
        "find_package(ssdcore REQUIRED)\n"
        f"add_executable(v {ROOT / 'examples' / 'version.c'})\n"
        "target_link_libraries(v ssdcore::ssdcore)\n")
    b = tmp_path / "b"
    subprocess.run([cmake, "-S", str(tmp_path), "-B", str(b), f"-DCMAKE_PREFIX_PATH={prefix}"],
                   check=True, capture_output=True)
    subprocess.run([cmake, "--build", str(b)], check=True, capture_output=True)
    libdirs = ":".join(str(p.parent) for p in prefix.rglob("libssdcore.so"))
    r = subprocess.run([str(b / "v")], env=dict(os.environ, LD_LIBRARY_PATH=libdirs),
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
