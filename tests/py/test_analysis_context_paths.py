"""One analysis context, every path (DESIGN.md, "The analysis context travels
with the run"; issue 21 item 1): the same run analysed through the C API
(ssd_job_series), Python's job().analyze(), the CLI on its log,
ssdcore.analyze(path), ssdcore.analyze(DataFrame) with the capacity given,
a suite's analyze step, its SuiteResult.job(name).analyze() and the suite
reloaded (compare and catalog re-analyse through it) gives one verdict: the phases' regimes and
boundaries, the cache bytes and where GC starts.

Each seed drive runs the 2-hour 4K QD32 random-write test on a fresh
drive, then a used-drive run straight after it (written_before = what the
2-hour test wrote). Before the context travelled, job().analyze() lost the
drive's capacity: SSD370 got a 261 GiB cache the CLI did not see, and the
paths agreed on 0 of the 4 drives."""
import json
import pickle
import subprocess

import pytest

import ssdcore
from analyze_cli import c_analysis, c_job
from ssdcore._ffi import ffi, lib

SEEDS = ["bx200", "ssd370", "as510s", "vector180"]
USED_TIME = "20m"


def verdict(a):
    """What must not depend on the path: phases (regime, start, end bytes),
    cache bytes, GC start, and the context the analysis used."""
    a = dict(a)
    cache = a.get("cache")
    gc = a.get("gc")
    return {
        "phases": [(p["regime"], p["start_bytes"], p["end_bytes"]) for p in a["phases"]],
        "cache_bytes": cache["bytes"] if cache else None,
        "gc_start_bytes": gc["start_bytes"] if gc else None,
        "capacity_bytes": a.get("capacity_bytes"),
        "written_before_bytes": a.get("written_before_bytes"),
        "precondition": a.get("precondition"),
        "idle_before_s": a.get("idle_before_s"),
        "written_since_idle_bytes": a.get("written_since_idle_bytes"),
        "span_bytes": a.get("span_bytes"),
        "workload": a.get("workload"),
    }


def c_api_analysis(profile, runs):
    """The runs on one simulated drive through the C API alone: a job per
    run, ssd_job_series (the job's samples with its metadata), the
    analysis. runs: job options per run, in order."""
    tp = ffi.new("ssd_target **")
    assert lib.ssd_target_create(tp) == 0
    t = ffi.gc(tp[0], lib.ssd_target_free)
    assert lib.ssd_target_open(t, f"sim:{profile}".encode()) == 0
    return [c_analysis(c_job(t, opts)) for opts in runs]


