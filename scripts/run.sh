#!/usr/bin/env bash
# The main command: the 2015-2016 lab suite (METHODOLOGY.md A) on the default
# target, the simulated Crucial BX200 - sequential, random 4K, QD and
# block-size scaling, mixed workloads, the 2-hour 4K QD32 degradation test
# and GC recovery, with TRIMs and 15-minute idles in between - then the 2021
# whole-drive fill (section B) on the simulated Team MP44L 1 TB. Virtual
# time: about a second. Prints the headline figures and the report paths.
# Extra arguments replace the default run: they go to `ssdcore suite`
# (e.g. scripts/run.sh /mnt/ssd/t.bin --size-file 64g --out r --scale 0.05).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
BUILD_DIR=build bash scripts/build.sh >/dev/null

if [ $# -gt 0 ]; then
    exec build/ssdcore suite "$@"
fi
out=build/run
rm -rf "$out/lab2016-bx200" "$out/fill2021-mp44l"
build/ssdcore suite sim:bx200 --suite lab2016 --out "$out/lab2016-bx200"
echo
build/ssdcore suite sim:mp44l-1tb --suite fill2021 --out "$out/fill2021-mp44l"
echo
echo "open $out/lab2016-bx200/report.html and $out/fill2021-mp44l/report.html in a browser;"
echo "results.json beside each holds every figure (docs/suite.md), the CSVs every sample."
