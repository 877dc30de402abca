#!/usr/bin/env bash
# Times the analysis' line fits: closed-form sums against LAPACKE_dgels.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/out
cc -O2 -o bench/out/analysis_lsq bench/analysis_lsq.c $(pkg-config --cflags --libs lapacke openblas) -lm
OPENBLAS_NUM_THREADS=1 bench/out/analysis_lsq
