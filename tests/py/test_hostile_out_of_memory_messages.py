"""Every failure says what and where, even when memory runs out (issue 26):
`compare` under memory pressure printed "ssdcore compare: " and nothing
else, and other commands said only "out of memory". Each command is run
under an address-space limit swept from just below what it needs down to
where the program can no longer start; every failure in between must name
a file, a target or what was being built."""
import re
import shutil
import subprocess

import pytest


@pytest.fixture(scope="module")
def inputs(cli, small_write_run, small_write_suite, tmp_path_factory):
    base = tmp_path_factory.mktemp("in")
    shutil.copy(small_write_suite, base / "s.suite")
    shutil.copytree(small_write_run, base / "run")
    # pcm8-word: 5,409 I/Os, reads and writes. replay and trace convert hold
    # the whole trace, so a trace of 18,442 (game-level, as before) cost 3x
    # as much per attempt and its 3 MiB of growing I/O arrays were all the
    # sweep reached; this one's leave room below for the simulator's
    # samples and histograms, the trace's own start and the command line.
    subprocess.run([cli, "trace", "generate", "pcm8-word", "--out", str(base / "t.csv"),
                    "--span", "64m"], check=True, capture_output=True, timeout=60)
    return base


# compare of 30 runs: its own allocations (the runs read, the CSV, the page)
# then fit the sweep below, which reaches every failure from the page down to
# the argument list and the loader's. With 100 runs (as before) an attempt
# cost 3x as much and the sweep's 3 MiB ended where the runs are read (one
# attempt there, none below). Every count takes the same paths: the per-run
# arrays are sized from it (65 or more runs, which once overflowed fixed
# arrays, are test_hostile_compare_many_runs' case).
COMMANDS = {
    "compare": lambda b, o: ["compare", *[str(b / "run")] * 30, "--out", str(o / "c")],
    "report": lambda b, o: ["report", str(b / "run"), "--out", str(o / "r.html")],
    "replay": lambda b, o: ["replay", str(b / "t.csv"), "--target", "sim:bx200", "--log",
                            str(o / "l.csv"), "--record", str(o / "r.csv")],
    "trace": lambda b, o: ["trace", "convert", str(b / "t.csv"), str(o / "t.csv")],
    "job": lambda b, o: ["job", "--target", "sim:bx200", "--time", "2", "--log",
                         str(o / "j.csv")],
    "analyze": lambda b, o: ["analyze", str(b / "run" / "degradation.csv")],
    "suite": lambda b, o: ["suite", "sim:bx200", "--suite-file", str(b / "s.suite"), "--out",
                           str(o / "s")],
}


FLOOR = 1 << 10  # KiB: an address space no command starts in


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_out_of_memory_names_what_and_where(cli, inputs, tmp_path, name):
    args = [cli] + COMMANDS[name](inputs, tmp_path)
    paths = [a for a in args[1:] if "/" in a or a.startswith("sim:")]

    def attempt(kib):
        # The shell sets the limit (soft and hard, as setrlimit(RLIMIT_AS))
        # and execs the command: without a preexec_fn, Python starts the
        # shell with vfork instead of copying this process (3 ms less of
        # CPU an attempt, of about 300 in all).
        return subprocess.run(["/bin/sh", "-c", f'ulimit -v {kib} && exec "$@"', "sh", *args],
                              capture_output=True, text=True, timeout=60)

    # KiB. lo: where nothing starts. 8 MiB was, while the CLI loaded
    # libarchive and its ICU data at start (it could not start under about
    # 45 MiB); since libarchive is loaded only to archive or extract, the
    # CLI starts in about 7.5 MiB, so the floor is 1 MiB.
    lo, hi = FLOOR, 4 << 20
    assert attempt(hi).returncode == 0
    while hi - lo > 64:
        mid = (lo + hi) // 2
        if attempt(mid).returncode == 0:
            hi = mid
        else:
            lo = mid
    failures = 0
    for kib in range(hi - 16, max(hi - (3 << 10), FLOOR), -64):
        p = attempt(kib)
        if p.returncode == 127:  # the loader could not map the libraries
            break
        if p.returncode == 0:
            continue
        failures += 1
        msg = p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""
        # a sub-verb names itself too: "ssdcore trace convert: "
        prefix = f"ssdcore {args[1]}: " if args[1] != "trace" else f"ssdcore trace {args[2]}: "
        assert msg.startswith(prefix), msg
        rest = msg[len(prefix):].removeprefix("warning: ")
        assert rest.strip() and rest != "out of memory", msg
        assert any(pth in rest for pth in paths) or \
            re.search(r"creating|for the|for \d+|writing|:\d+:", rest), msg
    assert failures >= 1  # the sweep reached the messages it checks
