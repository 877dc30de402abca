"""Shared checks of a suite's results directory."""
import csv
import json
import subprocess
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}svg"
GIB = 1 << 30
MIB = 1 << 20


def load(out):
    with open(out / "results.json") as f:
        return json.load(f)


def steps(res, kind=None):
    return [s for s in res["steps"] if kind is None or s["kind"] == kind]


def step(res, name):
    found = [s for s in res["steps"] if s["name"] == name]
    assert len(found) == 1, f"step {name}: {[s['name'] for s in res['steps']]}"
    return found[0]


def run_suite_text(target, tmp_path, text):
    """Runs a suite file of this text on target into tmp_path/out: the
    SuiteResult and the directory."""
    import ssdcore
    suite_file = tmp_path / "test.suite"
    suite_file.write_text(text)
    out = tmp_path / "out"
    return ssdcore.suite(target, out, suite_file=suite_file), out


def summary_and_report(cli, out):
    """What `ssdcore report OUT --summary` prints and the report's HTML."""
    summary = subprocess.run([cli, "report", str(out), "--summary"], capture_output=True,
                             text=True, check=True).stdout
    return summary, (out / "report.html").read_text()


def csv_rows(path):
    """The data rows of a series CSV; every line must be complete."""
    text = path.read_text()
    assert text.endswith("\n"), f"{path}: last line incomplete"
    lines = [ln for ln in text.splitlines() if not ln.startswith("#")]
    header = lines[0].split(",")
    rows = list(csv.reader(lines[1:]))
    for r in rows:
        assert len(r) == len(header), f"{path}: incomplete row {r}"
        float(r[0]), int(r[1])
    return header, rows


def series_metadata(path):
    """The JSON metadata of a series CSV (its second line, after "#")."""
    with open(path) as f:
        f.readline()
        return json.loads(f.readline()[1:])


def svg_count(path):
    """report.html parses as XML; returns the number of SVG charts."""
    root = ET.parse(path).getroot()
    return len(root.findall(f".//{SVG}"))