@pytest.mark.parametrize("profile", SEEDS)
def test_every_path_gives_one_verdict(profile, cli, tmp_path):
    fresh_opts = dict(pattern="randwrite", bs="4k", qd=32, time="2h", precondition="none")
    # Python: one simulated drive, the 2-hour test then the used-drive run.
    t = ssdcore.Target(f"sim:{profile}")
    fresh = ssdcore.job(t, log=str(tmp_path / "fresh.csv"), **fresh_opts)
    wb = fresh["write"]["bytes"]
    # (right after the 2-hour test, as in the suite, which records that)
    used_opts = dict(pattern="randwrite", bs="4k", qd=32, time=USED_TIME, written_before=wb,
                     idle_before=0)
    used = ssdcore.job(t, log=str(tmp_path / "used.csv"), **used_opts)
    t.close()
    cap = fresh.capacity_bytes
    assert cap and fresh.analysis_context["capacity_bytes"] == cap
    assert used.written_before_bytes == wb and fresh.precondition == "none"

    c_fresh, c_used = c_api_analysis(profile, [fresh_opts, used_opts])

    # The suite: the same steps after a TRIM (the drive is fresh then) on
    # a drive of the same profile; it records written_before itself.
    suite_file = tmp_path / "ctx.suite"
    suite_file.write_text(
        "trim\n"
        "job name=fresh pattern=randwrite bs=4k qd=32 time=2h log=fresh\n"
        f"job name=used pattern=randwrite bs=4k qd=32 time={USED_TIME} log=used\n"
        "analyze fresh\nanalyze used\n")
    out = tmp_path / "suite"
    res = ssdcore.suite(f"sim:{profile}", out, suite_file=suite_file)
    suite_an = {s["series"]: s["analysis"] for s in res["steps"] if s["kind"] == "analyze"}
    reloaded = ssdcore.report(out)  # what compare and catalog re-analyse through
    reload_an = {s["series"]: s["analysis"] for s in reloaded["steps"]
                 if s["kind"] == "analyze"}
    assert res.job("used")["analysis_context"]["written_before_bytes"] == wb

    for name, run, c_an, extra in (("fresh", fresh, c_fresh, {"precondition": "none"}),
                                   ("used", used, c_used,
                                    {"written_before_bytes": wb, "idle_before_s": 0})):
        log = tmp_path / f"{name}.csv"
        cli_an = json.loads(subprocess.run([cli, "analyze", str(log), "--json"], check=True,
                                           capture_output=True, text=True).stdout)
        frame = ssdcore.read_series(str(log), as_frame=True)
        paths = {
            "C ssd_job_series": c_an,
            "job().analyze()": run.analyze(),
            "CLI analyze": cli_an,
            "analyze(path)": ssdcore.analyze(str(log)),
            "analyze(DataFrame, capacity_bytes=)": ssdcore.analyze(
                frame, capacity_bytes=cap, span_bytes=run.span_bytes, **extra),
            "JobResult read back from JSON": ssdcore.analyze(
                json.loads(json.dumps(run.to_dict()))),
        }
        want = verdict(paths["CLI analyze"])
        got = {k: verdict(v) for k, v in paths.items()}
        # A DataFrame carries no workload: everything else must match.
        got["analyze(DataFrame, capacity_bytes=)"]["workload"] = want["workload"]
        bad = {k: v for k, v in got.items() if v != want}
        assert not bad, f"{profile} {name}: {sorted(bad)} differ from the CLI's {want}: {bad}"
        # The job's series is its log's to the last bit: the whole analysis
        # (latency, consistency, steady state) is the log's too.
        whole = {k: v for k, v in cli_an.items() if k != "source"}
        for k in ("C ssd_job_series", "job().analyze()", "JobResult read back from JSON"):
            assert {x: y for x, y in dict(paths[k]).items() if x != "source"} == whole, k
        # The suite's runs are its own (after a TRIM) but the same
        # deterministic drive: the same samples, the same verdict.
        # (The used run follows the fresh one, a logged random pass over
        # the whole drive from the TRIM: its analyze step takes that log as
        # its reference and that pass as its precondition, random_fill;
        # docs/analysis.md, "The fill's own log as the reference".)
        s_want = dict(want)
        s_want["precondition"] = "none" if name == "fresh" else "random_fill"
        for label, an in (("suite analyze step", suite_an[f"{name}.csv"]),
                          ("suite reloaded", reload_an[f"{name}.csv"]),
                          ("SuiteResult.job().analyze()", res.job(name).analyze()),
                          ("reloaded SuiteResult.analysis()", reloaded.analysis(name))):
            assert verdict(an) == s_want, f"{profile} {name}: {label}"


def test_explicit_options_win_over_the_context(tmp_path):
    r = ssdcore.job("sim:ssd370", pattern="randwrite", qd=32, time="2h", precondition="seq_fill",
                    written_before="100g")
    a = r.analyze()
    assert a["precondition"] == "seq_fill" and a["written_before_bytes"] == 100 * 2**30
    assert a["capacity_bytes"] == r.capacity_bytes
    b = r.analyze(capacity_bytes="512g", written_before_bytes=0, precondition="none")
    assert b["capacity_bytes"] == 512 * 2**30 and b["written_before_bytes"] == 0
    assert b["precondition"] == "none"
    with pytest.raises(ssdcore.Error, match="precondition"):
        r.analyze(precondition="half_full")


