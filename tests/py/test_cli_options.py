"""The command-line grammar the subcommands share: the fileops commands'
option tables and the target options of job and suite. Each case runs no
I/O: every one stops at the command line or before the target opens."""
import json
import signal
import subprocess
import time

import pytest

# command, an option that takes a value (and the library key it sets), the
# positional arguments, their names in the usage, the exit status of a usage
# error
FILEOPS = [
    ("archive", "--level", "level", ["src", "a.7z"], "SRC ARCHIVE", 2),
    ("extract", "--sync", "sync", ["a.7z", "dst"], "ARCHIVE DST", 2),
    ("mkset", "--seed", "seed", ["work", "dst"], "SET DIR", 2),
    ("filebench", "--workers", "workers", ["dir"], "DIR", 2),
    ("copy", "--workers", "workers", ["src", "dst"], "SRC DST", 2),
]


def run(cli, *args, cwd=None):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=60, cwd=cwd)


def usage_error(p, status, message):
    """The one wording of a usage error: what is wrong, then where help is."""
    assert (p.returncode, p.stdout) == (status, ""), p.stderr
    cmd = message.split(":")[0]
    assert p.stderr.splitlines() == [message, f"Try '{cmd} --help'."]


@pytest.mark.parametrize("cmd,opt,key,pos,missing,bad", FILEOPS)
def test_fileops_help_unless_a_mistake_comes_first(cli, tmp_path, cmd, opt, key, pos, missing,
                                                   bad):
    help_ = run(cli, cmd, "--help")
    assert help_.returncode == 0 and help_.stdout.startswith(f"usage: ssdcore {cmd} ")
    assert help_.stderr == ""
    assert run(cli, cmd, *pos, "-h").stdout == help_.stdout
    # the value of an option is never read as --help
    usage_error(run(cli, cmd, "--bogus", "--help", cwd=tmp_path), bad,
                f"ssdcore {cmd}: unknown option '--bogus'")
    p = run(cli, cmd, opt, "--help", cwd=tmp_path)
    assert p.returncode == bad and p.stdout == "" and key in p.stderr


@pytest.mark.parametrize("cmd,opt,key,pos,missing,bad", FILEOPS)
def test_fileops_option_mistakes_are_named_and_stop_at_the_first(cli, tmp_path, cmd, opt, key, pos,
                                                                 missing, bad):
    pre = f"ssdcore {cmd}: "
    usage_error(run(cli, cmd, cwd=tmp_path), bad, pre + "missing " + missing)
    usage_error(run(cli, cmd, *pos[:-1], cwd=tmp_path), bad,
                pre + "missing " + missing.split()[-1])
    usage_error(run(cli, cmd, *pos, "extra", "--bogus", cwd=tmp_path), bad,
                pre + "unexpected argument 'extra'")
    usage_error(run(cli, cmd, *pos, "-x", cwd=tmp_path), bad, pre + "unknown option '-x'")
    usage_error(run(cli, cmd, *pos, opt, cwd=tmp_path), bad, pre + f"option '{opt}' needs a value")
    # a value refused by the library: both spellings, the same message naming the key
    spaced = run(cli, cmd, *pos, opt, "nonsense", cwd=tmp_path)
    joined = run(cli, cmd, opt + "=nonsense", *pos, cwd=tmp_path)
    assert spaced.returncode == joined.returncode == bad
    assert spaced.stdout == joined.stdout == ""
    assert spaced.stderr == joined.stderr
    assert spaced.stderr.startswith(pre) and key in spaced.stderr
    assert spaced.stderr.splitlines()[1:] == [f"Try 'ssdcore {cmd} --help'."]
    # an option taking no value refuses one, and a unique abbreviation is
    # the option, as in every getopt command (job, suite)
    flag = "--keep" if cmd == "filebench" else "--json"
    usage_error(run(cli, cmd, *pos, flag + "=1", cwd=tmp_path), bad,
                pre + f"option '{flag}' takes no value")
    usage_error(run(cli, cmd, *pos, opt[:4], cwd=tmp_path), bad,
                pre + f"option '{opt}' needs a value")
    assert list(tmp_path.iterdir()) == []


def test_copy_flags_and_valued_options_reach_the_library(cli, tmp_path):
    src = tmp_path / "src"
    (src / "d").mkdir(parents=True)
    for i in range(5):
        (src / "d" / f"f{i}").write_text("x")
    dst = tmp_path / "dst"
    p = run(cli, "copy", str(src), str(dst), "-l", "--json")
    assert p.returncode < 8, p.stderr
    assert json.loads(p.stdout)["list_only"] is True and not dst.exists()
    p = run(cli, "copy", str(src), str(dst), "--workers=3", "--mt", "2", "--json")
    assert p.returncode < 8, p.stderr
    r = json.loads(p.stdout)
    assert r["list_only"] is False and r["workers"] == 2  # the last one given wins
    assert r["files"]["copied"] == 5


