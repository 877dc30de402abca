#!/usr/bin/env bash
# Speed of the simulated drive: simulated I/Os per second of wall time and
# the wall time of the 2-hour 4K QD32 random-write test (the issue asks for
# under 10 s), plus a methodology-sized batch: every profile's 2-hour
# degradation run and whole-drive fill. Runs the model through its target
# ops (bench/sim_run.c) against the optimized build in $BUILD_DIR (build/).
# No assertions: it prints figures for the lead to compare across commits.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
[ -f "$BUILD_DIR/libssdcore.a" ] || BUILD_DIR=$BUILD_DIR bash scripts/build.sh >/dev/null
mkdir -p bench/out
exe=bench/out/sim_run
inc=""
for d in base hist io sim include; do inc="$inc -Ilibssdcore/$d"; done
# shellcheck disable=SC2086 # $inc is a list of flags
cc -O2 -D_GNU_SOURCE $inc -Itests/c bench/sim_run.c tests/c/sim_drive.c \
    "$BUILD_DIR/libssdcore.a" -luring -larchive -lpthread -lm -o "$exe"

echo "== 2-hour 4K QD32 random write (1 s samples), 3 runs =="
for i in 1 2 3; do "$exe" sim:bx200 randwrite 4k 32 7200 1 --bench; done

echo "== the same with 0.1 s samples (72,000 intervals) =="
"$exe" sim:bx200 randwrite 4k 32 7200 0.1 --bench

echo "== every profile: 2 h 4K QD32 random write, then a whole-drive fill =="
start=$(date +%s.%N)
for p in bx200 ssd370 as510s vector180 mp44l-1tb s660-2tb ct100-2tb; do
    "$exe" "sim:$p" randwrite 4k 32 7200 1 --bench
    "$exe" "sim:$p" write 128k 32 0 1 --fill --bench
done
end=$(date +%s.%N)
echo "batch wall time: $(echo "$end - $start" | bc) s"
