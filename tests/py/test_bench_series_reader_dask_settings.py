"""bench/series_reader.py's Dask clusters run with the settings
docs/python.md gives for throughput: a misspelt DASK_ environment variable
is silently ignored by Dask, and the cluster would run with the defaults
(a 20 ms event-loop tick, 500 ms system monitor, 100 ms memory monitor and
the sampling profiler), which cost the two-worker run its margin."""
import importlib.util
import pathlib

import distributed  # noqa: F401  the [dask] extra; scripts/setup.sh installs it

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("series_reader_bench",
                                                  ROOT / "bench" / "series_reader.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


NAMES = ("tick", "monitor", "memory_monitor", "profile")


def test_the_benchmark_clusters_run_with_the_documented_throughput_settings():
    with _bench().dask_cluster(1) as client:
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
    import subprocess
    import sys
    import time
    p = subprocess.Popen([sys.executable, "-c", "import time\nwhile True: time.sleep(0.01)"])
    try:
        with _bench().stopped([p.pid]):
            time.sleep(0.1)
            assert _state(p.pid) == "T"
        time.sleep(0.1)
        assert _state(p.pid) in ("S", "R")
    finally:
        p.kill()
        p.wait()
