"""bench/used_drive_compare.py: two builds' sweeps compared run by run."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
TOOL = os.path.join(ROOT, "bench", "used_drive_compare.py")


def row(drive, state, wl, problems, spec="sim:a", false_cache=False):
    return dict(drive=drive, state=state, workload=wl, spec=f"{spec},{drive}",
                problems=problems, false_cache=false_cache)


def write(path, rows):
    with open(path, "w") as f:
        json.dump({"rows": rows, "table": {}}, f)


def run(*args):
    return subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True)


def test_fixed_and_broken_are_counted_apart(tmp_path):
    # Net +0 hides one fixed and one broken run: the tool must show both.
    before = [row(0, "fresh", "fill", []), row(0, "fresh", "2h", ["cache of 5 GiB missed"]),
              row(1, "seq_fill", "wsat", [])]
    after = [row(0, "fresh", "fill", ["cache 9 GiB, truth 5"], false_cache=True),
             row(0, "fresh", "2h", []), row(1, "seq_fill", "wsat", [])]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    write(tmp_path / "a" / "fill-7.json", before)
    write(tmp_path / "b" / "fill-7.json", after)
    write(tmp_path / "a" / "nr-7.json", before)
    write(tmp_path / "b" / "nr-7.json", before)
    out = tmp_path / "c.json"
    r = run(str(tmp_path / "a"), str(tmp_path / "b"), "-v", "--json", str(out))
    assert r.returncode == 0, r.stderr
    c = json.load(open(out))
    assert c["sweeps"]["fill-7"] == dict(runs=3, right_before=2, right_after=2, fixed=1,
                                         broken=1, false_before=0, false_after=1)
    assert c["sweeps"]["nr-7"]["fixed"] == c["sweeps"]["nr-7"]["broken"] == 0
    assert c["total"]["runs"] == 6 and c["total"]["broken"] == 1
    assert "broken fill-7 drive 0 fresh fill: cache 9 GiB, truth 5" in r.stdout
    assert "fixed  fill-7 drive 0 fresh 2h: was cache of 5 GiB missed" in r.stdout
    assert "| all | 6 |" in r.stdout


@pytest.mark.parametrize("after_rows, what", [
    ([row(0, "fresh", "fill", [], spec="sim:b")], "drive 0 differs"),
    ([row(0, "fresh", "fill", []), row(0, "fresh", "2h", [])], "on one side only"),
])
def test_other_runs_are_refused(tmp_path, after_rows, what):
    # Another seed's or another state list's sweep is no change of the
    # analysis: a comparison of it would be a silently wrong number.
    write(tmp_path / "a.json", [row(0, "fresh", "fill", [])])
    write(tmp_path / "b.json", after_rows)
    r = run(str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert r.returncode == 1
    assert what in r.stderr and "not the same sweep" in r.stderr


def test_bad_input_is_named(tmp_path):
    (tmp_path / "x.json").write_text("{\"table\": {}}")
    (tmp_path / "y.json").write_text("not json")
    r = run(str(tmp_path / "x.json"), str(tmp_path / "x.json"))
    assert r.returncode != 0 and "x.json" in r.stderr and "rows" in r.stderr
    r = run(str(tmp_path / "y.json"), str(tmp_path / "y.json"))
    assert r.returncode != 0 and "y.json" in r.stderr
    r = run(str(tmp_path / "missing.json"), str(tmp_path / "x.json"))
    assert r.returncode != 0 and "missing.json: no such file" in r.stderr
    (tmp_path / "d").mkdir()
    r = run(str(tmp_path / "d"), str(tmp_path / "x.json"))
    assert r.returncode != 0 and "both directories" in r.stderr
