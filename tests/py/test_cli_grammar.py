"""The one CLI grammar (docs/README.md, "CLI conventions"), checked on every
subcommand and sub-verb. The commands are not a hand list: they are read
from `ssdcore --help` and, for commands with sub-verbs, from the "commands:"
section of their own --help, so a new command is checked the day it lands."""
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import ssdcore

DATA = Path(__file__).resolve().parent.parent / "data"

# Commands that print nothing when they succeed (as git's silent commands):
# no --json. Every other command prints its result, or what it did (bytes
# trimmed, the file written), as text by default and as JSON with --json.
SILENT = {
    "idle": "waits",
    "trace generate": "writes --out",
}
# Result-printing commands the walk cannot run here: their --help is checked.
NOT_RUN = {"trace record": "needs root, blktrace and a block device"}


def run(cli, *args, cwd=None):
    return subprocess.run([cli, *map(str, args)], capture_output=True, text=True, timeout=120,
                          cwd=cwd)


def listed(help_text):
    """The names under a help text's "commands:" heading."""
    lines = help_text.splitlines()
    names = []
    for line in lines[lines.index("commands:") + 1:]:
        if not line.startswith("  "):
            break
        names.append(line.split()[0])
    return names


_WALKED = {}
_HELP = {}


def help_of(cli, *path):
    """`ssdcore PATH... --help`, run once per file and path: the walk and
    six tests read the same help texts (each leaf's --help ran six times,
    about 150 processes of the file's 700)."""
    key = (cli, *map(str, path))
    if key not in _HELP:
        _HELP[key] = run(cli, *path, "--help")
    return _HELP[key]


def command_paths(cli):
    """Every command as its words: ("job",), ("trace", "info"), ...; walked
    once per file (seven tests ask: about 35 processes each time)."""
    if cli not in _WALKED:
        _WALKED[cli] = _walk(cli)
    return list(_WALKED[cli])


def _walk(cli):
    top = help_of(cli)
    assert top.returncode == 0 and top.stdout.startswith("usage: ssdcore ")
    paths = []
    for cmd in listed(top.stdout):
        h = help_of(cli, cmd).stdout
        paths.append((cmd,))
        if "\ncommands:\n" in h:
            paths += [(cmd, verb) for verb in listed(h)]
    return paths


def leaves(paths):
    return [p for p in paths if not any(q[:len(p)] == p and len(q) > len(p) for q in paths)]


def test_the_walk_finds_the_commands_and_their_sub_verbs(cli):
    paths = command_paths(cli)
    for p in [("job",), ("copy",), ("trace", "info"), ("sim", "show"), ("catalog", "add")]:
        assert p in paths
    assert len(paths) >= 25


def test_help_at_every_level_is_usage_on_stdout_and_help_cmd_says_the_same(cli):
    assert run(cli, "help").stdout == help_of(cli).stdout
    for p in command_paths(cli):
        name = " ".join(p)
        h = help_of(cli, *p)
        assert (h.returncode, h.stderr) == (0, ""), name
        assert h.stdout.startswith(f"usage: ssdcore {name} "), (name, h.stdout[:80])
        assert run(cli, *p, "-h").stdout == h.stdout, name
        same = run(cli, "help", *p)
        assert (same.returncode, same.stdout) == (0, h.stdout), name


def test_an_unknown_option_is_a_usage_error_in_the_one_wording(cli, tmp_path):
    for p in leaves(command_paths(cli)):
        name = " ".join(p)
        r = run(cli, *p, "--no-such-flag", cwd=tmp_path)
        assert (r.returncode, r.stdout) == (2, ""), (name, r.stderr)
        assert r.stderr == (f"ssdcore {name}: unknown option '--no-such-flag'\n"
                            f"Try 'ssdcore {name} --help'.\n"), name
        # the first mistake is the one named, as getopt reads: --help after it
        # does not hide it
        h = run(cli, *p, "--no-such-flag", "--help", cwd=tmp_path)
        assert (h.returncode, h.stdout, h.stderr) == (2, "", r.stderr), name
    assert list(tmp_path.iterdir()) == []
    r = run(cli, "no-such-command")
    assert r.returncode == 2 and r.stderr.endswith("Try 'ssdcore --help'.\n")
    # a flag where a command or verb goes is an unknown option, not an
    # "unknown command '--no-such-flag'" (round 25's audit)
    for p in [(), ("help",), ("trace",), ("sim",), ("catalog",)]:
        r = run(cli, *p, "--no-such-flag")
        where = " ".join(("ssdcore",) + p)
        assert (r.returncode, r.stdout) == (2, ""), (p, r.stderr)
        assert r.stderr.startswith(f"{where}: unknown option '--no-such-flag'\n"), r.stderr


