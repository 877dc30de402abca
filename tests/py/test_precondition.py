"""Preconditioned drives (issue 21 item 5): how the drive was preconditioned
before a job travels with its log (`precondition` in the series metadata, as
`written_before_bytes` does), so an analysis of the CSV alone knows it."""
import json
import subprocess

import pytest

import ssdcore
from suite_helpers import series_metadata


def cli(*args, check=True):
    return subprocess.run(["ssdcore", *map(str, args)], check=check, capture_output=True,
                          text=True)


@pytest.mark.parametrize("state", ["none", "seq_fill", "random_fill", "unknown"])
def test_a_job_records_its_precondition_in_the_log(tmp_path, state):
    log = tmp_path / "x.csv"
    ssdcore.job("sim:bx200", pattern="randwrite", time="5s", log=str(log), precondition=state,
                written_before="480g")
    m = series_metadata(log)
    assert m["precondition"] == state
    assert m["written_before_bytes"] == 480 * 2 ** 30


def test_the_cli_records_it_and_refuses_a_state_it_does_not_know(tmp_path):
    log = tmp_path / "x.csv"
    cli("job", "--target", "sim:bx200", "--pattern", "randwrite", "--time", "2s", "--log", log,
        "--precondition", "seq_fill")
    assert series_metadata(log)["precondition"] == "seq_fill"
    r = cli("job", "--target", "sim:bx200", "--time", "2s", "--precondition", "half_full",
            check=False)
    assert r.returncode != 0 and "precondition" in r.stderr and "seq_fill" in r.stderr


@pytest.mark.parametrize("word, name", [("fresh", "none"), ("full", "seq_fill"),
                                        ("dirty", "random_fill")])
def test_one_vocabulary_the_old_uri_words_are_refused(tmp_path, word, name):
    """Round 23's audit: the sim: URI said precondition=full|dirty, the job,
    the step and the analysis none|seq_fill|random_fill. One table now, and
    since round 28 one spelling (no release had the URI's words): the
    names are read and written everywhere, the old words refused."""
    r = cli("job", "--target", "sim:bx200", "--time", "2s", "--precondition", word, check=False)
    assert r.returncode != 0 and f"unknown precondition '{word}'" in r.stderr
    with pytest.raises(ssdcore.Error, match=f"unknown precondition '{word}'"):
        ssdcore.job("sim:bx200", pattern="randwrite", time="2s", precondition=word)
    with pytest.raises(ssdcore.Error, match="precondition"):
        ssdcore.SimTarget(f"sim:bx200,precondition={word}")
    # the sim URI takes the names, and prints them
    assert ssdcore.SimTarget(f"sim:bx200,precondition={name}").truth()["params"]["precondition"] \
        == name
    if name != "none":  # a step's and the command's kind
        with pytest.raises(ssdcore.Error, match="unknown kind"):
            ssdcore.precondition(ssdcore.SimTarget("sim:bx200"), word, loops=1)
        r = cli("precondition", "sim:bx200", "--kind", word, check=False)
        assert r.returncode == 2 and "kind" in r.stderr


def test_a_job_that_was_not_told_says_nothing(tmp_path):
    log = tmp_path / "x.csv"
    # (a sim: drive opened fresh is known fresh; one opened past=unknown is not)
    ssdcore.job("sim:bx200,precondition=random_fill,past=unknown", pattern="randwrite",
                time="2s", log=str(log))
    assert "precondition" not in series_metadata(log)
    ssdcore.job("sim:bx200", pattern="randwrite", time="2s", log=str(log))
    assert series_metadata(log)["precondition"] == "none"


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
    raw = ssdcore.sim.profile(spec[4:])["derived"]["raw_bytes"]
    for k in POOLS:
        assert a[k] == pytest.approx(b[k], abs=0.015 * raw), k
    assert a["virtual_time_s"] == pytest.approx(b["virtual_time_s"], rel=0.05)
    assert a["regime"] == b["regime"]
    assert r["written_bytes"] == pytest.approx(2 * bulk.size_bytes, abs=2 * 131072)
    assert a["mapped_bytes"] == pytest.approx(bulk.size_bytes, rel=1e-6)


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
    with pytest.raises(ssdcore.InvalidArgument, match="unknown kind 'half'.*seq_fill"):
        ssdcore.precondition(t, "half")
    with pytest.raises(ssdcore.InvalidArgument, match="unknown kind 'none'.*seq_fill"):
        ssdcore.precondition(t, "none")  # a word of the table, but no fill
    with pytest.raises(ValueError, match="loops 0"):
        ssdcore.precondition(t, "seq_fill", loops=0)
    with pytest.raises(TypeError):
        ssdcore.precondition(t, "seq_fill", loops=1.5)
    # A sim: drive needs no --destroy-data: the library's policy, as in Python.
    r = cli("precondition", "sim:bx200", "--kind", "seq_fill", check=False)
    assert r.returncode == 0 and "wrote" in r.stdout, r.stderr
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
    # A sim: drive ends with the command: a job run after it in another
    # command tests a fresh drive (while its --written-before says filled),
    # so the CLI says where to precondition it instead (issue 21 audit).
    assert "lives only as long as this command" in r.stderr
    assert "precondition kind=random_fill" in r.stderr
    r = cli("precondition", "sim:bx200", "--level", "50%", "--destroy-data")
    assert "fill level=P%" in r.stderr
    f = tmp_path / "t.bin"
    f.write_bytes(b"\0" * (1 << 20))
    r = cli("precondition", str(f), "--kind", "seq_fill", "--loops", "1", "--destroy-data")
    assert r.stderr == "" and "wrote 1048576 bytes" in r.stdout
    assert cli("purge", "sim:bx200", "--destroy-data").stdout.strip() == \
        "purged sim:bx200 (model reset)"
    # A user's file (no layout mark) is purged only with --destroy-data.
    mine = tmp_path / "mine.bin"
    mine.write_bytes(b"\1" * 4096)
    r = cli("purge", str(mine), check=False)
    assert r.returncode == 1 and "--destroy-data" in r.stderr and mine.read_bytes() == b"\1" * 4096


