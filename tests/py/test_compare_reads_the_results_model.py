"""The compare page takes each run's status, suite, start time and target
from the results model the loader built (one reader of results.json), so
it says what the report and `ssdcore report --summary` say: a run that was
killed (results.json still says "running", nobody holds its directory) is
"interrupted" there too, never "running"."""
import json
import shutil
import subprocess


def _compare(cli, runs, out):
    r = subprocess.run([cli, "compare", *map(str, runs), "--out", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return json.loads((out / "compare.json").read_text())


def test_a_killed_run_is_interrupted_on_the_compare_page_as_in_its_report(cli, sim_runs,
                                                                           tmp_path):
    killed = tmp_path / "killed"
    shutil.copytree(sim_runs.path("sim:bx200", "quick"), killed)
    doc = json.loads((killed / "results.json").read_text())
    doc.update(status="running", finished=None, complete=False)
    (killed / "results.json").write_text(json.dumps(doc))
    report = subprocess.run([cli, "report", str(killed), "--json", "--out",
                             str(tmp_path / "r.html")], capture_output=True, text=True)
    reported = json.loads(report.stdout)["status"]
    assert reported == "interrupted"
    cmp = _compare(cli, [killed], tmp_path / "c")
    drive = cmp["drives"][0]
    assert drive["status"] == reported
    assert drive["suite"] == "quick" and drive["started"] == doc["started"]
    assert drive["target"] == doc["target"]
    html = (tmp_path / "c" / "compare.html").read_text()
    assert '<td data-label="status" class="warn">interrupted</td>' in html
