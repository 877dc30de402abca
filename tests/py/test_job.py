"""`ssdcore job` and ssdcore.job() on real files: results, series CSV, bad
input, Ctrl-C. Files live under the build tree (a real disk: O_DIRECT fails on
tmpfs)."""
import json
import os
import signal
import subprocess
import time

import pytest

import ssdcore


def run(cli, *args):
    return subprocess.run([cli, *map(str, args)], capture_output=True, text=True, timeout=120)


def read_series(path):
    lines = path.read_text().splitlines()
    assert lines[0] == "# ssdcore-series 1"
    meta = json.loads(lines[1][2:])
    cols = lines[2].split(",")
    rows = [dict(zip(cols, map(float, ln.split(",")))) for ln in lines[3:]]
    return meta, cols, rows


def test_cli_job_json_and_series(cli, workdir):
    log = workdir / "s.csv"
    r = run(cli, "job", "--target", workdir / "t.bin", "--size-file", "16m", "--pattern", "randrw",
            "--rwmix-read", "70", "--bs", "4k", "--qd", "8", "--threads", "2", "--bytes", "8m",
            "--interval", "10ms", "--log", log, "--json")
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    w = res["workload"]
    assert (w["pattern"], w["block_size"], w["queue_depth"], w["threads"], w["read_pct"]) == \
        ("randrw", 4096, 8, 2, 70)
    assert res["engine"] == "io_uring" and res["interrupted"] is False
    assert res["schema_version"] == 1 and res["tool"].startswith("ssdcore ")
    assert res["bytes"] == 8 << 20 and res["ios"] == 2048
    assert res["read"]["ios"] + res["write"]["ios"] == 2048
    assert 0.55 < res["read"]["ios"] / 2048 < 0.85
    for d in ("read", "write"):
        lat = res[d]["lat_ns"]
        assert 0 < lat["min"] <= lat["p50"] <= lat["p99"] <= lat["p99_9"] <= lat["max"]
        assert res[d]["iops"] == pytest.approx(res[d]["ios"] / res["runtime_s"])
    meta, cols, rows = read_series(log)
    assert meta["target"].endswith("t.bin") and meta["queue_depth"] == 8
    assert cols[:6] == ["t_s", "bytes", "ops", "lat_mean_us", "lat_p99_us", "lat_max_us"]
    assert sum(r["bytes"] for r in rows) == 8 << 20
    assert sum(r["read_bytes"] for r in rows) == res["read"]["bytes"]
    for row in rows:  # per-direction latency summaries, 0 where a direction did nothing
        for d in ("read", "write"):
            if row[f"{d}_ops"]:
                assert 0 < row[f"{d}_lat_mean_us"] <= row[f"{d}_lat_max_us"]
                assert row[f"{d}_lat_p99_us"] <= row[f"{d}_lat_max_us"] * 1.004
            else:
                assert row[f"{d}_lat_max_us"] == 0
        assert row["lat_max_us"] == max(row["read_lat_max_us"], row["write_lat_max_us"])
    ts = [r["t_s"] for r in rows]
    assert ts == sorted(set(ts)) and len(rows) == res["samples"]


def test_cli_human_summary(cli, workdir):
    r = run(cli, "job", workdir / "t.bin", "--size-file", "4m", "--pattern", "read",
            "--bs", "64k", "--bytes", "2m", "--engine", "psync")
    assert r.returncode == 0, r.stderr
    assert "engine  psync" in r.stdout and "read   IOPS" in r.stdout and "p99" in r.stdout


