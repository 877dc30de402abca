#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang and runs each for a short
# while (FUZZ_SECONDS, 15 by default) seeded with the checked-in samples.
# New corpus entries go to a temporary directory, never into tests/data.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-15}
B=${FUZZ_BUILD_DIR:-build-fuzz} # bench/fuzz_long.sh builds apart from the test command
# Debug keeps the test command's short runs easy to debug; long runs want speed
BUILD_TYPE=${FUZZ_BUILD_TYPE:-Debug}
if ! command -v clang >/dev/null; then
    echo "fuzz: clang missing (scripts/setup.sh installs it)" >&2
    exit 1
fi
CC=clang cmake -S . -B "$B" -DSSD_FUZZ=ON -DSSD_BUILD_TESTS=OFF -DSSD_BUILD_PYTHON=OFF \
    ${CMAKE_C_COMPILER_LAUNCHER:+-DCMAKE_C_COMPILER_LAUNCHER="$CMAKE_C_COMPILER_LAUNCHER"} \
    -DCMAKE_BUILD_TYPE="$BUILD_TYPE" -DCMAKE_RULE_MESSAGES=OFF >/dev/null
# CORPUS:TARGET. FUZZ_TARGETS (corpus names, e.g. "extract") picks some;
# the readers alone (series_reader, results_reader: fuzz_series without the
# analysis, fuzz_suite_results without the report, 10-30x faster, for the
# 10M-execution runs of bench/fuzz_long.sh) run only when it names them.
all="series:fuzz_series fio:fuzz_fio_result analysis:fuzz_analysis extract:fuzz_extract
     results:fuzz_suite_results trace:fuzz_trace catalog:fuzz_catalog"
readers="series_reader:fuzz_series_reader results_reader:fuzz_results_reader"
run=()
for t in $all $readers; do
    if [ -n "${FUZZ_TARGETS:-}" ]; then
        [[ " $FUZZ_TARGETS " == *" ${t%%:*} "* ]] || continue
    elif [[ " $readers " == *" $t "* ]]; then
        continue
    fi
    run+=("$t")
done
# The seed archives below are made with the CLI: FUZZ_SEED_CLI names one
# already built (scripts/test.sh: build/ssdcore), else it is built here too.
seed_cli=${FUZZ_SEED_CLI:-}
targets=("${run[@]#*:}")
[ -n "$seed_cli" ] || targets+=(ssdcore_cli)
cmake --build "$B" -j2 --target "${targets[@]}" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/series" "$work/fio" "$work/analysis" "$work/extract" "$work/results" "$work/trace" \
    "$work/catalog"
cp tests/data/series/*.csv tests/data/series/*.log "$work/series/"
# Live logs a kill cut (the reader drops such a last line with a note):
# inside a row at a 4 KiB offset, and whole rows that lost their newline
# or the end of their last field.
head -c 4096 tests/data/series/series_v1_cache.csv >"$work/series/cut-4k.csv"
head -c -1 tests/data/series/series_v1_cache.csv >"$work/series/cut-newline.csv"
head -c -2 tests/data/series/series_v1_temp.csv >"$work/series/cut-last-field.csv"
cp tests/data/fio/*.json "$work/fio/"
# fuzz_trace reads its first byte as the reader to use (0 auto .. 3 blkparse)
for f in tests/data/traces/*.csv tests/data/traces/*.log tests/data/traces/*.txt; do
    for k in 0 1 2 3; do
        { printf "\\$(printf %03o $((48 + k)))"; cat "$f"; } > "$work/trace/$k-$(basename "$f")"
    done
done
i=0
for f in tests/data/results/*/*.json; do # samples and regression inputs
    cp "$f" "$work/results/$i.json"
    cp "$f" "$work/catalog/$i.json"
    i=$((i + 1))
done
head -c 4096 /dev/urandom > "$work/analysis/random"
# Seed archives for fuzz_extract, made now from a tiny tree (no binaries
# checked in): every format the archiver writes, and a tar with a symlink,
# a hard link and a nested directory.
tree="$work/tree"
mkdir -p "$tree/d/e"
printf 'hello\n' > "$tree/a.txt"
head -c 3000 /dev/urandom > "$tree/d/r.bin"
printf 'x%.0s' $(seq 1 200) > "$tree/d/e/rep"
ln -s ../a.txt "$tree/d/l"
ln "$tree/a.txt" "$tree/hard"
sdc=${seed_cli:-env ASAN_OPTIONS=detect_leaks=0 $B/ssdcore}
for f in 7z zip tar.zst tar; do
    $sdc archive "$tree" "$work/extract/seed.$f" --format "$f" --json >/dev/null
