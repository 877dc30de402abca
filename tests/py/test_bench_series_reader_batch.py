"""bench/series_reader.py's batch part runs end to end on a few small
inputs (it compared two BatchResults with an `equals` they do not have,
and failed before timing anything); its Dask part runs, and its clusters
run with the settings docs/python.md gives for throughput: a misspelt
DASK_ environment variable is silently ignored by Dask, and the cluster
would run with the defaults (a 20 ms event-loop tick, 500 ms system
monitor, 100 ms memory monitor and the sampling profiler), which cost the
two-worker run its margin."""
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


NAMES = ("tick", "monitor", "memory_monitor", "profile")


def _cluster_facts(client):
    """What the tests ask of a cluster the bench started, read while it
    runs: its scheduler's address, its workers, and the periodic callbacks
    each process really runs (in ms)."""
    return {
        "address": client.scheduler.address,
        "workers": len(client.nthreads()),
        "worker_callbacks": list(client.run(lambda dask_worker, names=NAMES: {
            k: pc.callback_time for k, pc in dask_worker.periodic_callbacks.items()
            if k in names}).values()),
        "scheduler_callbacks": client.run_on_scheduler(lambda dask_scheduler, names=NAMES: {
            k: pc.callback_time for k, pc in dask_scheduler.periodic_callbacks.items()
            if k in names}),
    }


@pytest.fixture(scope="module")
def dask_part(module_tmp, build_dir):
    """The bench's Dask part, run once for the file's tests in this process
    (`series_reader.main`, as the script runs it): its output, and what its
    two clusters (one worker, two workers, up at once) were when each
    started. A cluster (a scheduler and its workers, each importing
    distributed) costs about 0.7 s of CPU a process: the tests of the
    clusters' settings started two more of their own before, and the part
    ran in a Python of its own."""
    import contextlib
    import io
    pytest.importorskip("distributed", reason="the [dask] extra")
    sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests" / "py")]
    try:
        import series_reader
    finally:
        del sys.path[:2]
    started, live = [], []
    real = series_reader.dask_cluster

    @contextlib.contextmanager
    def watched(n_workers):
        with real(n_workers) as client:
            live.append(client)
            started.append(dict(_cluster_facts(client), n_workers=n_workers,
                                live=[c.scheduler.address for c in live]))
            try:
                yield client
            finally:
                live.remove(client)
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(series_reader, "dask_cluster", watched)
        mp.setenv("PATH", f"{build_dir}{os.pathsep}{os.environ.get('PATH', '')}")
        with contextlib.redirect_stdout(out):
            rc = series_reader.main(["--logs", "2", "--distinct", "1", "--repeats", "1",
                                     "--parts", "dask", "--data", str(module_tmp("dask"))])
    return rc, out.getvalue(), started


def test_the_batch_part_runs_and_prints_its_table(tmp_path, build_dir):
    env = dict(os.environ, PATH=f"{build_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "series_reader.py"), "--logs", "3",
                        "--distinct", "1", "--repeats", "1", "--parts", "batch",
                        "--data", str(tmp_path)],
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "analyze_many(workers=2):" in r.stdout and "| analyze_many, workers=1 |" in r.stdout
    assert not (tmp_path / "series_1m.csv").exists(), "the batch part needs no 1M-sample file"


@pytest.mark.slow
def test_the_dask_part_runs_and_prints_what_the_client_and_scheduler_cost(dask_part):
    # The two-worker cluster loses against twice one worker what the
    # client and the scheduler take from the cores: the table shows it.
    rc, out, _ = dask_part
    assert rc == 0, out
    assert "| CPU ms per batch: client, scheduler |" in out, out
    rows = [line for line in out.splitlines() if line.startswith("| Dask cluster, ")]
    assert len(rows) == 2, out
    for line in rows:
        client, sched = (float(x) for x in line.rstrip(" |").split("|")[-1].split(","))
        assert client > 0 and sched > 0, line
    assert "two workers / one worker:" in out
    assert "other processes took " in out and "the rounds under 10 %:" in out


@pytest.mark.slow
def test_two_bench_clusters_at_once_have_a_scheduler_each(dask_part):
    # Two runs of the bench on one --data directory (several developers on
    # one machine) each need their own scheduler: its address file is not
    # kept in the data directory, where a second run read the first's. The
    # bench's own two clusters are up at once (its one-worker and its
    # two-worker cluster).
    a, b = dask_part[2]
    assert b["live"] == [a["address"], b["address"]]  # a still up when b started
    assert a["address"] != b["address"]
    assert (a["workers"], b["workers"]) == (a["n_workers"], b["n_workers"]) == (1, 2)


@pytest.mark.slow
def test_the_benchmark_clusters_run_with_the_documented_throughput_settings(dask_part):
    clusters = dask_part[2]
    assert len(clusters) == 2
    for c in clusters:
        assert len(c["worker_callbacks"]) == c["n_workers"]
        for got in c["worker_callbacks"]:
            assert got == {"tick": 1000, "monitor": 5000, "memory_monitor": 1000}, got
        assert c["scheduler_callbacks"] == {"tick": 1000, "monitor": 5000}, c


def _state(pid):
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


def test_the_cluster_not_measured_is_stopped_during_a_batch_and_continued_after():
    # The idle cluster's heartbeats must not run on the measured batch's
    # cores, and it must run again after (a cluster left stopped would hang
    # the next batch).
    import time
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import series_reader
    finally:
        del sys.path[0]
    p = subprocess.Popen([sys.executable, "-c", "import time\nwhile True: time.sleep(0.01)"])
    try:
        with series_reader.stopped([p.pid]):
            time.sleep(0.1)
            assert _state(p.pid) == "T"
        time.sleep(0.1)
        # Running again: asleep, running or waiting on the disk (D: on a
        # loaded machine the child may still be reading its modules; that
        # failed a test command once), never stopped (T).
        assert _state(p.pid) in ("S", "R", "D")
    finally:
        p.kill()
        p.wait()


def test_the_bench_counts_its_own_children_apart_from_other_processes():
    # The share of the cores "other processes" took during a batch is the
    # machine's busy time less this process tree's: a child that burns CPU
    # is this run's own, not another job's.
    import subprocess
    import time
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import series_reader
    finally:
        del sys.path[0]
    m0, o0 = series_reader.machine_busy_s(), series_reader.own_cpu_s()
    child = subprocess.Popen([sys.executable, "-c",
                              "import time\nt = time.process_time()\n"
                              "while time.process_time() - t < 0.5: pass\n"
                              "time.sleep(30)"])
    try:
        deadline = time.monotonic() + 20
        while series_reader.own_cpu_s() - o0 < 0.5 and time.monotonic() < deadline:
            time.sleep(0.05)
        own = series_reader.own_cpu_s() - o0
        busy = series_reader.machine_busy_s() - m0
    finally:
        child.kill()
        child.wait()
    assert own >= 0.5, own  # the live child's CPU counts as this run's
    assert busy >= own - 0.05, (busy, own)  # and the machine saw at least that
