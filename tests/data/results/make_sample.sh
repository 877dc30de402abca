#!/bin/sh
# Regenerates quick-bx200/: the quick suite on the simulated BX200 (virtual
# time, about a second), without the report (the readers do not need it).
# The simulator is deterministic, so only the times and the host change from
# one run to the next; the host name is replaced by "sample-host".
# Usage: tests/data/results/make_sample.sh [path/to/ssdcore]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ssdcore=${1:-$here/../../../build/ssdcore}
rm -rf "$here/quick-bx200"
"$ssdcore" suite sim:bx200 --suite quick --out "$here/quick-bx200" --no-report --no-progress \
    >/dev/null
sed -i -E 's/"hostname":"[^"]*"/"hostname":"sample-host"/' "$here/quick-bx200/results.json"
