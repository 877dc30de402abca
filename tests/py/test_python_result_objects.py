"""Result objects: attribute access with units in the names, tidy frames
with integer byte counts, a one-row summary, a short repr (never the
samples), the raw JSON still a dict; analyze() takes every form a notebook
has at hand and keeps latency when the input has it."""
import json
import pickle

import numpy as np
import pandas as pd
import pytest

import ssdcore


@pytest.fixture(scope="module")
def long_job():
    # 2 hours on the simulated BX200: 7,200 samples, the 2.8 MB print.
    return ssdcore.job("sim:bx200", pattern="randwrite", qd=32, time="2h")


def test_job_result_attributes_and_dict_agree(long_job):
    r = long_job
    assert isinstance(r, ssdcore.results.JobResult) and isinstance(r, dict)
    assert r.total_bytes == r["bytes"] and isinstance(r.total_bytes, int)
    assert r.runtime_s == pytest.approx(7200) and r.sample_count == 7200
    assert r.bw_bps == pytest.approx(r.total_bytes / r.runtime_s, rel=1e-6)
    assert not hasattr(r, "bw_mib_per_s")  # a rate is _bps, as in every name
    assert r.status == "complete" and r.queue_depth == 32 and r.block_size_bytes == 4096
    lat = r.latency_us("write")
    assert lat["p99_9"] == pytest.approx(r["write"]["lat_ns"]["p99_9"] / 1e3)
    assert r.latency_us("read")["p50"] is None  # no reads: None, not 0


def test_repr_is_a_few_lines_never_the_samples(long_job):
    text = repr(long_job)
    assert len(text.splitlines()) <= 6 and len(text) < 600
    assert text.startswith("<JobResult sim:bx200 randwrite")
    html = long_job._repr_html_()
    assert len(html) < 4000 and "<table>" in html
    assert len(str(long_job)) < 600


def test_job_frame_one_row_per_sample_with_integer_bytes(long_job):
    df = long_job.to_frame()
    assert len(df) == 7200
    assert df["bytes"].dtype == np.int64 and df["written_bytes"].dtype == np.int64
    assert int(df["bytes"].sum()) == long_job.total_bytes
    assert df["written_bytes"].iloc[-1] == long_job.total_bytes
    s = long_job.summary()
    assert len(s) == 1 and s["total_bytes"][0] == long_job.total_bytes
    assert "write_p99_9_us" in s.columns


def test_raw_json_round_trips(long_job):
    d = long_job.to_dict()
    assert type(d) is dict and d["bytes"] == long_job.total_bytes
    back = pickle.loads(pickle.dumps(long_job))
    assert type(back) is ssdcore.results.JobResult and back.total_bytes == long_job.total_bytes
    text = json.dumps(long_job.to_dict())  # the samples and histograms as JSON types
    assert len(json.loads(text)["series"]) == 7200


def test_analyze_takes_every_form_and_agrees(long_job):
    a = ssdcore.analyze(long_job)
    assert isinstance(a, ssdcore.results.AnalysisResult)
    assert a.cache_bytes == pytest.approx(2 * 2**30, rel=0.05)
    df = long_job.to_frame()
    t, b = df["t_s"].to_numpy(), df["bytes"].to_numpy()
    forms = [df, (t, b), [t, b], {"t_s": t, "bytes": b}, np.column_stack([t, b]),
             ssdcore.Series.from_arrays(t, b)]
    for f in forms:
        assert ssdcore.analyze(f).cache_bytes == a.cache_bytes, type(f)
    # The job result and its frame carry latency: the analysis keeps it.
    assert a["latency"] is not None and a["latency"]["p99_us"] > 0
    assert ssdcore.analyze(df)["latency"]["p99_us"] == a["latency"]["p99_us"]
    assert ssdcore.analyze((t, b))["latency"] is None
    assert long_job.analyze().cache_bytes == a.cache_bytes


