"""The idle time before a run travels with it (DESIGN.md, "The analysis
context travels with the run"): a suite records idle_before_s from its steps
(an idle adds its seconds, a write makes it 0, nothing known before its
first write), a job records what it is given, results.json and the Python
objects carry it, and every analysis path reads it; an explicit option
wins. With it, a flat random run right after a random fill past the raw
flash (SNIA's WSAT) is the used state from its first byte."""
import json

import numpy as np
import pytest

import ssdcore

SUITE = """\
purge
job name=first pattern=randwrite bs=4k qd=32 bytes=1g interval=1s log=first
precondition kind=random_fill loops=2
job name=wsat pattern=randwrite bs=4k qd=32 time=5m interval=1s log=wsat
idle 10m
idle 5m
job name=after pattern=randwrite bs=4k qd=32 time=5m interval=1s log=after
job name=read pattern=randread bs=4k qd=32 time=10s interval=1s log=read
job name=last pattern=randwrite bs=4k qd=32 time=10s interval=1s log=last
job name=own pattern=randwrite bs=4k qd=32 time=10s interval=1s log=own idle_before=42
analyze wsat
analyze after
"""


def meta(path):
    return ssdcore.Series.open(str(path)).metadata


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    d = tmp_path_factory.mktemp("idle")
    (d / "s.suite").write_text(SUITE)
    ssdcore.suite("sim:p4500-4tb", d / "r", suite_file=d / "s.suite")
    return d / "r"


def test_the_suite_records_the_idle_time_since_its_last_write(run):
    # nothing known before its first write (the purge writes nothing)
    assert "idle_before_s" not in meta(run / "first.csv")
    assert meta(run / "wsat.csv")["idle_before_s"] == 0  # right after the fill
    assert meta(run / "after.csv")["idle_before_s"] == 900  # two idles add up
    # a run that only read kept the drive busy: unknown after it
    assert "idle_before_s" not in meta(run / "last.csv")
    assert meta(run / "own.csv")["idle_before_s"] == 42  # the step's own wins
    res = json.loads((run / "results.json").read_text())
    ctx = {s["name"]: s["result"]["analysis_context"] for s in res["steps"]
           if s["kind"] == "job" and isinstance(s.get("result"), dict)}
    if ctx:  # results.json carries it as the job's results JSON does
        assert ctx["wsat"]["idle_before_s"] == 0 and ctx["first"]["idle_before_s"] is None
    assert '"idle_before_s":0' in (run / "results.json").read_text().replace(" ", "")


def test_wsat_right_after_the_fill_is_the_used_state_from_byte_0(run):
    a = ssdcore.analyze(str(run / "wsat.csv"))
    assert a["idle_before_s"] == 0
    assert a["gc"]["start_bytes"] == 0 and not a["cache"]
    assert "used state from the first byte" in a.regime_note
    # the suite's own analyze step agrees
    res = json.loads((run / "results.json").read_text())
    step = next(s for s in res["steps"] if s["kind"] == "analyze" and s["series"] == "wsat.csv")
    assert step["analysis"]["gc"]["start_bytes"] == 0
    # after 15 minutes of idle the drive wrote clean blocks first
    b = ssdcore.analyze(str(run / "after.csv"))
    assert b["idle_before_s"] == 900 and b["gc"]["start_bytes"] > 0


def test_every_path_reads_it_and_the_option_wins(run):
    s = ssdcore.Series.open(str(run / "wsat.csv"))
    t, b = s.t_s, s.bytes
    m = s.metadata
    ctx = dict(capacity_bytes=m["capacity_bytes"], written_before_bytes=m["written_before_bytes"],
               precondition=m["precondition"])
    # arrays carry no context: given, the verdict is the log's; not, no drop
    assert ssdcore.analyze((t, b), idle_before_s=0, **ctx)["gc"]["start_bytes"] == 0
    assert ssdcore.analyze((t, b), **ctx)["gc"] is None
    # a DataFrame's attrs carry the metadata
    assert ssdcore.analyze(s.to_frame())["gc"]["start_bytes"] == 0
    # the option wins over the metadata, as a duration string too
    for v in (900, "15m"):
        a = ssdcore.analyze(str(run / "wsat.csv"), idle_before_s=v)
        assert a["idle_before_s"] == 900 and a["gc"] is None
    with pytest.raises(TypeError, match="idle_before_s"):
        ssdcore.analyze(str(run / "wsat.csv"), idle_before_s=True)
    with pytest.raises(ssdcore.Error, match="idle_before_s"):
        ssdcore.analyze(str(run / "wsat.csv"), idle_before_s=-1)


def test_a_job_records_what_it_is_given_and_nothing_else(tmp_path):
    with ssdcore.SimTarget("sim:p4500-4tb") as t:
        t.purge()
        w = ssdcore.precondition(t, "random_fill", loops=2)["written_bytes"]
        r = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, time="3m", interval=1,
                        log=str(tmp_path / "a.csv"), written_before=w, idle_before=0)
        plain = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, time="10s", interval=1,
                            log=str(tmp_path / "b.csv"))
    assert r.idle_before_s == 0 and r.analysis_context["idle_before_s"] == 0
    assert meta(tmp_path / "a.csv")["idle_before_s"] == 0
    # job().analyze() and analyze(its log) give one verdict
    a, b = r.analyze(), ssdcore.analyze(str(tmp_path / "a.csv"))
    assert a["gc"]["start_bytes"] == b["gc"]["start_bytes"] == 0
    # the next job on the same Target knows it ran right after r's writes
    assert plain.idle_before_s == 0 and meta(tmp_path / "b.csv")["idle_before_s"] == 0
    # a job on a target opened fresh knows nothing
    with ssdcore.SimTarget("sim:p4500-4tb") as t:
        fresh = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, time="10s", interval=1,
                            log=str(tmp_path / "c.csv"))
    assert fresh.idle_before_s is None and "idle_before_s" not in meta(tmp_path / "c.csv")
    assert "idle_before_s" not in fresh.analysis_context
    assert np.isnan(fresh.analyze().get("idle_before_s") or np.nan)


def test_a_job_on_a_target_takes_its_idle_time_as_the_suite_does(run):
    """The round-22 audit: the suite's WSAT-like run (purge, random fill,
    random writes at once) is the used state from byte 0; the same run as
    Python calls on a Target read "no drop, the level may be a cache's",
    because the Target did not count the idle time since its last write."""
    with ssdcore.SimTarget("sim:p4500-4tb") as t:
        t.purge()  # the suite's steps, as calls
        ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, bytes="1g", interval=1)
        ssdcore.precondition(t, "random_fill", loops=2)
        r = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, time="5m", interval=1)
        t.idle("10m")
        t.idle(300)
        after = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, time="5m", interval=1)
    assert r.idle_before_s == 0 and after.idle_before_s == 900
    for mine, log in ((r, "wsat.csv"), (after, "after.csv")):
        a, b = mine.analyze(), ssdcore.analyze(str(run / log))
        assert [p["regime"] for p in a["phases"]] == [p["regime"] for p in b["phases"]]
        assert a["gc"]["start_bytes"] == b["gc"]["start_bytes"]
        assert a["idle_before_s"] == b["idle_before_s"]
    assert r.analyze()["gc"]["start_bytes"] == 0