done
$sdc archive "$tree" "$work/extract/seed-store.7z" --format 7z --method store --json >/dev/null
tar -C "$tree" -cf "$work/extract/seed-gnu.tar" .
# hostile seeds, so mutations start near the refusal paths: a climbing name,
# an absolute and a climbing symlink, a write through a link, a hard link out
if command -v python3 >/dev/null; then
    python3 - "$work/extract" <<'PY'
import io, sys, tarfile
def add(tf, name, kind=tarfile.REGTYPE, link="", data=b"x"):
    i = tarfile.TarInfo(name); i.type = kind; i.linkname = link
    i.size = len(data) if kind == tarfile.REGTYPE else 0
    tf.addfile(i, io.BytesIO(data) if kind == tarfile.REGTYPE else None)
cases = [
    [("ok/a",), ("../up",)],
    [("abs", tarfile.SYMTYPE, "/tmp"), ("abs/through",)],
    [("d/climb", tarfile.SYMTYPE, "../../x")],
    [("f",), ("h2", tarfile.LNKTYPE, "f"), ("hard", tarfile.LNKTYPE, "../x")],
    [("ok", tarfile.DIRTYPE), ("in", tarfile.SYMTYPE, "ok"), ("in/a",)],
    # symlink chains: each link alone looks inside, followed they leave
    [("d", tarfile.DIRTYPE), ("d/up", tarfile.SYMTYPE, ".."), ("l1", tarfile.SYMTYPE, "d/up/.."),
     ("l2", tarfile.SYMTYPE, "l1/..")],
    [("a", tarfile.SYMTYPE, "."), ("b", tarfile.SYMTYPE, "a/..")],
    [("a", tarfile.SYMTYPE, "x/.."), ("x", tarfile.SYMTYPE, ".")],
    [("p/q", tarfile.DIRTYPE), ("p/q/t", tarfile.SYMTYPE, "../.."), ("e", tarfile.SYMTYPE, "p/q/t/..")],
]
for n, entries in enumerate(cases):
    with tarfile.open(f"{sys.argv[1]}/hostile{n}.tar", "w") as tf:
        for e in entries:
            add(tf, *e)
PY
fi
rm -rf "$tree"
# FUZZ_RUNS stops each target after that many executions or FUZZ_SECONDS,
# whichever comes first (bench/fuzz_long.sh). FUZZ_JOBS targets run at once
# (default: one per CPU; each libFuzzer run is single-threaded), each for
# its full time.
fuzz_one() { # fuzz_one CORPUS EXE: its log in $work/EXE.log, its status
    local corpus=${1%_reader} exe=$2 # a reader alone takes its full target's seeds
    local limit=(-max_total_time="$SECONDS_EACH")
    [ -n "${FUZZ_RUNS:-}" ] && limit+=(-runs="$FUZZ_RUNS")
    TMPDIR="$work" ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 \
        "$B/fuzz/$exe" "${limit[@]}" -max_len=65536 -rss_limit_mb=1024 \
        -timeout=10 -print_final_stats=0 -artifact_prefix="$work/$exe-" "$work/$corpus" \
        2>"$work/$exe.log"
}
jobs_max=${FUZZ_JOBS:-$(nproc)}
pids=() names=()
for t in "${run[@]}"; do
    corpus=${t%%:*} exe=${t#*:}
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do
        wait -n || true # statuses are collected below, per target
    done
    echo "fuzz: $exe for ${SECONDS_EACH}s${FUZZ_RUNS:+ or $FUZZ_RUNS runs}"
    fuzz_one "$corpus" "$exe" &
    pids+=($!) names+=("$exe")
done
failed=0
for i in "${!pids[@]}"; do
    exe=${names[$i]}
    # libFuzzer runs every seed before it mutates and then prints INITED
    # (whatever FUZZ_SECONDS is): without it the seeds were not all run.
    if wait "${pids[$i]}" && grep -q INITED "$work/$exe.log"; then
        echo "fuzz: $exe: every seed run (kept: $(grep INITED "$work/$exe.log" | head -1 | grep -Eo "corp: [^ ]+" | cut -d" " -f2)), then $(grep -E "^Done|DONE" "$work/$exe.log" | tail -1)"
    else
        tail -40 "$work/$exe.log" >&2
        mkdir -p "$B"/crashes
        cp "$work/$exe"-crash-* "$work/$exe"-leak-* "$work/$exe"-timeout-* "$B"/crashes/ 2>/dev/null || true
        echo "fuzz: $exe failed (artifacts in $B/crashes)" >&2
        failed=1
    fi
done
exit "$failed"
