#!/usr/bin/env bash
# Installs everything ssdcore needs to build, test and benchmark: Debian
# packages (apt-get) and a Python virtual environment in .venv (pip).
# Idempotent: a second run checks and installs nothing new.
# SSD_SETUP_ONLY=debs or =python runs one half (scripts/test.sh starts its
# sanitizer lane, which needs the Debian packages but not .venv, between
# the two).
set -euo pipefail
cd "$(dirname "$0")/.."
only=${SSD_SETUP_ONLY:-}

DEBS=(build-essential cmake pkg-config liburing-dev libarchive-dev libzstd-dev libsqlite3-dev
      libcriterion-dev fio p7zip-full rsync clang-format valgrind util-linux hyperfine zstd btrfs-progs
      clang chromium poppler-utils blktrace libfuse3-dev fuse3 acl ccache patchelf)

missing=()
[ "$only" = python ] && DEBS=()
for p in "${DEBS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
[ "$only" = debs ] && exit 0

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv"
    "$PY" -m venv .venv
fi
stamp=.venv/.ssdcore-requirements
# The package's runtime needs and every extra of pyproject.toml: pandas,
# plot (matplotlib), progress (tqdm, ipywidgets), dask, parquet (pyarrow),
# notebook (ipykernel) and test.
reqs="cffi numpy pandas pytest pytest-xdist scikit-build-core ninja matplotlib tqdm ipywidgets dask[distributed] pyarrow mypy pandas-stubs nbclient nbformat ipykernel"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$reqs" ]; then
    echo "setup: installing Python packages: $reqs"
    # SSD_SETUP_NO_COMPILE=1 (scripts/test.sh): the packages' modules are
    # not byte-compiled here but when first imported (pytest writes their
    # bytecode): compiling all of them (their test suites too) was 15 of
    # pip's 25 s of CPU, what the tests import costs 3 to 7 s. Without
    # it a user whose environment sets PYTHONDONTWRITEBYTECODE would
    # compile pandas on every import.
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q ${SSD_SETUP_NO_COMPILE:+--no-compile} $reqs
    echo "$reqs" > "$stamp"
fi

# `import ssdcore` in .venv, as a notebook user expects: a .pth file puts the
# build tree's ready-to-import package (build/python, refreshed by every
# scripts/build.sh) on the venv's path. It sits after PYTHONPATH, so the
# tests' PYTHONPATH=build/python still decides what they import. A .venv
# that is a symlink belongs to another checkout: left alone.
if [ ! -L .venv ]; then
    site=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    echo "$PWD/build/python" > "$site/ssdcore-build-tree.pth"
    # The first time, build it (test.sh builds right after with its own flags).
    if [ "${SSD_SETUP_NO_BUILD:-0}" != 1 ] && ! ls build/python/ssdcore/_ffi*.so >/dev/null 2>&1; then
        echo "setup: building ssdcore so that .venv can import it"
        BUILD_DIR=build bash scripts/build.sh >/dev/null
    fi
fi