def test_a_missing_or_unknown_verb_is_a_usage_error_in_the_one_wording(cli):
    paths = command_paths(cli)
    containers = {p[0] for p in paths if len(p) == 2}
    assert containers >= {"trace", "sim", "catalog"}
    for cmd in sorted(containers):
        for args in ([], ["no-such-verb"]):
            r = run(cli, cmd, *args)
            assert (r.returncode, r.stdout) == (2, ""), (cmd, args)
            lines = r.stderr.splitlines()
            assert len(lines) == 2 and lines[0].startswith(f"ssdcore {cmd}: "), r.stderr
            assert lines[1] == f"Try 'ssdcore {cmd} --help'.", r.stderr


def test_every_command_reads_its_flags_with_getopt(cli, tmp_path):
    """--json=1 is refused as getopt words it, and '--' ends the flags, in
    commands that once had a parser of their own (version, sim, fio-result,
    analyze, trace scenarios, purge, idle, the fileops)."""
    for p in leaves(command_paths(cli)):
        name = " ".join(p)
        if "--json" not in help_of(cli, *p).stdout:
            continue
        r = run(cli, *p, "--json=1", cwd=tmp_path)
        assert (r.returncode, r.stdout) == (2, ""), (name, r.stderr)
        assert r.stderr.splitlines()[0] == f"ssdcore {name}: option '--json' takes no value"
    for p in [("version",), ("sim", "list"), ("trace", "scenarios"), ("idle",)]:
        r = run(cli, *p, "--", "--x", cwd=tmp_path)
        assert r.returncode == 2 and "unknown option" not in r.stderr, (p, r.stderr)
    # After '--', purge takes --x as its TARGET (a file that is not there).
    r = run(cli, "purge", "--", "--x", cwd=tmp_path)
    assert r.returncode == 1 and r.stderr.startswith("ssdcore purge: --x: no such file"), r.stderr
    assert list(tmp_path.iterdir()) == []
    r = run(cli, "trace", "record", "--dev=/dev/null", "--out", tmp_path / "t.csv", "--", "true")
    assert (r.returncode, r.stderr) == (1, "ssdcore trace record: /dev/null is not a block device\n")
    assert list(tmp_path.iterdir()) == []


# Commands that need no operand: run without one they print their result.
NO_OPERANDS = {"version", "sim list", "trace scenarios", "trace filetests", "catalog list"}


def test_a_missing_operand_is_named_as_the_usage_writes_it(cli, tmp_path):
    for p in leaves(command_paths(cli)):
        name = " ".join(p)
        if name in NO_OPERANDS:
            continue
        r = run(cli, *p, cwd=tmp_path)
        assert (r.returncode, r.stdout) == (2, ""), (name, r.stderr)
        first, try_ = r.stderr.splitlines()
        assert first.startswith(f"ssdcore {name}: missing "), r.stderr
        usage = help_of(cli, *p).stdout.split("\n")[0]
        assert first.split(": missing ")[1].split()[0].split("(")[0] in usage, (name, usage)
        assert try_ == f"Try 'ssdcore {name} --help'."
    assert list(tmp_path.iterdir()) == []


def test_one_operand_too_many_is_an_unexpected_argument(cli, tmp_path):
    for name, args in invocations(tmp_path).items():
        usage = help_of(cli, *name.split()).stdout.split("\n")[0]
        if "..." in usage:  # FILE...: any number of operands
            continue
        r = run(cli, *name.split(), *args, "EXTRA")
        assert (r.returncode, r.stdout) == (2, ""), (name, r.stderr)
        first, try_ = r.stderr.splitlines()
        assert first.startswith(f"ssdcore {name}: unexpected argument 'EXTRA'"), r.stderr
        assert try_ == f"Try 'ssdcore {name} --help'."


