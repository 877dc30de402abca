"""`pip install .` in a fresh venv gives `import ssdcore` and the CLI on PATH;
`pip install -e .` reads the package's Python files from the source tree.

Both install into one fresh venv that holds only the build requirements
pip itself would put in an isolated build environment (pyproject's
[build-system] requires, then what the backend asks for), with the pip of
the Python running the tests (`pip --python VENV`: pip runs under the
venv's interpreter, the build backend in the venv; a venv's own pip from
ensurepip cost 3.9 s of CPU), and
build without isolation in one shared build directory: the library is
compiled once for both (an isolated build makes scikit-build-core clear the
build directory every time).

The compile itself is the test build's: the same build type, compiler,
CMake generator and -Werror as the build under test (`SSD_BUILD_DIR`,
RelWithDebInfo -O2 -g with -Werror in scripts/test.sh, where a user's
`pip install` gets pyproject's Release), in a directory beside it (`build-pip-XXXX` next to `build/`: the same depth below
the checkout), through ccache with the checkout as its base directory (what
scripts/test.sh sets; set here too when pytest runs alone). Every compiler
command line is then the one that built the build under test, and ccache
hits for all of the library: what this file proves is that pip, the backend
and CMake put a working package together from a clean checkout, not that
the code compiles (the -Werror build did that). With its own Release -O3
build, the file compiled the library a second time on an empty cache (CI):
about 22 s of CPU. In pytest's numbered temporary directory the paths
differed each session, so even a warm cache missed (about 35 s of CPU)."""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import pytest

from conftest import ROOT

pytestmark = [pytest.mark.slow,  # xdist runs a file's tests on one worker: one venv, one build
              pytest.mark.skipif(os.environ.get("SSD_SKIP_PIP_TEST") == "1",
                                 reason="SSD_SKIP_PIP_TEST=1 set by the developer for a quick run")]

ENV = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
if "CMAKE_C_COMPILER_LAUNCHER" not in ENV and shutil.which("ccache"):
    ENV.update(CMAKE_C_COMPILER_LAUNCHER="ccache", CCACHE_BASEDIR=str(ROOT), CCACHE_NOHASHDIR="1",
               CCACHE_DEPEND="1")


def pip_for(py):
    """The command of a pip that installs into py's environment: this
    interpreter's pip, run by py (`pip --python`, pip >= 22.3), when it has
    one; else py's own."""
    try:
        import pip as this
        major, minor = (int(x) for x in this.__version__.split(".")[:2])
        if (major, minor) >= (22, 3):
            return [sys.executable, "-m", "pip", "--python", str(py)]
    except (ImportError, ValueError):
        pass
    return [str(py), "-m", "pip"]


# Every install with --no-compile: pip byte-compiles what it installs
# (numpy's hundreds of modules, scikit-build-core's, ssdcore's), 1.7 s of
# CPU of this file's 17, for .pyc files the checks' few imports would
# compile anyway; a module that does not compile still fails them.
NO_COMPILE = "--no-compile"


