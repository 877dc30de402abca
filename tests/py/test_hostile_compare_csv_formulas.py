"""compare.csv never hands a spreadsheet a formula (issue 26): a drive name
starting with =, +, - or @ became a formula cell. OWASP's advice: a leading
apostrophe."""
import csv
import json
import shutil
import subprocess


def test_drive_names_that_look_like_formulas_stay_text(cli, small_write_run, tmp_path):
    # One from the drive's model string in results.json, the others as labels.
    model = tmp_path / "model"
    shutil.copytree(small_write_run, model)
    doc = json.loads((model / "results.json").read_text())
    doc["target"]["drive"]["model"] = "+cmd|' /C calc'!A0"
    (model / "results.json").write_text(json.dumps(doc))
    labels = ['=HYPERLINK("http://example.com","x")', "@SUM(A1)", "-2+3", "\tx", "ok"]
    args = [cli, "compare", str(model)] + [str(small_write_run)] * len(labels) + ["--out",
                                                                          str(tmp_path / "c")]
    for lab in ["+cmd|' /C calc'!A0"] + labels:
        args += ["--label", lab]
    # (--label needs one per run or none: the first is the model string again.)
    p = subprocess.run(args, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(open(tmp_path / "c" / "compare.csv", newline="")))
    drives = {r["drive"] for r in rows}
    assert drives == {"'+cmd|' /C calc'!A0", "'=HYPERLINK(\"http://example.com\",\"x\")",
                      "'@SUM(A1)", "'-2+3", "'\tx", "ok"}
    for r in rows:
        for k in ("drive", "figure", "label", "unit", "better"):
            assert r[k][:1] not in ("=", "+", "-", "@", "\t", "\r"), r
    # The JSON and the page keep the names as they are.
    doc = json.loads((tmp_path / "c" / "compare.json").read_text())
    assert [d["label"] for d in doc["drives"]][:2] == ["+cmd|' /C calc'!A0", labels[0]]


def test_model_string_alone_is_escaped(cli, small_write_run, tmp_path):
    model = tmp_path / "model"
    shutil.copytree(small_write_run, model)
    doc = json.loads((model / "results.json").read_text())
    doc["target"]["drive"]["model"] = "=1+1"
    (model / "results.json").write_text(json.dumps(doc))
    p = subprocess.run([cli, "compare", str(model), "--out", str(tmp_path / "c")],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(open(tmp_path / "c" / "compare.csv", newline="")))
    # (the label is the model and the drive's capacity, which the run's
    # drive identity carries: a sim run's too since round 21)
    assert {r["drive"] for r in rows} == {"'=1+1 240 GB"}
