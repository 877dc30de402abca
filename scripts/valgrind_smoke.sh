#!/usr/bin/env bash
# Runs one real path of every subsystem's CLI under valgrind (memcheck,
# definite leaks are errors): the simulated drive and the job loop, both
# real engines, the analysis, and the file operations. ASan covers the C
# tests; this covers the whole program as users run it.
# Usage: scripts/valgrind_smoke.sh BUILD_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build}
work=$(mktemp -d "$PWD/build-valgrind.XXXXXX")
trap 'rm -rf "$work"' EXIT
# --read-inline-info=no: valgrind does not read which functions the -O2
# build inlined where (0.1 s of CPU per command, about 1 s of the 16); an
# error's stack then names the function the code was inlined into, at the
# inlined code's own file and line. What is detected is the same.
V=(valgrind -q --read-inline-info=no --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite)
run() { # run NAME MAX_OK_STATUS CMD...: one line, "ok" or "FAILED" with the error's tail
    local name=$1 max=$2; shift 2
    local rc=0 log=$work/${name// /-}
    "${V[@]}" "$@" >"$log.out" 2>"$log.err" || rc=$?
    if [ "$rc" -gt "$max" ]; then
        echo "valgrind: $name FAILED (status $rc)"; tail -20 "$log.err"
    else
        echo "valgrind: $name ok"
    fi
}
S="$B/ssdcore"
# Two chains of about the same length run side by side (each command is
# single-threaded under valgrind); a command only uses what its own chain
# made before it.
sim_chain() {
    run "sim job" 0 "$S" job --target sim:bx200 --pattern randwrite --bs 4k --qd 32 --time 120 --log "$work/s.csv"
    run "analyze" 0 "$S" analyze --json "$work/s.csv"
    run "suite" 0 "$S" suite sim:bx200 --suite quick --out "$work/suite"
    run "compare" 0 "$S" compare "$work/suite" "$work/suite" --out "$work/cmp"
    run "catalog add" 0 "$S" catalog add "$work/suite" --catalog "$work/c.sqlite"
    run "catalog list" 0 "$S" catalog list --catalog "$work/c.sqlite" --json
    run "trace convert" 0 "$S" trace convert tests/data/traces/blkparse.txt --out "$work/t.csv"
    run "replay sim" 0 "$S" replay scenario:pcm8-excel --target sim:bx200 --timing as-recorded
}
file_chain() {
    run "io_uring job" 0 "$S" job --target "$work/f.bin" --size-file 32m --pattern randread --bs 4k --qd 8 --time 1
    run "psync job" 0 "$S" job --target "$work/f.bin" --pattern randrw --bs 4k --threads 2 --time 1 --engine psync
    run "identity" 0 "$S" identity "$work/f.bin" --hash-serial
    run "replay file" 0 "$S" replay tests/data/traces/fio_write_iolog_v3.log --target "$work/f.bin" --qd 4 --record "$work/i.csv"
    run "mkset" 0 "$S" mkset program "$work/p" --size 8m --seed 1
    run "copy" 0 "$S" copy "$work/p" "$work/c"
    # Deflate at level 1: ssdcore's part (the walk, the reads, the 7z
    # writer's staging file, the level option) is the same as at the default
    # 6; what level 1 saves is zlib's longer match search under memcheck
    # (3.1 -> 2.2 s of CPU, about a fifth of the stage).
    run "archive" 0 "$S" archive "$work/p" "$work/a.7z" --level 1
    run "extract" 0 "$S" extract "$work/a.7z" "$work/x"
}
sim_chain >"$work/sim.log" 2>&1 &
file_chain >"$work/file.log" 2>&1 &
wait
cat "$work/sim.log" "$work/file.log"
passed=$(cat "$work/sim.log" "$work/file.log" | grep -c '^valgrind: .* ok$' || true)
failures=$(cat "$work/sim.log" "$work/file.log" | grep -c '^valgrind: .* FAILED' || true)
echo "valgrind: $passed passed, $failures failed"
[ "$failures" -eq 0 ] && [ "$passed" -eq 16 ]
