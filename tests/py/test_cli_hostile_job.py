"""`ssdcore job` under hostile options: every refusal is one clear line on
stderr with nothing on stdout, and every accepted job reports numbers that
agree with each other."""
import json
import subprocess

import pytest


def run(cli, *args, timeout=60):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)


def job_json(cli, *args):
    p = run(cli, "job", *args, "--json")
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


@pytest.mark.parametrize("budget", ["1", "100", "5000"])
def test_sim_byte_budget_not_a_multiple_of_bs_times_whole_ios(cli, budget):
    # A budget that is not a whole number of blocks still runs whole I/Os;
    # the virtual time must be that of the I/Os done, not of the budget
    # (sim:bx200 --bytes 1 used to report 51 million IOPS in 19 ns).
    ref = job_json(cli, "--target", "sim:bx200,noise=0", "--bytes", "4096")
    r = job_json(cli, "--target", "sim:bx200,noise=0", "--bytes", budget)
    ios = -(-int(budget) // 4096)
    assert r["ios"] == ios and r["bytes"] == ios * 4096
    assert r["runtime_s"] >= 0.99 * ref["runtime_s"] * ios
    assert r["iops"] <= 1.01 * ref["iops"]
    assert abs(r["bw_bps"] * r["runtime_s"] - r["bytes"]) <= 1e-6 * r["bytes"]


@pytest.fixture
def shm_file():
    import os
    import pathlib
    if not os.path.isdir("/dev/shm"):
        pytest.skip("no /dev/shm")
    p = pathlib.Path(f"/dev/shm/ssdcore-qa-{os.getpid()}.bin")
    yield p
    p.unlink(missing_ok=True)


@pytest.mark.parametrize("pattern", ["randwrite", "randread"])
def test_file_on_dev_shm_is_a_file_target_not_a_device(cli, shm_file, pattern):
    # /dev/shm is the usual RAM disk; a path under it used to be taken for
    # a block device ("No such file or directory", or "not a block device").
    p = run(cli, "job", "--target", str(shm_file), "--size-file", "1m", "--pattern", pattern,
            "--bytes", "64k", "--buffered", "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert r["target"]["kind"] == "file" and r["bytes"] >= 65536
    # Without --buffered, O_DIRECT either works or the refusal says what to do.
    p = run(cli, "job", "--target", str(shm_file), "--pattern", pattern, "--bytes", "64k")
    assert p.returncode == 0 or "buffered" in p.stderr, p.stderr


def test_python_job_creates_a_dev_shm_file_for_a_read_pattern(shm_file):
    import ssdcore
    r = ssdcore.job(str(shm_file), pattern="randread", size="1m", buffered=True, bytes="64k")
    assert r["target"]["kind"] == "file" and r["read"]["bytes"] >= 65536


def test_file_bigger_than_the_free_space_is_refused_at_once_and_leaves_nothing(cli, tmp_path):
    # --size-file 100t used to start writing random data until the disk was
    # full (hours), leaving a huge partial file behind.
    import os
    vfs = os.statvfs(tmp_path)
    size = 2 * vfs.f_bavail * vfs.f_frsize + (1 << 30)
    f = tmp_path / "huge.bin"
    p = run(cli, "job", "--target", str(f), "--size-file", str(size), "--pattern", "randwrite",
            "--bytes", "4k", timeout=20)
    assert p.returncode != 0 and p.stdout == ""
    assert str(f) in p.stderr and "free" in p.stderr
    assert not f.exists()
    # An existing file asked to grow beyond the free space keeps its size.
    f.write_bytes(b"x" * 8192)
    p = run(cli, "job", "--target", str(f), "--size-file", str(size), "--bytes", "4k",
            timeout=20)
    assert p.returncode != 0 and f.stat().st_size == 8192


def test_refused_new_file_is_not_left_behind(cli, tmp_path):
    f = tmp_path / "tiny.bin"
    p = run(cli, "job", "--target", str(f), "--size-file", "100", "--bytes", "4k")
    assert p.returncode != 0 and "smaller than one" in p.stderr
    assert not f.exists()


def test_log_over_the_target_file_is_refused_before_any_io(cli, tmp_path):
    # --log pointing at the target truncated the file under test to a CSV.
    f = tmp_path / "t.bin"
    f.write_bytes(bytes(range(256)) * 4096)
    before = f.read_bytes()
    p = run(cli, "job", "--target", str(f), "--log", str(f), "--time", "0.1", "--buffered")
    assert p.returncode != 0 and p.stdout == ""
    assert "target itself" in p.stderr and str(f) in p.stderr
    assert f.read_bytes() == before
    # A hard link is the same file.
    (tmp_path / "alias").hardlink_to(f)
    p = run(cli, "job", "--target", str(f), "--log", str(tmp_path / "alias"), "--time", "0.1",
            "--buffered")
    assert p.returncode != 0 and f.read_bytes() == before


@pytest.mark.parametrize("bad", [["--qd", "0"], ["--pattern", "bogus"], ["--interval", "1ms"],
                                 ["--log", "/nonexistent-dir/x.csv"]])
def test_bad_options_are_refused_before_a_new_file_is_laid_out(cli, tmp_path, bad):
    # They used to be checked only after the new file had been filled with
    # random data (minutes for --size-file 64g), leaving it behind.
    f = tmp_path / "t.bin"
    p = run(cli, "job", "--target", str(f), "--size-file", "64m", "--time", "1", *bad)
    assert p.returncode != 0 and p.stdout == "" and bad[1] in p.stderr
    assert not f.exists()


def test_log_check_keeps_an_existing_log_until_the_run(cli, tmp_path):
    # An earlier run's log (a file that is not ssdcore's is refused:
    # test_hostile_outputs.py).
    log = tmp_path / "x.csv"
    log.write_text("# ssdcore-series 1\nold\n")
    p = run(cli, "job", "--target", "sim:bx200", "--time", "2", "--log", str(log))
    assert p.returncode == 0, p.stderr
    assert log.read_text().startswith("# ssdcore-series 1") and len(log.read_text().split("\n")) == 6


def test_ctrl_c_during_the_layout_exits_130_and_leaves_no_file(cli, tmp_path):
    # It exited 1 (as for an error) where an interrupted job exits 130.
    import os
    import signal
    import time
    f = tmp_path / "t.bin"
    vfs = os.statvfs(tmp_path)
    size = min(8 << 30, vfs.f_bavail * vfs.f_frsize // 4) // (1 << 20) * (1 << 20)
    p = subprocess.Popen([cli, "job", "--target", str(f), "--size-file", str(size),
                          "--pattern", "randwrite", "--time", "60", "--buffered"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    while not f.exists() and p.poll() is None:
        time.sleep(0.01)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    if "laying out" in err:
        assert not f.exists()


@pytest.mark.parametrize("pattern", ["randwrite", "write", "randread"])
def test_sim_byte_budget_over_many_intervals_is_not_overrun(cli, pattern):
    # --bytes 100m ran 25601 I/Os: the I/O fraction carried between
    # intervals was counted twice at the end.
    r = job_json(cli, "--target", "sim:bx200", "--pattern", pattern, "--bytes", "100m")
    assert r["ios"] == 25600 and r["bytes"] == 100 << 20


def test_ctrl_c_ends_an_idle_with_status_130(cli, tmp_path):
    # It exited 1, the status of an error, where job and suite exit 130.
    import signal
    import time
    f = tmp_path / "t.bin"
    f.write_bytes(b"\0" * 65536)
    for delay in (0.3, 1, 3):  # a signal before the handler is installed kills it: retry
        p = subprocess.Popen([cli, "idle", str(f), "60"], stderr=subprocess.PIPE, text=True)
        time.sleep(delay)
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=30)
        if p.returncode != -signal.SIGINT:
            break
    assert p.returncode == 130 and "interrupted" in err


@pytest.mark.parametrize("time_, interval", [("9999999", "10ms"), ("1000h", "1s")])
def test_more_samples_than_memory_holds_are_refused_up_front(cli, tmp_path, time_, interval):
    # Every sample stays in memory: --time 9999999 --interval 10ms needed
    # about 1e9 of them (112 GB) and --time 1000h 400 MB.
    f = tmp_path / "t.bin"
    for target in (["sim:bx200"], [str(f), "--size-file", "64m"]):
        p = run(cli, "job", "--target", *target, "--time", time_, "--interval", interval,
                timeout=20)
        assert p.returncode != 0 and p.stdout == ""
        assert "interval" in p.stderr and "samples" in p.stderr and "1000000" in p.stderr
    assert not f.exists()


@pytest.mark.parametrize("pattern", ["randrw", "rw"])
@pytest.mark.parametrize("budget", ["4k", "12k", "1028k"])
def test_sim_mixed_byte_budget_runs_whole_ios_like_a_file(cli, tmp_path, pattern, budget):
    # --bytes 4k --pattern randrw ran a read and a write (8 KiB): the I/O in
    # flight at the end was rounded up once per direction. A file target
    # runs budget / bs I/Os.
    ios = int(budget[:-1]) // 4
    f = tmp_path / "t.bin"
    for target in (["sim:bx200"], [str(f), "--size-file", "16m", "--buffered"]):
        r = job_json(cli, "--target", *target, "--bytes", budget, "--pattern", pattern)
        assert r["ios"] == ios and r["bytes"] == ios * 4096, target
        assert r["read"]["ios"] + r["write"]["ios"] == ios


def test_job_text_says_sizes_as_analyze_does(cli):
    # The text said "sim:bx200 (sim, 228936.6 MiB, ...)" and "..., 2048.0
    # MiB" where `ssdcore analyze` of the same run says GiB.
    p = run(cli, "job", "--target", "sim:bx200,noise=0", "--bytes", "2g", "--bs", "1m")
    assert p.returncode == 0, p.stderr
    assert "(sim, 224 GiB, 512-byte blocks)" in p.stdout
    assert "2048 I/Os, 2 GiB\n" in p.stdout and "MiB\n" not in p.stdout