def test_a_read_job_is_analysed_as_its_log_is(tmp_path):
    log = tmp_path / "r.csv"
    r = ssdcore.job("sim:ssd370", pattern="randread", qd=4, time=20, log=str(log))
    for ddir in ("write", "read", "any"):
        try:
            want = verdict(ssdcore.analyze(str(log), ddir=ddir))
        except ssdcore.Error as e:
            with pytest.raises(type(e), match="0 in all"):
                r.analyze(ddir=ddir)
            continue
        assert verdict(r.analyze(ddir=ddir)) == want


def test_a_replay_log_carries_the_context(tmp_path):
    log = tmp_path / "r.csv"
    ssdcore.replay("scenario:app-startup", "sim:ssd370", log=str(log), written_before="10g",
                   precondition="random_fill")
    a = ssdcore.analyze(str(log))
    assert a["written_before_bytes"] == 10 * 2**30 and a["precondition"] == "random_fill"
    assert a["capacity_bytes"] == 256060514304 and a["workload"]["pattern"] == "replay"
    with pytest.raises(ssdcore.Error, match="precondition"):
        ssdcore.replay("scenario:app-startup", "sim:ssd370", precondition="half_full")


def test_size_options_take_units_as_the_cli_flags_do(tmp_path, cli):
    """The options table gives capacity_bytes and written_before_bytes the
    type size, and `ssdcore analyze --capacity-bytes 256g` takes units;
    Python's analyze(capacity_bytes="256g") raised "expected a number"."""
    log = tmp_path / "run.csv"
    ssdcore.job("sim:bx200", pattern="randwrite", qd=32, time="10m", log=log)
    got = ssdcore.analyze(log, capacity_bytes="256g", written_before_bytes="1g")
    assert got["capacity_bytes"] == 256 << 30 and got["written_before_bytes"] == 1 << 30
    r = subprocess.run([cli, "analyze", str(log), "--json", "--capacity-bytes", "256g",
                        "--written-before-bytes", "1g"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert verdict(json.loads(r.stdout)) == verdict(got)
    with pytest.raises(ssdcore.InvalidArgument, match="capacity_bytes: '25x' is not a size"):
        ssdcore.analyze(log, capacity_bytes="25x")


def test_a_frame_of_a_log_keeps_its_context(tmp_path):
    """read_series(path, as_frame=True), the DataFrame analyze() documents,
    keeps the log's metadata in df.attrs["metadata"] and analyze() reads it
    there: before, the frame lost it, and SSD370's random writes after a
    sequential fill got a 15 GiB "cache" from the frame where the log's
    analysis finds the used state's onset. An explicit option still wins."""
    t = ssdcore.Target("sim:ssd370")
    ssdcore.precondition(t, "seq_fill", loops=1)
    log = str(tmp_path / "used.csv")
    ssdcore.job(t, pattern="randwrite", bs="4k", qd=32, bytes="128g", log=log)
    by_path = ssdcore.analyze(log)
    assert by_path["precondition"] == "seq_fill" and by_path["gc"] and not by_path["cache"]
    df = ssdcore.read_series(log, as_frame=True)
    assert df.attrs["metadata"]["precondition"] == "seq_fill"
    assert verdict(ssdcore.analyze(df)) == verdict(by_path)
    assert verdict(ssdcore.analyze(ssdcore.Series.open(log).to_frame())) == verdict(by_path)
    # A frame with no metadata (built by hand) still takes the options.
    bare = df.copy()
    bare.attrs = {}
    assert verdict(ssdcore.analyze(bare, capacity_bytes=by_path["capacity_bytes"],
                                   written_before_bytes=by_path["written_before_bytes"],
                                   precondition="seq_fill"))["gc_start_bytes"] \
        == by_path["gc"]["start_bytes"]
    # An option given wins over the frame's context.
    assert ssdcore.analyze(df, precondition="none")["precondition"] == "none"


def test_a_frame_s_context_is_shared_not_copied(tmp_path):
    """pandas deep-copies df.attrs on every operation that makes a frame;
    the context there is read-only and its copies are itself, so a select
    carries the same object (no copy per operation) and no frame can change
    another's. It stays a dict for pickle and to_parquet, and a select still
    analyses in its run's context."""
    log = str(tmp_path / "r.csv")
    ssdcore.job("sim:ssd370", pattern="write", bs="128k", qd=32, bytes="8g", log=log)
    df = ssdcore.Series.open(log).to_frame()
    meta = df.attrs["metadata"]
    assert df[["t_s", "bytes"]].attrs["metadata"] is meta
    assert df[df["rate_bps"] > 0].attrs["metadata"] is meta
    with pytest.raises(TypeError, match="read-only"):
        meta["precondition"] = "seq_fill"
    with pytest.raises(TypeError, match="read-only"):
        meta.update(precondition="seq_fill")
    assert json.loads(json.dumps(df.attrs))["metadata"] == dict(meta)
    back = pickle.loads(pickle.dumps(df))
    assert back.attrs["metadata"] == meta and back.attrs["metadata"]["capacity_bytes"] > 0
    assert verdict(ssdcore.analyze(df[["t_s", "bytes"]])) == verdict(ssdcore.analyze(log))
    # Changing the context is assigning a new mapping.
    df.attrs["metadata"] = dict(meta, precondition="seq_fill")
    assert ssdcore.analyze(df)["precondition"] == "seq_fill"


def test_a_job_result_s_frame_keeps_its_context(tmp_path):
    """JobResult.to_frame(), the frame notebook 01 shows, had no
    attrs["metadata"]: Vector 180's random writes after a sequential fill
    read "cache 31.69 GiB" from ``analyze(run.to_frame())`` where
    ``run.analyze()`` and the log find the used state's onset there (round
    24's new-user audit)."""
    t = ssdcore.Target("sim:vector180")
    ssdcore.precondition(t, "seq_fill", loops=1)
    log = str(tmp_path / "used.csv")
    run = ssdcore.job(t, pattern="randwrite", bs="4k", qd=32, bytes="96g", log=log)
    want = verdict(run.analyze())
    assert want == verdict(ssdcore.analyze(log))
    assert want["gc_start_bytes"] and not want["cache_bytes"]
    df = run.to_frame()
    assert df.attrs["metadata"]["precondition"] == "seq_fill"
    assert verdict(ssdcore.analyze(df)) == want
    assert verdict(ssdcore.analyze(df[["t_s", "bytes"]])) == want
    # The result's series alone (r["series"], a JobSeries) raised TypeError
    # ("got JobSeries", round 24's audit): now the run's context goes with it.
    assert verdict(ssdcore.analyze(run["series"])) == want
    assert ssdcore.analyze(run["series"])["source"] == run.analyze()["source"]


@pytest.mark.parametrize("how", ["sim:ssd370,precondition=seq_fill", "Target after precondition"])
def test_a_suite_starts_from_what_its_target_knows(how, cli, tmp_path):
    """A suite's count of the bytes written since TRIM starts from what its
    target knew when the run began: a sim: drive opened precondition=seq_fill,
    or a Target a precondition filled. Before, the suite counted from 0 and
    recorded written_before 0 beside the target's seq_fill, and its
    analysis called SSD370's clean blocks a 15 GiB cache where `ssdcore job`
    on the same drive and `ssdcore analyze` of its log find the used
    state's onset (round 23's audit)."""
    suite_file = tmp_path / "s.suite"
    suite_file.write_text("job name=used pattern=randwrite bs=4k qd=32 time=10m log=used\n"
                          "analyze used\n")
    if how.startswith("sim:"):
        target, uri = how, how
    else:
        uri = "sim:ssd370"
        target = ssdcore.Target(uri)
        ssdcore.precondition(target, "seq_fill", loops=1)
    # The same run outside a suite, on the same drive in the same state.
    t = ssdcore.Target(uri)
    if not how.startswith("sim:"):
        ssdcore.precondition(t, "seq_fill", loops=1)
    job = ssdcore.job(t, pattern="randwrite", bs="4k", qd=32, time="10m",
                      log=str(tmp_path / "job.csv"))
    t.close()
    res = ssdcore.suite(target, tmp_path / "out", suite_file=suite_file)
    step = [s for s in res["steps"] if s["kind"] == "analyze"][0]["analysis"]
    want = verdict(job.analyze())
    assert want["cache_bytes"] is None and want["gc_start_bytes"], want
    got = verdict(step)
    ctx = res.job("used")["analysis_context"]
    assert ctx["written_before_bytes"] == job.written_before_bytes, ctx
    assert ctx["precondition"] == "seq_fill", ctx
    for k in ("phases", "cache_bytes", "gc_start_bytes", "written_before_bytes", "precondition"):
        assert got[k] == want[k], (k, got[k], want[k])
    cli_an = json.loads(subprocess.run([cli, "analyze", str(tmp_path / "out" / "used.csv"),
                                        "--json"], check=True, capture_output=True,
                                       text=True).stdout)
    assert verdict(cli_an)["gc_start_bytes"] == want["gc_start_bytes"]


def test_a_log_with_no_context_says_the_cache_may_be_clean_blocks(cli, tmp_path):
    """Round 23's audit: SSD370 opened written full, 2 hours of random
    writes, its log without the metadata line (a log from another tool):
    "cache 15 GiB, then 40x slower" with only "the drive's capacity is
    unknown: ... a flat used-state level reads as folding". The note now
    also says what the unknown past cannot tell, as it does when the
    capacity is known."""
    log = tmp_path / "x.csv"
    ssdcore.job("sim:ssd370,precondition=seq_fill", pattern="randwrite", qd=32, time="2h",
                log=str(log))
    bare = tmp_path / "bare.csv"
    bare.write_text("".join(ln for ln in log.read_text().splitlines(True)
                            if not ln.startswith("# {")))
    a = ssdcore.analyze(str(bare))
    assert a.capacity_bytes is None and a.cache_bytes, a
    note = a.regime_note
    assert "capacity is unknown" in note and "reads as folding" in note, note
    assert "what was written to the drive before this run is not known" in note, note
    assert note.endswith("give the capacity and the precondition (none after a TRIM or purge) "
                         "or the bytes written before"), note
    # Once the past is given, the note for a used drive of unknown capacity.
    b = ssdcore.analyze(str(bare), precondition="seq_fill")
    assert "it was written before this run" in b.regime_note


def test_a_reloaded_suite_reads_the_written_before_its_logs_recorded(tmp_path):
    """A suite on a drive opened written full, two jobs: the second's log
    records the fill and the first job's bytes (the suite's count from what
    the target knew at the start). Reloading the results re-analyses each
    step; the count from results.json alone starts at 0 and overrode the
    log's figure (round 23's audit: 16.1 GB where the run said 272 GB)."""
    suite_file = tmp_path / "two.suite"
    suite_file.write_text("job name=a pattern=randwrite bs=4k qd=32 time=1m log=a\n"
                          "job name=b pattern=randwrite bs=4k qd=32 time=30m log=b\n"
                          "analyze b\n")
    out = tmp_path / "two"
    r = ssdcore.suite("sim:ssd370,precondition=seq_fill", out, suite_file=suite_file)
    ran = [s["analysis"] for s in r["steps"] if s["kind"] == "analyze"][0]
    back = [s["analysis"] for s in ssdcore.report(out)["steps"] if s["kind"] == "analyze"][0]
    logged = ssdcore.analyze(str(out / "b.csv"))
    assert ran["written_before_bytes"] > 256060514304
    assert back["written_before_bytes"] == ran["written_before_bytes"] == \
        logged["written_before_bytes"]
    assert verdict(back) == verdict(ran)
