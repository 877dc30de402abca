#!/usr/bin/env bash
# Times the analysis' line fits: closed-form sums against LAPACKE_dgels.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/out
# The library does not link LAPACKE (docs/analysis.md): only this benchmark needs it.
if ! pkg-config --exists lapacke openblas; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get install -y -qq liblapacke-dev libopenblas-dev >/dev/null
fi
cc -O2 -o bench/out/analysis_lsq bench/analysis_lsq.c $(pkg-config --cflags --libs lapacke openblas) -lm
OPENBLAS_NUM_THREADS=1 bench/out/analysis_lsq
