"""Progress a person can watch: at most ten callbacks a second (the C
library reported every sample: 7,200 calls for a 2-hour sim job), each with
the planned total and the current rate; progress=True draws a tqdm bar;
make_set and filebench report too and can be stopped."""
import importlib
import os
import time

import pytest

import ssdcore
from ssdcore.progress import MAX_PER_SECOND, Throttle


def _bounded(calls, wall_s, extra=2):
    return len(calls) <= MAX_PER_SECOND * wall_s + extra


def test_throttle_passes_ten_a_second_and_always_the_last():
    now = [0.0]
    seen = []
    th = Throttle(seen.append, clock=lambda: now[0])
    for i in range(1000):  # one update a millisecond for a second
        now[0] = i / 1000
        th.update(i, 1000, "bytes", rate=1e3)
    th.finish(done=1000)
    assert 10 <= len(seen) <= 12
    gaps = [b["wall_s"] - a["wall_s"] for a, b in zip(seen, seen[1:-1])]
    assert min(gaps) >= 0.1 - 1e-9
    assert seen[-1]["done"] == 1000 and seen[-1]["fraction"] == 1.0


def test_a_two_hour_sim_job_reports_a_few_times_with_its_total():
    calls = []
    t0 = time.monotonic()
    r = ssdcore.job("sim:bx200", pattern="randwrite", qd=32, time="2h", progress=calls.append)
    wall = time.monotonic() - t0
    assert calls and _bounded(calls, wall)
    last = calls[-1]
    assert last["unit"] == "s" and last["total"] == 7200 and last["done"] == pytest.approx(7200)
    assert last["fraction"] == pytest.approx(1.0) and last["bytes"] == r.total_bytes
    assert {"elapsed_s", "bytes", "ios", "bw_bps", "iops", "rate_bps"} <= set(last)
    assert last["rate_bps"] is None  # a time budget: no byte rate


class _Counted:
    """ssdcore's C callbacks, counted: each call is the library calling into
    Python (cffi, the GIL, a Python frame), whether a user sees it or not."""

    def __init__(self, monkeypatch, module):
        self.n = 0
        real = module.Callback

        def counted(ctype, fn):
            def counting(*args):
                self.n += 1
                return fn(*args)
            return real(ctype, counting)
        monkeypatch.setattr(module, "Callback", counted)


@pytest.mark.parametrize("display", [False, True])
def test_a_sim_job_calls_into_python_by_the_wall_clock_not_per_sample(monkeypatch, display):
    """The library called back after every 1 s sample of a sim: job (7,200
    calls into Python for a 2-hour test, in a fraction of a second; with no
    display, every 60 virtual seconds): now at most ten times a second of
    wall time, display or not, so that Ctrl-C still reaches the job."""
    raw = _Counted(monkeypatch, importlib.import_module("ssdcore.job"))
    seen = []
    t0 = time.monotonic()
    r = ssdcore.job("sim:bx200", pattern="randwrite", qd=32, time="2h",
                    progress=seen.append if display else None)
    wall = time.monotonic() - t0
    assert len(r["series"]) == 7200
    assert 1 <= raw.n <= MAX_PER_SECOND * wall + 2, (raw.n, wall)
    if display:  # what the user sees: the last figures as before
        assert seen and seen[-1]["done"] == pytest.approx(7200) and len(seen) <= raw.n + 1


def test_a_sim_suite_calls_into_python_by_the_wall_clock_not_per_sample(monkeypatch, tmp_path):
    """A suite's jobs likewise (round 49: 419,231 calls for the 40 suites
    of ten analysis files, about 10,000 a suite): the library calls at each
    step's start and at most five times a second during its jobs."""
    raw = _Counted(monkeypatch, importlib.import_module("ssdcore.suite"))
    f = tmp_path / "two.suite"
    f.write_text("job name=a pattern=randwrite qd=32 time=2h interval=1s\n"
                 "job name=b pattern=randread qd=32 time=2h interval=1s\n")
    seen = []
    t0 = time.monotonic()
    r = ssdcore.suite("sim:bx200", tmp_path / "out", suite_file=f, report=False,
                      progress=seen.append)
    wall = time.monotonic() - t0
    assert [s["state"] for s in r.steps] == ["done", "done"]
    assert 2 <= raw.n <= 2 + 5 * wall + 2, (raw.n, wall)
    assert {c["step"] for c in seen} == {0, 1} and seen[-1]["total"] == 2


