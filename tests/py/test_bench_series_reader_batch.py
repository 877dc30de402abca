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


@pytest.fixture(scope="module")
def bench_clusters():
    """Two of the bench's one-worker clusters at once, for the file's tests:
    a cluster (a scheduler and a worker process, each importing
    distributed) costs about 1.4 s of CPU to start."""
    pytest.importorskip("distributed", reason="the [dask] extra")
    sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests" / "py")]
    try:
        import series_reader
    finally:
        del sys.path[:2]
    with series_reader.dask_cluster(1) as a, series_reader.dask_cluster(1) as b:
        yield a, b


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
def test_the_dask_part_runs_and_prints_what_the_client_and_scheduler_cost(tmp_path, build_dir):
    # The two-worker cluster loses against twice one worker what the
    # client and the scheduler take from the cores: the table shows it.
    pytest.importorskip("distributed", reason="the [dask] extra")
    env = dict(os.environ, PATH=f"{build_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "series_reader.py"), "--logs", "2",
                        "--distinct", "1", "--repeats", "1", "--parts", "dask",
                        "--data", str(tmp_path)],
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "| CPU ms per batch: client, scheduler |" in r.stdout, r.stdout
    rows = [line for line in r.stdout.splitlines() if line.startswith("| Dask cluster, ")]
    assert len(rows) == 2, r.stdout
    for line in rows:
        client, sched = (float(x) for x in line.rstrip(" |").split("|")[-1].split(","))
        assert client > 0 and sched > 0, line
    assert "two workers / one worker:" in r.stdout
    assert "other processes took " in r.stdout and "the rounds under 10 %:" in r.stdout


@pytest.mark.slow
def test_two_bench_clusters_at_once_have_a_scheduler_each(bench_clusters):
    # Two runs of the bench on one --data directory (several developers on
    # one machine) each need their own scheduler: its address file is not
    # kept in the data directory, where a second run read the first's.
    a, b = bench_clusters
    assert a.scheduler.address != b.scheduler.address
    assert len(a.nthreads()) == len(b.nthreads()) == 1


NAMES = ("tick", "monitor", "memory_monitor", "profile")


@pytest.mark.slow
def test_the_benchmark_clusters_run_with_the_documented_throughput_settings(bench_clusters):
    for client in bench_clusters:
        # The periodic callbacks each process really runs, in ms.
        workers = client.run(lambda dask_worker, names=NAMES: {
            k: pc.callback_time for k, pc in dask_worker.periodic_callbacks.items()
            if k in names})
        scheduler = client.run_on_scheduler(lambda dask_scheduler, names=NAMES: {
            k: pc.callback_time for k, pc in dask_scheduler.periodic_callbacks.items()
            if k in names})
        assert len(workers) == 1
        for got in workers.values():
            assert got == {"tick": 1000, "monitor": 5000, "memory_monitor": 1000}, got
        assert scheduler == {"tick": 1000, "monitor": 5000}, scheduler


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