def invocations(tmp_path):
    """Cheap arguments for every result-printing command (a fresh set each
    call: copy, extract and mkset refuse to write into what exists)."""
    d = tmp_path / f"run{len(list(tmp_path.iterdir()))}"
    src = d / "src"
    src.mkdir(parents=True)
    (src / "a.txt").write_text("a" * 5000)
    shutil.copytree(DATA / "results" / "quick-bx200", d / "results")
    return {
        "version": [],
        "job": ["--target", "sim:bx200", "--time", "1s", "--no-progress"],
        "suite": ["sim:bx200", "--suite", "quick", "--list"],
        "report": [d / "results", "--out", d / "report.html"],
        "identity": ["sim:bx200"],
        "health": ["sim:bx200"],
        "precondition": ["sim:bx200", "--destroy-data", "--no-progress"],
        "catalog list": ["--catalog", d / "catalog.sqlite"],
        "sim list": [],
        "sim show": ["bx200"],
        "sim truth": ["sim:bx200"],
        "analyze": [DATA / "series" / "series_v1_cache.csv"],
        "fio-result": [DATA / "fio" / "fio3_clat_broken.json"],
        "copy": [src, d / "copy"],
        "archive": [src, d / "a.tar", "--format", "tar"],
        "extract": [d / "a.tar", d / "x"],
        "mkset": ["program", d / "set", "--size", "1m"],
        "filebench": [d, "--set", "program", "--size", "1m", "--steps", "copy"],
        "trace info": ["scenario:pcm8-excel"],
        "trace scenarios": [],
        "trace filetests": [],
        "replay": ["scenario:pcm8-excel", "--target", "sim:ssd370"],
        "compare": [d / "results", d / "results", "--out", d / "cmp", "--label", "a", "--label",
                    "b"],
        "trim": ["sim:bx200", "--destroy-data", "--length", "1m"],
        "purge": ["sim:bx200", "--destroy-data"],
        "catalog add": [d / "results", "--catalog", d / "catalog.sqlite"],
        "trace convert": ["scenario:pcm8-excel", "--out", d / "t.csv"],
        "idle": ["sim:bx200", "1s"],
        "trace generate": ["pcm8-excel", "--out", d / "g.csv"],
    }


def _outside_strings(doc):
    """A JSON text without its strings (what its style is made of)."""
    return re.sub(r'"(?:[^"\\]|\\.)*"', '""', doc)


def _unique_keys(pairs):
    """A JSON object whose keys are all distinct (json.loads would keep the
    last of two, hiding a writer that puts a key twice)."""
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)), f"a key written twice: {keys}"
    return dict(pairs)


def test_every_result_is_text_by_default_and_json_with_the_flag(cli, tmp_path):
    for p in leaves(command_paths(cli)):
        name = " ".join(p)
        help_text = help_of(cli, *p).stdout
        if name in SILENT:
            assert "--json" not in help_text, f"{name} takes --json: drop it from SILENT"
            r = run(cli, *p, *invocations(tmp_path)[name])
            assert (r.returncode, r.stdout) == (0, ""), (name, r.stderr)
            continue
        assert "--json" in help_text, f"{name} prints a result: it must take --json"
        if name in NOT_RUN:
            continue
        results = []
        for flag in ([], ["--json"]):
            args = invocations(tmp_path)
            assert name in args, f"{name}: add cheap arguments to invocations()"
            if name == "extract":
                made = run(cli, "archive", *args["archive"])
                assert made.returncode == 0, made.stderr
            if name == "catalog list":  # list reads a catalog that add made
                made = run(cli, "catalog", "add", args["report"][0], *args[name])
                assert made.returncode == 0, made.stderr
            r = run(cli, *p, *args[name], *flag)
            assert r.returncode == 0, (name, flag, r.stderr)
            results.append(r.stdout)
        text, as_json = results
        json.loads(as_json, object_pairs_hook=_unique_keys)  # valid JSON with --json
        # in the one style (three once: spaced, compact, pretty): compact, one line
        assert as_json.endswith("\n") and as_json.count("\n") == 1, (name, as_json[:200])
        assert not set(_outside_strings(as_json[:-1])) & set(" \t\r"), (name, as_json[:200])
        with pytest.raises(ValueError):
            json.loads(text)  # and text without it
        assert text.strip(), name


