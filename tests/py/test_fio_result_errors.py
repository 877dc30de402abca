"""ssdcore fio-result: a fio job that failed is reported, not summarised as fine."""
import json
import pathlib
import subprocess

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "fio"


def failed_copy(tmp_path):
    d = json.loads((DATA / "fio3_clat_broken.json").read_text())
    d["jobs"][1]["error"] = 5  # EIO after some I/O
    dead = json.loads(json.dumps(d["jobs"][1]))
    dead["jobname"], dead["error"] = "dead", 28  # ENOSPC before any I/O
    for k in ("read", "write", "trim"):
        if k in dead:
            dead[k]["io_bytes"] = dead[k]["total_ios"] = 0
    d["jobs"].append(dead)
    p = tmp_path / "failed.json"
    p.write_text(json.dumps(d))
    return p


def test_a_failed_job_is_carried_into_json_and_text_and_exits_1(cli, tmp_path):
    # "error": 5 was summarised as if fine, with exit status 0.
    f = failed_copy(tmp_path)
    p = subprocess.run([cli, "fio-result", str(f), "--json"], capture_output=True, text=True)
    assert p.returncode == 1 and "failed" in p.stderr
    jobs = json.loads(p.stdout)["jobs"]
    assert [(j["name"], j["ddir"], j["error"]) for j in jobs] == [
        ("qd32", "write", 0), ("reader", "read", 5), ("dead", "none", 28)]
    p = subprocess.run([cli, "fio-result", str(f)], capture_output=True, text=True)
    assert p.returncode == 1
    assert "reader       FAILED: error 5" in p.stdout and "dead         FAILED: error 28" in p.stdout
    p = subprocess.run([cli, "fio-result", str(DATA / "fio3_clat_broken.json")],
                       capture_output=True, text=True)
    assert p.returncode == 0 and "FAILED" not in p.stdout and p.stderr == ""
