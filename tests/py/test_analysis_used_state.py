"""The used state as the analysis reports it on the seed drives' 2-hour
test (lab2016's degradation and recovery steps, run alone): the steady
state the drive settles into, the level it slides from and to against the
simulator's truth, and recovery bounds."""
import json

import pytest

import ssdcore

DEGRADATION = """\
trim
idle 15m
job name=degradation pattern=randwrite bs=4k qd=32 time=2h interval=1s log=degradation
analyze degradation
idle 15m
job name=recovery-idle pattern=randwrite bs=4k qd=32 time=5m interval=1s log=recovery-idle
analyze recovery-idle reference=degradation
trim
job name=recovery-trim pattern=randwrite bs=4k qd=32 time=5m interval=1s log=recovery-trim
analyze recovery-trim reference=degradation
"""

SEEDS = ["bx200", "ssd370", "as510s", "vector180"]
MIB = 2.0 ** 20


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("used")
    sf = base / "deg.suite"
    sf.write_text(DEGRADATION)
    out = {}
    for p in SEEDS:
        d = base / p
        ssdcore.suite(f"sim:{p}", d, suite_file=sf)
        out[p] = d
    return out


def step(d, name):
    res = json.loads((d / "results.json").read_text())
    return next(s for s in res["steps"] if s["kind"] == "analyze" and s["series"] == name + ".csv")


def test_steady_state_is_the_one_the_drive_settles_into_not_the_fresh_plateau(runs):
    for p in SEEDS:
        a = step(runs[p], "degradation")["analysis"]
        ss, gc = a["steady_state"], a["gc"]
        assert ss["found_in"] == "last_stable_region"
        # The fresh plateau meets the rule too (it used to be reported).
        assert ss["first_stable_start_s"] is not None and ss["first_stable_start_s"] < 300, p
        if not ss["reached"]:
            continue  # BX200's used state wanders 2x from second to second
        # Never before the used state: the drive left everything before it.
        assert ss["start_bytes"] >= gc["start_bytes"], p
        assert ss["start_s"] > 900, p
        # Its level is where the drive ends, within the rule's 20 %.
        assert ss["mean_bps"] == pytest.approx(gc["end_level_bps"], rel=0.2), p
        assert ss["range_ratio"] <= 0.2 and ss["slope_ratio"] <= 0.1
    reached = [p for p in SEEDS if step(runs[p], "degradation")["analysis"]["steady_state"]["reached"]]
    assert len(reached) >= 3, reached


def test_steady_state_attributes_in_python(runs):
    r = ssdcore.analyze(runs["as510s"] / "degradation.csv")
    ss = r["steady_state"]
    assert r.steady_state_start_s == ss["start_s"] and r.steady_state_start_s > 900
    assert r.steady_state_start_bytes == int(ss["start_bytes"])
    assert r.steady_state_bps == ss["mean_bps"]


def test_recovery_of_a_run_that_never_slowed_is_a_lower_bound(runs, cli):
    import subprocess
    for p in ("ssd370", "as510s"):
        trim = step(runs[p], "recovery-trim")
        rec = trim["analysis"]["recovery"]
        # TRIM restores the drive whole: never slowed in 5 minutes.
        assert rec["censored"] == "right", p
        assert rec["recovered_bytes"] == pytest.approx(trim["analysis"]["total_bytes"]), p
        idle = step(runs[p], "recovery-idle")["analysis"]["recovery"]
        assert idle["censored"] == "none", p
        r = ssdcore.analyze(runs[p] / "recovery-trim.csv", reference=runs[p] / "degradation.csv")
        assert r.recovery_censored == "right" and "recovered at least" in repr(r)
        out = subprocess.run([cli, "report", str(runs[p]), "--summary"], capture_output=True,
                             text=True).stdout
        line = next(x for x in out.splitlines() if x.strip().startswith("recovery-trim:"))
        assert "recovered at least" in line and "(the drive never slowed)" in line, line
        html = (runs[p] / "report.html").read_text()
        assert "at least: the drive never slowed" in html
        heads = json.loads((runs[p] / "results.json").read_text())["headline"]["write_curves"]
        assert heads["recovery-trim"]["recovery_censored"] == "right"
        assert heads["recovery-idle"]["recovery_censored"] == "none"
        txt = subprocess.run([cli, "analyze", str(runs[p] / "recovery-trim.csv"), "--reference",
                              str(runs[p] / "degradation.csv")], capture_output=True,
                             text=True).stdout
        assert "recovery:    at least" in txt, txt
