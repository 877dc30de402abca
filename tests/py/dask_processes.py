"""A real Dask cluster for analyze_many: a `dask scheduler` and `dask
worker --nthreads 1` processes on 127.0.0.1 (not a LocalCluster inside this
process), used by tests/py/test_analyze_many_dask_cluster.py and
bench/series_reader.py. Every process is bounded in time and killed at the
end, and dies with this one."""
import contextlib
import ctypes
import json
import os
import signal
import subprocess
import sys
import time


def _die_with_parent() -> None:
    # PR_SET_PDEATHSIG = 1: the child gets SIGKILL when its parent dies, so
    # a crashed test or benchmark leaves no scheduler or worker behind.
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)


def _stop(p) -> None:
    """Stops p's process group: SIGTERM, SIGKILL after 5 s."""
    if p.poll() is None:
        os.killpg(p.pid, signal.SIGTERM)
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait(timeout=5)


@contextlib.contextmanager
def dask_cluster(d, n_workers, timeout_s, idle_timeout_s, env=None, log=None):
    """Starts the scheduler (its file in directory d) and n_workers workers
    and yields (Client, the workers' pids). timeout_s bounds the start and
    the wait for the workers; the scheduler quits after idle_timeout_s idle,
    a worker 2 x timeout_s after losing it. The processes get env (None:
    this one's) and write to the file log (None: nowhere); a scheduler that
    does not start raises RuntimeError with log's text."""
    from distributed import Client

    sched_file = os.path.join(d, f"scheduler-{n_workers}.json")
    out = open(log, "wb") if log else subprocess.DEVNULL
    procs = []

    def start(args):
        procs.append(subprocess.Popen([sys.executable, "-m", "dask", *args], env=env,
                                      stdout=out, stderr=subprocess.STDOUT,
                                      preexec_fn=_die_with_parent, start_new_session=True))

    def said():
        if not log:
            return ""
        out.flush()
        with open(log, errors="replace") as f:
            return ": " + f.read()

    client = None
    try:
        start(["scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
               "--scheduler-file", sched_file, "--idle-timeout", f"{idle_timeout_s}s"])
        deadline = time.monotonic() + timeout_s
        while not (os.path.exists(sched_file) and open(sched_file).read().strip()):
            if procs[0].poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the dask scheduler did not start in {timeout_s} s"
                                   + said())
            time.sleep(0.1)
        with open(sched_file) as f:
            address = json.load(f)["address"]
        for _ in range(n_workers):
            start(["worker", "--scheduler-file", sched_file, "--host", "127.0.0.1",
                   "--nthreads", "1", "--no-nanny", "--no-dashboard", "--death-timeout",
                   str(2 * timeout_s)])
        client = Client(address, timeout=timeout_s)
        client.wait_for_workers(n_workers, timeout=timeout_s)
        yield client, [p.pid for p in procs[1:]]
    finally:
        if client is not None:
            client.close(timeout=5)
        for p in reversed(procs):
            _stop(p)
        if log:
            out.close()
