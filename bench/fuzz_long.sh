#!/usr/bin/env bash
# Long fuzzing of one or more libFuzzer targets (issue 14 asks for at least
# 10M executions of the extractor), in its own build tree so the test
# command's build-fuzz is left alone.
#   bench/fuzz_long.sh [TARGETS]   corpus names as in scripts/fuzz.sh [extract]:
#     series fio analysis extract results trace catalog, and the readers
#     alone: "series_reader fio results_reader catalog" fuzzes every reader
#     of logged data (docs/crash-safety.md)
#   RUNS=N      executions per target [10000000]
#   SECONDS_LIMIT=S  ... or stop after S seconds, whichever comes first [86400]
# Prints libFuzzer's "Done N runs in S second(s)" per target. Run it niced;
# the extractor writes a tree per input, so TMPDIR on a tmpfs (/dev/shm)
# makes it several times faster. Counts so far are in docs/fileops.md.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${SECONDS_LIMIT:-86400}
FUZZ_BUILD_DIR=build-fuzz-long FUZZ_BUILD_TYPE=RelWithDebInfo FUZZ_TARGETS="${1:-extract}" FUZZ_RUNS="${RUNS:-10000000}" \
    FUZZ_SECONDS="$limit" exec bash scripts/fuzz.sh