@pytest.mark.parametrize("args,needle", [
    (["--bs", "1000"], "not a multiple of the target's"),
    (["--bs", "0"], "--bs: 0 is outside"),
    (["--bs", "-4k"], "--bs: '-4k' is not a size"),
    (["--qd", "2000"], "--qd: 2000 is outside"),
    (["--span", "1g"], "larger than the target"),
    (["--pattern", "randomread"], "unknown pattern 'randomread'"),
    (["--time", "soon"], "--time: 'soon' is not a duration"),
])
def test_cli_bad_input_is_a_clear_error(cli, workdir, args, needle):
    r = run(cli, "job", workdir / "t.bin", "--size-file", "4m", "--time", "0.1", *args)
    # a value the option refuses is a usage error; one the target refuses, a failure
    assert r.returncode == (2 if needle.startswith(("--", "unknown pattern")) else 1)
    assert needle in r.stderr, r.stderr
    assert r.stdout == ""


def test_cli_missing_and_unsized_targets(cli, workdir):
    r = run(cli, "job", workdir / "nope.bin", "--time", "0.1")
    assert r.returncode == 1 and "nope.bin: no such file" in r.stderr
    r = run(cli, "job", workdir / "z.bin", "--size-file", "0", "--time", "0.1")
    assert r.returncode == 2 and "--size-file: 0 is below 1 B" in r.stderr
    r = run(cli, "job", "--time", "0.1")
    assert r.returncode == 2 and "missing --target" in r.stderr


