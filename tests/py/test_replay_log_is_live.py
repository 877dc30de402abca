"""A replay writes its --log live, row by row, as a job does: a replay
killed part-way keeps every row logged so far (docs/crash-safety.md). It
collected its samples in memory and wrote the log at the end, so a kill
lost the whole log (issue #22: replay runs on the job's machinery)."""
import itertools
import math
import signal
import subprocess
import time

import pytest

import ssdcore
from tmpfs_mount import small_tmpfs


def _trace(path, n, gap_s):
    # Alternate directions and sizes: every I/O is a run of its own. Row i
    # is f"{i * gap_s:.3f},{'RW'[i % 2]},{i % 97 * 65536},{4096 << i % 3}";
    # the part after the time repeats every lcm(2, 97, 3) rows, so it is
    # formatted once per period (the million-row trace: 0.41 s of CPU
    # instead of 0.61, the same bytes).
    period = math.lcm(2, 97, 3)
    tails = [f",{'RW'[i % 2]},{i % 97 * 65536},{4096 << i % 3}\n" for i in range(period)]
    times = map("{:.3f}".format, [i * gap_s for i in range(n)])
    rows = map(str.__add__, times, itertools.islice(itertools.cycle(tails), n))
    path.write_text("# ssdcore-trace 1\nt_s,op,offset,length\n" + "".join(rows))


def _rows(log):
    try:
        text = log.read_text()
    except FileNotFoundError:
        return 0
    return sum(1 for line in text.splitlines(keepends=True)
               if line[:1].isdigit() and line.endswith("\n"))


def _kill_after_rows(cli, tmp_path, target, nrows, *opts):
    log = tmp_path / "r.csv"
    p = subprocess.Popen([cli, "replay", str(tmp_path / "t.csv"), "--target", target,
                          "--timing", "as-recorded", "--interval", "10ms", "--log", str(log),
                          *opts], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        end = time.monotonic() + 60
        while p.poll() is None and _rows(log) < nrows and time.monotonic() < end:
            time.sleep(0.005)
        assert p.poll() is None, "the replay ended before it was killed"
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=10)
    finally:
        p.kill()
    assert p.returncode == -signal.SIGKILL
    return log


def _check(log, nrows, trace_s):
    text = log.read_text()
    assert text.startswith("# ssdcore-series 1\n")
    s = ssdcore.Series.open(str(log))
    assert len(s) >= nrows
    # Killed part-way: not a whole log written at the end just before.
    assert s.t_s[-1] < trace_s / 2
    assert s.metadata["pattern"] == "replay"
    assert (s.t_s[1:] > s.t_s[:-1]).all()
    return text


def test_a_killed_replay_on_a_file_keeps_its_rows(cli, tmp_path):
    # Reads 20 ms apart for 40 s as recorded: killed after a few intervals.
    _trace(tmp_path / "t.csv", 2000, 0.02)
    log = _kill_after_rows(cli, tmp_path, str(tmp_path / "f.bin"), 3, "--size", "8m")
    text = _check(log, 3, 40)
    ncols = len(text.splitlines()[2].split(","))
    rows = [line for line in text.splitlines() if line[:1].isdigit()]
    assert all(len(r.split(",")) == ncols for r in rows)


def test_a_killed_replay_on_sim_keeps_its_rows(cli, tmp_path):
    # A million I/Os 10 ms apart in virtual time: a row per I/O, seconds of
    # simulation, killed after a few rows.
    _trace(tmp_path / "t.csv", 1_000_000, 0.01)
    log = _kill_after_rows(cli, tmp_path, "sim:bx200", 20)
    _check(log, 20, 10_000)


def test_a_replay_whose_log_fills_the_disk_names_the_partial_file(tmp_path):
    """A log write that fails stops the replay, and its job renames the log
    LOG.partial (never a cut file under the name asked for); the replay's
    results named the original file, which no longer exists."""
    with small_tmpfs(tmp_path / "mnt", "256k") as mnt:
        _trace(tmp_path / "t.csv", 100_000, 0.01)
        with pytest.raises(ssdcore.Error) as e:
            ssdcore.replay(str(tmp_path / "t.csv"), "sim:bx200", timing="as-recorded",
                           interval="10ms", log=str(mnt / "r.csv"))
        assert "r.csv.partial" in str(e.value), str(e.value)
        assert e.value.results["log"] == str(mnt / "r.csv.partial")
        assert not (mnt / "r.csv").exists() and (mnt / "r.csv.partial").exists()
