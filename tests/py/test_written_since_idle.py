"""What the SLC cache holds when a run begins (DESIGN.md, "The analysis
context travels with the run"; docs/analysis.md, "One analysis context,
every path"): the bytes written since the drive last idled
(written_since_idle_bytes). The partial-fill rule ("No room in the cache
after a partial fill") read what was written since the TRIM as written into
the cache; a drive that idled between two writes (`trim / write 256g / idle
1h / write 10g / run`) has its cache back and holds only the last 10 GiB in
it. On a 512 GB drive the 81 GiB cache found after the second write would be
called clean blocks without the field (81 + 266 GiB is more than any cache
holds beside what was written into it, 0.64 of the capacity). Every path
(the suite, the C job, the CLI on the log, job().analyze(), analyze(path))
carries the field and gives one verdict; a log without it (an old one) reads
as before. The suites run in well under a second each."""
import json
import subprocess

import pytest

import ssdcore
from analyze_cli import c_analysis, c_job, cli, regimes
from ssdcore._ffi import ffi, lib

GIB = 2**30
DRIVE = "sim:mp44l-1tb,capacity_gb=512"
SUITE = """trim
job name=fill pattern=write bs=128k qd=32 bytes=256g
idle 1h
job name=top pattern=write bs=128k qd=32 bytes=10g
job name=steady pattern=randwrite bs=4k qd=32 bytes=512g interval=1s log=steady
analyze steady
"""


def meta(path):
    """A series log's metadata line, parsed."""
    return json.loads(open(path).readlines()[1][2:])


def verdict(a):
    """What must not depend on the path: the regimes and boundaries, the
    cache, where GC begins, and the context read."""
    cache, gc = a.get("cache"), a.get("gc")
    return {"phases": [(p["regime"], p["start_bytes"], p["end_bytes"]) for p in a["phases"]],
            "cache_bytes": cache["bytes"] if cache else None,
            "gc_start_bytes": gc["start_bytes"] if gc else None,
            **{k: a.get(k) for k in ("written_before_bytes", "idle_before_s",
                                     "written_since_idle_bytes", "capacity_bytes")}}


def c_job_analysis(steps):
    """The steps on one simulated drive through the C API alone (a job per
    write, ssd_target_idle for an idle, ssd_job_series then the analysis of
    the last job): its analysis and its results JSON."""
    tp = ffi.new("ssd_target **")
    assert lib.ssd_target_create(tp) == 0
    t = ffi.gc(tp[0], lib.ssd_target_free)
    assert lib.ssd_target_open(t, DRIVE.encode()) == 0
    assert lib.ssd_target_trim(t, 0, lib.ssd_target_size(t)) == 0
    j = None
    for step in steps:
        if step == "idle":
            assert lib.ssd_target_idle(t, 3600) == 0
            continue
        j = c_job(t, step)
    out = c_analysis(j)
    js = ffi.new("char **")
    assert lib.ssd_job_to_json(j, 0, js) == 0
    res = json.loads(ffi.string(js[0]).decode())
    lib.ssd_free(js[0])
    return out, res


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """The suite through the CLI: its output directory and its text."""
    tmp = tmp_path_factory.mktemp("since_idle")
    sf = tmp / "s.suite"
    sf.write_text(SUITE)
    out = tmp / "cli"
    said = subprocess.run(["ssdcore", "suite", DRIVE, "--suite-file", str(sf), "--out", str(out)],
                          check=True, capture_output=True, text=True).stdout
    return out, said, sf


def test_the_cache_after_an_idle_and_a_second_write_is_found(run):
    """81 GiB at 439 MiB/s, then 1.7x slower, as the model's cache: the
    idle flushed what the first write put in it, the second put 10 GiB."""
    out, said, _ = run
    assert "MISMATCH" not in said and "steady: 512.0 GiB" in said
    res = json.load(open(out / "results.json"))
    job = next(s for s in res["steps"] if s["name"] == "steady")
    a = next(s for s in res["steps"] if s["kind"] == "analyze")["analysis"]
    truth = job["sim_truth"]
    assert truth["phases"][0]["regime"] == "slc"
    assert a["cache"]["bytes"] == pytest.approx(truth["cache_full_at_bytes"], rel=0.01)
    assert regimes(a)[0] == "cache"
    assert a["written_since_idle_bytes"] == 10 * GIB
    assert a["written_before_bytes"] == 266 * GIB and a["idle_before_s"] == 0
    assert job["results"]["analysis_context"]["written_since_idle_bytes"] == 10 * GIB
    assert meta(out / "steady.csv")["written_since_idle_bytes"] == 10 * GIB
    # The first write's log: the model opened fresh, nothing in its cache.
    fill = next(s for s in res["steps"] if s["name"] == "fill")
    assert fill["results"]["analysis_context"]["written_since_idle_bytes"] == 0


