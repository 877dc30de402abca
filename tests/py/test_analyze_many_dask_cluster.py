"""analyze_many on a real Dask cluster: a `dask scheduler` and two `dask
worker` processes (not a LocalCluster inside this process), on 127.0.0.1
only. The workers open the logs from their paths (relative ones made
absolute), Parquet and file:// URLs too, and the frame equals the local
run's. Every process is bounded in time and killed at the end."""
import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

import ssdcore

import distributed  # the [dask] extra; scripts/setup.sh installs it

BUILD = os.environ.get("SSD_BUILD_DIR", "build")


def _die_with_parent() -> None:
    # PR_SET_PDEATHSIG = 1: the child gets SIGKILL when pytest dies, so a
    # crashed test leaves no scheduler or worker behind.
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)


def _start(args, env, log):
    return subprocess.Popen([sys.executable, "-m", "dask", *args], env=env, stdout=log,
                            stderr=subprocess.STDOUT, preexec_fn=_die_with_parent,
                            start_new_session=True)


def _stop(p) -> None:
    if p.poll() is None:
        os.killpg(p.pid, signal.SIGTERM)
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait(timeout=5)


@pytest.fixture
def cluster(tmp_path):
    """(client, worker pids) of a scheduler and two single-thread workers."""
    env = dict(os.environ)
    pkg = os.path.join(os.path.abspath(BUILD), "python")
    env["PYTHONPATH"] = os.pathsep.join(
        [pkg] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env["SSD_BUILD_DIR"] = os.path.abspath(BUILD)
    sched_file = tmp_path / "scheduler.json"
    log = open(tmp_path / "dask.log", "wb")
    procs = []
    client = None
    try:
        procs.append(_start(["scheduler", "--host", "127.0.0.1", "--port", "0",
                             "--no-dashboard", "--scheduler-file", str(sched_file),
                             "--idle-timeout", "120s"], env, log))
        deadline = time.monotonic() + 20
        while not sched_file.exists() or not sched_file.read_text().strip():
            assert procs[0].poll() is None, (tmp_path / "dask.log").read_text()
            assert time.monotonic() < deadline, "the scheduler did not start in 20 s"
            time.sleep(0.1)
        address = json.loads(sched_file.read_text())["address"]
        assert address.startswith("tcp://127.0.0.1:")
        for _ in range(2):
            procs.append(_start(["worker", "--scheduler-file", str(sched_file), "--host",
                                 "127.0.0.1", "--nthreads", "1", "--no-nanny",
                                 "--no-dashboard", "--death-timeout", "30"], env, log))
        client = distributed.Client(address, timeout=20)
        client.wait_for_workers(2, timeout=20)
        yield client, [p.pid for p in procs[1:]]
    finally:
        if client is not None:
            client.close(timeout=5)
        for p in reversed(procs):
            _stop(p)
        log.close()


def _logs(d):
    """20 small simulated logs, four kinds of drive and load."""
    cli = shutil.which("ssdcore") or os.path.join(BUILD, "ssdcore")
    out = []
    for i in range(20):
        p = d / f"log{i:02d}.csv"
        subprocess.run([cli, "job", f"sim:{['bx200', 'ssd370', 'as510s', 'vector180'][i % 4]}",
                        "--pattern", "write", "--bs", ["1m", "128k"][i // 4 % 2], "--qd", "32",
                        "--time", f"{300 + 30 * i}s", "--interval", "1s", "--log", str(p),
                        "--no-progress"], check=True, stdout=subprocess.DEVNULL, timeout=30)
        out.append(p)
    return out


def test_analyze_many_on_scheduler_and_worker_processes_equals_local(cluster, tmp_path,
                                                                      monkeypatch):
    client, worker_pids = cluster
    logs = _logs(tmp_path)
    ssdcore.Series.open(str(logs[0])).to_parquet(tmp_path / "log00.parquet")
    monkeypatch.chdir(tmp_path)  # relative paths: the workers' cwd is not this
    inputs = ([f"log{i:02d}.csv" for i in range(1, 10)]     # relative paths
              + [str(p) for p in logs[10:19]]               # absolute paths
              + ["log00.parquet",                           # Parquet, read by a worker
                 "file://" + str(logs[19]),                 # a URL, through fsspec
                 "missing.csv"])                            # an error, recorded on its row
    local_result = ssdcore.analyze_many(inputs, errors="record")
    local = local_result.frame
    assert local["error"].isna().sum() == 20, local["error"].dropna().tolist()
    remote_result = ssdcore.analyze_many(inputs, errors="record", client=client, chunksize=2)
    remote = remote_result.frame
    # Every figure equal; a failure's message names the path the worker
    # opened: absolute (which file, on a machine where the cwd means nothing).
    assert remote.drop(columns="error").equals(local.drop(columns="error"))
    assert remote["error"].isna().equals(local["error"].isna())
    assert remote["error"].iloc[-1].startswith(str(tmp_path / "missing.csv"))
    assert local["error"].iloc[-1].startswith("missing.csv")
    assert remote_result.phases.equals(local_result.phases)
    assert list(remote["source"]) == inputs
    # The work ran in both worker processes, not in this one.
    who = client.run(os.getpid)
    assert sorted(who.values()) == sorted(worker_pids)
    ran = client.run(lambda dask_worker: sum(1 for e in dask_worker.state.log
                                             if "_analyze_chunk" in str(e[0])))
    assert len(ran) == 2 and all(n > 0 for n in ran.values()), ran


def test_a_glob_url_expands_to_one_url_per_object(tmp_path):
    for i in (3, 1, 2):
        (tmp_path / f"log{i}.csv").write_text("t_s,bytes\n1,1\n")
    (tmp_path / "other.txt").write_text("")
    rows = ssdcore.batch.expand_inputs(f"file://{tmp_path}/log*.csv")
    assert rows == [(f"file://{tmp_path}/log{i}.csv",) * 2 for i in (1, 2, 3)]
