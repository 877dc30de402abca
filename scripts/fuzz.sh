#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang and runs each for a short
# while (FUZZ_SECONDS, 15 by default) seeded with the checked-in samples.
# New corpus entries go to a temporary directory, never into tests/data.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-15}
if ! command -v clang >/dev/null; then
    echo "fuzz: clang missing (scripts/setup.sh installs it)" >&2
    exit 1
fi
CC=clang cmake -S . -B build-fuzz -DSSD_FUZZ=ON -DSSD_BUILD_TESTS=OFF -DSSD_BUILD_PYTHON=OFF \
    -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build-fuzz -j2 --target fuzz_series fuzz_fio_result fuzz_analysis >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/series" "$work/fio" "$work/analysis"
cp tests/data/series/*.csv tests/data/series/*.log "$work/series/"
cp tests/data/fio/*.json "$work/fio/"
head -c 4096 /dev/urandom > "$work/analysis/random"
for t in series:fuzz_series fio:fuzz_fio_result analysis:fuzz_analysis; do
    corpus=${t%%:*} exe=${t#*:}
    echo "fuzz: $exe for ${SECONDS_EACH}s"
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 \
        "build-fuzz/fuzz/$exe" -max_total_time="$SECONDS_EACH" -max_len=65536 -rss_limit_mb=1024 \
        -timeout=10 -print_final_stats=0 -artifact_prefix="$work/" "$work/$corpus" 2>"$work/$exe.log" || {
        tail -40 "$work/$exe.log" >&2
        mkdir -p build-fuzz/crashes && cp "$work"/crash-* "$work"/leak-* "$work"/timeout-* build-fuzz/crashes/ 2>/dev/null || true
        echo "fuzz: $exe failed (artifacts in build-fuzz/crashes)" >&2
        exit 1
    }
    grep -E "^Done|DONE" "$work/$exe.log" | tail -1
done
