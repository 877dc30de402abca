"""fio per-I/O logs (write_bw_log / write_iops_log without log_avg_msec: one
row per I/O) are summed into fixed intervals before the analysis, and the
result says so. The drive here is generated with a known answer: 3 GiB of
cache at 400 MB/s, then 60 MB/s, 128 KiB I/Os at queue depth 32."""
import json
import math
import pathlib
import subprocess

import numpy as np
import pytest

import ssdcore

GiB = 2 ** 30
BS = 128 * 1024
CACHE, HI, LO = 3 * GiB, 400e6, 60e6


def completion_ms(n_ios, rng):
    """Completion time (ms) of each I/O: the moment the drive has written its
    last byte, with a little jitter, as fio stamps it (whole ms)."""
    end = (np.arange(n_ios) + 1.0) * BS
    t = np.where(end <= CACHE, end / HI, CACHE / HI + (end - CACHE) / LO)
    t = t + rng.uniform(0, 0.002, n_ios)
    return np.floor(np.maximum.accumulate(t) * 1000).astype(np.int64)


def write_logs(tmp_path, njobs=1, duration_s=40.0, seed=1, kind="bw"):
    """One per-I/O log per job (I/Os dealt round-robin); returns the paths and
    the completion times and sizes of every I/O."""
    rng = np.random.default_rng(seed)
    n_ios = int((CACHE + (duration_s - CACHE / HI) * LO) / BS)
    t_ms = completion_ms(n_ios, rng)
    # The value is one I/O's own speed (bs / latency), not the drive's: at
    # QD 32 about a 32nd of it, and noisy.
    rate = np.where(np.arange(n_ios) * BS < CACHE, HI, LO)
    per_io_kib = rate / 32 / 1024 * rng.lognormal(0, 0.5, n_ios)
    paths = []
    for j in range(njobs):
        sel = np.arange(j, n_ios, njobs)
        p = tmp_path / f"run_{kind}.{j + 1}.log"
        value = per_io_kib[sel].astype(np.int64) if kind == "bw" else np.ones(len(sel), np.int64)
        offs = rng.integers(0, 2 ** 20, len(sel)) * 4096
        with open(p, "w") as f:
            for tt, v, o in zip(t_ms[sel], value, offs):
                f.write(f"{tt}, {v}, 1, {BS}, {o}\n")
        paths.append(p)
    return paths, t_ms, [t_ms[np.arange(j, n_ios, njobs)] for j in range(njobs)]


def expected_bytes(job_times, interval_ms):
    """The documented rule: the run ends at the first job's last I/O; a last
    interval shorter than half is dropped."""
    tend = min(int(t[-1]) for t in job_times)
    nint = math.ceil(tend / interval_ms)
    if nint > 1 and tend - (nint - 1) * interval_ms < interval_ms / 2:
        tend = (nint - 1) * interval_ms
    return BS * sum(int(np.count_nonzero(t <= tend)) for t in job_times), tend


