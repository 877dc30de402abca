#!/usr/bin/env bash
# The whole test suite: set-up, the -Werror build, the C tests (ctest), the
# Python tests (pytest, on every CPU: they include the layer check and the
# pip test, whose build reuses this build's objects); beside them, from the
# start, the sanitizer lane: the C tests again under ASan/UBSan, a short run
# of each fuzz target, then (once the -Werror build is there) the real
# commands under valgrind and a formatting check, which the main line runs
# after pytest instead if the lane has not reached them. Stops at the first failing
# stage (the lane's failure is reported when the main line ends); the last
# line tallies every test run. docs/testing.md says how the stages are kept
# fast.
set -euo pipefail
cd "$(dirname "$0")/.."
# The Debian packages here; .venv (below) once the sanitizer lane, which
# needs only the former, is running.
SSD_SETUP_ONLY=debs bash scripts/setup.sh
logs=build/test-logs
mkdir -p "$logs"
jobs=$(nproc)
# ccache (setup.sh installs it) keeps the objects of every build this runs:
# the -Werror, ASan and fuzz builds (the pip test compiles with the -Werror
# build's command lines, so its objects come from the cache even here). A
# second run, a removed build directory or a fresh clone then compiles from
# the cache (in ~/.cache/ccache) in seconds. Paths inside the clone are
# hashed relative to it and the working directory is left out of the hash
# (the -g builds would otherwise add it), so another clone hits too; its
# objects' debug info may then name the first clone's build directory.
# Depend mode: on a miss (an empty cache, as on CI) ccache compiles once and
# hashes the headers the compiler's -MD file lists, instead of running the
# preprocessor first to hash its output: a cold ASan build took 35.7 s of
# CPU through ccache, 30.4 s in depend mode and 30.9 s without ccache.
# Hits (the manifest of the headers a source read) work as before.
if command -v ccache >/dev/null; then
    export CMAKE_C_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1 CCACHE_DEPEND=1
fi
# cmake and ctest as the binaries they start: where `cmake` on PATH is a
# launcher in front of them (a pyenv shim: bash scripts, then the cmake
# package's Python wrapper, 0.13 s of CPU a call against 0.003 s), links
# to the binaries themselves come first on PATH, for the builds, both
# ctests, fuzz.sh and the tests that run cmake (ten calls and more). The
# binary is the one `cmake` runs (its CMAKE_COMMAND), so nothing else
# changes; only cmake and ctest are in that directory.
if cmake_bin=$(cmake -P /dev/stdin <<<'message("${CMAKE_COMMAND}")' 2>&1) &&
    [ -x "$cmake_bin" ] && [ -x "${cmake_bin%/*}/ctest" ]; then
    mkdir -p "$logs/bin"
    ln -sfn "$cmake_bin" "$logs/bin/cmake"
    ln -sfn "${cmake_bin%/*}/ctest" "$logs/bin/ctest"
    PATH="$PWD/$logs/bin:$PATH"
fi

# cpu_now: sets cpu to the CPU seconds (user + system) used so far by the
# commands this script ran. `times` must run in this shell (in a $(...)
# subshell it sees only the subshell's own, empty, count); its second line
# is the children's.
cpu_now() {
    local f=$logs/.times.$BASHPID # the lane below runs beside this shell
    times >"$f"
    cpu=$(awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] }
                         printf "%.0f", s }' "$f")
}
# stage NAME: prints the stage's heading; the wall and CPU seconds each took
# are listed at the end (on a loaded machine the wall time alone misleads).
cpu_now
times=() stage_name="" stage_t0=$SECONDS stage_c0=$cpu lane="" lane_cpu=0
stage() {
    cpu_now
    # Bash reaps the sanitizer lane (below) as soon as it ends, and its CPU
    # then joins this shell's count, in whichever stage is running: taken
    # out again, so that each stage's figure is its own.
    if [ -n "$lane" ] && [ "$lane_cpu" -eq 0 ] && ! kill -0 "$lane" 2>/dev/null; then
        cpu_now # now surely counted
        lane_cpu=$(cat "$logs/lane.cpu" 2>/dev/null || echo 0)
    fi
    cpu=$((cpu - lane_cpu))
    [ -n "$stage_name" ] &&
        times+=("$(printf '%4ds %5ds  %s' $((SECONDS - stage_t0)) $((cpu - stage_c0)) "$stage_name")")
    stage_name=$1 stage_t0=$SECONDS stage_c0=$cpu
    [ -n "$1" ] && echo "== $1 =="
    return 0
}