def pip(py, *args):
    r = subprocess.run([*pip_for(py), *args], capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return r.stdout


@pytest.fixture(scope="module")
def venv(module_tmp, build_dir):
    """A fresh venv with the build requirements; installs of ssdcore into it
    build in one directory (a new one, removed after the file's tests)."""
    base = module_tmp("pip")
    venv = base / "venv"
    py = venv / "bin" / "python"
    # Without pip when this interpreter's pip can install into it (pip_for):
    # ensurepip put pip into every new venv, 3.9 s of CPU of this file's 20.
    own_pip = pip_for(py)[0] != sys.executable
    subprocess.run([sys.executable, "-m", "venv", *([] if own_pip else ["--without-pip"]),
                    str(venv)], check=True)
    text = (ROOT / "pyproject.toml").read_text()
    requires = re.search(r"\[build-system\]\s*requires\s*=\s*\[([^]]*)\]", text).group(1)
    pip(py, "install", "-q", NO_COMPILE, *re.findall(r'"([^"]+)"', requires))
    asks = json.loads(subprocess.run(
        [str(py), "-c", "import json, scikit_build_core.build as b; "
         "print(json.dumps(b.get_requires_for_build_wheel()))"],
        check=True, capture_output=True, text=True, cwd=ROOT).stdout)
    if asks:
        pip(py, "install", "-q", NO_COMPILE, *asks)
    build = pathlib.Path(tempfile.mkdtemp(dir=build_dir.parent, prefix=build_dir.name + "-pip-"))
    yield venv, build, build_like(build_dir)
    shutil.rmtree(build, ignore_errors=True)


def build_like(build_dir):
    """(config settings, environment, whether they match): what makes pip's
    CMake compile with the command lines of the build under test (its build
    type, compiler, generator and -Werror, from its CMakeCache.txt), so
    that ccache hits (ccache tells /usr/bin/cc from the gcc it names, which
    scikit-build-core would pick). A sanitizer, fuzz or custom-flags build,
    or a tree configured before CMakeLists.txt wrote its default type into
    the cache, is not copied: pip then builds its own Release with -Werror,
    which only costs time."""
    cache = dict(re.findall(r"^(\w+):\w+=(.*)$", (build_dir / "CMakeCache.txt").read_text(), re.M))
    if (not cache.get("CMAKE_BUILD_TYPE") or cache.get("CMAKE_C_FLAGS")
            or cache.get("SSD_SANITIZE") == "ON" or cache.get("SSD_FUZZ") == "ON"):
        return ["--config-settings=cmake.define.SSD_WERROR=ON"], {}, False
    # Without the build under test's "Building C object" lines too, when it
    # has none (scripts/test.sh: a `cmake -E` process for each object's
    # line; pip shows none of the build's output anyway).
    quiet = (["--config-settings=cmake.define.CMAKE_RULE_MESSAGES=OFF"]
             if cache.get("CMAKE_RULE_MESSAGES") == "OFF" else [])
    env = {"CMAKE_GENERATOR": cache["CMAKE_GENERATOR"]}
    # The CMake that configured the build under test, first on PATH, where
    # scikit-build-core looks for `cmake`: on a machine whose `cmake` is a
    # pyenv shim (bash scripts, then a Python wrapper around the binary),
    # each of its four calls per install started those first.
    cmake = pathlib.Path(cache.get("CMAKE_COMMAND", ""))
    if cmake.name == "cmake" and os.access(cmake, os.X_OK):
        env["PATH"] = f"{cmake.parent}{os.pathsep}{os.environ.get('PATH', '')}"
    # install.strip: the wheel's CLI and _ffi without their debug info, as
    # in a user's Release wheel (scikit-build-core strips only Release and
    # MinSizeRel unless told): pip zipped the -g build's 8.4 MB of
    # binaries into the wheel and unzipped them into the venv, about
    # 1 s of CPU per install. The objects, and so the ccache hits, are the same.
    return ([f"--config-settings=cmake.build-type={cache['CMAKE_BUILD_TYPE']}",
             f"--config-settings=cmake.define.CMAKE_C_COMPILER={cache['CMAKE_C_COMPILER']}",
             f"--config-settings=cmake.define.SSD_WERROR={cache.get('SSD_WERROR', 'OFF')}",
             "--config-settings=install.strip=true", *quiet], env, True)


def install(venv, *args):
    venv, build, (settings, env, _) = venv
    r = subprocess.run([*pip_for(venv / "bin" / "python"), "install", "-q", NO_COMPILE,
                        "--no-build-isolation", f"--config-settings=build-dir={build}",
                        *settings, *args], capture_output=True, text=True, env=dict(ENV, **env))
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return venv, venv / "bin" / "python"


def test_pip_install_in_fresh_venv(venv, tmp_path, build_dir):
    pip_build, like = venv[1], venv[2][2]
    venv, py = install(venv, str(ROOT))
    # pip's CMake compiled every object with the command line the build
    # under test used (only then does ccache give it that build's objects)
    flags = {f.relative_to(pip_build): f.read_text() for f in pip_build.rglob("flags.make")}
    compared = [rel for rel in flags if like and (build_dir / rel).exists()]
    for rel in compared:
        assert flags[rel] == (build_dir / rel).read_text(), rel
    assert compared or not like or not any(build_dir.glob("CMakeFiles/*/flags.make"))  # Ninja
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([str(py), "-c", "import ssdcore, ssdcore.results as r; "
                          "print(ssdcore.version()); print(r.__file__)"],
                         cwd=tmp_path, check=True, capture_output=True, text=True,
                         env=env).stdout.split()
    assert out[0].startswith("0.")
    assert out[1].startswith(str(venv))  # installed, not read from the source tree
    cli = venv / "bin" / "ssdcore"
    assert cli.exists()
    assert subprocess.run([str(cli), "version"], capture_output=True, text=True,
                          check=True).stdout.startswith("ssdcore ")


def test_editable_install_reads_the_source_tree(venv, tmp_path):
    # `pip install -e .` used to copy the .py files, so edits were not picked
    # up. Now the package's Python files are read from bindings/ssdcore
    # (scikit-build-core's redirect mode), the compiled _ffi from the venv.
    venv, py = install(venv, "-e", str(ROOT))
    code = ("import ssdcore, ssdcore.results as r, ssdcore._ffi as f; "
            "print(r.__file__); print(f.__file__); print(ssdcore.version())")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([str(py), "-c", code], cwd=tmp_path, check=True, capture_output=True,
                         text=True, env=env).stdout.split()
    assert out[0] == str(ROOT / "bindings" / "ssdcore" / "results.py")
    assert out[1].startswith(str(venv)) and out[2].startswith("0.")
    assert (ROOT / "bindings" / "ssdcore" / "py.typed").exists()