def test_per_io_log_is_summed_into_1s_intervals_and_finds_the_cache(tmp_path):
    paths, _, jobs = write_logs(tmp_path)
    s = ssdcore.Series.open(paths[0])
    assert s.format == "fio-log-per-io"
    want, tend = expected_bytes(jobs, 1000)
    t, b = s.t_s, s.bytes
    assert t[0] == pytest.approx(1.0) and np.allclose(np.diff(t)[:-1], 1.0)
    assert t[-1] == pytest.approx(tend / 1000)
    assert b.sum() == want
    n_ios = int(want // BS)
    assert s.note == f"fio per-I/O log: {n_ios} I/Os summed into 1 s intervals"
    r = ssdcore.analyze(paths[0])
    assert r["input_note"] == s.note
    assert r["samples"] == len(t)
    assert r["total_bytes"] == want
    assert r["cache"] is not None
    assert abs(r["cache"]["bytes"] / CACHE - 1) < 0.01, r["cache"]
    assert abs(r["cache"]["level_bps"] / HI - 1) < 0.02
    assert abs(r["post_cache_bps"] / LO - 1) < 0.02


def test_jobs_and_iops_logs_give_the_same_series_as_one_bw_log(tmp_path):
    (tmp_path / "one").mkdir()
    (one,), _, _ = write_logs(tmp_path / "one")
    four, _, jobs = write_logs(tmp_path, njobs=4)
    iops, _, _ = write_logs(tmp_path, njobs=4, kind="iops")
    s1 = ssdcore.Series.open(one)
    s4 = ssdcore.Series.open(four)
    si = ssdcore.Series.open(iops)
    assert "fio per-I/O logs:" in s4.note
    want, _ = expected_bytes(jobs, 1000)
    assert s4.bytes.sum() == want
    assert np.array_equal(s4.bytes, si.bytes) and np.array_equal(s4.t_s, si.t_s)
    # The I/Os are the same ones, dealt to jobs that end a few ms apart.
    n = min(len(s1), len(s4)) - 1
    assert np.array_equal(s1.bytes[:n], s4.bytes[:n])


def test_the_interval_is_the_callers_pick(tmp_path):
    paths, _, jobs = write_logs(tmp_path)
    s = ssdcore.Series.open(paths, per_io_interval_s=0.25)
    want, tend = expected_bytes(jobs, 250)
    assert np.allclose(np.diff(s.t_s)[:-1], 0.25)
    assert s.bytes.sum() == want
    assert "0.25 s intervals" in s.note
    r = ssdcore.analyze(paths, per_io_interval_s=0.25)
    assert abs(r["cache"]["bytes"] / CACHE - 1) < 0.01
    assert "0.25 s intervals" in r["input_note"]
    with pytest.raises(ssdcore.Error, match="per_io_interval"):
        ssdcore.Series.open(paths, per_io_interval_s=0.0001)
    # a duration text, as the CLI's --per-io-interval 250ms and every
    # duration keyword take (docs/python.md, "Sizes and durations")
    assert ssdcore.Series.open(paths, per_io_interval_s="250ms").bytes.tolist() == s.bytes.tolist()
    assert "0.25 s intervals" in ssdcore.analyze(paths, per_io_interval_s="250ms")["input_note"]
    with pytest.raises(TypeError, match="per_io_interval_s"):
        ssdcore.analyze(paths, per_io_interval_s=b"1")


def test_averaged_logs_carry_no_note_and_do_not_combine_with_per_io(tmp_path):
    data = pathlib.Path(__file__).resolve().parents[1] / "data" / "series"
    avg = ssdcore.Series.open(data / "fio_4col_bw.1.log")
    assert avg.format == "fio-log" and avg.note == ""
    assert "input_note" not in ssdcore.analyze(data / "fio_4col_bw.1.log")
    paths, _, _ = write_logs(tmp_path)
    with pytest.raises(ssdcore.Error, match="per-I/O log .* averaged"):
        ssdcore.Series.open([paths[0], data / "fio_5col_bw.1.log"])


def test_cli_says_the_log_was_summed_and_takes_the_interval(cli, tmp_path):
    paths, _, _ = write_logs(tmp_path)
    p = subprocess.run([cli, "analyze", str(paths[0])], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "input:       fio per-I/O log:" in p.stdout and "1 s intervals" in p.stdout
    p = subprocess.run([cli, "analyze", str(paths[0]), "--json", "--per-io-interval", "0.5"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert "0.5 s intervals" in d["input_note"]
    assert abs(d["cache"]["bytes"] / CACHE - 1) < 0.01
    # A bad value is a usage error in the one wording, its detail the series
    # option table's (the command checked the range itself, in other words)
    for bad in ("0", "-1", "abc", "1e6", "0x10", "25h"):
        p = subprocess.run([cli, "analyze", str(paths[0]), "--per-io-interval", bad],
                           capture_output=True, text=True)
        assert p.returncode == 2 and p.stdout == "", bad
        first, rest = p.stderr.split("\n", 1)
        assert first.startswith("ssdcore analyze: --per-io-interval: "), p.stderr
        assert rest == "Try 'ssdcore analyze --help'.\n", p.stderr
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.Series.open(paths, per_io_interval_s=90000)
    assert first == "ssdcore analyze: --per-io-interval: 25h is outside 0.001..86400 s"
    assert "is outside 0.001..86400 s" in str(e.value)
