#!/usr/bin/env bash
# Long fuzzing of the readers of logged data (issue 14): the series readers
# (series CSV v1, fio bw/iops logs, pos_bytes CSV: fuzz_series_reader), fio
# JSON (fuzz_fio_result) and results.json with everything built from it
# (fuzz_results_reader), and the results catalog's reader of results.json
# (fuzz_catalog), RUNS executions each (default 10,000,000), seeded
# with the checked-in samples, under ASan/UBSan. Prints the executions each
# reached and how long it took; docs/crash-safety.md records the counts.
#
#   nice bash bench/fuzz_readers.sh            # 10M each, hours on 2 cores
#   RUNS=100000 bash bench/fuzz_readers.sh     # a quick look
#   MAX_SECONDS=3600 ...                       # stop each after an hour
#
# Crashes are kept in $BUILD/crashes; exit status 1 when any target fails.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-10000000}
MAX_SECONDS=${MAX_SECONDS:-0}
BUILD=${BUILD:-build-fuzz-readers}
TARGETS=${TARGETS:-"series:fuzz_series_reader fio:fuzz_fio_result results:fuzz_results_reader catalog:fuzz_catalog"}
command -v clang >/dev/null || { echo "fuzz_readers: clang missing" >&2; exit 1; }
CC=clang cmake -S . -B "$BUILD" -DSSD_FUZZ=ON -DSSD_BUILD_TESTS=OFF -DSSD_BUILD_PYTHON=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$BUILD" -j2 --target fuzz_series_reader fuzz_fio_result fuzz_results_reader \
    fuzz_catalog >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/series" "$work/fio" "$work/results" "$work/catalog" "$BUILD/crashes"
cp tests/data/series/*.csv tests/data/series/*.log "$work/series/"
cp tests/data/fio/*.json "$work/fio/"
i=0
for f in tests/data/results/*/*.json; do
    cp "$f" "$work/results/$i.json"
    cp "$f" "$work/catalog/$i.json"
    i=$((i + 1))
done
status=0
printf '%-22s %12s %10s %10s\n' target executions seconds exec/s
for t in $TARGETS; do
    corpus=${t%%:*} exe=${t#*:}
    log="$BUILD/$exe.log"
    start=$(date +%s)
    if ! TMPDIR="$work" ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 \
        "$BUILD/fuzz/$exe" -runs="$RUNS" -max_total_time="$MAX_SECONDS" -max_len="${MAX_LEN:-16384}" \
        -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$BUILD/crashes/$exe-" "$work/$corpus" >"$log" 2>&1; then
        echo "fuzz_readers: $exe failed (log $log, artifacts in $BUILD/crashes)" >&2
        tail -30 "$log" >&2
        status=1
    fi
    secs=$(($(date +%s) - start))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    printf '%-22s %12s %10s %10s\n' "$exe" "${runs:-?}" "$secs" \
        "$([ -n "$runs" ] && [ "$secs" -gt 0 ] && echo $((runs / secs)) || echo ?)"
done
exit $status
