"""A suite records how the drive was preconditioned in each job's log, as it
records written_before (DESIGN.md, "The analysis context travels with the
run"): "none" after a whole-target TRIM with nothing written since, not
recorded (unknown) once jobs wrote; a job step's own precondition= wins,
and an analyze step takes precondition=WORD like any analysis option."""
import ssdcore

SUITE = """\
trim
job name=a pattern=randwrite qd=32 time=20 log=a
job name=b pattern=randwrite qd=32 time=20 log=b
job name=c pattern=randwrite qd=32 time=20 log=c precondition=random_fill
analyze a
analyze b precondition=seq_fill
"""


def test_suite_jobs_record_precondition_and_analyze_steps_take_the_word(tmp_path):
    f = tmp_path / "p.suite"
    f.write_text(SUITE)
    out = tmp_path / "out"
    res = ssdcore.suite("sim:ssd370", out, suite_file=f)
    meta = {n: ssdcore.Series.open(str(out / f"{n}.csv")).metadata for n in "abc"}
    assert meta["a"]["precondition"] == "none" and "written_before_bytes" not in meta["a"]
    assert "precondition" not in meta["b"] and meta["b"]["written_before_bytes"] > 0
    assert meta["c"]["precondition"] == "random_fill"
    assert res.job("a")["analysis_context"]["precondition"] == "none"
    assert res.job("b")["analysis_context"]["precondition"] == "unknown"
    an = {s["series"]: s for s in res["steps"] if s["kind"] == "analyze"}
    assert an["a.csv"]["analysis"]["precondition"] == "none"
    assert an["b.csv"]["analysis"]["precondition"] == "seq_fill"
    assert an["b.csv"]["options"] == {"precondition": 1}
    # Reloaded (compare, catalog), the step's option still wins.
    again = {s["series"]: s for s in ssdcore.report(out)["steps"] if s["kind"] == "analyze"}
    assert again["b.csv"]["analysis"]["precondition"] == "seq_fill"


def test_a_whole_drive_sequential_job_after_a_trim_is_a_sequential_fill(tmp_path):
    """A job that writes the whole drive sequentially from its start, right
    after a whole-target TRIM, fills it as `precondition kind=seq_fill`
    does (issue 21's own fill.suite fills so): the run after it records
    precondition seq_fill. Not a random fill's job (4K random writes of the
    capacity leave part of it untouched), nor one over part of the drive,
    nor one shorter than the drive, nor a run after another write since, nor a fill of a drive
    not fresh when it began."""
    size = ssdcore.SimTarget("sim:ssd370").size_bytes
    fill = f"job name=fill pattern=write bs=128k qd=32 bytes={size}"
    run = "job name=r pattern=randwrite qd=32 time=20 log=r"
    cases = {
        "seq_fill": f"trim\n{fill}\n{run}\n",
        "twice": f"trim\n{fill}\n{fill.replace('fill', 'fill2', 1)}\n{run}\n",
        None: f"trim\n{fill.replace('pattern=write', 'pattern=randwrite')}\n{run}\n",
        "offset": f"trim\n{fill} offset=1g\n{run}\n",
        "span": f"trim\n{fill} span=64g\n{run}\n",
        "short": f"trim\n{fill.replace(str(size), str(size // 2))}\n{run}\n",
        "after": f"trim\n{fill}\njob name=w pattern=write bs=128k qd=32 bytes=1g\n{run}\n",
        # (on a drive opened written full, no TRIM first: no fill from fresh)
        "untrimmed": f"{fill}\n{run}\n",
    }
    for name, text in cases.items():
        f = tmp_path / f"{name}.suite"
        f.write_text(text)
        out = tmp_path / str(name)
        uri = "sim:ssd370,precondition=random_fill" if name == "untrimmed" else "sim:ssd370"
        res = ssdcore.suite(uri, out, suite_file=f, report=False)
        meta = ssdcore.Series.open(str(out / "r.csv")).metadata
        want = "seq_fill" if name in ("seq_fill", "twice") else None
        assert meta.get("precondition") == want, name
        assert res.job("r")["analysis_context"]["precondition"] == (want or "unknown"), name


def test_a_whole_drive_sequential_job_on_a_target_is_a_sequential_fill(tmp_path):
    """The same on an open target, job after job (C, Python, `ssdcore
    job`): the run after a whole-drive sequential job records seq_fill, as
    the suite's does; after a random one, nothing."""
    for pattern, want in (("write", "seq_fill"), ("randwrite", None)):
        with ssdcore.SimTarget("sim:ssd370") as t:
            ssdcore.job(t, pattern=pattern, bs=131072, qd=32, bytes=t.size_bytes)
            log = tmp_path / f"{pattern}.csv"
            r = ssdcore.job(t, pattern="randwrite", qd=32, time=20, log=str(log))
        assert ssdcore.Series.open(str(log)).metadata.get("precondition") == want, pattern
        assert r["analysis_context"]["precondition"] == (want or "unknown"), pattern