def test_without_the_field_it_reads_as_before(run, tmp_path):
    """A log without the field (an old one) reads what was written since
    the TRIM as held in the cache, as before: the 81 GiB beside 266 GiB is
    more than a cache holds, so no cache. An explicit option wins either
    way."""
    out, _, _ = run
    text = (out / "steady.csv").read_text()
    m = meta(out / "steady.csv")
    old = tmp_path / "old.csv"
    old.write_text(text.replace(f'"written_since_idle_bytes":{m["written_since_idle_bytes"]},', ""))
    assert "written_since_idle_bytes" not in meta(old)
    a = cli(old)
    assert a["cache"] is None and regimes(a)[0] == "direct"
    assert a["written_since_idle_bytes"] is None
    assert cli(old, "--written-since-idle-bytes", "10g")["cache"]["bytes"] / GIB == \
        pytest.approx(81.05, abs=0.5)
    told = cli(out / "steady.csv", "--written-since-idle-bytes", str(266 * GIB))
    assert told["cache"] is None and told["written_since_idle_bytes"] == 266 * GIB
    py = ssdcore.analyze(str(out / "steady.csv"), written_since_idle_bytes="266g")
    assert py["cache"] is None and py.written_since_idle_bytes == 266 * GIB
    with pytest.raises(TypeError, match="written_since_idle_bytes"):
        ssdcore.analyze(str(old), written_since_idle_bytes=[1])
    with pytest.raises(ValueError, match="written_since_idle_bytes"):
        ssdcore.analyze(str(old), written_since_idle_bytes=-1)


def test_every_path_carries_it_and_gives_one_verdict(run, tmp_path):
    """The C job (its results JSON and its analysis), the CLI on the log,
    Python's suite, job().analyze() on one open target, analyze(path) and
    the suite's own analysis: the same field, the same verdict."""
    out, _, sf = run
    log = out / "steady.csv"
    res = json.load(open(out / "results.json"))
    suite_an = next(s for s in res["steps"] if s["kind"] == "analyze")["analysis"]
    py_suite = ssdcore.suite(DRIVE, tmp_path / "py", suite_file=sf)
    py_suite_an = next(s for s in py_suite["steps"] if s["kind"] == "analyze")["analysis"]
    w = dict(pattern="write", bs="128k", qd=32)
    steps = [dict(w, bytes="256g"), "idle", dict(w, bytes="10g"),
             dict(pattern="randwrite", bs="4k", qd=32, bytes="512g", interval="1s")]
    c_an, c_res = c_job_analysis(steps)
    assert c_res["analysis_context"]["written_since_idle_bytes"] == 10 * GIB
    with ssdcore.SimTarget(DRIVE) as t:
        t.trim()
        ssdcore.job(t, **dict(w, bytes=256 * GIB), interval=3600)
        t.idle(3600)
        ssdcore.job(t, **dict(w, bytes=10 * GIB), interval=3600)
        job = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, bytes=512 * GIB, interval=1,
                          log=str(tmp_path / "job.csv"))
    assert job.written_since_idle_bytes == 10 * GIB
    assert job.analysis_context["written_since_idle_bytes"] == 10 * GIB
    assert py_suite.job("steady").written_since_idle_bytes == 10 * GIB
    paths = {
        "suite": suite_an,
        "Python suite": py_suite_an,
        "SuiteResult.job().analyze()": py_suite.job("steady").analyze(),
        "C job": c_an,
        "CLI analyze": cli(log),
        "analyze(path)": ssdcore.analyze(str(log)),
        "job().analyze()": job.analyze(),
        "analyze(job log)": ssdcore.analyze(str(tmp_path / "job.csv")),
    }
    want = verdict(paths["CLI analyze"])
    assert want["cache_bytes"] and want["written_since_idle_bytes"] == 10 * GIB
    bad = {k: verdict(v) for k, v in paths.items() if verdict(v) != want}
    assert not bad, f"differ from the CLI's {want}: {bad}"
    assert paths["job().analyze()"].written_since_idle_bytes == 10 * GIB


COUNT = """trim
job name=a pattern=write bs=128k qd=32 bytes=1g log=a
idle 0
job name=b pattern=write bs=128k qd=32 bytes=1g log=b
idle 10m
job name=c pattern=randread bs=4k qd=32 time=5s log=c
job name=d pattern=write bs=128k qd=32 bytes=1g log=d
trim
job name=e pattern=write bs=128k qd=32 bytes=1g log=e written_since_idle=5g
job name=f pattern=write bs=128k qd=32 bytes=1g log=f
"""


@pytest.mark.parametrize("past", ["fresh", "random_fill"])
def test_the_suite_counts_the_bytes_between_idles(past, tmp_path):
    """An idle of any length makes it 0 (idle 0 is none), a write adds
    its bytes, a read or a TRIM adds nothing, the step's own option wins;
    before the suite's first idle, what the target knew: nothing written
    into a sim: drive opened fresh, unknown on one of unknown past (as a
    device opened fresh)."""
    sf = tmp_path / "s.suite"
    sf.write_text(COUNT)
    drive = DRIVE + ("" if past == "fresh" else ",precondition=random_fill,past=unknown")
    ssdcore.suite(drive, tmp_path / "r", suite_file=sf)
    got = {n: meta(tmp_path / "r" / f"{n}.csv").get("written_since_idle_bytes") for n in "abcdef"}
    first = {"a": 0, "b": GIB} if past == "fresh" else {"a": None, "b": None}
    assert got == dict(first, c=0, d=0, e=5 * GIB, f=2 * GIB)


def test_the_text_of_a_drive_opened_fresh_does_not_say_it_idled(tmp_path):
    # A sim: drive opened fresh has written nothing into its cache, as after
    # an idle, but never idled (round 45's audit).
    log = tmp_path / "j.csv"
    subprocess.run(["ssdcore", "job", "--target", "sim:bx200", "--pattern", "randwrite",
                    "--time", "5s", "--log", str(log)], check=True, capture_output=True)
    p = subprocess.run(["ssdcore", "analyze", str(log)], capture_output=True, text=True)
    assert "written since idle: 0 B since the drive last idled or was opened" in p.stdout
