#!/usr/bin/env bash
# ssdcore's trace replay against `fio --read_iolog` on the same trace and the
# same file, timing removed (fio: replay_no_stall=1; ssdcore: no-idle), both
# through io_uring with O_DIRECT at the same fixed queue depth. Alternates
# the two tools, prints the median IOPS (I/Os over the run's wall time, as
# fio counts them) of each and the ratio ssdcore/fio. The goal is >= 0.97.
#
#   bench/replay_vs_fio.sh [FILE] [IOS] [REPEATS] [QD...]
# Defaults: bench/out/replay.bin (1 GiB, laid out with random data by
# ssdcore), 100000 I/Os, 5 repeats, queue depths 1 and 32. The trace is a
# random 4 KiB read/write mix (70 % reads) written as fio iolog v3 by
# ssdcore itself. RAMDISK=1 runs on a loop device over /dev/shm (needs
# root), where both tools are CPU-bound and the ratio measures the engines.
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${1:-bench/out/replay.bin}
IOS=${2:-100000}
REPS=${3:-5}
shift $(( $# < 3 ? $# : 3 ))
QDS=("$@")
[ ${#QDS[@]} -gt 0 ] || QDS=(1 32)
SSD=${SSD:-build/ssdcore}
OUT=bench/out
mkdir -p "$OUT"
command -v fio >/dev/null || { echo "fio not found (scripts/setup.sh installs it)" >&2; exit 1; }
[ -x "$SSD" ] || { echo "$SSD not built (scripts/build.sh)" >&2; exit 1; }
PY=${PY:-.venv/bin/python}
[ -x "$PY" ] || PY=python3
DESTROY=()
CLEANUP=()
trap 'for c in "${CLEANUP[@]}"; do $c; done' EXIT
if [ "${RAMDISK:-0}" = 1 ]; then
    shm=$(mktemp /dev/shm/ssdcore-replay.XXXXXX)
    truncate -s 1g "$shm"
    FILE=$(losetup --find --show "$shm")
    CLEANUP+=("losetup -d $FILE" "rm -f $shm")
    dd if=/dev/urandom of="$FILE" bs=1M count=1024 oflag=direct status=none
    DESTROY=(--destroy-data)
fi
SIZE=$((1 << 30))
if [ ! -b "$FILE" ] && [ ! -s "$FILE" ]; then
    "$SSD" job --target "$FILE" --size-file 1g --pattern read --bs 1m --time 1s >/dev/null
fi
# The trace: IOS random 4 KiB I/Os over the first GiB, 70 % reads.
TRACE_CSV=$OUT/replay-trace.csv
TRACE_LOG=$OUT/replay-trace.iolog
"$PY" - "$TRACE_CSV" "$IOS" "$SIZE" <<'PY'
import random, sys
path, n, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rnd = random.Random(7)
with open(path, "w") as f:
    f.write("# ssdcore-trace 1\nt_s,op,offset,length\n")
    for i in range(n):
        op = "R" if rnd.random() < 0.7 else "W"
        f.write(f"{i * 1e-5:.6f},{op},{rnd.randrange(size // 4096) * 4096},4096\n")
PY
"$SSD" trace convert "$TRACE_CSV" --out "$TRACE_LOG" --to iolog3 --file "$FILE" >/dev/null

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
echo "| QD | ssdcore IOPS | fio IOPS | ratio |"
echo "|---:|---:|---:|---:|"
for qd in "${QDS[@]}"; do
    : > "$OUT/replay-ssd.$qd"
    : > "$OUT/replay-fio.$qd"
    for _ in $(seq "$REPS"); do
        "$SSD" replay "$TRACE_LOG" --target "$FILE" "${DESTROY[@]}" --qd "$qd" \
            --timing no-idle --engine io_uring --json |
            "$PY" -c 'import json,sys; d=json.load(sys.stdin); print(d["ios"] / d["runtime_s"])' \
            >> "$OUT/replay-ssd.$qd"
        fio --name=replay --read_iolog="$TRACE_LOG" --replay_no_stall=1 --ioengine=io_uring \
            --iodepth="$qd" --direct=1 --output-format=json |
            "$PY" -c 'import json,sys; j=json.load(sys.stdin)["jobs"][0]
print(j["read"]["total_ios"] + j["write"]["total_ios"]
      and (j["read"]["total_ios"] + j["write"]["total_ios"]) / (j["job_runtime"] / 1000))' \
            >> "$OUT/replay-fio.$qd"
    done
    s=$(median < "$OUT/replay-ssd.$qd")
    f=$(median < "$OUT/replay-fio.$qd")
    awk -v q="$qd" -v s="$s" -v f="$f" 'BEGIN {printf "| %d | %.0f | %.0f | %.3f |\n", q, s, f, s / f}'
done
