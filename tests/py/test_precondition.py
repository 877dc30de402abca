"""Preconditioned drives (issue 21 item 5): how the drive was preconditioned
before a job travels with its log (`precondition` in the series metadata, as
`written_before_bytes` does), so an analysis of the CSV alone knows it."""
import json
import subprocess

import pytest

import ssdcore


def metadata(csv):
    with open(csv) as f:
        f.readline()
        return json.loads(f.readline()[1:])


def cli(*args, check=True):
    return subprocess.run(["ssdcore", *map(str, args)], check=check, capture_output=True,
                          text=True)


@pytest.mark.parametrize("state", ["none", "seq_fill", "random_fill", "unknown"])
def test_a_job_records_its_precondition_in_the_log(tmp_path, state):
    log = tmp_path / "x.csv"
    ssdcore.job("sim:bx200", pattern="randwrite", time="5s", log=str(log), precondition=state,
                written_before="480g")
    m = metadata(log)
    assert m["precondition"] == state
    assert m["written_before_bytes"] == 480 * 2 ** 30


def test_the_cli_records_it_and_refuses_a_state_it_does_not_know(tmp_path):
    log = tmp_path / "x.csv"
    cli("job", "--target", "sim:bx200", "--pattern", "randwrite", "--time", "2s", "--log", log,
        "--precondition", "seq_fill")
    assert metadata(log)["precondition"] == "seq_fill"
    r = cli("job", "--target", "sim:bx200", "--time", "2s", "--precondition", "full",
            check=False)
    assert r.returncode != 0 and "precondition" in r.stderr and "seq_fill" in r.stderr


def test_a_job_that_was_not_told_says_nothing(tmp_path):
    log = tmp_path / "x.csv"
    ssdcore.job("sim:bx200", pattern="randwrite", time="2s", log=str(log))
    assert "precondition" not in metadata(log)


# ---- the simulator knows preconditioned states -----------------------------

GIB = 2 ** 30
POOLS = ("valid_bytes", "invalid_bytes", "clean_bytes", "cache_used_bytes", "mapped_bytes")


def ticked_fill(t, kind, loops):
    """The fill as ordinary jobs, tick by tick, as a user would run it."""
    for k in range(loops):
        ssdcore.job(t, pattern="write" if kind == "seq_fill" else "randwrite",
                    bs=131072 if kind == "seq_fill" else 4096, qd=32, coverage=1, seed=101 + k,
                    interval=3600)


@pytest.mark.parametrize("spec", ["sim:bx200", "sim:ssd370", "sim:vector180", "sim:mp44l-1tb"])
@pytest.mark.parametrize("kind", ["seq_fill", "random_fill"])
def test_a_bulk_fill_leaves_the_drive_as_the_jobs_do(spec, kind):
    bulk, ticked = ssdcore.SimTarget(spec), ssdcore.SimTarget(spec)
    r = ssdcore.precondition(bulk, kind, loops=2)
    ticked_fill(ticked, kind, 2)
    a, b = bulk.truth(), ticked.truth()
    raw = ssdcore.sim_profile(spec[4:])["derived"]["raw_bytes"]
    for k in POOLS:
        assert a[k] == pytest.approx(b[k], abs=0.015 * raw), k
    assert a["virtual_time_s"] == pytest.approx(b["virtual_time_s"], rel=0.05)
    assert a["regime"] == b["regime"]
    assert r["written_bytes"] == pytest.approx(2 * bulk.size, abs=2 * 131072)
    assert a["mapped_bytes"] == pytest.approx(bulk.size, rel=1e-6)


def test_a_purge_returns_the_drive_to_fresh():
    fresh, used = ssdcore.SimTarget("sim:mp44l-1tb"), ssdcore.SimTarget("sim:mp44l-1tb")
    ssdcore.precondition(used, "random_fill")
    assert used.truth("dirty") == 1
    assert used.purge() == "model reset"
    for k in POOLS + ("fast_room_bytes", "cache_room_bytes"):
        assert used.truth(k) == pytest.approx(fresh.truth(k), abs=1), k
    # ... and behaves as one: the same phases in the same places.
    runs = [ssdcore.job(t, pattern="randwrite", qd=32, time="20m", interval=1) and t.truth()
            for t in (fresh, used)]
    assert [(p["regime"], p["start_bytes"]) for p in runs[0]["phases"]] == \
        [(p["regime"], p["start_bytes"]) for p in runs[1]["phases"]]