def test_a_byte_budget_is_the_total():
    calls = []
    ssdcore.job("sim:bx200", pattern="write", bs="1m", qd=4, bytes="8g", progress=calls.append)
    assert calls[-1]["unit"] == "bytes" and calls[-1]["total"] == 8 << 30
    assert calls[-1]["done"] == 8 << 30 and calls[-1]["rate_bps"] > 0


def test_rate_is_rate_bps(tmp_path):
    """The rate carries its unit in its name (issue #22 item 8), in the
    job's dict and in the file operations'; ``rate``, its old name, is gone."""
    calls = []
    ssdcore.job("sim:bx200", pattern="write", bs="1m", qd=4, bytes="1g", progress=calls.append)
    assert calls[-1]["rate_bps"] > 0 and calls[-1]["bytes"] == 1 << 30
    assert "rate" not in calls[-1] and type(calls[-1]) is dict
    src = tmp_path / "src"
    src.mkdir()
    (src / "f.bin").write_bytes(b"x" * (1 << 20))
    got = []
    ssdcore.copy_tree(src, tmp_path / "dst", progress=got.append)
    assert got and got[-1]["unit"] == "bytes" and "rate_bps" in got[-1]
    assert "rate" not in got[-1]


def test_suite_progress_is_steps_and_bounded(sim_runs):
    # The shared lab2016 run (conftest.SimRuns) is made with a progress
    # callback that keeps its calls and the run's wall time.
    rec = sim_runs.progress("sim:bx200", "lab2016")
    calls, wall = rec["calls"], rec["wall_s"]
    steps = len(sim_runs.suite("sim:bx200", "lab2016").steps)
    # At most ten a second plus the start of each step (it used to be 18,144).
    assert len(calls) <= steps + MAX_PER_SECOND * wall + 2
    assert all(c["unit"] == "steps" and c["total"] == steps for c in calls)
    assert [c["step"] for c in calls] == sorted(c["step"] for c in calls)


def test_progress_true_draws_a_tqdm_bar(capsys):
    pytest.importorskip("tqdm", reason="the [progress] extra")
    ssdcore.job("sim:bx200", pattern="randwrite", time="10m", progress=True)
    err = capsys.readouterr().err
    assert "100%" in err and "/600" in err


def test_progress_must_be_a_callable_or_true():
    with pytest.raises(TypeError, match="progress must be"):
        ssdcore.job("sim:bx200", time=1, progress="yes")


def test_make_set_reports_planned_totals_and_stops_cleanly(tmp_path):
    calls = []
    res = ssdcore.make_set("work", tmp_path / "set", size="8m", sync="none",
                           progress=calls.append, progress_interval=0)
    assert calls and all(c["phase"] == "mkset" for c in calls)
    assert calls[-1]["bytes_total"] == res.total_bytes == calls[-1]["bytes"]
    assert calls[-1]["files_total"] == res.files and calls[-1]["fraction"] == 1.0

    def stop(p):
        if p["files"] >= 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ssdcore.make_set("work", tmp_path / "cut", size="8m", sync="none", progress=stop,
                         progress_interval=0)
    written = [os.path.join(d, f) for d, _, fs in os.walk(tmp_path / "cut") for f in fs]
    assert 3 <= len(written) < res.files


def test_filebench_passes_its_progress_interval_to_each_part(tmp_path):
    """filebench had no progress_interval (round 30): its parts called back
    at their own 250 ms whatever the caller wanted."""
    counts = {}
    for interval in (0, "1h"):
        calls = []
        ssdcore.filebench(tmp_path, set="program", size="2m", progress=calls.append,
                          progress_interval=interval)
        counts[interval] = len(calls)
    assert counts[0] > counts["1h"], counts


def test_filebench_reports_each_part_and_its_rate_in_bps(tmp_path):
    calls = []
    r = ssdcore.filebench(tmp_path, set="program", size="4m", progress=calls.append)
    phases = {c["phase"] for c in calls}
    assert "mkset" in phases and {"copy", "archive", "extract"} & phases
    assert isinstance(r, ssdcore.results.FilebenchResult)
    df = r.to_frame()
    assert list(df["step"]) == ["copy", "archive", "extract"]
    # the JSON's bw_bps, bytes/s, in the frame
    assert not {"mb_per_s", "mib_per_s"} & set(df.columns)
    assert df["total_bytes"].dtype.kind == "i"
    assert (df["bw_bps"] == df["total_bytes"] / df["runtime_s"]).all()
    assert list(df["bw_bps"]) == pytest.approx([s["bw_bps"] for s in r.steps], rel=1e-3)
    assert list(r.summary().columns) == [f"{s}_{u}" for s in df["step"] for u in ("s", "bps")]
