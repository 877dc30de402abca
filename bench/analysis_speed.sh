#!/usr/bin/env bash
# C-only speed of the analysis (after scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/out
cc -O2 -Ilibssdcore/include -o bench/out/analysis_speed bench/analysis_speed.c build/libssdcore.a \
    $(pkg-config --libs liburing libarchive libzstd lapacke openblas) -lpthread -lm
bench/out/analysis_speed
