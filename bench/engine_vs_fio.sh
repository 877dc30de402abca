#!/usr/bin/env bash
# ssdcore's engine against fio on the same file with the same parameters
# (io_uring, O_DIRECT), alternating the two tools, several repeats; prints
# medians of IOPS, bandwidth and CPU time per I/O (user+sys from
# /usr/bin/time), and the ratios ssdcore/fio, as a Markdown table.
#
#   bench/engine_vs_fio.sh [FILE|DEVICE] [SECONDS] [REPEATS]
#   RAMDISK=1 bench/engine_vs_fio.sh - [SECONDS] [REPEATS]
#   ONLY=REGEX ... runs only the matching cases
#   NOIDLE=1 ... keeps every CPU out of its idle state during the runs
# Defaults: bench/out/bench.bin (1 GiB, created and laid out with random
# data by ssdcore), 5 s per run, 3 repeats. A block device is written to
# (its data is lost). Needs fio and /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${1:-bench/out/bench.bin}
SECS=${2:-5}
REPS=${3:-3}
SIZE=${SIZE:-1g}
SSD=${SSD:-build/ssdcore}
OUT=bench/out
mkdir -p "$OUT"
command -v fio >/dev/null || { echo "fio not found (scripts/setup.sh installs it)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found" >&2; exit 1; }
[ -x "$SSD" ] || { echo "$SSD not built (scripts/build.sh)" >&2; exit 1; }

# RAMDISK=1: run on a loop device over a file in /dev/shm instead. Both tools
# are then CPU-bound, so the ratios measure the engines' own efficiency
# without the noise of a shared disk. Needs root and losetup.
DESTROY=()
CLEANUP=()
trap 'for c in "${CLEANUP[@]}"; do $c; done' EXIT

# NOIDLE=1: one spinning process per CPU at the lowest priority, so no CPU
# halts while it waits: a wake-up preempts the spinner instead of waking a
# halted CPU. This is what idle=poll or disabling C-states does for latency
# benchmarks. On a VM it matters at queue depth 1 on the RAM disk: every
# I/O there passes through the loop driver's worker and a softirq thread,
# and when one of the three lands on a halted vCPU the wake-up can cost as
# much as the I/O itself, so either tool's IOPS then follows where the
# scheduler happened to put them, not the tool. CPU time per I/O is each
# tool's own and is not affected.
if [ "${NOIDLE:-0}" = 1 ]; then
    for _ in $(seq "$(nproc)"); do
        nice -n 19 sh -c 'while :; do :; done' &
        CLEANUP+=("kill $!")
    done
fi

if [ "${RAMDISK:-0}" = 1 ]; then
    shm=$(mktemp /dev/shm/ssdcore-bench.XXXXXX)
    truncate -s "$SIZE" "$shm"
    FILE=$(losetup --find --show "$shm")
    CLEANUP+=("losetup -d $FILE" "rm -f $shm")
    dd if=/dev/urandom of="$FILE" bs=1M count=$(( $(blockdev --getsize64 "$FILE") >> 20 )) \
        oflag=direct status=none
    DESTROY=(--destroy-data)
    OUT=bench/out/ramdisk
fi
[ "${NOIDLE:-0}" = 1 ] && OUT="$OUT/noidle"
mkdir -p "$OUT"

# Lay the file out once, with incompressible data, so both tools read real
# extents (fio would otherwise lay it out itself, with its own data).
if [ ! -e "$FILE" ]; then
    "$SSD" job --target "$FILE" --size-file "$SIZE" --pattern write --bs 1m --qd 4 \
        --bytes 1m --no-progress >/dev/null
fi
if [ -b "$FILE" ]; then BYTES=$(blockdev --getsize64 "$FILE"); DESTROY=(--destroy-data)
else BYTES=$(stat -c %s "$FILE"); fi

