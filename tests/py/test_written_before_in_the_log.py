"""A job records what was written to the drive since its last TRIM before it
(`written_before_bytes` in the series metadata), and `analyze` takes it from
there. Before, only the suite's own analysis knew it: `ssdcore analyze
recovery-idle.csv --reference degradation.csv` on lab2016's logs labelled the
used state 4 GiB in as "other" and found no GC, while results.json said GC
from 4.0 GiB. The same CSV now gives one answer."""
import json
import subprocess

import pytest

import ssdcore
from suite_helpers import series_metadata

GIB = 2 ** 30


def cli(*args, check=True):
    return subprocess.run(["ssdcore", *map(str, args)], check=check, capture_output=True,
                          text=True)


@pytest.fixture(scope="module")
def lab(sim_runs):
    return sim_runs.path("sim:bx200", "lab2016")


def suite_analysis(run, name):
    steps = json.loads((run / "results.json").read_text())["steps"]
    return [s for s in steps if s["name"] == name][0]["analysis"]


def test_suite_jobs_record_what_was_written_since_trim(lab):
    idle = suite_analysis(lab, "analyze-recovery-idle")
    assert idle["written_before_bytes"] > 240e9  # the 2-hour test wrote 305 GiB after the TRIM
    assert series_metadata(lab / "recovery-idle.csv")["written_before_bytes"] == pytest.approx(
        idle["written_before_bytes"], abs=1)
    # Right after a whole-drive TRIM nothing was written: no key at all.
    assert "written_before_bytes" not in series_metadata(lab / "degradation.csv")
    assert "written_before_bytes" not in series_metadata(lab / "recovery-trim.csv")


def test_analyze_of_the_csv_alone_agrees_with_the_suite(lab):
    mine = json.loads(cli("analyze", lab / "recovery-idle.csv", "--reference",
                          lab / "degradation.csv", "--json").stdout)
    suite = suite_analysis(lab, "analyze-recovery-idle")
    assert mine["gc"] is not None and suite["gc"] is not None
    assert mine["gc"]["start_bytes"] == pytest.approx(suite["gc"]["start_bytes"], rel=1e-9)
    assert mine["gc"]["start_bytes"] == pytest.approx(4.0 * GIB, rel=0.02)
    assert [p["regime"] for p in mine["phases"]] == [p["regime"] for p in suite["phases"]]
    assert mine["recovery"]["recovered_bytes"] == suite["recovery"]["recovered_bytes"]
    text = cli("analyze", lab / "recovery-idle.csv").stdout
    assert "written before: 305 GiB since the last TRIM" in text
    # Python reads the same metadata.
    a = ssdcore.analyze(lab / "recovery-idle.csv", reference=lab / "degradation.csv")
    assert a.gc_start_bytes == mine["gc"]["start_bytes"]


def test_the_option_wins_over_the_metadata(lab):
    d = json.loads(cli("analyze", lab / "recovery-idle.csv", "--written-before", "1g",
                       "--json").stdout)
    assert d["written_before_bytes"] == GIB
    a = ssdcore.analyze(lab / "recovery-idle.csv", written_before_bytes="2g")
    assert a["written_before_bytes"] == 2 * GIB


def test_job_option_cli_and_python(tmp_path):
    log = tmp_path / "w.csv"
    cli("job", "--target", "sim:bx200", "--pattern", "randwrite", "--qd", "32", "--time", "4",
        "--written-before", "300g", "--log", log, "--no-progress")
    assert series_metadata(log)["written_before_bytes"] == 300 * GIB
    assert ssdcore.analyze(log)["written_before_bytes"] == 300 * GIB
    plog = tmp_path / "p.csv"
    ssdcore.job("sim:bx200", "randwrite", "4k", 32, time=2, log=str(plog),
                written_before="1g")
    assert series_metadata(plog)["written_before_bytes"] == GIB
    # Without it the key is not written (a fresh drive, or unknown).
    ssdcore.job("sim:bx200", "randwrite", "4k", 32, time=1, log=str(plog))
    assert "written_before_bytes" not in series_metadata(plog)


@pytest.mark.parametrize("value", ["-5", "lots", "1e30"])
def test_job_refuses_a_bad_figure_by_name(value):
    p = cli("job", "--target", "sim:bx200", "--pattern", "randwrite", "--time", "1",
            "--written-before", value, "--no-progress", check=False)
    assert p.returncode != 0
    assert p.stderr.startswith("ssdcore job: --written-before: "), p.stderr


def test_a_job_steps_own_figure_reaches_the_suites_analysis(tmp_path):
    """A job step's written_before= is what its log records, and the suite's
    analysis of that log uses it rather than the runner's own count (what
    job "a" wrote)."""
    suite = tmp_path / "own.suite"
    suite.write_text("trim\n"
                     "job name=a pattern=randwrite bs=4k qd=32 time=10s interval=1s\n"
                     "job name=w pattern=randwrite bs=4k qd=32 time=20s interval=1s log=w "
                     "written_before=200g\n"
                     "analyze w\n")
    out = tmp_path / "out"
    cli("suite", "sim:bx200", "--suite-file", suite, "--out", out, "--no-progress")
    assert series_metadata(out / "w.csv")["written_before_bytes"] == 200 * GIB
    assert suite_analysis(out, "analyze-w")["written_before_bytes"] == 200 * GIB
