"""Every message names a real function or command (issue #22 item 8): one
once sent users to ssd_fio_json_open and `ssdcore fio-summary`, neither of
which existed. This reads the messages of the Python package (its string
constants outside docstrings) and of the C library (string literals of
libssdcore/, datasets/, fileops/, which Python shows as Error details) and
checks each C name, Python name, command and extra they mention."""
import ast
import functools
import pathlib
import re
import subprocess

import pytest

import ssdcore
from ssdcore import ffi, lib

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "bindings" / "ssdcore"


# The two scans read the same source tree for every test: once per file
# (each took about 0.06 s of CPU; five tests asked for seven scans).
@functools.lru_cache(maxsize=None)
def _python_messages():
    """(file:line, text) of every string constant of the package that is no
    docstring (messages, f-string parts), as a tuple."""
    out = []
    for p in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(p.read_text())
        docs = {id(n.value) for n in ast.walk(tree)
                if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
        out += [(f"{p.name}:{n.lineno}", n.value) for n in ast.walk(tree)
                if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _c_messages():
    out = []
    for d in ("libssdcore", "datasets", "fileops"):
        for p in sorted((ROOT / d).rglob("*.c")):
            text = re.sub(r"/\*.*?\*/|//[^\n]*", "", p.read_text(errors="replace"), flags=re.S)
            out += [(p.name, s) for s in re.findall(r'"((?:[^"\\\n]|\\.)*)"', text)]
    return tuple(out)


def _c_name_is_real(name):
    if hasattr(lib, name):
        return True
    for spelling in (name, f"struct {name}", f"enum {name}"):
        try:
            ffi.typeof(spelling)
            return True
        except ffi.error:
            pass
    return False


def _python_name_is_real(dotted):
    obj = ssdcore
    for part in dotted.split(".")[1:]:
        if not hasattr(obj, part):
            import importlib
            try:
                obj = importlib.import_module(f"{obj.__name__}.{part}")
                continue
            except (ImportError, AttributeError):
                return False
        obj = getattr(obj, part)
    return True


def test_the_scan_finds_the_messages():
    # not vacuous: the package's messages name these, the library's these
    py = " ".join(t for _, t in _python_messages())
    c = " ".join(t for _, t in _c_messages())
    assert "ssdcore.options" in py and "ssdcore.Target" in py
    assert "ssd_fio_result_open" in c and "(ssdcore sim list" in c


@pytest.mark.parametrize("where", ["python", "c"])
def test_every_c_name_a_message_gives_exists(where):
    msgs = _python_messages() if where == "python" else _c_messages()
    bad = [(at, n) for at, t in msgs for n in re.findall(r"\bssd_[a-z0-9_]+\b", t)
           if not _c_name_is_real(n)]
    assert not bad


def test_every_python_name_a_message_gives_exists():
    msgs = _python_messages() + _c_messages()
    bad = [(at, n) for at, t in msgs
           for n in re.findall(r"\bssdcore\.[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*",
                               t)
           if not n.startswith(("ssdcore.layout", "ssdcore.lock")) and  # xattr names
           not _python_name_is_real(n)]
    assert not bad


def test_every_command_a_message_gives_exists(cli):
    """"(ssdcore sim list shows them)", "with ssdcore fio-result": the
    command answers `ssdcore help CMD`, and its sub-verb is in that help."""
    seen = {}
    for at, t in _c_messages() + _python_messages():
        for cmd, sub in re.findall(r"(?:\(|\bwith |\buse |`)ssdcore ([a-z][a-z0-9-]*)"
                                   r"(?: ([a-z][a-z0-9-]*))?", t):
            seen.setdefault(cmd, set()).add((sub, at))
    assert {"fio-result", "sim", "catalog", "trace"} <= set(seen)
    for cmd, subs in seen.items():
        p = subprocess.run([cli, "help", cmd], capture_output=True, text=True)
        assert p.returncode == 0, (cmd, subs, p.stderr)
        helptext = p.stdout + p.stderr
        for sub, at in subs:
            assert not sub or re.search(rf"\b{sub}\b", helptext) or sub in (
                "shows", "lists", "creates", "or", "and"), (at, cmd, sub)


def test_every_extra_a_message_names_exists():
    extras = set(re.findall(r"^([a-z]+) = \[", (ROOT / "pyproject.toml").read_text(), re.M))
    named = {e for _, t in _python_messages() for e in re.findall(r"ssdcore\[([a-z]+)\]", t)}
    assert named and named <= extras, named - extras
