"""The CLI's own JSON (copy, mkset, archive, extract) goes through the
library's one writer: a path with a quote, a backslash, a control
character, a stray 0xff byte and UTF-8 comes back from json.loads as it was
given (the byte that is not UTF-8 as U+FFFD)."""
import json
import os
import subprocess

ODD = os.fsdecode(b'odd "q\\b\x01\xff\xc3\xa9')


def run(cli, *args):
    p = subprocess.run([cli, *map(str, args), "--json"], capture_output=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def shown(path):
    return os.fsencode(path).decode("utf-8", errors="replace")


def test_names_round_trip_through_every_fileops_json(cli, tmp_path):
    src = tmp_path / ODD / "src"
    src.mkdir(parents=True)
    (src / "a.txt").write_text("a" * 5000)
    s = run(cli, "mkset", "program", tmp_path / ODD / "set", "--size", "1m")
    assert s["dir"] == shown(tmp_path / ODD / "set") and s["files"] > 0
    c = run(cli, "copy", src, tmp_path / ODD / "copy")
    assert (c["src"], c["dst"]) == (shown(src), shown(tmp_path / ODD / "copy"))
    assert c["files"]["copied"] == 1 and c["bytes"]["copied"] == 5000 and c["failures"] == []
    a = run(cli, "archive", src, tmp_path / ODD / "a.tar", "--format", "tar")
    assert a["archive"] == shown(tmp_path / ODD / "a.tar") and a["data_bytes"] == 5000
    x = run(cli, "extract", tmp_path / ODD / "a.tar", tmp_path / ODD / "x")
    assert (x["operation"], x["tree"]) == ("extract", shown(tmp_path / ODD / "x"))


def test_the_lists_are_json_arrays_of_their_names(cli):
    assert run(cli, "version")["version_number"] > 0
    for cmd, key in (("trace scenarios", "name"), ("trace filetests", "set_bytes"),
                     ("sim list", "profile")):
        items = run(cli, *cmd.split())
        assert items and all(key in i for i in items), cmd