# ---- suite steps ------------------------------------------------------------

FILL_SUITE = """\
purge
precondition kind=seq_fill
job name=steady pattern=randwrite bs=4k qd=32 time=20m interval=1s log=steady
analyze steady
purge
precondition kind=random_fill loops=3
idle 15m
job name=after-random pattern=randwrite bs=4k qd=32 time=5m interval=1s log=after-random
trim
job name=fresh pattern=randwrite bs=4k qd=32 time=5m interval=1s log=fresh
"""


@pytest.fixture(scope="module")
def fill_run(tmp_path_factory):
    d = tmp_path_factory.mktemp("fill")
    (d / "fill.suite").write_text(FILL_SUITE)
    cli("suite", "sim:ssd370", "--suite-file", d / "fill.suite", "--out", d / "r",
        "--no-progress")
    return d / "r"


def steps(run):
    return json.loads((run / "results.json").read_text())["steps"]


def test_the_suite_records_purges_and_preconditions(fill_run):
    st = steps(fill_run)
    cap = 256060514304
    assert [s["kind"] for s in st[:2]] == ["purge", "precondition"]
    assert st[0]["how"] == "model reset"
    assert st[1]["precondition"] == "seq_fill" and st[1]["loops"] == 2
    assert st[1]["params"] == {"kind": "seq_fill"}
    assert st[1]["written_bytes"] == pytest.approx(2 * cap, abs=2 * 131072)
    assert st[5]["precondition"] == "random_fill" and st[5]["loops"] == 3
    assert st[5]["written_bytes"] == 3 * cap


def test_each_job_knows_how_the_drive_was_prepared(fill_run):
    jobs = {s["name"]: s for s in steps(fill_run) if s["kind"] == "job"}
    want = {"steady": ("seq_fill", 2), "after-random": ("random_fill", 3), "fresh": ("none", 0)}
    for name, (pre, loops) in want.items():
        ctx = jobs[name]["results"]["analysis_context"]
        assert ctx["precondition"] == pre
        # A purge resets what was written, as a whole-drive TRIM does.
        assert ctx["written_before_bytes"] == pytest.approx(loops * 256060514304, abs=2 * 131072)
        m = series_metadata(fill_run / f"{name}.csv")
        assert m["precondition"] == pre
        assert m.get("written_before_bytes", 0) == ctx["written_before_bytes"]


def test_the_model_says_native_then_gc_after_the_fill(fill_run):
    job = [s for s in steps(fill_run) if s["name"] == "steady"][0]
    assert [p["regime"] for p in job["sim_truth"]["phases"]] == ["native", "gc"]


def test_a_results_directory_read_back_keeps_them(fill_run):
    again = json.loads(cli("report", fill_run, "--json").stdout)["steps"]
    for a, b in zip(steps(fill_run), again):
        for k in ("kind", "state", "precondition", "loops", "written_bytes", "how"):
            assert a.get(k) == b.get(k), (a["name"], k)


