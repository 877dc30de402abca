#!/usr/bin/env bash
# The whole test suite: set-up, -Werror builds (ours and Release), the C tests (ctest), the
# Python tests (pytest), the real commands under valgrind, the C tests again
# under ASan/UBSan, a formatting check, and a short run of each fuzz target.
# Stops at the first failing stage; the last line tallies every test run.
set -euo pipefail
cd "$(dirname "$0")/.."
SSD_SETUP_NO_BUILD=1 bash scripts/setup.sh  # the -Werror build below is the one
logs=build/test-logs
mkdir -p "$logs"

echo "== build =="
BUILD_DIR=build bash scripts/build.sh -DSSD_WERROR=ON

# The optimizer's flow analysis differs per level (-O3 sees uninitialized
# paths -O2 does not), and pip builds Release: compile that with -Werror too.
echo "== layers: one-way dependencies by symbol =="
python3 scripts/check_layers.py build

echo "== Release build, library and CLI (-Werror) =="
cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release -DSSD_WERROR=ON -DSSD_BUILD_TESTS=OFF \
    -DSSD_BUILD_PYTHON=OFF >/dev/null
cmake --build build-release -j"$(nproc)" >/dev/null

echo "== C tests (ctest) =="
ctest --test-dir build --output-on-failure -j"$(nproc)" | tee "$logs/ctest.log"

echo "== Python tests (pytest) =="
SSD_BUILD_DIR="$PWD/build" PYTHONPATH="$PWD/build/python" PATH="$PWD/build:$PATH" \
    .venv/bin/python -m pytest -q tests/py | tee "$logs/pytest.log"

echo "== whole commands under valgrind =="
bash scripts/valgrind_smoke.sh build | tee "$logs/valgrind.log"

echo "== C tests under ASan/UBSan =="
BUILD_DIR=build-asan bash scripts/build.sh -DSSD_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug -DSSD_BUILD_PYTHON=OFF -DSSD_WERROR=ON
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j"$(nproc)" | tee "$logs/ctest-asan.log"

echo "== formatting (clang-format) =="
unformatted=$(git ls-files '*.c' '*.h' | xargs clang-format --dry-run 2>&1 | grep -c 'warning:' || true)
if [ "$unformatted" -ne 0 ]; then
    git ls-files '*.c' '*.h' | xargs clang-format --dry-run 2>&1 | grep 'warning:' | cut -d: -f1 | sort -u
    echo "formatting: run clang-format -i on the files above"
    exit 1
fi
echo "formatting: ok"

echo "== fuzz targets (libFuzzer, briefly) =="
FUZZ_SECONDS=${FUZZ_SECONDS:-15} bash scripts/fuzz.sh | tee "$logs/fuzz.log"

# Every stage above passed (set -e), so the tally has no failures to count.
count() { grep -Eo "$2" "$logs/$1" | grep -Eo '[0-9]+' | tail -1; }
c=$(count ctest.log 'out of [0-9]+')
p=$(count pytest.log '[0-9]+ passed')
s=$(count pytest.log '[0-9]+ skipped' || true)
v=$(count valgrind.log '[0-9]+ passed')
a=$(count ctest-asan.log 'out of [0-9]+')
echo "ctest $c, pytest $p (skipped ${s:-0}), valgrind $v, ctest under sanitizers $a, fuzz targets clean"
echo "tests: $((c + p + v + a)) passed, 0 failed, ${s:-0} skipped"
