"""`ssdcore fio-result --json` names each file in "source" as it is: the
command escaped the path by hand, dropping a tab or newline and leaving a
byte that is not UTF-8 in the text (issue #22: one JSON path)."""
import json
import os
import pathlib
import shutil
import subprocess

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "fio"


def test_fio_result_json_source_round_trips_control_characters_and_quotes(cli, tmp_path):
    name = 'a\tb\nc"d\\e.json'
    f = tmp_path / name
    shutil.copy(DATA / "fio3_clat_broken.json", f)
    p = subprocess.run([cli, "fio-result", str(f), "--json"], capture_output=True)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["source"] == str(f)


def test_fio_result_json_stays_utf8_with_a_non_utf8_path(cli, tmp_path):
    f = os.path.join(os.fsencode(tmp_path), b"x\xff.json")
    shutil.copy(DATA / "fio3_clat_broken.json", f)
    p = subprocess.run([cli, "fio-result", f, "--json"], capture_output=True)
    assert p.returncode == 0, p.stderr
    src = json.loads(p.stdout.decode("utf-8"))["source"]
    assert src == os.fsdecode(f).replace("\udcff", "\ufffd")
