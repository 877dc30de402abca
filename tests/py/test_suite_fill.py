"""The fill step (`fill level=P%` / `fill bytes=SIZE`, ssd_target_fill,
ssdcore.fill): a drive filled to a level, recorded in results.json and in
the next steps' written_before."""
import json
import subprocess

import pytest

import ssdcore
from suite_helpers import GIB, load, step


def test_fill_step_cli_python_and_c_agree(cli, tmp_path):
    suite = tmp_path / "f.suite"
    suite.write_text("trim\nfill bytes=10g\nfill level=50% name=half\n"
                     "job name=w pattern=write bs=128k qd=1 offset=900g span=1g bytes=1g\n")
    out = tmp_path / "r"
    subprocess.run([cli, "suite", "sim:mp44l-1tb", "--suite-file", str(suite), "--out",
                    str(out)], check=True, capture_output=True)
    res = load(out)
    f1, f2 = step(res, "fill"), step(res, "half")
    assert f1["written_bytes"] == 10 * GIB and f1["fill_bytes"] == 10 * GIB
    assert f2["written_bytes"] == pytest.approx(res["target"]["size_bytes"] / 2, rel=1e-4)
    w = step(res, "w")
    assert w["results"]["analysis_context"]["written_before_bytes"] == \
        f1["written_bytes"] + f2["written_bytes"]
    # Python: the same fill through the library call.
    t = ssdcore.SimTarget("sim:mp44l-1tb")
    assert ssdcore.fill(t, bytes=10 * GIB)["written_bytes"] == 10 * GIB
    assert ssdcore.fill(t, 50)["written_bytes"] == f2["written_bytes"]
    with pytest.raises(ValueError):
        ssdcore.fill(t, 120)
    with pytest.raises(ssdcore.Error):
        ssdcore.fill(t, bytes=t.size_bytes + 1)


@pytest.mark.parametrize("line,msg", [
    ("fill", "give one of level=P% or bytes=SIZE"),
    ("fill level=90% bytes=1g", "give one of level=P% or bytes=SIZE"),
    ("fill level=0%", "is not a percentage in (0, 100]"),
    ("fill level=101", "is not a percentage in (0, 100]"),
    ("fill level=ninety", "is not a percentage in (0, 100]"),
    ("fill bytes=99t", "bytes=99t (99 TiB) is beyond the target (223.57 GiB, 240057409536 bytes)"),
    ("fill bytes=lots", "not a size"),
    ("fill depth=3", "unknown key 'depth'"),
])
def test_fill_step_bad_lines_are_refused_before_anything_runs(cli, tmp_path, line, msg):
    suite = tmp_path / "f.suite"
    suite.write_text(f"trim\n{line}\n")
    r = subprocess.run([cli, "suite", "sim:bx200", "--suite-file", str(suite), "--out",
                        str(tmp_path / "r")], capture_output=True, text=True)
    assert r.returncode != 0 and "f.suite:2: fill: " in r.stderr and msg in r.stderr, r.stderr
    assert not (tmp_path / "r").exists()


def test_fill_step_on_a_file_runs_a_job_and_writes_that_share(cli, tmp_path):
    """Off the simulator the fill is one job: 128 KiB writes over the share."""
    suite = tmp_path / "f.suite"
    suite.write_text("fill level=50%\nfill bytes=3m name=small\n")
    out = tmp_path / "r"
    subprocess.run([cli, "suite", str(tmp_path / "t.bin"), "--size-file", "64m", "--suite-file",
                    str(suite), "--out", str(out)], check=True, capture_output=True)
    res = load(out)
    assert step(res, "fill")["written_bytes"] == 32 << 20
    assert step(res, "fill")["fill_level_pct"] == 50
    assert step(res, "small")["written_bytes"] == 3 << 20


def test_precondition_command_fills_to_a_level_as_the_step_does(cli, tmp_path):
    # The fill outside a suite (fill a real drive, then run tests by hand):
    # the same bytes as the step and as ssdcore.fill.
    r = subprocess.run([cli, "precondition", "sim:bx200", "--level", "90%", "--destroy-data",
                        "--json"], capture_output=True, text=True, check=True)
    got = json.loads(r.stdout)
    t = ssdcore.SimTarget("sim:bx200")
    want = ssdcore.fill(t, 90)
    assert got["kind"] == "fill" and got["written_bytes"] == want["written_bytes"]
    assert got["fill_bytes"] == want["fill_bytes"]
    assert got["fill_level_pct"] == pytest.approx(90, abs=0.01)
    f = tmp_path / "t.bin"
    f.write_bytes(b"\0" * (64 << 20))
    r = subprocess.run([cli, "precondition", str(f), "--bytes", "16m", "--destroy-data",
                        "--json"], capture_output=True, text=True, check=True)
    assert json.loads(r.stdout)["written_bytes"] == 16 << 20
    for args, msg in ((["--level", "0%"], "not a percentage in (0, 100]"),
                      (["--level", "50%", "--kind", "random_fill"], "not kind 'random_fill'"),
                      (["--kind", "fill"], "needs --level"),
                      (["--level", "5%", "--bytes", "1g"], "give one")):
        r = subprocess.run([cli, "precondition", "sim:bx200", *args, "--destroy-data"],
                           capture_output=True, text=True)
        assert r.returncode != 0 and msg in r.stderr and not r.stdout, (args, r.stderr)