def test_fileops_parse_as_getopt_bundled_short_flags_and_double_dash(cli, tmp_path):
    (tmp_path / "-src").mkdir()
    (tmp_path / "-src" / "f").write_text("x")
    p = run(cli, "copy", "-lv", "--js", "--", "-src", "dst", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert (r["src"], r["list_only"]) == ("-src", True) and "f" in p.stderr
    assert not (tmp_path / "dst").exists()


@pytest.mark.parametrize("cmd,missing", [
    ("job", "missing --target"),
    ("suite", "missing TARGET"),
])
def test_target_argument_and_options(cli, tmp_path, cmd, missing):
    out = ["--out", str(tmp_path / "o")] if cmd == "suite" else []
    usage_error(run(cli, cmd, *out), 2, f"ssdcore {cmd}: {missing}")
    for args in (["sim:bx200", "extra"], ["--target", "sim:bx200", "extra"]):
        usage_error(run(cli, cmd, *args, *out), 2, f"ssdcore {cmd}: unexpected argument 'extra'")
    p = run(cli, cmd, "--size-file", "lots", str(tmp_path / "t.bin"), *out)
    assert (p.returncode, p.stdout) == (2, ""), p.stderr
    assert p.stderr.startswith(f"ssdcore {cmd}: --size-file: 'lots' is not a size"), p.stderr
    assert not (tmp_path / "t.bin").exists()
    # getopt abbreviations of the shared options still work
    p = run(cli, cmd, "--targ=sim:bx200", "--dest", "--buf", "--no-progress",
            *(["--list"] if cmd == "suite" else ["--time", "1s", "--json"]))
    assert p.returncode == 0, p.stderr
    if cmd == "job":
        assert json.loads(p.stdout)["runtime_s"] > 0
    else:
        assert p.stdout.splitlines()[0].startswith("  1  ")


def test_ambiguous_abbreviation_names_the_candidates_in_table_order(cli):
    p = run(cli, "job", "--r", "1", "sim:bx200")
    assert (p.returncode, p.stdout) == (2, "")
    first = p.stderr.splitlines()[0]
    assert first.startswith("ssdcore job: option '--r' is ambiguous")
    names = ["'--rw'", "'--rwmix-read'", "'--rate'"]
    assert [first.index(n) for n in names] == sorted(first.index(n) for n in names)
    assert p.stderr.splitlines()[1:] == ["Try 'ssdcore job --help'."]


def wait_until(ready, seconds=30):
    deadline = time.monotonic() + seconds
    while not ready() and time.monotonic() < deadline:
        time.sleep(0.02)


def test_interrupted_job_says_what_its_results_cover(cli, tmp_path):
    log = tmp_path / "s.csv"
    p = subprocess.Popen([cli, "job", str(tmp_path / "t.bin"), "--size-file", "4m", "--time",
                          "60", "--interval", "20ms", "--log", str(log), "--no-progress"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: log.exists() and log.read_text().count("\n") >= 5)  # past the layout
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
    finally:
        p.kill()
    assert p.returncode == 130, err
    assert out.startswith("target  ")  # the summary comes first
    last = err.splitlines()[-1]
    assert last.startswith("ssdcore job: interrupted; results cover ") and last.endswith(" s")


def test_replay_takes_its_target_as_job_and_suite_do(cli, tmp_path):
    """replay reads its command line with the parser job and suite share:
    the target is --target or the operand after TRACE, its options are the
    target's flags, and a missing one is named in the one wording (it was
    "no target: pass --target URI")."""
    trace = "scenario:pcm8-excel"
    usage_error(run(cli, "replay", trace), 2, "ssdcore replay: missing --target")
    usage_error(run(cli, "replay", "--apps"), 2, "ssdcore replay: missing --target")
    for args in ([trace, "sim:ssd370", "extra"], [trace, "--target", "sim:ssd370", "extra"]):
        usage_error(run(cli, "replay", *args), 2, "ssdcore replay: unexpected argument 'extra'")
    p = run(cli, "replay", trace, "--size-file", "lots", str(tmp_path / "t.bin"))
    assert (p.returncode, p.stdout) == (2, ""), p.stderr
    assert p.stderr.startswith("ssdcore replay: --size-file: 'lots' is not a size"), p.stderr
    assert not (tmp_path / "t.bin").exists()
    usage_error(run(cli, "replay", trace, "sim:ssd370", "--seed", "x"), 2,
                "ssdcore replay: --seed: 'x' is not a whole number")
    p = run(cli, "replay", "--targ=sim:ssd370", "--js", "--", trace)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["ios"] > 0


def test_trace_record_wants_its_command_after_the_double_dash(cli, tmp_path):
    out = str(tmp_path / "t.csv")
    usage_error(run(cli, "trace", "record", "--device", "/dev/null", "--out", out, "true"), 2,
                "ssdcore trace record: unexpected argument 'true' (the command goes after --)")
    usage_error(run(cli, "trace", "record", "--device", "/dev/null", "--out", out), 2,
                "ssdcore trace record: missing '-- COMMAND...'")
    usage_error(run(cli, "trace", "record", "--out", out, "--", "true"), 2,
                "ssdcore trace record: missing --device DEV or --out T.csv")
    assert list(tmp_path.iterdir()) == []