def test_cli_read_only_file_is_refused_for_writes(cli, workdir):
    f = workdir / "ro.bin"
    f.write_bytes(os.urandom(1 << 20))
    if subprocess.run(["chattr", "+i", str(f)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i unavailable: cannot make a file read-only for root")
    try:
        r = run(cli, "job", f, "--pattern", "randwrite", "--time", "0.1", "--destroy-data")
        assert r.returncode == 1
        assert "ro.bin: cannot open for writing" in r.stderr, r.stderr
    finally:
        subprocess.run(["chattr", "-i", str(f)])


def test_cli_ctrl_c_keeps_samples_and_marks_results(cli, workdir):
    log = workdir / "s.csv"
    p = subprocess.Popen([cli, "job", str(workdir / "t.bin"), "--size-file", "8m", "--pattern",
                          "randread", "--qd", "4", "--time", "60", "--interval", "20ms",
                          "--log", str(log), "--json"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if log.exists() and len(log.read_text().splitlines()) >= 6:
                break
            time.sleep(0.02)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
    finally:
        p.kill()
    assert p.returncode == 130, err
    res = json.loads(out)
    assert res["interrupted"] is True and res["runtime_s"] < 60
    _, _, rows = read_series(log)
    assert len(rows) == res["samples"] >= 3
    assert sum(r["bytes"] for r in rows) == res["bytes"]


def test_python_job_and_target(workdir):
    t = ssdcore.Target(workdir / "t.bin", size="8m")
    assert (t.size_bytes, t.kind) == (8 << 20, "file") and t.block_size_bytes >= 512
    r = ssdcore.job(t, pattern="randwrite", bs=8192, qd=4, bytes=1 << 20, interval=0.01,
                    coverage=False, seed=7)
    assert r["write"]["bytes"] == 1 << 20 and r["read"]["ios"] == 0
    assert sum(s["write_bytes"] for s in r["series"]) == 1 << 20
    r = ssdcore.job(str(workdir / "t.bin"), pattern="write", bs="64k", coverage=True)
    assert r["write"]["bytes"] == 8 << 20
    t.trim(0, 1 << 20)
    t.close()


def test_python_option_values_as_bytes_and_paths_reach_c_unchanged(workdir):
    # A bytes value used to reach C as its repr ("b'...'"): the series log
    # of a path that is not UTF-8 landed in a file named after that text.
    log = os.fsencode(workdir) + b"/w\xff.csv"
    r = ssdcore.job("sim:bx200", pattern=b"write", time=1, log=log)
    assert r["workload"]["pattern"] == "write"
    assert os.path.exists(log) and os.listdir(workdir) == ["w\udcff.csv"]


@pytest.mark.parametrize("target,engine", [
    ("file", "io_uring"), ("file", "psync"), ("sim:bx200", "auto")])
@pytest.mark.parametrize("budget,ran", [(5000, 8192), (3000, 4096), (8192, 8192)])
def test_a_byte_budget_rounds_up_to_whole_ios_on_every_target(workdir, target, engine, budget,
                                                              ran):
    # One rule everywhere (fio's for io_size): the job ends with the I/O that
    # reaches the budget, and the results say which budget ran.
    t = ssdcore.Target(workdir / "t.bin", size="4m") if target == "file" else target
    r = ssdcore.job(t, pattern="randwrite", bs=4096, bytes=budget, engine=engine)
    assert r["bytes"] == ran and r["ios"] == ran // 4096
    assert r["workload"]["max_bytes"] == ran


@pytest.mark.parametrize("kw,needle,name", [
    (dict(bs=1000), "not a multiple", "SSD_EALIGN"),
    (dict(bs=0), "option bs", "SSD_ERANGE"),
    (dict(span="1g"), "larger than the target", "SSD_ERANGE"),
    (dict(pattern="frob"), "unknown pattern", "SSD_EINVAL"),
])
def test_python_bad_input_raises_with_detail(workdir, kw, needle, name):
    t = ssdcore.Target(workdir / "t.bin", size="4m")
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.job(t, time=0.1, **kw)
    assert needle in str(e.value) and e.value.name == name


def test_python_missing_target_raises(workdir):
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.job(workdir / "missing.bin", time=0.1)
    assert e.value.name == "ENOENT" and "missing.bin" in e.value.detail


def test_python_progress_callback_sees_the_run(workdir):
    seen = []
    ssdcore.job(workdir / "t.bin", size="4m", pattern="randread", time=0.5, interval=0.05,
                progress=seen.append)
    assert seen and seen[-1]["bytes"] > 0 and seen[-1]["elapsed_s"] > 0


def test_python_ctrl_c_stops_a_running_job(workdir):
    sent = []

    def progress(p):
        if not sent:
            sent.append(1)
            os.kill(os.getpid(), signal.SIGINT)

    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        ssdcore.job(workdir / "t.bin", size="4m", pattern="randread", time=60, interval=0.05,
                    progress=progress)
    assert time.monotonic() - t0 < 50


@pytest.mark.parametrize("display", [False, True])
def test_python_ctrl_c_stops_a_sim_job(display):
    """A sim: job calls back (so that Ctrl-C reaches it), with a progress
    display or without, at most ten times a second of wall time instead of
    after every sample: still within a tenth of a second of the signal."""
    import threading
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    t0 = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt) as e:
            ssdcore.job("sim:bx200", pattern="randwrite", qd=32, time="200h", interval=1,
                        progress=(lambda p: None) if display else None)
    finally:
        timer.cancel()
    r = e.value.results
    assert r["interrupted"] is True and 0 < r["runtime_s"] < 200 * 3600
    assert time.monotonic() - t0 < 5


def test_python_ctrl_c_stops_a_sim_suite_in_a_job(tmp_path):
    """A suite's jobs on a sim: target call back every 0.2 s of wall time
    (not after every sample): Ctrl-C still stops the run in its job, and
    results.json says so."""
    import threading
    f = tmp_path / "long.suite"
    f.write_text("job name=long pattern=randwrite qd=32 time=200h interval=1s\n")
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    t0 = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            ssdcore.suite("sim:bx200", tmp_path / "out", suite_file=f, report=False)
    finally:
        timer.cancel()
    assert time.monotonic() - t0 < 5
    res = json.loads((tmp_path / "out" / "results.json").read_text())
    assert res["interrupted"] is True and res["complete"] is False
    step = res["steps"][0]
    assert step["state"] == "interrupted" and 0 < step["results"]["runtime_s"] < 200 * 3600


def test_python_ctrl_c_and_io_errors_keep_what_ran_on_the_exception(workdir):
    # The CLI prints the results of an interrupted or failed run; Python
    # raised and dropped them, so a notebook lost a long run to one Ctrl-C.
    sent = []

    def progress(p):
        if p["ios"] and not sent:
            sent.append(1)
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt) as e:
        ssdcore.job(workdir / "t.bin", size="4m", pattern="randread", time=60, interval=0.05,
                    progress=progress)
    r = e.value.results
    assert r["interrupted"] is True and 0 < r["runtime_s"] < 50 and r["read"]["ios"] > 0
    assert sum(s["bytes"] for s in r["series"]) == r["bytes"]
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.job(workdir / "t.bin", pattern="randwrite", qd=4, fail_io=50, time=30)
    r = e.value.results
    assert "injected I/O error" in r["error"] and r["interrupted"] is False
    assert 40 <= r["write"]["ios"] < 60 and sum(s["ops"] for s in r["series"]) == r["ios"]


def test_python_idle_on_a_file(workdir):
    t = ssdcore.Target(workdir / "t.bin", size="1m")
    t.idle(0.3)
    with pytest.raises(ssdcore.Error) as e:
        t.idle(-1)
    assert e.value.name == "SSD_ERANGE"


def test_cli_trim_and_idle(cli, workdir):
    f = workdir / "t.bin"
    r = run(cli, "job", f, "--size-file", "4m", "--bytes", "4k")
    assert r.returncode == 0, r.stderr
    before = f.stat().st_blocks
    # The file is ssdcore's (its layout mark): the library lets it be trimmed
    # without --destroy-data, as a job writes it and Python trims it.
    r = run(cli, "trim", f, "--offset", "1m", "--length", "2m")
    assert r.returncode == 0, r.stderr
    assert f.stat().st_blocks * 512 <= before * 512 - (2 << 20) + 65536
    assert f.stat().st_size == 4 << 20
    r = run(cli, "trim", f, "--offset", "3m", "--length", "2m", "--destroy-data")
    assert r.returncode == 1 and "outside the target" in r.stderr
    r = run(cli, "idle", f, "0.1s")
    assert r.returncode == 0, r.stderr
    r = run(cli, "idle", f, "soon")
    assert r.returncode == 2 and "not a duration" in r.stderr


def test_cli_destroying_commands_ask_the_library(cli, workdir):
    # trim, purge and precondition leave to the library whether a target may
    # lose its data, as a job and Python do (issue 22, item 5): a sim: drive
    # needs no flag, a file ssdcore did not make is refused (exit 1, naming
    # the flag and the file) and kept byte for byte until --destroy-data.
    for cmd, extra in (("trim", []), ("purge", []), ("precondition", ["--kind", "seq_fill"])):
        r = run(cli, cmd, "sim:bx200", *extra, "--json")
        assert r.returncode == 0, (cmd, r.stderr)
        json.loads(r.stdout)
    user = workdir / "mine.bin"
    data = os.urandom(1 << 20)
    user.write_bytes(data)
    for cmd, extra in (("trim", []), ("purge", []), ("precondition", ["--kind", "seq_fill"])):
        r = run(cli, cmd, user, *extra)
        assert r.returncode == 1, (cmd, r.stderr)
        assert "--destroy-data" in r.stderr and "mine.bin" in r.stderr, r.stderr
        assert user.read_bytes() == data
    r = run(cli, "trim", user, "--destroy-data")
    assert r.returncode == 0, r.stderr
    assert user.read_bytes() != data


def test_cli_shows_progress_on_a_terminal_only(cli, workdir):
    import pty
    import re
    args = [cli, "job", str(workdir / "t.bin"), "--size-file", "4m", "--time", "1.2",
            "--interval", "0.1"]
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(cli, args)
    out = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    text = out.decode(errors="replace")
    assert re.search(r"\r\s+\d+\.\d s\s+\d+\.\d%\s+\d+\.\d MB/s\s+\d+ IOPS", text), text
    r = run(cli, *args[1:])  # not a terminal: no progress line
    assert r.returncode == 0 and "\r" not in r.stderr + r.stdout


def test_cli_job_help(cli):
    r = run(cli, "job", "--help")
    assert r.returncode == 0 and "--destroy-data" in r.stdout and "--rwmix-read" in r.stdout


def test_cli_buffered_io_takes_any_block_size(cli, workdir):
    r = run(cli, "job", workdir / "t.bin", "--size-file", "1m", "--buffered", "--bs", "1000",
            "--pattern", "randrw", "--bytes", "100000", "--json")
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    assert res["target"]["buffered"] is True and res["bytes"] == 100000


def test_submit_batch_from_python_and_the_cli(cli, workdir):
    r = ssdcore.job(ssdcore.Target(workdir / "t.bin", size="4m"), pattern="randread", qd=4,
                    submit_batch=4, bytes="256k")
    assert r["workload"]["submit_batch"] == 4 and r["bytes"] == 256 << 10
    r = run(cli, "job", workdir / "t.bin", "--qd", "2", "--submit-batch", "3", "--time", "0.1")
    assert r.returncode != 0 and "submit_batch: 3 is more than the queue depth (2)" in r.stderr
    r = run(cli, "job", workdir / "t.bin", "--qd", "2", "--submit-batch", "2", "--time", "0.1",
            "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["workload"]["submit_batch"] == 2


def test_a_log_that_cannot_be_created_is_refused_before_the_target_is_laid_out(tmp_path):
    """The library refuses a log that cannot be created when the option is set
    (ssd_job_set_option "log"), before the new file target is made: nothing
    is left behind."""
    target = tmp_path / "t.bin"
    with pytest.raises(ssdcore.Error, match=r"log .*no-such-dir.*: cannot create: No such file"):
        ssdcore.job(target, "write", size="1m", time=0.1, log=tmp_path / "no-such-dir" / "s.csv")
    assert not target.exists()
    ok = tmp_path / "s.csv"
    ok.write_text("kept\n")
    with pytest.raises(ssdcore.Error, match="Is a directory"):
        ssdcore.job(target, "write", size="1m", time=0.1, log=tmp_path)
    assert ok.read_text() == "kept\n" and not target.exists()


def test_a_target_says_what_it_is(tmp_path):
    """repr(Target) was "<ssdcore.job.Target object at 0x...>"."""
    t = ssdcore.Target("sim:bx200")
    assert repr(t) == "<Target sim:bx200 (sim, 223.57 GiB, 512 B blocks, open)>"
    t.close()
    assert repr(t) == "<Target sim:bx200 (closed)>"
    with ssdcore.Target(tmp_path / "t.bin", size="64m") as f:
        assert repr(f) == (f"<Target {tmp_path / 't.bin'} (file, 64.00 MiB, "
                           f"{f.block_size_bytes} B blocks, open)>")


def test_size_errors_give_units_as_the_cli_takes_them(cli):
    """Errors said "span 10995116277760 ... (240057409536 bytes)" and
    "outside 512..67108864 B": sizes nobody types."""
    r = run(cli, "job", "sim:bx200", "--span", "10t", "--time", "1s")
    assert r.returncode == 1
    assert ("span 10 TiB (10995116277760 bytes) at offset 0 B is larger than the target "
            "(223.57 GiB, 240057409536 bytes)") in r.stderr, r.stderr
    r = run(cli, "job", "sim:bx200", "--bs", "128m", "--time", "1s")
    assert r.returncode == 2 and "--bs: 128m is outside 512 B..64 MiB\n" in r.stderr, r.stderr


def test_offset_and_trim_range_errors_give_units(cli):
    r = run(cli, "job", "sim:bx200", "--offset", "300g", "--time", "1s")
    assert r.returncode == 1 and ("offset 300 GiB (322122547200 bytes) is beyond the target's "
                                  "223.57 GiB (240057409536 bytes)") in r.stderr, r.stderr
    r = run(cli, "trim", "sim:bx200", "--offset", "200g", "--length", "100g", "--destroy-data")
    assert r.returncode != 0 and ("range 200 GiB+100 GiB is outside the target "
                                  "(223.57 GiB, 240057409536 bytes)") in r.stderr, r.stderr