def test_copy_exits_0_1_2_unless_robocopy_bits_are_asked_for(cli, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "f").write_text("x")
    assert run(cli, "copy").returncode == 2
    assert run(cli, "copy", src, tmp_path / "d1").returncode == 0  # Robocopy would say 1
    assert run(cli, "copy", src, tmp_path / "d2", "--robocopy-exit").returncode == 1
    assert run(cli, "copy", tmp_path / "missing", tmp_path / "d3").returncode == 1
    assert run(cli, "copy", tmp_path / "missing", tmp_path / "d3",
               "--robocopy-exit").returncode == 16
    assert run(cli, "copy", "--robocopy-exit").returncode == 16


def test_durations_take_units_where_job_does(cli, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "f").write_text("x")
    r = run(cli, "copy", src, tmp_path / "d", "--wait", "500ms", "--tolerance", "2s", "--json")
    assert r.returncode == 0, r.stderr
    r = run(cli, "copy", src, tmp_path / "e", "--wait", "soon")
    assert r.returncode == 2 and "wait" in r.stderr
    series = DATA / "series" / "fio_per_io_bw.1.log"
    r = run(cli, "analyze", series, "--per-io-interval", "500ms", "--json")
    assert r.returncode == 0, r.stderr
    assert "0.5 s intervals" in json.loads(r.stdout)["input_note"]


