#!/usr/bin/env bash
# The whole test suite: set-up, a -Werror build, the C tests (ctest), the
# Python tests (pytest), and the C tests again under ASan/UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

echo "== build =="
BUILD_DIR=build bash scripts/build.sh -DSSD_WERROR=ON

echo "== C tests (ctest) =="
ctest --test-dir build --output-on-failure -j"$(nproc)"

echo "== Python tests (pytest) =="
SSD_BUILD_DIR="$PWD/build" PYTHONPATH="$PWD/build/python" PATH="$PWD/build:$PATH" \
    .venv/bin/python -m pytest -q tests/py

echo "== whole commands under valgrind =="
bash scripts/valgrind_smoke.sh build

echo "== C tests under ASan/UBSan =="
BUILD_DIR=build-asan bash scripts/build.sh -DSSD_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug -DSSD_BUILD_PYTHON=OFF
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j"$(nproc)"

echo "== fuzz targets (libFuzzer, briefly) =="
FUZZ_SECONDS=${FUZZ_SECONDS:-15} bash scripts/fuzz.sh
