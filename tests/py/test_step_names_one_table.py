"""Built-in step names are written in one table (libssdcore/suite/step_names.c)
that the headline, text summary, report and latency chart read, and in the
built-in suites that run them; a name spelled out anywhere else in the
library is a second copy that a rename would miss."""
import re

from conftest import ROOT

TABLE = ROOT / "libssdcore" / "suite" / "step_names.c"
ALLOWED = {TABLE, ROOT / "libssdcore" / "suite" / "suite_builtin.c"}


def table_names():
    text = TABLE.read_text()
    names = re.findall(r'^\s*\{"([a-z0-9-]+)",', text, re.M)
    names += re.findall(r'^const char ssd__step_\w+\[\] = "([a-z0-9-]+)";', text, re.M)
    return names


def test_the_table_lists_the_headline_steps():
    names = table_names()
    for expected in ("seq-read", "rand4k-write-qd4", "degradation", "fill"):
        assert expected in names


def test_no_other_library_file_spells_a_table_name():
    names = table_names()
    strays = []
    for path in (ROOT / "libssdcore").rglob("*.c"):
        if path in ALLOWED:
            continue
        code = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)  # comments may quote
        for lit in re.findall(r'"((?:[^"\\\n]|\\.)*)"', code):
            if lit in names:
                strays.append(f"{path.relative_to(ROOT)}: \"{lit}\"")
    assert strays == []
