#!/usr/bin/env bash
# The main job on the default target: set-up, build, then a short random-write
# run reported as JSON. Extra arguments replace the default job's.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
BUILD_DIR=build bash scripts/build.sh >/dev/null

# The one line to change when the simulated drive lands: TARGET=sim:bx200
TARGET=(--target build/demo.bin --size-file 256m)

if [ $# -gt 0 ]; then
    exec build/ssdcore job "$@"
fi
exec build/ssdcore job "${TARGET[@]}" --pattern randwrite --bs 4k --qd 32 --time 5 --json
