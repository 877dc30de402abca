"""The library names an option by its key ("pass option destroy_data",
"give option size"), so each front end shows its own spelling: Python the
keyword, the CLI its flag (tools/cli_grammar.c cli_flag_spelling). A
Python user once read "give a size, e.g. --size-file 8g" for size=."""
import pathlib
import re
import subprocess

import ssdcore

ROOT = pathlib.Path(__file__).resolve().parents[2]
# A CLI flag in a library message; CSS custom properties and other tools'
# flags (cp --sparse) are no ssdcore flag.
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")
NOT_OURS = {"--sparse", "--c"}


def _c_literals():
    for d in ("libssdcore", "datasets", "fileops"):
        for p in sorted((ROOT / d).rglob("*.c")):
            text = re.sub(r"/\*.*?\*/|//[^\n]*", "", p.read_text(errors="replace"), flags=re.S)
            # adjacent literals are one message: "... --size" "-file ..."
            text = re.sub(r'"\s*\n\s*"', "", text)
            for s in re.findall(r'"((?:[^"\\\n]|\\.)*)"', text):
                yield p.relative_to(ROOT), s


def test_no_library_message_names_a_cli_flag():
    bad = [(str(p), f, s) for p, s in _c_literals() for f in FLAG.findall(s)
           if f not in NOT_OURS and "var(--" not in s]
    assert not bad, bad


def test_python_and_the_cli_each_name_their_own_spelling(cli, tmp_path):
    missing = tmp_path / "none.bin"
    try:
        ssdcore.job(str(missing), pattern="read", time=1)
    except ssdcore.NotFound as e:
        detail = e.detail
    else:
        raise AssertionError("a missing file target opened")
    assert "give option size, e.g. 8g, to create it" in detail and "--" not in detail
    p = subprocess.run([cli, "job", str(missing), "--pattern", "read", "--time", "1"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1
    assert "no such file (give --size, e.g. 8g, to create it)" in p.stderr, p.stderr
    assert "option size" not in p.stderr
    # the suites' descriptions too: --area in the CLI's help, the key in Python
    cdm = {s["name"]: s["description"] for s in ssdcore.suite_builtins()}["cdm8"]
    assert "(option area)" in cdm
    h = subprocess.run([cli, "suite", "--help"], capture_output=True, text=True, timeout=60)
    assert "1 GiB test file (--area)" in h.stdout and "option area" not in h.stdout


def test_a_value_message_keeps_its_prefix_for_cli_bad_value(cli):
    """"option KEY: detail" is rewritten by cli_bad_value, once: the
    spelling pass leaves it (and words that are no option) alone."""
    p = subprocess.run([cli, "job", "sim:bx200", "--qd", "0"], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 2 and p.stderr.startswith("ssdcore job: --qd: 0 is outside"), p.stderr


def test_commands_without_size_give_no_hint_to_give_one(cli, tmp_path):
    """`ssdcore health missing` said "give --size, e.g. 8g, to create it",
    a flag health, identity, trim, idle, purge and precondition do not
    take (round 25's audit): every flag a message names is the command's."""
    missing = str(tmp_path / "none.bin")
    for args in (["health", missing], ["trim", missing, "--destroy-data"], ["idle", missing, "1s"],
                 ["purge", missing], ["precondition", missing]):
        p = subprocess.run([cli, *args], capture_output=True, text=True, timeout=60)
        assert p.returncode == 1 and p.stdout == "", (args, p.stderr)
        assert p.stderr == f"ssdcore {args[0]}: {missing}: no such file\n", (args, p.stderr)
        assert "--size" not in help_of(cli, args[0]), args
    assert not (tmp_path / "none.bin").exists()


def help_of(cli, cmd):
    return subprocess.run([cli, cmd, "--help"], capture_output=True, text=True, timeout=60).stdout