def test_analyze_takes_the_dataframe_read_series_returns(tmp_path, long_job):
    log = tmp_path / "run.csv"
    ssdcore.job("sim:bx200", pattern="randwrite", qd=32, time="5m", log=log)
    df = ssdcore.read_series(log, as_frame=True)
    assert ssdcore.analyze(df).cache_bytes == ssdcore.analyze(log).cache_bytes


def test_analysis_result_frames(long_job):
    a = ssdcore.analyze(long_job)
    ph = a.to_frame()
    assert len(ph) == len(a.phases) >= 2
    assert str(ph["start_bytes"].dtype) == "Int64" and ph["start_bytes"].iloc[0] == 0
    assert ph["end_bytes"].iloc[-1] == a.total_bytes
    s = a.summary()
    assert len(s) == 1 and s["cache_bytes"][0] == a.cache_bytes
    assert list(s.columns) == ssdcore.batch.ANALYSIS_COLUMNS
    assert f"cache {a.cache_bytes / 2**30:.2f} GiB" in repr(a) and len(repr(a).splitlines()) <= 7
    # The analysis names each phase's regime: the repr and the frame show it.
    assert ph["regime"].iloc[0] == "cache" and "phases: cache, direct" in repr(a)
    assert isinstance(a.cache_bytes, int) and isinstance(a.total_bytes, int)


def test_suite_result_steps_frame_and_step_analysis(tmp_path):
    r = ssdcore.suite("sim:bx200", tmp_path / "q", suite="quick")
    assert isinstance(r, ssdcore.results.SuiteResult) and r.status == "complete"
    df = r.to_frame()
    assert len(df) == len(r["steps"]) and set(df["kind"]) >= {"job", "idle", "trim"}
    jobs = df[df["kind"] == "job"]
    assert jobs["total_bytes"].notna().all() and str(jobs["total_bytes"].dtype) == "Int64"
    deg = r.job("degradation")
    assert isinstance(deg, ssdcore.results.JobResult) and deg.pattern == "randwrite"
    a = ssdcore.analyze(r.step("degradation"))
    assert a.cache_bytes == r.analysis("degradation").cache_bytes
    hl = r["headline"]["write_curves"]["degradation"]["cache_bytes"]
    assert a.cache_bytes == pytest.approx(hl, rel=1e-6)
    assert len(repr(r).splitlines()) <= 9
    assert ssdcore.report(tmp_path / "q").out_dir == str(tmp_path / "q")
    with pytest.raises(KeyError, match="no step 'nope'"):
        r.step("nope")
    json.dumps(r)  # still plain JSON


def test_analyze_refuses_what_it_cannot_read():
    with pytest.raises(TypeError, match="got int"):
        ssdcore.analyze(5)
    import pandas as pd
    with pytest.raises(TypeError, match="needs columns t_s and bytes"):
        ssdcore.analyze(pd.DataFrame({"x": [1.0]}))


def test_suite_repr_says_rates_in_mib_s_and_counts_in_whole_digits():
    # results.json writes a whole-number rate as a JSON integer and IOPS as
    # a float: the repr showed "seq_write_bps: 387973120 B/s" beside
    # "seq_read_bps: 493.8 MiB/s", and "rand4k_read_qd4_iops: 2.622e+04".
    r = ssdcore.results.SuiteResult({
        "suite": "quick", "status": "complete", "steps": [],
        "headline": {"seq_read_bps": 517786828.8, "seq_write_bps": 387973120,
                     "rand4k_read_qd4_iops": 26223.3, "rand4k_read_qd1_iops": 8549}})
    text = repr(r)
    assert "seq_write_bps: 370.0 MiB/s" in text and "seq_read_bps: 493.8 MiB/s" in text
    assert "rand4k_read_qd4_iops: 26223" in text and "e+" not in text
    assert "rand4k_read_qd1_iops: 8549" in text
    html = r._repr_html_()
    assert "370.0 MiB/s" in html and "e+" not in html


