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