@pytest.mark.parametrize("kind", ["seq_fill", "random_fill"])
@pytest.mark.parametrize("idle", [0, 900])
def test_after_a_fill_the_clean_blocks_are_native_then_gc_never_slc(kind, idle):
    """Issue 21: the fast start of a filled drive without an SLC cache is
    its clean blocks (the spare area, or what idle GC prepared), written
    directly, then the used state: ground truth says native, then gc."""
    t = ssdcore.SimTarget("sim:ssd370")
    t.purge()
    ssdcore.precondition(t, kind)
    t.idle(idle)
    ssdcore.job(t, pattern="randwrite", qd=32, time="30m", interval=1)
    regimes = [p["regime"] for p in t.truth()["phases"]]
    assert "slc" not in regimes
    assert regimes[-1] == "gc"
    # The spare area is clean after a sequential fill; after a random fill
    # only what idle GC prepared is.
    if kind == "seq_fill" or idle:
        assert regimes == ["native", "gc"]
    else:
        assert regimes == ["gc"]


def test_a_static_cache_survives_a_fill():
    """A real SLC cache on a used drive is still a cache: the BX200's static
    cache, flushed by the idle after the fill, takes the first writes."""
    t = ssdcore.SimTarget("sim:bx200")
    ssdcore.precondition(t, "seq_fill")
    t.idle(900)
    ssdcore.job(t, pattern="randwrite", qd=32, time="10m", interval=1)
    ph = t.truth()["phases"]
    assert ph[0]["regime"] == "slc" and ph[1]["start_bytes"] == pytest.approx(2 * GIB, rel=0.01)


def test_precondition_refuses_what_it_cannot_do():
    t = ssdcore.SimTarget("sim:bx200")
    with pytest.raises(ssdcore.InvalidArgument, match="unknown kind 'full'.*seq_fill"):
        ssdcore.precondition(t, "full")
    with pytest.raises(ValueError, match="loops 0"):
        ssdcore.precondition(t, "seq_fill", loops=0)
    with pytest.raises(TypeError):
        ssdcore.precondition(t, "seq_fill", loops=1.5)
    r = cli("precondition", "sim:bx200", "--kind", "seq_fill", check=False)
    assert r.returncode == 2 and "--destroy-data" in r.stderr
    r = cli("precondition", "sim:bx200", "--loops", "0", "--destroy-data", check=False)
    assert r.returncode == 2 and "--loops" in r.stderr


def test_on_a_file_it_writes_every_block_and_purge_punches_it(tmp_path):
    path = tmp_path / "t.bin"
    t = ssdcore.Target(str(path), size="8m")
    for kind in ("seq_fill", "random_fill"):
        assert ssdcore.precondition(t, kind, loops=1)["written_bytes"] == 8 << 20
    assert path.stat().st_blocks * 512 >= 8 << 20
    assert t.purge() == "hole punch"
    assert path.stat().st_blocks * 512 < 1 << 20
    t.close()
    ro = ssdcore.Target(str(path), read_only=True)
    with pytest.raises(ssdcore.Refused):
        ro.purge()
    with pytest.raises(ssdcore.Refused):
        ssdcore.precondition(ro, "seq_fill")


def test_the_cli_fills_and_purges(tmp_path):
    r = cli("precondition", "sim:mp44l-1tb", "--kind", "random_fill", "--loops", "3",
            "--destroy-data", "--json")
    assert json.loads(r.stdout) == {"kind": "random_fill", "loops": 3,
                                    "written_bytes": 3 * 1000204886016}
    assert cli("purge", "sim:bx200", "--destroy-data").stdout.strip() == \
        "purged sim:bx200 (model reset)"
    assert cli("purge", "sim:bx200", check=False).returncode == 2