def test_suite_from_a_suite_file_is_named_by_the_file_as_the_cli_names_it():
    # results.json has "suite": null and "suite_file" for `--suite-file`:
    # the repr said "<SuiteResult  on sim:...>" and "suite: " (empty) where
    # the CLI says "my.suite on sim:...: done" (round 24's audit).
    r = ssdcore.results.SuiteResult({
        "suite": None, "suite_file": "/tmp/x/fill.suite", "status": "complete",
        "target": {"uri": "sim:bx200"}, "steps": [], "headline": {}})
    assert r.suite_name == "/tmp/x/fill.suite"
    assert repr(r).startswith("<SuiteResult /tmp/x/fill.suite on sim:bx200: ")
    assert r.summary()["suite"].iloc[0] == "/tmp/x/fill.suite"
    assert ssdcore.results.SuiteResult({"suite": "quick", "steps": []}).suite_name == "quick"


def test_analysis_repr_says_a_bound_only_for_a_cache_never_seen_ending():
    # The repr printed "(censored: none)" on every cache and "(censored:
    # right)", then "0.0 MiB/s" after it, where the CLI says "at least".
    t = np.arange(1, 601, dtype=float)
    flat = pd.DataFrame({"t_s": t, "bytes": np.full(600, 500 * 2**20)})
    a = ssdcore.analyze(flat, expect_cache_bps=500 * 2**20)
    assert a.cache_censored == "right"
    assert "cache at least 292.97 GiB at 500.0 MiB/s (no drop seen)" in repr(a)
    assert "censored" not in repr(a) and "then" not in repr(a).splitlines()[1]
    step = pd.DataFrame({"t_s": t, "bytes": np.where(t <= 100, 2000, 200) * 2**20})
    b = ssdcore.analyze(step)
    assert b.cache_found and b.cache_censored == "none"
    assert "censored" not in repr(b) and ", then 200.0 MiB/s" in repr(b)


def test_analyze_names_an_unknown_option_whatever_its_value():
    # analyze(df, capacity="500g") said "expected a number" for an option
    # that does not exist (it is capacity_bytes).
    flat = pd.DataFrame({"t_s": [1.0, 2.0, 3.0], "bytes": [1e6, 1e6, 1e6]})
    with pytest.raises(TypeError, match="unknown option 'capacity' .*capacity_bytes"):
        ssdcore.analyze(flat, capacity="500g")


def test_analysis_repr_says_the_used_state_as_the_cli_does(long_job):
    # The repr said "GC from 246.37 GiB" where `ssdcore analyze` and the
    # report say "used state" (round-22 audit finding 5).
    a = long_job.analyze()
    text = repr(a)
    assert "GC from" not in text
    line = [x for x in text.splitlines() if "used state" in x]
    assert len(line) == 1 and line[0].startswith(
        f"  used state from {a.gc_start_bytes / 2**30:.2f} GiB (clean blocks ran out)")
    # The plot's mark says it as the report's chart does.
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    labels = [str(ln.get_label()) for ln in a.plot().get_lines()]
    assert any(x.startswith("used state (GC) from ") for x in labels), labels
    assert not [x for x in labels if x.startswith("GC from")]


def test_a_suite_job_s_frame_is_its_log_s_samples(tmp_path):
    # SuiteResult.job(name) holds no samples (results.json keeps none), so
    # its to_frame() was an empty frame though .analyze() reads the step's
    # log beside results.json (round 24's new-user audit).
    suite = tmp_path / "w.suite"
    suite.write_text("trim\njob name=w pattern=randwrite bs=4k qd=32 time=60 interval=1s log=w\n")
    r = ssdcore.suite("sim:bx200", tmp_path / "r", suite_file=suite, report=False)
    j = r.job("w")
    f = j.to_frame()
    assert len(f) == 60 and int(f["bytes"].sum()) == j.total_bytes
    assert list(f.columns[:5]) == ["t_s", "bytes", "ops", "rate_bps", "written_bytes"]
    assert f["bytes"].dtype == "int64" and f.attrs["metadata"]["capacity_bytes"] > 0
    direct = ssdcore.job("sim:bx200", pattern="randwrite", bs="4k", qd=32, time=60).to_frame()
    assert list(f.columns) == list(direct.columns)