def test_one_spelling_for_the_output_file(cli, tmp_path):
    out = tmp_path / "fb.json"
    r = run(cli, "filebench", tmp_path, "--set", "program", "--size", "1m", "--steps", "copy",
            "--out", out, "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text()) == json.loads(r.stdout)
    r = run(cli, "filebench", tmp_path, "--output", out)
    assert r.returncode == 2 and "unknown option '--output'" in r.stderr


# A value one option of each command refuses, appended to invocations();
# idle's is its DURATION operand. Commands whose options all take any text
# (a path, a drive's name) are in NO_VALUES.
BAD_VALUES = {
    "job": ["--qd", "0"], "suite": ["--fitrim", "x"], "precondition": ["--loops", "0"],
    "trim": ["--offset", "x"], "compare": ["--highlight", "zz"],
    "sim truth": ["--idle", "x"], "analyze": ["--per-io-interval", "x"],
    "copy": ["--workers", "0"], "archive": ["--level", "x"], "extract": ["--sync", "x"],
    "mkset": ["--size", "2x"], "filebench": ["--workers", "0"],
    "trace info": ["--format", "x"], "trace convert": ["--to", "x"],
    "trace generate": ["--span", "x"], "replay": ["--timing", "x"],
}
NO_VALUES = {"version", "report", "identity", "health", "purge", "catalog add", "catalog list",
             "sim list", "sim show", "fio-result", "trace record", "trace scenarios",
             "trace filetests"}


def test_a_value_an_option_refuses_is_one_usage_error_in_every_command(cli, tmp_path):
    """Four wordings once ("option time: ...", "--offset: ...", "--iodepth 0:
    option qd: ...", "'soon' is not a duration"), exit 1 without a Try line
    in job, suite and replay (audits): now one, the flag as typed, then what
    is wrong with the value."""
    for p in leaves(command_paths(cli)):
        name = " ".join(p)
        assert (name in BAD_VALUES) != (name in NO_VALUES or name == "idle"), name
    cases = [(name, invocations(tmp_path)[name] + bad, bad[0])
             for name, bad in BAD_VALUES.items()]
    cases += [("idle", ["sim:bx200", "soon"], "DURATION"),
              ("job", ["sim:bx200", "--iodepth", "0"], "--iodepth"),  # an alias
              ("job", ["sim:bx200", "--bs", "4x"], "--bs"),
              ("job", ["sim:bx200", "--time", "2x"], "--time"),  # a target option
              ("analyze", ["x", "--set", "precondition=9"], "--set precondition"),
              # the library's own refusal, once exit 1 with no flag and no Try line
              ("precondition", ["sim:bx200", "--destroy-data", "--kind", "foo"], "--kind"),
              # an operand's value, as idle's DURATION (once exit 1, no Try line)
              ("trace generate", ["nosuch", "--out", str(tmp_path / "g.csv")], "SCENARIO"),
              # mkset's SET (once "unknown set 'foo': iso, program or work")
              ("mkset", ["foo", str(tmp_path / "set")], "SET"),
              # a built-in trace the operand names that does not exist (once exit 1)
              ("replay", ["scenario:nope", "--target", "sim:bx200"], "TRACE"),
              ("trace info", ["filetest:nope"], "TRACE"),
              ("trace convert", ["scenario:nope", str(tmp_path / "c.csv")], "IN"),
              # the scored replays check the replay's options too (once exit 1)
              ("replay", ["--apps", "--target", "sim:bx200", "--timing", "nope"], "--timing")]
    for name, args, flag in cases:
        r = run(cli, *name.split(), *args)
        assert (r.returncode, r.stdout) == (2, ""), (name, args, r.stderr)
        first, try_ = r.stderr.splitlines()
        assert first.startswith(f"ssdcore {name}: {flag}: "), (name, r.stderr)
        detail = first[len(f"ssdcore {name}: {flag}: "):]
        assert detail and not detail.startswith("option "), (name, r.stderr)
        assert try_ == f"Try 'ssdcore {name} --help'.", (name, r.stderr)
    # the same mistake is worded the same by the library and the CLI's own flags
    sizes = [run(cli, *a).stderr.splitlines()[0].split(": ", 2)[2] for a in
             (["job", "sim:bx200", "--bs", "x"], ["trim", "sim:bx200", "--destroy-data",
                                                  "--offset", "x"])]
    assert sizes == ["'x' is not a size (like 4096, 4k or 4KiB = 4096, 4KB = 4000, "
                     "240GB = 240e9)"] * 2


def test_an_unknown_simulator_profile_is_a_usage_error_in_every_command_taking_a_target(
        cli, tmp_path):
    """`job sim:nope` exited 1 (a target that does not open) while `replay
    scenario:nope` exited 2: a built-in name the command line gives that does
    not exist is a usage error (docs/README.md, "Exit status"), the
    simulator's profiles as the scenarios, in every command that takes a
    target and in one wording, before anything is created."""
    out, log = tmp_path / "out", tmp_path / "j.csv"
    why = "sim:nope: unknown profile 'nope' (ssdcore sim list shows them)"
    cases = [("job", ["sim:nope", "--pattern", "read", "--log", log], "--target"),
             ("job", ["--target", "sim:nope"], "--target"),
             ("suite", ["sim:nope", "--out", out], "TARGET"),
             ("replay", ["scenario:pcm8-word", "--target", "sim:nope"], "--target"),
             ("replay", ["--apps", "--target", "sim:nope"], "--target"),
             ("trim", ["sim:nope", "--destroy-data"], "TARGET"),
             ("purge", ["sim:nope", "--destroy-data"], "TARGET"),
             ("idle", ["sim:nope", "1s"], "TARGET"),
             ("precondition", ["sim:nope", "--destroy-data"], "TARGET"),
             ("health", ["sim:nope"], "TARGET"),
             ("identity", ["sim:nope"], "TARGET"),
             ("sim truth", ["sim:nope"], "URI"),
             ("sim truth", ["nope"], "URI"),
             ("sim show", ["nope"], "SPEC")]
    for name, args, operand in cases:
        r = run(cli, *name.split(), *args)
        assert (r.returncode, r.stdout) == (2, ""), (name, args, r.stderr)
        assert r.stderr.splitlines() == [f"ssdcore {name}: {operand}: {why}",
                                         f"Try 'ssdcore {name} --help'."], (name, r.stderr)
    assert not out.exists() and not log.exists()
    # a key or value the simulator refuses in the URI, the same
    r = run(cli, "health", "sim:bx200,slc_gib=abc")
    assert r.returncode == 2 and r.stderr.startswith(
        "ssdcore health: TARGET: sim:bx200,slc_gib=abc: ") and "slc_gib" in r.stderr
    # what cannot be opened stays a failure: a profile file, a missing file
    for args in (["health", f"sim:file={tmp_path / 'none.txt'}"],
                 ["job", tmp_path / "no" / "f", "--pattern", "read"]):
        r = run(cli, *args)
        assert r.returncode == 1 and "Try" not in r.stderr, (args, r.stderr)


def test_help_help_is_helps_usage_and_v_is_version(cli):
    """'ssdcore help help' was an unknown command and -v an unknown flag;
    as git: help's own usage, and -v for --version (both 'ssdcore version',
    --json included)."""
    h = run(cli, "help", "help")
    assert (h.returncode, h.stderr) == (0, "") and h.stdout.startswith("usage: ssdcore help ")
    assert run(cli, "help", "--help").stdout == h.stdout
    version = run(cli, "version")
    assert version.returncode == 0 and version.stdout.startswith("ssdcore ")
    for flag in ("-v", "--version"):
        r = run(cli, flag)
        assert (r.returncode, r.stdout, r.stderr) == (0, version.stdout, ""), flag
        assert run(cli, flag, "--json").stdout == run(cli, "version", "--json").stdout
    assert "--version" in help_of(cli).stdout


# The commands that draw a progress line on a terminal (stderr a tty). As
# git's, the others refuse --no-progress (an unknown option): they have none.
PROGRESS = {"job", "suite", "precondition", "copy", "archive", "extract", "mkset", "filebench"}


def _stderr_on_a_tty(args):
    """Runs args with stderr on a pseudo-terminal: (status, what it drew)."""
    import os
    import pty
    master, slave = pty.openpty()
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    drawn = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        drawn += chunk
    os.close(master)
    return p.wait(timeout=120), drawn


def test_one_no_progress_flag_for_every_command():
    """job, suite and precondition each kept a --no-progress variable of
    their own beside the shared one (tools/cli.h): one flag, one test of it."""
    own = [f.name for f in sorted((DATA.parent.parent / "tools").glob("*.c"))
           if '"--no-progress"' in f.read_text()]
    assert not own, f"{own}: use CLI_NO_PROGRESS and cli_progress_wanted()"


def test_the_cli_progress_interval_is_set_before_the_users_flags():
    """mkset, archive and extract set the CLI's short progress interval
    after parsing the command line, so a user's --progress-interval was
    silently overridden (copy set it before): the default goes first."""
    for f in sorted((DATA.parent.parent / "tools").glob("cmd_*.c")):
        text = f.read_text()
        sets = [m.start() for m in re.finditer(r'"progress_interval", CLI_PROGRESS_INTERVAL', text)]
        parse = text.find("cli_parse(")
        assert all(parse < 0 or at < parse for at in sets), f"{f.name}: set it before cli_parse"


def test_every_file_command_takes_progress_interval_and_polls_at_the_clis(cli, tmp_path):
    """filebench had no --progress-interval (round 30) and ran its parts at
    the library's 250 ms, so Ctrl-C waited up to a quarter second for it:
    every command of a fileops handle takes the flag from its table and
    sets the CLI's CLI_PROGRESS_INTERVAL first."""
    for name in ["copy", "archive", "extract", "mkset", "filebench"]:
        assert "--progress-interval" in help_of(cli, name).stdout, name
    for f in sorted((DATA.parent.parent / "tools").glob("cmd_*.c")):
        text = f.read_text()
        specs = text.count("CLI_FILEOPS_SPEC(")
        sets = len(re.findall(r'"progress_interval", CLI_PROGRESS_INTERVAL', text))
        assert sets >= min(specs, 1), f"{f.name}: set CLI_PROGRESS_INTERVAL before cli_parse"
    r = run(cli, "filebench", tmp_path, "--set", "program", "--size", "1m", "--steps", "copy",
            "--progress-interval", "10ms", "--json")
    assert r.returncode == 0, r.stderr
    r = run(cli, "filebench", tmp_path, "--progress-interval", "2h")
    assert r.returncode == 2 and "--progress-interval" in r.stderr


def test_every_command_that_draws_progress_takes_no_progress(cli, tmp_path):
    """--no-progress worked only on job, suite and precondition; copy,
    archive, extract, mkset and filebench drew theirs with no way to stop."""
    for p in leaves(command_paths(cli)):
        name = " ".join(p)
        takes = "--no-progress" in help_of(cli, *p).stdout
        assert takes == (name in PROGRESS), name
    for name in ["copy", "archive", "extract", "mkset", "filebench", "job", "precondition"]:
        drawn = []
        for flag in ([], ["--no-progress"]):
            args = invocations(tmp_path)
            if name == "extract":
                assert run(cli, "archive", *args["archive"]).returncode == 0
            given = [str(a) for a in args[name] if a != "--no-progress"]
            status, err = _stderr_on_a_tty([cli, *name.split(), *given, *flag])
            assert status == 0, (name, err)
            # what is left once the messages' lines are gone ("ssdcore
            # precondition: note: ..." on a sim: drive) is the progress
            drawn.append(re.sub(rb"(?m)^ssdcore [^\r\n]*\r?\n", b"", err) != b"")
        assert drawn == [True, False], (name, drawn)


def test_a_bad_value_is_a_usage_error_on_the_command_line_and_a_failure_in_a_suite_file(
        cli, tmp_path):
    """docs/README.md: a suite file is input, like a CSV: a value it refuses
    exits 1 naming the file, line and key; the same value as a flag is a
    usage error (2)."""
    suite = tmp_path / "bad.suite"
    suite.write_text("job name=a pattern=write bs=4kb bytes=1g\n")
    p = run(cli, "suite", "sim:bx200", "--suite-file", str(suite), "--out", str(tmp_path / "o"))
    assert p.returncode == 1 and f"{suite}:1: job: option bs: '4kb'" in p.stderr, p.stderr
    p = run(cli, "job", "sim:bx200", "--bs", "4kb", "--bytes", "1g")
    assert p.returncode == 2 and "4kb" in p.stderr, p.stderr


def test_a_small_b_is_refused_as_ambiguous_in_the_same_words_everywhere(cli, tmp_path):
    """README: "`4kb` is refused as ambiguous"; the CLI, suite files and
    ssdcore.parse_size said only "'4kb' is not a size" (round 24's audit)."""
    why = ("'4kb' is ambiguous (a small b could be bits): write 4KiB for binary (= 4k) "
           "or 4kB for decimal bytes")
    p = run(cli, "job", "sim:bx200", "--bs", "4kb", "--bytes", "1g")
    assert p.returncode == 2 and p.stderr.startswith(f"ssdcore job: --bs: {why}\n"), p.stderr
    p = run(cli, "trim", "sim:bx200", "--destroy-data", "--offset", "4kb")
    assert p.returncode == 2 and p.stderr.startswith(f"ssdcore trim: --offset: {why}\n"), p.stderr
    suite = tmp_path / "bad.suite"
    suite.write_text("job name=a pattern=write bs=4kb bytes=1g\n")
    p = run(cli, "suite", "sim:bx200", "--suite-file", str(suite), "--out", str(tmp_path / "o"))
    assert p.returncode == 1 and f"{suite}:1: job: option bs: {why}" in p.stderr, p.stderr
    with pytest.raises(ValueError) as e:
        ssdcore.parse_size("4kb")
    assert str(e.value) == f"parse_size: {why}"
    with pytest.raises(ValueError) as e:
        ssdcore.job("sim:bx200", pattern="write", bs="4kb", bytes="1g")
    assert f"option bs: {why}" in str(e.value), str(e.value)


def test_trace_convert_names_its_output_with_out_as_trace_generate_does(cli, tmp_path):
    # One spelling for an output file (round 45's audit: convert took OUT
    # only as an operand and refused --out, generate only --out). The
    # operand still reads the same.
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    assert run(cli, "trace", "convert", "scenario:pcm8-word", "--out", a).returncode == 0
    assert run(cli, "trace", "convert", "scenario:pcm8-word", b).returncode == 0
    assert a.read_bytes() == b.read_bytes()
    for args, said in ((["scenario:pcm8-word"], "missing --out OUT"),
                       ([], "missing IN"),
                       (["scenario:pcm8-word", b, "--out", a],
                        f"unexpected argument '{b}' (--out names OUT)")):
        r = run(cli, "trace", "convert", *args)
        assert (r.returncode, r.stdout) == (2, ""), r.stderr
        assert r.stderr.startswith(f"ssdcore trace convert: {said}\n"), r.stderr
