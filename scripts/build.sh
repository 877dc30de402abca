#!/usr/bin/env bash
# Configures and builds ssdcore into build/ (or $BUILD_DIR) with the Python
# extension, using the .venv interpreter. Extra arguments go to cmake.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
cmake -S . -B "$BUILD_DIR" -DSSD_BUILD_PYTHON=ON -DPython3_EXECUTABLE="$PWD/.venv/bin/python" "$@" >/dev/null
cmake --build "$BUILD_DIR" -j"$(nproc)"