# late_checks WHO: the whole commands under valgrind and the formatting
# check, run by the first of the lane and the main line to call it (mkdir
# is atomic); the other skips them. Their logs are in $logs either way.
late_checks() {
    mkdir "$logs/late-checks.claim" 2>/dev/null || return 0
    echo "$1" >"$logs/late-checks.claim/by"
    stage "whole commands under valgrind"
    bash scripts/valgrind_smoke.sh build | tee "$logs/valgrind.log"
    stage "formatting (clang-format)"
    check_format
}
check_format() {
    local unformatted
    unformatted=$(git ls-files '*.c' '*.h' | xargs clang-format --dry-run 2>&1 | grep -c 'warning:' || true)
    if [ "$unformatted" -ne 0 ]; then
        git ls-files '*.c' '*.h' | xargs clang-format --dry-run 2>&1 | grep 'warning:' | cut -d: -f1 | sort -u
        echo "formatting: run clang-format -i on the files above"
        return 1
    fi
    echo "formatting: ok"
}

# The sanitizer lane runs beside the stages below, niced, from the start:
# it needs neither .venv nor the -Werror build (but for the fuzz seeds'
# CLI, which it waits for), so it fills the CPU that the set-up of .venv
# (a single pip process, about 25 s on a fresh clone) leaves idle, and
# later the time pytest's tests wait on children, files and Chromium.
# Its output goes to a log printed when it ends; its stages are timed on
# their own.
sanitizer_lane() {
    times=() stage_name="" stage_t0=$SECONDS stage_c0=0 lane="" # a subshell: its own CPU count
    stage "C tests under ASan/UBSan"
    # Only the test executables: the ctest below runs neither the CLI nor
    # the shared library (2.9 s of CPU less on an empty ccache).
    # The library at -O1, as ASan's documentation advises for speed (frame
    # pointers kept: CMakeLists.txt adds -fno-omit-frame-pointer), with
    # -g1's line tables (a report's stack names file and line as with -g);
    # the test files at Debug's -O0 -g (at -O1 they cost more to compile
    # than they save). The C tests under the sanitizers: about a quarter
    # less CPU than all at -O0 (docs/testing.md).
    BUILD_TARGETS=c_tests BUILD_DIR=build-asan bash scripts/build.sh -DSSD_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug \
        -DSSD_LIBRARY_C_FLAGS="-O1;-g1" -DSSD_BUILD_PYTHON=OFF -DSSD_WERROR=ON -DCMAKE_RULE_MESSAGES=OFF
    # filebench's cache drop (in test_suite, test_api_convention and
    # test_options) writes its "3" to /dev/null here (SSD_DROP_CACHES, as
    # under pytest): the same code runs under the sanitizers, open and
    # write included, but the kernel does not empty the whole machine's
    # page cache (system time that follows the cache's size: 12.4 -> 7.8 s
    # of CPU for the three with a 16 GB cache), nor do pytest's workers
    # beside it then read their files from the disk again. The main line's
    # ctest (the -O2 build) still drops the real caches.
    SSD_DROP_CACHES=/dev/null ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
        ctest --test-dir build-asan --output-on-failure -j"$jobs" | tee "$logs/ctest-asan.log"
    # The seeds' CLI is the -Werror build's: the main line's build stage
    # marks its end (the main line's failure ends the lane instead).
    while [ ! -e "$logs/build.done" ]; do sleep 1; done
    stage "fuzz targets (libFuzzer, briefly, $jobs at a time)"
    # Every seed of every target, then mutations up to 500 executions each
    # (seeds included; at most 2 s): a smoke test that the targets build,
    # their seeds pass under ASan and a first round of mutations does; the
    # fuzzing itself is bench/fuzz_long.sh's (docs/crash-safety.md), and
    # the readers have their C tests. A count, not a time: 4.2 s of CPU for
    # all seven, where 2 s each took 10 to 17 s (what a time costs depends
    # on the load: a quiet machine runs each for all of it).
    # The seed archives are made with the -Werror build's CLI (building
    # the CLI under clang for that alone took 2.2 s of CPU on an empty ccache).
    FUZZ_SECONDS=${FUZZ_SECONDS:-2} FUZZ_RUNS=${FUZZ_RUNS:-500} FUZZ_JOBS=$jobs FUZZ_SEED_CLI=build/ssdcore \
        bash scripts/fuzz.sh |
        tee "$logs/fuzz.log"
    # The whole commands under valgrind and the formatting check need only
    # the -Werror build's CLI and the sources: here, beside pytest, they
    # take CPU its workers leave idle (waiting on children, kills and
    # Chromium) instead of running after it on the main line (about 10-19 s
    # of wall there on 2 CPUs). Whichever of the lane and the main line
    # gets to them first runs them (late_checks): on a machine busy with
    # other work the niced lane is still at ASan when pytest ends, and the
    # main line then runs them at its own priority, as before.
    late_checks "(sanitizer lane)"
    stage ""
    printf '%s  (sanitizer lane)\n' "${times[@]}" >"$logs/lane.times"
    times >"$logs/.times.$BASHPID" # its own CPU and its children's, for stage()
    awk '{ for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } }
         END { printf "%.0f\n", s }' "$logs/.times.$BASHPID" >"$logs/lane.cpu"
}
# In its own process group (set -m while it starts), so that a failing
# stage or Ctrl-C stops all of it (the EXIT trap).
rm -f "$logs/lane.times" "$logs/lane.cpu" "$logs/build.done"
rm -rf "$logs/late-checks.claim"
set -m
(
    # 10 below this shell's priority (at most 19): renice -n sets a nice
    # value, not an increment, so under `nice -n 19` (how the command is
    # timed on a shared machine) a plain 10 raised the lane above the
    # stages it is meant to yield to.
    lane_nice=$(($(nice) + 10))
    renice -n "$((lane_nice > 19 ? 19 : lane_nice))" -p "$BASHPID" >/dev/null || true
    sanitizer_lane
) >"$logs/lane.log" 2>&1 &
lane=$!
set +m
trap 'kill -- -$lane 2>/dev/null || true' EXIT

