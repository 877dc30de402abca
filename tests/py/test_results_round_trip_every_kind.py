"""Every field of every step kind that results.json writes is read back:
a results directory loaded again (`ssdcore report DIR --json`) gives the
results.json the run wrote, for a suite with one step of each kind and the
optional members (a TRIM's reach, ddir, reference, a fill, a purge, a
replay group, file tests, a PTS test). The writer and the loader share one
list of fields per kind (libssdcore/suite/results_fields.c); a field
written but not read back, or read back otherwise, fails here."""
import json
import subprocess

SUITE = """\
trim
job name=w pattern=write bs=128k time=20s interval=1s log=w
analyze w
idle 5s
precondition kind=seq_fill loops=1
fill level=50%
purge
job name=rr-1 group=my-curve x=1 pattern=randread qd=1 time=5s
job name=rr-8 group=my-curve x=8 pattern=randread qd=8 time=5s interval=100ms log=rr8
analyze rr8 ddir=read
replay name=bf3 group=apps trace=scenario:pcm8-bf3 timing=no-idle
filebench dir={fb} set=work size=8m
pts test=latency
job name=w2 pattern=randwrite bs=4k qd=32 time=10s interval=1s log=w2
analyze w2 reference=w penalty=4
"""

KINDS = {"trim", "job", "analyze", "idle", "precondition", "purge", "replay", "filebench",
         "pts"}


def test_loaded_results_are_the_written_ones(cli, tmp_path):
    fb = tmp_path / "fb"
    fb.mkdir()
    suite = tmp_path / "every.suite"
    suite.write_text(SUITE.format(fb=fb))
    out = tmp_path / "out"
    r = subprocess.run([cli, "suite", "sim:bx200", "--suite-file", str(suite), "--scale", "0.2",
                        "--out", str(out), "--no-progress", "--no-report", "--destroy-data"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    written = json.loads((out / "results.json").read_text())
    assert {s["kind"] for s in written["steps"]} == KINDS
    assert all(s["state"] == "done" for s in written["steps"]), written["steps"]
    assert any("reached_device" in s for s in written["steps"])
    assert any(s.get("ddir") == "read" for s in written["steps"])
    r = subprocess.run([cli, "report", str(out), "--json", "--out", str(tmp_path / "r.html")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    loaded = json.loads(r.stdout)
    for a, b in zip(written["steps"], loaded["steps"]):
        assert a == b, [k for k in set(a) | set(b) if a.get(k) != b.get(k)]
    assert loaded == written
