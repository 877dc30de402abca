"""`ssdcore suite --list` prints sizes as a suite file writes them (span=32g,
set_size=50GB), never a bare byte count (span=34359738368, round-22 audit
finding 6), and what it lists reads back as the same steps."""
import json
import re
import subprocess

import ssdcore

BARE_BYTES = re.compile(r"\b(span|offset|length|bytes|set_size)=(\d{5,})\b")


def _lines(cli, *args):
    p = subprocess.run([cli, "suite", "sim:bx200", *args, "--list", "--json"],
                       capture_output=True, text=True, check=True)
    return json.loads(p.stdout)


def test_list_prints_sizes_with_units(cli):
    for suite in ("lab2016", "quick", "cdm5", "naspt", "copy50g", "fsd"):
        lines = _lines(cli, "--suite", suite)
        assert lines and not [x for x in lines if BARE_BYTES.search(x)], suite
    lab = _lines(cli, "--suite", "lab2016")
    assert any(x.endswith(" span=32g") for x in lab) and "trim length=32g" in lab
    assert "span=50GB" not in " ".join(lab)
    assert any("set_size=50GB" in x for x in _lines(cli, "--suite", "copy50g"))
    text = subprocess.run([cli, "suite", "sim:bx200", "--suite", "quick", "--list"],
                          capture_output=True, text=True, check=True).stdout
    assert "span=1g" in text and "span=1073741824" not in text


def test_what_list_prints_reads_back_as_the_same_steps(cli, tmp_path):
    for suite, extra in (("lab2016", []), ("naspt", []), ("quick", ["--area", "1GB"]),
                         ("copy50g", [])):
        lines = _lines(cli, "--suite", suite, *extra)
        f = tmp_path / f"{suite}.suite"
        f.write_text("\n".join(lines) + "\n")
        assert _lines(cli, "--suite-file", str(f)) == lines, suite
        again = ssdcore.suite_steps("sim:bx200", suite_file=str(f))
        assert [s["line"] for s in again] == lines