stage "set-up (.venv)"
# The -Werror build below is the one; a new .venv's packages are
# byte-compiled as pytest imports them (SSD_SETUP_NO_COMPILE: 15 s of CPU
# less on a fresh clone, where compiling what the tests import costs 3-7).
SSD_SETUP_ONLY=python SSD_SETUP_NO_BUILD=1 SSD_SETUP_NO_COMPILE=1 bash scripts/setup.sh

stage "build"
# CMAKE_RULE_MESSAGES=OFF, here and in the lane's builds: no "Building C
# object" line, which the Makefiles print by starting `cmake -E
# cmake_echo_color` once for every object (1.8 s of CPU a fresh -Werror
# build on a warm ccache: 7.7 -> 5.9 s); warnings, errors and each
# target's "Built target" line are printed as before.
BUILD_DIR=build bash scripts/build.sh -DSSD_WERROR=ON -DCMAKE_RULE_MESSAGES=OFF
touch "$logs/build.done" # for the lane's fuzz stage

stage "C tests (ctest)"
ctest --test-dir build --output-on-failure -j"$jobs" | tee "$logs/ctest.log"

# -n: one worker per CPU and one more, each taking whole files (a module's
# fixtures are made once), the files of the slow tests first (conftest.py's
# order). The extra worker runs while the others wait on children, files,
# kills and Chromium: on 2 cores, 139 s of pytest against 153-159 s with
# one per CPU, for the same CPU.
# (loadgroup would split files, but with pytest 9 xdist 3.8 ignores
# xdist_group marks.) Bytecode is written even where PYTHONDONTWRITEBYTECODE
# is set (as on the shared development machine): the workers then read the
# test modules pytest rewrote (by an earlier run, or by another worker a
# moment before) instead of each rewriting all of them (3 workers' collection:
# 5.9 s of CPU instead of 13.2), and Python children (notebook kernels,
# scripts) read ssdcore's compiled modules. The caches are __pycache__
# directories, which git and the wheel leave out.
stage "Python tests (pytest)"
env -u PYTHONDONTWRITEBYTECODE \
    SSD_BUILD_DIR="$PWD/build" PYTHONPATH="$PWD/build/python" PATH="$PWD/build:$PATH" \
    .venv/bin/python -m pytest -q -n "$((jobs + 1))" --dist loadfile --no-loadscope-reorder \
    --durations=15 --junitxml="$logs/pytest.xml" tests/py | tee "$logs/pytest.log"

# valgrind and the format check, unless the lane has already started them
late_checks "(main line)"

stage ""
# The lane's output, once it has ended (it failed if its status says so).
waited=$SECONDS lane_rc=0
wait "$lane" || lane_rc=$?
waited=$((SECONDS - waited))
trap - EXIT
cat "$logs/lane.log"
if [ "$lane_rc" -ne 0 ]; then
    echo "the sanitizer lane failed (status $lane_rc)"
    exit 1
fi
stage "" # counts the lane's CPU out of the stages if it had not been yet
cpu=$((cpu + lane_cpu))

# Every stage above passed (set -e), so the tally has no failures to count.
count() { grep -Eo "$2" "$logs/$1" | grep -Eo '[0-9]+' | tail -1; }
c=$(count ctest.log 'out of [0-9]+')
p=$(count pytest.log '[0-9]+ passed')
s=$(count pytest.log '[0-9]+ skipped' || true)
v=$(count valgrind.log '[0-9]+ passed')
a=$(count ctest-asan.log 'out of [0-9]+')
echo "seconds per stage (wall, CPU; load average now: $(cut -d' ' -f1-3 /proc/loadavg)):"
printf '%s\n' "${times[@]}"
cat "$logs/lane.times"
echo "$SECONDS s in all ($waited s waiting for the sanitizer lane at the end), $cpu s of CPU"
echo "ctest $c, pytest $p (skipped ${s:-0}), valgrind $v, ctest under sanitizers $a, fuzz targets clean"
echo "tests: $((c + p + v + a)) passed, 0 failed, ${s:-0} skipped"
