"""CLI text never sends a terminal escape sequence taken from a file
(issue 26): `catalog list` printed a drive model from results.json raw, so
a crafted run could retitle the window, clear the screen or hide text."""
import json
import shutil
import subprocess

import pytest

HOSTILE = "evil\x1b]0;pwned\x07\x1b[2J\x9b31m\u009b1A\x7fend"


@pytest.fixture(scope="module")
def hostile_run(small_write_run, tmp_path_factory):
    base = tmp_path_factory.mktemp("run")
    shutil.copytree(small_write_run, base / "run")
    doc = json.loads((base / "run" / "results.json").read_text())
    doc["target"]["drive"]["model"] = HOSTILE
    doc["target"]["drive"]["serial"] = HOSTILE
    doc["target"]["uri"] = HOSTILE
    (base / "run" / "results.json").write_text(json.dumps(doc))
    return base / "run"


def no_controls(raw: bytes):
    text = raw.decode("utf-8", "surrogateescape")
    bad = [c for c in text if (ord(c) < 0x20 and c not in "\n") or 0x7f <= ord(c) <= 0x9f
           or 0xdc80 <= ord(c) <= 0xdcff]
    assert not bad, (bad, text[:400])
    return text


def test_catalog_list_escapes_control_characters(cli, hostile_run, tmp_path):
    cat = tmp_path / "c.sqlite"
    p = subprocess.run([cli, "catalog", "add", str(hostile_run), "--catalog", str(cat)],
                       capture_output=True, timeout=60)
    assert p.returncode == 0, p.stderr
    p = subprocess.run([cli, "catalog", "list", "--catalog", str(cat)], capture_output=True,
                       timeout=60)
    assert p.returncode == 0, p.stderr
    text = no_controls(p.stdout)
    assert "evil\\x1b]0;pwned\\x07\\x1b[2J" in text
    # --json keeps the value itself (JSON escapes it).
    p = subprocess.run([cli, "catalog", "list", "--json", "--catalog", str(cat)],
                       capture_output=True, timeout=60)
    assert any(HOSTILE in str(v) for v in json.loads(p.stdout)[0].values())


def test_report_summary_and_messages_escape_control_characters(cli, hostile_run, tmp_path):
    p = subprocess.run([cli, "report", str(hostile_run), "--summary", "--out",
                        str(tmp_path / "r.html")], capture_output=True, timeout=60)
    assert p.returncode == 0, p.stderr
    no_controls(p.stdout)
    # An error message quoting a hostile name.
    d = tmp_path / "bad"
    shutil.copytree(hostile_run, d)
    doc = json.loads((d / "results.json").read_text())
    next(s for s in doc["steps"] if s["kind"] == "analyze")["series"] = "../\x1b[2J.csv"
    (d / "results.json").write_text(json.dumps(doc))
    p = subprocess.run([cli, "report", str(d)], capture_output=True, timeout=60)
    assert p.returncode != 0
    assert "\\x1b[2J" in no_controls(p.stderr)
