"""Names read from results.json are plain file names inside the results
directory (issue 26): a series named "../../x.csv" made `report` and
`compare` read and plot a CSV outside it."""
import json
import shutil
import subprocess

import pytest

import ssdcore


@pytest.mark.parametrize("kind,key,name", [
    ("analyze", "series", "../outside.csv"),
    ("analyze", "series", "../../outside.csv"),
    ("analyze", "reference", "../outside.csv"),
    ("analyze", "series", "/tmp/outside.csv"),
    ("job", "log", "../outside.csv"),
    ("analyze", "series", ".."),
])
def test_a_series_name_never_leaves_the_results_directory(cli, small_write_run, tmp_path, kind,
                                                          key, name):
    d = tmp_path / "a" / "b" / "run"
    shutil.copytree(small_write_run, d)
    # A series that would draw if read: the run's own CSV, outside the run.
    for p in (tmp_path / "a" / "b" / "outside.csv", tmp_path / "a" / "outside.csv"):
        shutil.copy(small_write_run / "degradation.csv", p)
    doc = json.loads((d / "results.json").read_text())
    step = next(s for s in doc["steps"] if s["kind"] == kind)
    step[key] = name
    (d / "results.json").write_text(json.dumps(doc))
    for args in (["report", d, "--out", tmp_path / "r.html"],
                 ["compare", d, "--out", tmp_path / "cmp"]):
        p = subprocess.run([cli, *map(str, args)], capture_output=True, text=True, timeout=60)
        assert p.returncode != 0, (args, p.stdout)
        assert f'{key} "{name}" is not a plain file name inside the results directory' \
            in p.stderr, p.stderr
        assert "steps[" in p.stderr and "results.json" in p.stderr
    with pytest.raises(ssdcore.FormatError, match="not a plain file name"):
        ssdcore.report(d, out=tmp_path / "r.html")
    assert not (tmp_path / "r.html").exists()
