"""The run's span (span_bytes, DESIGN.md's analysis context): how much of
the drive the writes addressed, which a job knows (its offset and span
options, else the rest of the target). It travels from the job to its log's
metadata and its results' analysis_context, and every path reads it the
same: job().analyze(), the JobResult read back from JSON, the CLI and
analyze(path) on its log, a suite's analyze step, SuiteResult.job().analyze()
and the reloaded suite. An explicit option (CLI --span, Python
analyze(span_bytes=)) wins; a series with no metadata has none (null).
Before, no path knew it, so a random write over an 8 GiB area (CrystalDiskMark,
a short fio test) read as one over the whole drive (issue #21)."""
import json
import subprocess

import ssdcore
from suite_helpers import run_suite_text, summary_and_report

GIB = 2 ** 30
SMALL = dict(pattern="randwrite", bs="4k", qd=32, time="1m", offset="1g", span="8g")


def test_a_jobs_span_travels_to_every_path(cli, tmp_path):
    t = ssdcore.Target("sim:bx200")
    small = ssdcore.job(t, log=str(tmp_path / "small.csv"), **SMALL)
    whole = ssdcore.job(t, log=str(tmp_path / "whole.csv"), pattern="randwrite", qd=32,
                        time="1m")
    t.close()
    assert small.span_bytes == 8 * GIB
    assert small.analysis_context["span_bytes"] == 8 * GIB
    cap = whole.capacity_bytes
    assert cap and 0.999 * cap < whole.span_bytes <= cap

    suite_file = tmp_path / "span.suite"
    suite_file.write_text(
        "trim\n"
        "job name=small pattern=randwrite bs=4k qd=32 time=1m offset=1g span=8g log=small\n"
        "analyze small\n")
    out = tmp_path / "suite"
    res = ssdcore.suite("sim:bx200", out, suite_file=suite_file)
    suite_an = [s["analysis"] for s in res["steps"] if s["kind"] == "analyze"][0]
    reloaded = ssdcore.report(out)
    assert res.job("small")["analysis_context"]["span_bytes"] == 8 * GIB

    log = tmp_path / "small.csv"
    cli_an = json.loads(subprocess.run([cli, "analyze", str(log), "--json"], check=True,
                                       capture_output=True, text=True).stdout)
    paths = {
        "CLI analyze": cli_an,
        "job().analyze()": small.analyze(),
        "analyze(path)": ssdcore.analyze(str(log)),
        "JobResult read back from JSON": ssdcore.analyze(json.loads(json.dumps(small.to_dict()))),
        "suite analyze step": suite_an,
        "SuiteResult.job().analyze()": res.job("small").analyze(),
        "reloaded SuiteResult.analysis()": reloaded.analysis("small"),
    }
    got = {k: dict(v).get("span_bytes") for k, v in paths.items()}
    assert set(got.values()) == {8 * GIB}, got
    assert ssdcore.analyze(str(tmp_path / "whole.csv"))["span_bytes"] == whole.span_bytes

    # An explicit span wins, on every path that takes options.
    cli_wins = json.loads(subprocess.run([cli, "analyze", str(log), "--json", "--span", "64g"],
                                         check=True, capture_output=True, text=True).stdout)
    assert cli_wins["span_bytes"] == 64 * GIB
    assert ssdcore.analyze(str(log), span_bytes="64g")["span_bytes"] == 64 * GIB
    assert ssdcore.analyze(str(log), span_bytes=64 * GIB)["span_bytes"] == 64 * GIB
    assert small.analyze(span_bytes=64 * GIB)["span_bytes"] == 64 * GIB
    human = subprocess.run([cli, "analyze", str(log)], check=True, capture_output=True,
                           text=True).stdout
    assert "span: 8 GiB of the drive addressed" in human, human


def test_no_metadata_no_span():
    import numpy as np
    t = np.arange(1, 61, dtype=float)
    a = ssdcore.analyze((t, np.full(60, 5e8)))
    assert a["span_bytes"] is None
    assert ssdcore.analyze((t, np.full(60, 5e8)), span_bytes="8g")["span_bytes"] == 8 * GIB


def test_a_replay_records_no_span(tmp_path):
    # A replay's trace picks its offsets: its span is not known.
    log = tmp_path / "r.csv"
    ssdcore.replay("scenario:app-startup", "sim:ssd370", log=str(log))
    assert ssdcore.analyze(str(log))["span_bytes"] is None


