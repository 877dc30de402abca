"""`ssdcore analyze` on files as users really have them: edited in a
spreadsheet, with odd line endings, or not series at all."""
import json
import subprocess

import pytest


def run(cli, *args, timeout=60):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def base_csv(cli, tmp_path_factory):
    p = tmp_path_factory.mktemp("an") / "base.csv"
    r = run(cli, "job", "--target", "sim:bx200", "--pattern", "randwrite", "--qd", "32",
            "--time", "5m", "--log", str(p))
    assert r.returncode == 0, r.stderr
    return p


def analyze(cli, path):
    r = run(cli, "analyze", str(path), "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_utf8_bom_is_ignored(cli, base_csv, tmp_path):
    # A CSV saved by a spreadsheet starts with a UTF-8 byte-order mark; it
    # used to be refused as "not a recognised series format".
    bom = tmp_path / "bom.csv"
    bom.write_bytes(b"\xef\xbb\xbf" + base_csv.read_bytes())
    a, b = analyze(cli, base_csv), analyze(cli, bom)
    assert b["samples"] == a["samples"] and b["total_bytes"] == a["total_bytes"]
    assert b["cache"] == a["cache"]
