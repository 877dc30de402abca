"""analyze_many on a real Dask cluster: a `dask scheduler` and two `dask
worker` processes (not a LocalCluster inside this process), on 127.0.0.1
only. The workers open the logs from their paths (relative ones made
absolute), Parquet and file:// URLs too, and the frame equals the local
run's. Every process is bounded in time and killed at the end."""
import os
import shutil
import subprocess

import pytest

import ssdcore

from dask_processes import dask_cluster
from synth_curves import cache_logs

BUILD = os.environ.get("SSD_BUILD_DIR", "build")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """(client, worker pids) of a scheduler and two single-thread workers,
    one cluster for the file's tests: starting the three processes (each
    importing distributed) cost about 2 s of CPU per test."""
    # The [dask] extra (scripts/setup.sh installs it): a missing one fails
    # the cluster's tests. Imported here, not at the module's top, so that
    # only the worker that runs this file imports distributed (0.4-0.75 s
    # of CPU); every xdist worker collects every file.
    import distributed  # noqa: F401
    tmp_path = tmp_path_factory.mktemp("dask-cluster")
    # The housekeeping docs/python.md gives for throughput (what
    # bench/series_reader.py's clusters run with): no sampling profiler,
    # ticks and monitors at 1 to 5 s. Idle, the three processes took 48 ms
    # of CPU a second with Dask's defaults, 11 ms with these; none of it
    # is what the tests check (the frames, the errors, which worker ran).
    env = dict(os.environ, DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED="False",
               DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL="1s",
               DASK_DISTRIBUTED__ADMIN__SYSTEM_MONITOR__INTERVAL="5s",
               DASK_DISTRIBUTED__WORKER__MEMORY__MONITOR_INTERVAL="1s")
    pkg = os.path.join(os.path.abspath(BUILD), "python")
    env["PYTHONPATH"] = os.pathsep.join(
        [pkg] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env["SSD_BUILD_DIR"] = os.path.abspath(BUILD)
    with dask_cluster(str(tmp_path), 2, timeout_s=20, idle_timeout_s=120, env=env,
                      log=str(tmp_path / "dask.log")) as (client, pids):
        assert client.scheduler_info()["address"].startswith("tcp://127.0.0.1:")
        yield client, pids


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


@pytest.mark.slow
def test_analyze_many_on_scheduler_and_worker_processes_equals_local(cluster, tmp_path,
                                                                      monkeypatch):
    client, worker_pids = cluster
    chunks = lambda: client.run(lambda dask_worker: sum(  # noqa: E731
        1 for e in dask_worker.state.log if "_analyze_chunk" in str(e[0])))
    ran_before = chunks()  # the cluster is the file's: count this test's chunks only
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
    # A relative reference path too is made absolute for the workers.
    # (bx200's logs: a reference is a log of the same drive)
    same_drive = ["log04.csv", "log08.csv"]
    with_ref = ssdcore.analyze_many(same_drive, reference="log00.csv", client=client)
    assert with_ref.frame.equals(ssdcore.analyze_many(same_drive, reference="log00.csv").frame)
    # The work ran in both worker processes, not in this one.
    who = client.run(os.getpid)
    assert sorted(who.values()) == sorted(worker_pids)
    ran = {w: n - ran_before[w] for w, n in chunks().items()}
    assert len(ran) == 2 and all(n > 0 for n in ran.values()), ran


def test_a_glob_url_expands_to_one_url_per_object(tmp_path):
    for i in (3, 1, 2):
        (tmp_path / f"log{i}.csv").write_text("t_s,bytes\n1,1\n")
    (tmp_path / "other.txt").write_text("")
    rows = ssdcore.batch.expand_inputs(f"file://{tmp_path}/log*.csv")
    assert rows == [(f"file://{tmp_path}/log{i}.csv",) * 2 for i in (1, 2, 3)]


@pytest.mark.slow
def test_the_first_failure_raised_is_the_first_inputs_when_a_later_one_fails_first(cluster,
                                                                                  tmp_path):
    # The rows come back a group of chunks per gather; a gather raises the
    # first failure it hears of, here the missing file (its chunk fails at
    # once) while the first input is still being read (a bad row after
    # 1.5 million good ones). errors="raise" must raise the first input's,
    # as the local run does.
    client, _ = cluster
    slow = tmp_path / "slow_bad.csv"
    with open(slow, "w") as f:
        f.write("t_s,bytes\n")
        f.write("".join(f"{i},{1000 + i % 7}\n" for i in range(1, 1_500_001)))
        f.write("oops,1\n")
    inputs = [str(slow), str(tmp_path / "missing.csv")]
    with pytest.raises(Exception) as local:
        ssdcore.analyze_many(inputs)
    assert "slow_bad.csv" in str(local.value)
    for _ in range(3):
        with pytest.raises(Exception) as remote:
            ssdcore.analyze_many(inputs, client=client, chunksize=1)
        assert type(remote.value) is type(local.value)
        assert "slow_bad.csv" in str(remote.value), str(remote.value)


def test_a_dask_cluster_gives_the_same_frame(cluster, tmp_path):
    # (From test_python_batch_analysis.py, where it started a LocalCluster
    # of two single-thread worker processes of its own, about 1.5 s of
    # CPU: this file's cluster is of the same shape, and the only other
    # file with one.)
    client = cluster[0]
    paths = cache_logs(tmp_path, 8) + [None]
    one = ssdcore.analyze_many(paths, errors="record")
    remote = ssdcore.analyze_many(paths, errors="record", client=client, chunksize=2)
    # The progress counts the inputs as their chunks come in, up to all.
    seen = []
    many = ssdcore.analyze_many(paths * 4, errors="record", client=client, chunksize=1,
                                progress=seen.append)
    local = ssdcore.analyze_many(paths * 4, errors="record")
    assert many.frame.equals(local.frame) and many.phases.equals(local.phases)
    assert seen and seen[-1]["done"] == 36
    # A reference given as arrays (a Series handle) goes to the workers
    # once, not pickled into every task, and gives the local verdicts.
    # (another log of the drive: the run itself is no reference)
    (tmp_path / "ref").mkdir()
    ref = ssdcore.Series.open(str(cache_logs(tmp_path / "ref", 9)[8]))
    scattered = []
    scatter = client.scatter

    def counting_scatter(data, *args, **kwargs):
        scattered.append(data)
        return scatter(data, *args, **kwargs)

    client.scatter = counting_scatter
    try:
        with_ref = ssdcore.analyze_many(paths[:8], reference=ref, client=client, chunksize=1)
    finally:
        del client.scatter
    assert len(scattered) == 1, scattered
    local_ref = ssdcore.analyze_many(paths[:8], reference=ref)
    assert with_ref.frame.equals(local_ref.frame) and with_ref.phases.equals(local_ref.phases)
    assert with_ref.frame["recovery_reference_level_bps"].notna().all()
    with pytest.raises(FileNotFoundError, match="missing.csv"):
        ssdcore.analyze_many([tmp_path / "missing.csv"], client=client)
    # The first failure in input order is raised, not the first in
    # time: the second chunk fails at once, the first after its logs.
    slow_then_fail = paths[:8] * 4 + [tmp_path / "first_missing.csv"]
    with pytest.raises(FileNotFoundError, match="first_missing.csv"):
        ssdcore.analyze_many(slow_then_fail + [tmp_path / "second_missing.csv"],
                             client=client, chunksize=len(slow_then_fail))
    assert one.frame.equals(remote.frame) and one.phases.equals(remote.phases)
