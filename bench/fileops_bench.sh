#!/usr/bin/env bash
# Side-by-side file benchmarks in one run (medians of repeated runs, ratios
# printed): ssdcore copy vs `cp -a` and `rsync -a` on a Program-like tree of
# many small files and on ISO-like large files; ssdcore archive/extract vs
# `7z a -m0=Deflate` / `7z x` on a Work set. Every command, ours and the
# peers', ends with its data on disk (ssdcore syncs itself; peers get
# `&& sync`), and caches are dropped before every run (as root).
#
# usage: bench/fileops_bench.sh [WORKDIR]      (WORKDIR on the drive under test;
#        default bench/out/work, i.e. on the repository's disk)
# env:   RUNS=5 PROGRAM_SIZE=512m ISO_SIZE=1g WORK_SIZE=256m SSDCORE=build/ssdcore
#        SEED=1 WORKERS=8
# Goals: copy >= 1.0x cp on large files, >= 1.5x cp on small-file trees;
#        archive and extract within 10% of 7-Zip, or faster.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SSDCORE=${SSDCORE:-$ROOT/build/ssdcore}
WORK=${1:-$ROOT/bench/out/work}
RUNS=${RUNS:-5}
PROGRAM_SIZE=${PROGRAM_SIZE:-512m}
ISO_SIZE=${ISO_SIZE:-1g}
WORK_SIZE=${WORK_SIZE:-256m}
SEED=${SEED:-1}
WORKERS=${WORKERS:-8}
OUT=$ROOT/bench/out
mkdir -p "$OUT" "$WORK"
WORK=$(cd "$WORK" && pwd)

for tool in hyperfine cp rsync 7z python3; do
    command -v "$tool" >/dev/null || { echo "fileops_bench: $tool is missing (scripts/setup.sh installs it)" >&2; exit 1; }
done
[ -x "$SSDCORE" ] || { echo "fileops_bench: $SSDCORE missing: build first (scripts/build.sh)" >&2; exit 1; }

if [ "$(id -u)" -eq 0 ]; then
    DROP="sync; echo 3 > /proc/sys/vm/drop_caches"
else
    DROP="sync"
    echo "fileops_bench: not root: page cache not dropped between runs" >&2
fi

echo "== sets in $WORK (seed $SEED) =="
for kind in program iso work; do
    size_var=$(echo "${kind}_SIZE" | tr a-z A-Z)
    if [ ! -f "$WORK/$kind.done" ] || [ "$(cat "$WORK/$kind.done")" != "${!size_var} $SEED" ]; then
        rm -rf "${WORK:?}/$kind"
        "$SSDCORE" mkset "$kind" "$WORK/$kind" --size "${!size_var}" --seed "$SEED"
        echo "${!size_var} $SEED" > "$WORK/$kind.done"
    fi
done

# bench NAME PREPARE CMD... : hyperfine with a fresh destination and cold caches.
bench() {
    local name=$1 prepare=$2
    shift 2
    local args=()
    for cmd in "$@"; do args+=("$cmd"); done
    hyperfine --runs "$RUNS" --warmup 0 --prepare "$prepare; $DROP" \
        --export-json "$OUT/$name.json" --style basic "${args[@]}" >"$OUT/$name.txt" 2>&1 || {
        cat "$OUT/$name.txt"; exit 1; }
}

D=$WORK/dst
echo "== copy: Program set ($PROGRAM_SIZE, many small files) =="
bench copy_program "rm -rf $D" \
    "$SSDCORE copy $WORK/program $D --workers $WORKERS --json >/dev/null" \
    "cp -a $WORK/program $D && sync" \
    "rsync -a $WORK/program/ $D/ && sync"
echo "== copy: ISO set ($ISO_SIZE, large files) =="
bench copy_iso "rm -rf $D" \
    "$SSDCORE copy $WORK/iso $D --workers $WORKERS --json >/dev/null" \
    "cp -a $WORK/iso $D && sync" \
    "rsync -a $WORK/iso/ $D/ && sync"
echo "== archive: Work set ($WORK_SIZE), 7z Deflate =="
A=$WORK/arc
bench archive_work "rm -rf $A; mkdir -p $A" \
    "$SSDCORE archive $WORK/work $A/ssd.7z --format 7z --method deflate >/dev/null" \
    "cd $WORK/work && 7z a -bd -m0=Deflate $A/p7.7z . >/dev/null && sync"
# the archives to unpack: one each, made once
rm -rf "$A"; mkdir -p "$A"
"$SSDCORE" archive "$WORK/work" "$A/ssd.7z" >/dev/null
(cd "$WORK/work" && 7z a -bd -m0=Deflate "$A/p7.7z" . >/dev/null)
echo "== extract: Work set 7z Deflate =="
bench extract_work "rm -rf $D" \
    "$SSDCORE extract $A/p7.7z $D >/dev/null" \
    "7z x -bd -y -o$D $A/p7.7z >/dev/null && sync"
rm -rf "$D" "$A"

python3 - "$OUT" <<'PY'
import json, sys
out = sys.argv[1]
def med(name):
    res = json.load(open(f"{out}/{name}.json"))["results"]
    return [r["median"] for r in res]
rows = []
p = med("copy_program"); rows += [("copy Program set vs cp -a", p[1] / p[0], 1.5), ("copy Program set vs rsync -a", p[2] / p[0], None)]
i = med("copy_iso"); rows += [("copy ISO set vs cp -a", i[1] / i[0], 1.0), ("copy ISO set vs rsync -a", i[2] / i[0], None)]
a = med("archive_work"); rows += [("archive Work 7z/Deflate vs 7z a", a[1] / a[0], 0.9)]
x = med("extract_work"); rows += [("extract Work 7z/Deflate vs 7z x", x[1] / x[0], 0.9)]
print("\nmedian seconds: copy_program %s, copy_iso %s, archive %s, extract %s" % (
    [round(v, 3) for v in p], [round(v, 3) for v in i], [round(v, 3) for v in a], [round(v, 3) for v in x]))
print("\n%-36s %8s  %s" % ("speed ratio (peer time / ssdcore time)", "ratio", "goal"))
for name, ratio, goal in rows:
    verdict = "" if goal is None else ("ok" if ratio >= goal else "BELOW GOAL") + f" (>= {goal})"
    print("%-36s %7.2fx  %s" % (name, ratio, verdict))
PY