def test_gc_the_model_runs_at_the_clean_block_speed_is_no_truth_mismatch(cli, tmp_path):
    """Random writes over 8 GiB of an SSD370 written full: the model enters
    its used state once the spare area's clean blocks are written (about
    15 GiB in) but GC's victims hold the span's overwritten data, so it
    costs nothing and the speed stays at the clean-block level. No analysis
    can place a used state that does not slow, so the suite's truth check
    must not call its absence a MISMATCH (it said "no used state found,
    model from 15.0 GiB" on every such run); a used state the model shows
    slower (the BX200 recovery run of test_suite_sim) still is one."""
    res, out = run_suite_text(
        "sim:ssd370", tmp_path,
        "precondition kind=seq_fill loops=1\n"
        "job name=small pattern=randwrite bs=4k qd=32 span=8g time=20m interval=1s log=small\n"
        "analyze small\n")
    an = [s for s in res["steps"] if s["kind"] == "analyze"][0]
    assert an["analysis"]["span_bytes"] == 8 * GIB
    assert an["analysis"]["gc"] is None
    gc = an["truth_vs_analysis"]["gc_start_bytes"]
    assert gc["truth"] < 0.9 * an["analysis"]["total_bytes"]
    truth = an["sim_truth"]["gc_level_bps"] / an["sim_truth"]["post_cache_level_bps"]
    assert 0.95 < truth < 1.05, truth
    summary, html = summary_and_report(cli, out)
    assert "small:" in summary and "MISMATCH" not in summary, summary
    assert "Mismatch with the sim truth" not in html


def test_an_analysis_result_names_its_context_as_attributes():
    # The audit (h22aud2, finding 7): capacity_bytes was an attribute, the
    # rest of the context only keys (a["span_bytes"]).
    import numpy as np
    import pandas as pd
    df = pd.DataFrame({"t_s": np.arange(1, 61.0), "bytes": np.full(60, 5e8)})
    a = ssdcore.analyze(df, capacity_bytes="500g", span_bytes="8g", precondition="seq_fill",
                        written_before_bytes="1t", idle_before_s="15m")
    assert (a.span_bytes, a.written_before_bytes) == (8 << 30, 1 << 40)
    assert (a.precondition, a.idle_before_s) == ("seq_fill", 900.0)
    assert a.span_bytes == a["span_bytes"] and isinstance(a.span_bytes, int)
    b = ssdcore.analyze(df)
    assert b.span_bytes is None and b.idle_before_s is None


def test_a_capacity_smaller_than_the_span_is_refused_everywhere(cli, tmp_path):
    """`ssdcore analyze LOG --capacity 1g` on a run over the whole of a
    240 GB drive was accepted silently (round 24's audit): a drive smaller
    than the area its writes addressed is a contradiction, refused naming
    both figures. More bytes written than the capacity is no contradiction
    (random writes rewrite LBAs) and is analysed as before."""
    log = str(tmp_path / "r.csv")
    r = ssdcore.job("sim:bx200", pattern="randwrite", bs="128k", qd=32, time="20s",
                    offset="1g", span="1g", log=log)
    assert r["write"]["bytes"] > 2 * GIB and r.span_bytes == GIB
    why = ("capacity_bytes 536870912 (0.5 GiB, given) is smaller than span_bytes 1073741824 "
           "(1 GiB, the run's metadata), the area the run's writes addressed")
    for call in (lambda: ssdcore.analyze(log, capacity_bytes="512m"),
                 lambda: r.analyze(capacity_bytes="512m"),
                 lambda: ssdcore.analyze(r["series"], capacity_bytes=512 << 20)):
        try:
            call()
        except ssdcore.InvalidArgument as e:
            assert why in str(e), str(e)
        else:
            raise AssertionError("a capacity under the span was accepted")
    p = subprocess.run([cli, "analyze", log, "--capacity", "512m"], capture_output=True,
                       text=True, timeout=120)
    assert p.returncode != 0 and why in p.stderr, (p.returncode, p.stderr)
    # a span given with it decides too, either way
    assert ssdcore.analyze(log, capacity_bytes="512m", span_bytes="256m")["capacity_bytes"] \
        == 512 << 20
    p = subprocess.run([cli, "analyze", log, "--capacity", "2g", "--span", "4g"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode != 0 and "(4 GiB, given)" in p.stderr, p.stderr
    # a capacity written rounded, within 1% under the span, is no contradiction
    assert ssdcore.analyze(log, capacity_bytes=int(GIB * 0.995))["capacity_bytes"] \
        == int(GIB * 0.995)
    # written > capacity >= span: accepted
    assert ssdcore.analyze(log, capacity_bytes="2g")["capacity_bytes"] == 2 * GIB
    p = subprocess.run([cli, "analyze", log, "--capacity", "2g"], capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