def test_a_job_after_another_write_is_not_said_to_be_preconditioned(tmp_path):
    """Once a job wrote after the fill, the drive is neither fresh nor just
    filled: the suite does not record a word (written_before says what
    was written)."""
    (tmp_path / "s.suite").write_text(
        "purge\nprecondition kind=seq_fill loops=1\n"
        "job name=a pattern=randwrite time=5s log=a\njob name=b pattern=randwrite time=5s log=b\n")
    cli("suite", "sim:bx200", "--suite-file", tmp_path / "s.suite", "--out", tmp_path / "r",
        "--no-progress")
    assert series_metadata(tmp_path / "r" / "a.csv")["precondition"] == "seq_fill"
    b = series_metadata(tmp_path / "r" / "b.csv")
    assert "precondition" not in b and b["written_before_bytes"] > 240e9


@pytest.mark.parametrize("line, message", [
    ("precondition", "kind= is missing"),
    ("precondition kind=half", "'half' is not seq_fill or random_fill"),
    ("precondition kind=none", "'none' is not seq_fill or random_fill"),
    ("precondition kind=seq_fill loops=0", "loops: '0' is not a number in [1, 64]"),
    ("precondition kind=seq_fill size=1g", "unknown key 'size'"),
    ("purge now", "purge: takes no options"),
    # sizes in units as the file takes them, with the target's exact count
    ("trim offset=200g length=100g",
     "trim: range 200 GiB+100 GiB is beyond the target (223.57 GiB, 240057409536 bytes)"),
    ("trim offset=300g", "trim: offset 300 GiB is beyond the target (223.57 GiB, "),
])
def test_suite_files_with_bad_steps_are_refused_naming_the_line(tmp_path, line, message):
    (tmp_path / "s.suite").write_text("trim\n" + line + "\n")
    r = cli("suite", "sim:bx200", "--suite-file", tmp_path / "s.suite", "--out", tmp_path / "r",
            "--no-progress", check=False)
    assert r.returncode != 0
    assert "s.suite:2: " in r.stderr and message in r.stderr
    assert not (tmp_path / "r").exists()


def test_a_file_target_is_punched_and_filled_by_jobs(tmp_path):
    (tmp_path / "s.suite").write_text("purge\nprecondition kind=random_fill loops=1\n"
                                      "job name=j pattern=randwrite time=1s log=j\n")
    t = tmp_path / "t.bin"
    cli("suite", t, "--size-file", "8m", "--suite-file", tmp_path / "s.suite", "--out",
        tmp_path / "r", "--no-progress")
    st = steps(tmp_path / "r")
    assert st[0]["how"] == "hole punch"
    assert st[1]["written_bytes"] == 8 << 20
    assert series_metadata(tmp_path / "r" / "j.csv")["precondition"] == "random_fill"


# ---- the context a Target keeps (precondition() then job() on it) -----------

AUDIT_DRIVE = "sim:mp44l-1tb,capacity_gb=512,slc_type=none,slc_gb=0,op_pct=12"


def test_a_job_after_precondition_on_the_same_target_knows_the_drive_is_used(tmp_path):
    """The audit of issue 21: a job run on the Target a precondition filled
    recorded written_before 0 and precondition unknown, so job().analyze()
    and `ssdcore analyze` of its log found a 51.9 GiB SLC cache on a drive
    without one. The target now passes what it knows to the job."""
    t = ssdcore.SimTarget(AUDIT_DRIVE)
    written = ssdcore.precondition(t, "seq_fill")["written_bytes"]
    log = tmp_path / "x.csv"
    r = ssdcore.job(t, pattern="randwrite", qd=32, time="2h", log=str(log))
    assert r.analysis_context["written_before_bytes"] == written
    assert r.analysis_context["precondition"] == "seq_fill"
    m = series_metadata(log)
    assert m["written_before_bytes"] == written and m["precondition"] == "seq_fill"
    for a in (r.analyze(), ssdcore.analyze(str(log))):
        assert not a.cache_found, a.get("cache")
        assert a.gc_start_bytes is not None
    text = cli("analyze", log).stdout
    assert "cache:       none found" in text and "used state" in text
    # The next job adds the first one's writes; the precondition no longer
    # says how the drive was written.
    first = r["write"]["bytes"]
    r2 = ssdcore.job(t, pattern="randwrite", qd=32, time="5s")
    assert r2.analysis_context["written_before_bytes"] == written + first
    assert r2.analysis_context["precondition"] == "unknown"
    # A purge leaves it fresh.
    t.purge()
    r3 = ssdcore.job(t, pattern="randwrite", qd=32, time="5s")
    assert r3.analysis_context["written_before_bytes"] == 0
    assert r3.analysis_context["precondition"] == "none"


def test_an_explicit_context_wins_over_the_targets(tmp_path):
    t = ssdcore.SimTarget(AUDIT_DRIVE)
    ssdcore.precondition(t, "seq_fill", loops=1)
    log = tmp_path / "x.csv"
    r = ssdcore.job(t, pattern="randwrite", time="5s", log=str(log), written_before="100g",
                    precondition="random_fill")
    assert r.analysis_context["written_before_bytes"] == 100 * 2 ** 30
    assert r.analysis_context["precondition"] == "random_fill"
    m = series_metadata(log)
    assert m["written_before_bytes"] == 100 * 2 ** 30 and m["precondition"] == "random_fill"


