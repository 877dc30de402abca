"""Inputs that are not regular files (issue #26): a FIFO given as a trace is
refused at once instead of blocking `trace info` or a suite's replay step
forever, and a suite file from a pipe (`--suite-file <(...)`) is read once,
so the checks before a run do not leave the run "no steps"."""
import os
import subprocess
import threading

import pytest

import ssdcore

SUITE = b"job name=r pattern=read bs=4k time=0.2\n"


@pytest.fixture
def fifo(tmp_path):
    p = tmp_path / "trace.fifo"
    os.mkfifo(p)
    return p


def test_a_fifo_trace_is_refused_not_waited_for(cli, tmp_path, fifo):
    for args in (["trace", "info", str(fifo)],
                 ["trace", "convert", str(fifo), str(tmp_path / "out.csv")],
                 ["replay", str(fifo), "--target", "sim:bx200"]):
        r = subprocess.run([cli, *args], capture_output=True, text=True, timeout=20)
        assert r.returncode in (1, 2) and "FIFO" in r.stderr and str(fifo) in r.stderr, \
            (args, r.stderr)
    suite = tmp_path / "s.txt"
    suite.write_text(f"replay trace={fifo}\n")
    r = subprocess.run([cli, "suite", "sim:bx200", "--suite-file", str(suite), "--out",
                        str(tmp_path / "o")], capture_output=True, text=True, timeout=20)
    assert r.returncode == 1 and "FIFO" in r.stderr, r.stderr
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.Trace(fifo)
    assert "FIFO" in str(e.value)
    with pytest.raises(ssdcore.Error):
        ssdcore.Trace("/dev/zero")  # a device: never read as a trace either


def test_a_suite_file_from_a_pipe_is_read_once(cli, tmp_path):
    # A file target: the CLI checks the suite on a stand-in drive first.
    with open(tmp_path / "s.txt", "wb") as f:
        f.write(SUITE)
    r = subprocess.run(["bash", "-c", f'"{cli}" suite "{tmp_path}/t.bin" --size 16m '
                        f'--suite-file <(cat "{tmp_path}/s.txt") --out "{tmp_path}/o" '
                        "--no-report"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "no steps" not in r.stderr and (tmp_path / "o" / "results.json").exists()
    # Python, from a pipe's /dev/fd name, with the same checks first
    rd, wr = os.pipe()
    writer = threading.Thread(target=lambda: (os.write(wr, SUITE), os.close(wr)))
    writer.start()
    try:
        res = ssdcore.suite(str(tmp_path / "t2.bin"), tmp_path / "o2", suite_file=f"/dev/fd/{rd}",
                            size="16m", report=False)
    finally:
        writer.join()
        os.close(rd)
    assert res["status"] == "complete" and len(res["steps"]) == 1
    # A named FIFO nobody writes to is an empty suite, not a hang.
    os.mkfifo(tmp_path / "s.fifo")
    r = subprocess.run([cli, "suite", str(tmp_path / "t3.bin"), "--size", "16m",
                        "--suite-file", str(tmp_path / "s.fifo"), "--out", str(tmp_path / "o3")],
                       capture_output=True, text=True, timeout=20)
    assert r.returncode == 1 and "s.fifo" in r.stderr, r.stderr


def test_a_fifo_named_results_json_is_no_hang(cli, tmp_path):
    d = tmp_path / "run"
    d.mkdir()
    os.mkfifo(d / "results.json")
    for args in (["report", str(d), "--summary", "--out", str(tmp_path / "r.html")],
                 ["catalog", "add", str(d), "--catalog", str(tmp_path / "c.sqlite")],
                 ["compare", str(d), str(d), "--out", str(tmp_path / "cmp")]):
        r = subprocess.run([cli, *args], capture_output=True, text=True, timeout=20)
        assert r.returncode != 0 and "results.json" in r.stderr, (args, r.stderr)


def test_a_fifo_as_a_sim_profile_file_is_no_hang(cli, tmp_path, fifo):
    # no writer: an empty profile (the defaults), at once
    r = subprocess.run([cli, "job", f"sim:file={fifo}", "--pattern", "read", "--time", "1"],
                       capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([cli, "job", "sim:file=/dev/null", "--pattern", "read", "--time", "1"],
                       capture_output=True, text=True, timeout=20)
    assert r.returncode != 0 and "character device" in r.stderr, r.stderr
