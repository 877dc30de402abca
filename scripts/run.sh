#!/usr/bin/env bash
# The main job on the default target: set-up, build, then a short random-write
# run reported as JSON. Extra arguments replace the default job's.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
BUILD_DIR=build bash scripts/build.sh >/dev/null
exec build/ssdcore version
