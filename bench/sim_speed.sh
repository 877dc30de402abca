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
# Every concept folder of libssdcore/ is on the include path, as in CMake.
inc=$(for d in libssdcore/*/; do printf -- "-I%s " "${d%/}"; done)
# shellcheck disable=SC2086
cc -O2 -D_GNU_SOURCE -Ilibssdcore $inc bench/sim_run.c \
    "$BUILD_DIR/libssdcore.a" -lm -o "$exe"

echo "== 2-hour 4K QD32 random write (1 s samples), 3 runs =="
for i in 1 2 3; do "$exe" sim:bx200 randwrite 4k 32 7200 1 --bench; done

echo "== the same with 0.1 s samples (72,000 intervals) =="
"$exe" sim:bx200 randwrite 4k 32 7200 0.1 --bench

echo "== every profile: 2 h 4K QD32 random write, then a whole-drive fill =="
start=$(date +%s.%N)
for p in bx200 ssd370 ssd370-1tb as510s vector180 mp44l-1tb s660-2tb ct100-2tb; do
    "$exe" "sim:$p" randwrite 4k 32 7200 1 --bench
    "$exe" "sim:$p" write 128k 32 0 1 --fill --bench
done
end=$(date +%s.%N)
echo "batch wall time: $(echo "$end - $start" | bc) s"

echo "== the whole lab2016 suite on sim:bx200 through the CLI (report and analyses included), 3 runs =="
out=$(mktemp -d)
for i in 1 2 3; do
    /usr/bin/time -f "lab2016 suite wall time: %e s" "$BUILD_DIR/ssdcore" suite sim:bx200 \
        --suite lab2016 --out "$out/r$i" --no-progress >/dev/null
done
rm -rf "$out"

echo "== the review-test table (bench/sim_profile_figures.py: every profile's lab sequence) =="
/usr/bin/time -f "figures wall time: %e s" env PYTHONPATH="$BUILD_DIR/python" \
    SSD_BUILD_DIR="$PWD/$BUILD_DIR" "${PYTHON:-.venv/bin/python}" bench/sim_profile_figures.py >/dev/null
