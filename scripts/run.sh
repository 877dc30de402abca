#!/usr/bin/env bash
# The main job on the default target, the simulated Crucial BX200: the
# reviews' degradation test (4 KiB random writes at QD32 for two hours,
# logged every second), then the write-curve analysis of that log: SLC cache
# size, the drop, post-cache speed, folding, consistency. Virtual time: it
# takes seconds. Extra arguments replace the default job's (ssdcore job ...).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
BUILD_DIR=build bash scripts/build.sh >/dev/null

if [ $# -gt 0 ]; then
    exec build/ssdcore job "$@"
fi
out=build/run
mkdir -p "$out"
TARGET=sim:bx200
build/ssdcore job --target "$TARGET" --pattern randwrite --bs 4k --qd 32 --time 2h --interval 1 \
    --log "$out/degradation.csv"
echo
build/ssdcore analyze "$out/degradation.csv"
echo
echo "series: $out/degradation.csv   (ssdcore analyze --json $out/degradation.csv for JSON)"