# name pattern(ssdcore) rw(fio) bs qd threads fio-extra
# ssdcore writes fresh random data every time (so no drive can dedupe or
# compress it); fio by default re-sends one buffer with a few bytes
# scrambled. The "-refill" cases give fio fresh data too (refill_buffers),
# which is the like-for-like comparison of writes; both are shown because
# some storage (this bench's virtual disk included) writes repeated data
# faster.
CASES=(
    "4k-randread-qd1          randread  randread  4k   1  1 -"
    "4k-randread-qd32         randread  randread  4k   32 1 -"
    "4k-randwrite-qd32        randwrite randwrite 4k   32 1 -"
    "4k-randwrite-qd32-refill randwrite randwrite 4k   32 1 --refill_buffers=1"
    "256k-read-qd1            read      read      256k 1  1 -"
    "256k-write-qd1           write     write     256k 1  1 -"
    "256k-write-qd1-refill    write     write     256k 1  1 --refill_buffers=1"
    "128k-mixed-2thr          rw        rw        128k 1  2 -"
    "128k-mixed-2thr-refill   rw        rw        128k 1  2 --refill_buffers=1"
)
# ONLY=REGEX keeps the cases whose name matches, to re-check a few rows
# with more repeats: ONLY='4k-randread' RAMDISK=1 bench/engine_vs_fio.sh - 3 9
if [ -n "${ONLY:-}" ]; then
    kept=()
    for c in "${CASES[@]}"; do [[ ${c%% *} =~ $ONLY ]] && kept+=("$c"); done
    CASES=("${kept[@]}")
    [ ${#CASES[@]} -gt 0 ] || { echo "ONLY=$ONLY matches no case" >&2; exit 2; }
fi
SETTLE=${SETTLE:-1} # seconds between runs, so one run's write-back does not slow the next

RES="$OUT/results.tsv"
: > "$RES"
run_one() { # tool case rep pattern rw bs qd threads fio-extra
    local tool=$1 name=$2 rep=$3 pat=$4 rw=$5 bs=$6 qd=$7 thr=$8 extra=$9
    [ "$extra" = - ] && extra=""
    local json="$OUT/$name.$tool.$rep.json" tm="$OUT/$name.$tool.$rep.time"
    if [ "$tool" = fio ]; then
        /usr/bin/time -f "%U %S" -o "$tm" fio --name="$name" --filename="$FILE" --size="$BYTES" \
            --direct=1 --ioengine=io_uring --rw="$rw" --rwmixread=50 --bs="$bs" \
            --iodepth="$qd" --numjobs="$thr" --group_reporting --time_based --runtime="$SECS" \
            --norandommap --randrepeat=0 $extra --output-format=json >"$json"
    else
        /usr/bin/time -f "%U %S" -o "$tm" "$SSD" job --target "$FILE" --pattern "$pat" \
            --rwmix-read 50 --bs "$bs" --qd "$qd" --threads "$thr" --time "$SECS" \
            "${DESTROY[@]}" --no-progress --json >"$json"
    fi
    python3 - "$tool" "$name" "$json" "$tm" >>"$RES" <<'PY'
import json, sys
tool, name, jpath, tpath = sys.argv[1:]
j = json.load(open(jpath))
if tool == "fio":
    job = j["jobs"][0]
    rt = max(job[d]["runtime"] for d in ("read", "write")) / 1e3
    ios = sum(job[d]["total_ios"] for d in ("read", "write"))
    nbytes = sum(job[d]["io_bytes"] for d in ("read", "write"))
else:
    rt, ios, nbytes = j["runtime_s"], j["ios"], j["bytes"]
u, s = map(float, open(tpath).read().split()[-2:])
print(f"{name}\t{tool}\t{ios / rt:.1f}\t{nbytes / rt:.1f}\t{(u + s) / ios * 1e6:.4f}")
PY
}

for rep in $(seq 1 "$REPS"); do
    for c in "${CASES[@]}"; do
        read -r name pat rw bs qd thr extra <<<"$c"
        [[ "$name" =~ ${ONLY:-.} ]] || continue # ONLY=regex picks cases
        # Alternate which tool goes first, so drift hits both alike.
        if [ $((rep % 2)) -eq 1 ]; then order="fio ssdcore"; else order="ssdcore fio"; fi
        for tool in $order; do
            echo "run $rep/$REPS $name $tool" >&2
            run_one "$tool" "$name" "$rep" "$pat" "$rw" "$bs" "$qd" "$thr" "$extra"
            sleep "$SETTLE"
        done
    done
done

python3 - "$RES" <<'PY'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
data = {}
for name, tool, iops, bw, cpu in rows:
    data.setdefault(name, {}).setdefault(tool, []).append((float(iops), float(bw), float(cpu)))
# Medians, plus the best run of each tool: on a shared machine the best run
# is the one least disturbed by other tenants, as in microbenchmarks' min-time.
print("| case | fio IOPS | ssdcore IOPS | ratio | best-run ratio | fio MB/s | ssdcore MB/s "
      "| fio CPU us/IO | ssdcore CPU us/IO | CPU ratio |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for name, t in data.items():
    med = {k: [statistics.median(x[i] for x in v) for i in range(3)] for k, v in t.items()}
    best = {k: max(x[0] for x in v) for k, v in t.items()}
    f, s = med["fio"], med["ssdcore"]
    print(f"| {name} | {f[0]:.0f} | {s[0]:.0f} | {s[0] / f[0]:.3f} | "
          f"{best['ssdcore'] / best['fio']:.3f} | {f[1] / 1e6:.1f} | {s[1] / 1e6:.1f} | "
          f"{f[2]:.2f} | {s[2]:.2f} | {s[2] / f[2]:.2f} |")
print(f"\nmedians of {len(next(iter(data.values()))['fio'])} runs each")
PY
