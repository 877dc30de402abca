#!/usr/bin/env bash
# Configures and builds ssdcore into build/ (or $BUILD_DIR) with the Python
# extension, using the .venv interpreter. Extra arguments go to cmake.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
# CMAKE_C_COMPILER_LAUNCHER from the environment (scripts/test.sh sets it to
# ccache): passed on, since CMake itself reads it only when it first
# configures a build directory.
cmake -S . -B "$BUILD_DIR" -DSSD_BUILD_PYTHON=ON -DPython3_EXECUTABLE="$PWD/.venv/bin/python" \
    ${CMAKE_C_COMPILER_LAUNCHER:+-DCMAKE_C_COMPILER_LAUNCHER="$CMAKE_C_COMPILER_LAUNCHER"} "$@" >/dev/null
# BUILD_TARGETS: build only these targets (default: all).
cmake --build "$BUILD_DIR" -j"$(nproc)" ${BUILD_TARGETS:+--target $BUILD_TARGETS}