def test_a_target_opened_fresh_knows_nothing():
    # (a sim: drive opened past=unknown, as a device or a file)
    r = ssdcore.job(ssdcore.SimTarget(AUDIT_DRIVE + ",precondition=random_fill,past=unknown"),
                    pattern="randwrite",
                    time="5s")
    assert r.analysis_context["written_before_bytes"] == 0
    assert r.analysis_context["precondition"] == "unknown"


def test_a_sim_drive_opened_fresh_is_known_fresh():
    """The model's state at open is known (the round-22 audit): a fresh sim:
    drive is a drive fresh from TRIM, a full one was written once; so
    ``job("sim:bx200", time="1m").analyze()`` finds its cache without a
    note that the drive's past is unknown."""
    r = ssdcore.job("sim:bx200", pattern="randwrite", qd=32, time="1m")
    assert r.analysis_context["written_before_bytes"] == 0
    assert r.analysis_context["precondition"] == "none"
    a = r.analyze()
    assert a.cache_bytes is not None and a.regime_note is None
    with ssdcore.SimTarget(AUDIT_DRIVE + ",precondition=seq_fill") as t:
        f = ssdcore.job(t, pattern="randwrite", time="5s")
        assert f.analysis_context["written_before_bytes"] == t.size_bytes
    assert f.analysis_context["precondition"] == "seq_fill"


def test_precondition_and_sim_truth_take_a_uri_as_job_does(tmp_path):
    """precondition() refused a URI ("expected an open ssdcore.Target") and
    sim.truth() (sim_truth then) too ("expected a sim target, got str") while job, replay and
    suite open one for the call (issue #22 item 8)."""
    r = ssdcore.precondition("sim:bx200", "seq_fill", loops=1)
    assert r["written_bytes"] >= ssdcore.SimTarget("sim:bx200").size_bytes
    path = tmp_path / "t.bin"
    assert ssdcore.precondition(path, "seq_fill", loops=1, size="4m")["written_bytes"] == 4 << 20
    assert path.stat().st_size == 4 << 20  # opened with the target options, closed after
    with pytest.raises(TypeError, match="size is a target option"):
        ssdcore.precondition(ssdcore.SimTarget("sim:bx200"), size="4m")
    with ssdcore.SimTarget("sim:bx200") as t:
        assert ssdcore.sim.truth("sim:bx200") == ssdcore.sim.truth(t)
        assert ssdcore.sim.truth("sim:bx200", "cache_effective_bytes") == t.truth(
            "cache_effective_bytes")


def test_the_random_fill_note_does_not_credit_an_idle_that_never_was():
    """Round 23's audit: Vector 180 after one random pass and no idle
    (`idle before: 0 s`): the note read "the fast start is read as the
    clean blocks idle GC prepared", where a single random pass leaves the
    spare area clean (docs/simulator.md) and no idle came. The note names
    both sources."""
    t = ssdcore.SimTarget("sim:vector180")
    t.purge()
    ssdcore.precondition(t, "random_fill", loops=1)
    r = ssdcore.job(t, pattern="randwrite", qd=32, time="20m", interval=1)
    a = r.analyze()
    assert a.idle_before_s == 0 and a.precondition == "random_fill"
    note = a.regime_note or ""
    assert note.startswith("the fast start is read as clean blocks"), note
    assert "clean blocks idle GC prepared;" not in note, note
    assert "the spare area a single random pass left clean" in note, note


@pytest.mark.parametrize("kind,times", [("seq_fill", 1), ("random_fill", 2)])
def test_a_sim_drive_opened_filled_records_its_state(kind, times, tmp_path):
    """The model knows the state it opens in: a job records it as after the
    precondition it stands for (round 45's audit: the random_fill URI
    recorded nothing, and its clean blocks read as a 2.70 GiB cache on an
    SSD370, which has none)."""
    log = tmp_path / "r.csv"
    t = ssdcore.SimTarget(f"sim:ssd370,capacity_gb=64,precondition={kind}")
    t.idle("15m")
    r = ssdcore.job(t, pattern="randwrite", bs="4k", qd=32, time="10m", log=str(log))
    m = series_metadata(log)
    assert m["precondition"] == kind and m["written_before_bytes"] == times * t.size_bytes
    assert r.analysis_context["precondition"] == kind
    a = r.analyze()
    assert not a.cache_found and a.gc_start_bytes, a
    assert ssdcore.analyze(str(log)).gc_start_bytes == a.gc_start_bytes
