"""Temperature and throttling on the simulator: the thermal profile
throttles, the analysis finds it within a few % of the model's truth (only
with the temp_c column, never guessed without it), the column round-trips
through the series reader and Python, and the thermal suite runs."""
import json
import math
import re
import subprocess

import numpy as np
import pytest

import ssdcore

HOT = "sim:hot-nvme-1tb"
MIB = 2 ** 20


def rel_err(a, b):
    return abs(a - b) / abs(b)


@pytest.fixture(scope="module")
def hot_write(tmp_path_factory):
    """Five minutes of 128K QD32 sequential writes on the thermal profile,
    logged; its truth; and the analysis of the log."""
    log = tmp_path_factory.mktemp("thermal") / "hot.csv"
    t = ssdcore.SimTarget(HOT)
    r = ssdcore.job(t, pattern="write", bs="128k", qd=32, time=300, log=str(log))
    truth = t.truth()
    t.close()
    return r, truth, log, ssdcore.analyze(str(log))


def test_the_thermal_profile_throttles_at_its_temperature(hot_write):
    r, truth, _, _ = hot_write
    assert truth["throttle_start_s"] is not None, "the drive never throttled"
    assert 80 <= truth["throttle_start_temp_c"] < 80.5
    assert truth["throttle_level_bps"] == pytest.approx(2200 * MIB, rel=1e-6)
    temps = r["series"]["temp_c"]
    assert temps[0] < 45 and 79 < temps.max() <= 80.5
    # The throttle holds it below 80 C from then on, at the capped speed.
    late = r["series"]["write_bytes"][-60:]
    assert np.median(late) == pytest.approx(2200 * MIB, rel=0.01)


def test_analysis_finds_the_throttle_within_a_few_percent_of_truth(hot_write):
    _, truth, _, a = hot_write
    th = a["throttle"]
    assert th is not None, a.get("throttle_note")
    assert rel_err(th["start_s"], truth["throttle_start_s"]) <= 0.03
    assert rel_err(th["start_bytes"], truth["throttle_start_bytes"]) <= 0.03
    assert abs(th["temp_c"] - truth["throttle_start_temp_c"]) <= 1.0
    assert rel_err(th["level_bps"], truth["throttle_level_bps"]) <= 0.03
    assert rel_err(th["before_bps"], truth["post_cache_level_bps"]) <= 0.03
    assert rel_err(th["throttled_s"], truth["throttled_s"]) <= 0.03
    # Its own regime, and the fast start is no SLC cache (the drive has none).
    assert [p["regime"] for p in a["phases"]] == ["direct", "throttle"]
    assert a["cache"] is None
    assert a["temperature"]["source"] == "sim model"
    assert a["temperature"]["max_c"] == pytest.approx(truth["throttle_start_temp_c"], abs=0.6)
    assert a.throttle_temp_c == th["temp_c"] and a.throttle_start_s == th["start_s"]


@pytest.mark.parametrize("cap", [1500, 1000, 600])
def test_a_sawtooth_throttle_is_found_at_its_first_drop(cap):
    # A cap that cools the drive below the release point: the speed comes
    # back, the drive heats again, and the speed saw-tooths; at 600 MiB/s
    # the steps are too short for phases of their own (periodic dips).
    t = ssdcore.SimTarget(f"{HOT},throttle_mibps={cap}")
    r = ssdcore.job(t, pattern="write", bs="128k", qd=32, time=400)
    truth = t.truth()
    t.close()
    assert len(truth["throttles"]) > 3  # it saw-tooths
    th = r.analyze()["throttle"]
    assert th is not None
    assert rel_err(th["start_s"], truth["throttle_start_s"]) <= 0.03
    assert rel_err(th["start_bytes"], truth["throttle_start_bytes"]) <= 0.03
    assert abs(th["temp_c"] - truth["throttle_start_temp_c"]) <= 1.0
    assert rel_err(th["level_bps"], cap * MIB) <= 0.05


def test_without_the_temperature_column_there_is_no_throttle_verdict(hot_write):
    r, _, log, _ = hot_write
    # The same samples without temp_c: read without the column, as arrays,
    # and as a log whose column was cut off.
    plain = ssdcore.Series.open(str(log), columns=["lat_*"])
    arrays = (r["series"]["t_s"], r["series"]["write_bytes"].astype(float))
    cut = log.with_name("cut.csv")
    lines = log.read_text().splitlines()
    cut.write_text("\n".join(line.rsplit(",", 1)[0] if not line.startswith("#") else line
                             for line in lines) + "\n")
    assert "temp_c" not in cut.read_text()
    for data in (plain, arrays, str(cut)):
        a = ssdcore.analyze(data)
        assert a["throttle"] is None and a["temperature"] is None
        assert "temperature" in a["throttle_note"]
        assert all(p["regime"] != "throttle" for p in a["phases"])


def test_temperature_column_round_trips_through_reader_and_python(hot_write):
    r, _, log, _ = hot_write
    s = r["series"]
    assert "temp_c" in s.columns and "temp_c" in s[0]
    read = ssdcore.Series.open(str(log))
    assert "temp_c" in read.columns
    np.testing.assert_allclose(read.columns["temp_c"], np.round(s["temp_c"], 1), atol=1e-9)
    head = log.read_text().splitlines()[1]
    assert json.loads(head[2:])["temp_source"] == "sim model"
    assert r["temp_source"] == "sim model"
    # The in-memory analysis of the job is the log's.
    a = r.analyze()
    assert a["throttle"] == ssdcore.analyze(str(log))["throttle"]
    # Only the columns asked for are parsed.
    assert "temp_c" not in ssdcore.Series.open(str(log), columns=[]).columns
    assert list(ssdcore.Series.open(str(log), columns=["temp_c"]).columns) == ["temp_c"]


def test_a_file_target_without_a_sensor_has_no_temperature(tmp_path):
    r = ssdcore.job(str(tmp_path / "f.bin"), pattern="write", size="4m", time=0.3,
                    interval=0.1, buffered=True, log=str(tmp_path / "f.csv"))
    if r.get("temp_source"):
        pytest.skip(f"this machine reads the disk's temperature ({r['temp_source']})")
    assert "temp_c" not in r["series"].columns
    assert "temp_c" not in (tmp_path / "f.csv").read_text()
    with pytest.raises(KeyError):
        r["series"]["temp_c"]


def test_no_throttle_on_the_drives_that_do_not_throttle(tmp_path):
    # The seeds' and the datacenter drives heat too (their logs have temp_c)
    # but never throttle: a fill's verdicts with the column are the
    # verdicts without it, and none is a throttle.
    for p in ssdcore.sim.profiles():
        if p["params"]["throttle_c"]:
            continue
        log = str(tmp_path / f"{p['name']}.csv")
        ssdcore.job(f"sim:{p['name']}", pattern="write", bs="128k", qd=32, coverage=1,
                    interval=1, log=log)
        with_t = ssdcore.analyze(log)
        without = ssdcore.analyze(ssdcore.Series.open(log, columns=["lat_*"]))
        assert with_t["temperature"] is not None and without["temperature"] is None
        assert with_t["throttle"] is None, p["name"]
        for k in ("phases", "cache", "post_cache_bps", "folding", "gc"):
            assert with_t[k] == without[k], (p["name"], k)


def test_sim_health_counts_throttled_time_as_an_nvme_log_does():
    # TMT1 transitions and seconds: the truth's throttled stretch, and an
    # idle adds only the seconds until the drive cools out of its step.
    t = ssdcore.SimTarget(HOT)
    assert t.health()["thermal_t1_seconds"] == 0
    ssdcore.job(t, pattern="write", bs="128k", qd=32, time=300)
    h, truth = t.health(), t.truth()
    assert h["thermal_t1_transitions"] == 1 and h["thermal_t2_transitions"] == 0
    assert abs(h["thermal_t1_seconds"] - truth["throttled_s"]) <= 1
    t.idle(600)
    cooled = t.health()["thermal_t1_seconds"] - h["thermal_t1_seconds"]
    assert 0 <= cooled <= 30 and t.health()["temperature_c"] < 50
    t.close()
    # A drive that never throttles has no such counters (never a 0).
    assert "thermal_t1_seconds" not in ssdcore.SimTarget("sim:mp44l-1tb").health()


def test_temp_steady_stops_a_job_once_the_temperature_settles():
    r = ssdcore.job(HOT, pattern="write", bs="128k", qd=32, time="30m", temp_steady="2m")
    assert r["temp_steady_s"] == 120
    at = r["temp_steady_at_s"]
    assert at is not None and 120 <= at < 600 and r["runtime_s"] == pytest.approx(at)
    last = r["series"]["temp_c"][-120:]
    assert last.max() - last.min() <= 1.0


def test_thermal_suite_writes_then_reads_and_finds_the_throttle(tmp_path):
    out = tmp_path / "run"
    res = ssdcore.suite(HOT, str(out), "thermal")
    steps = {s["name"]: s for s in res["steps"]}
    assert steps["thermal-write"]["state"] == "done" and steps["thermal-read"]["state"] == "done"
    w = steps["analyze-thermal-write"]["analysis"]
    assert w["throttle"] is not None and abs(w["throttle"]["temp_c"] - 80) <= 1
    rd = steps["analyze-thermal-read"]["analysis"]
    assert rd["temperature"] is not None and rd["throttle"] is None  # reads heat less
    html = (out / "report.html").read_text()
    assert "temp-axis" in html  # the write curve's second axis
    cli = subprocess.run(["ssdcore", "suite", "--list", HOT, "--suite", "thermal"],
                         capture_output=True, text=True, check=True).stdout
    assert "temp_steady=2m" in cli and "ddir=read" in cli
    # Reloaded, the read pass's analysis reads its reads again (ddir is
    # kept in results.json), so nothing falls back to the stored figures.
    again = subprocess.run(["ssdcore", "report", str(out)], capture_output=True, text=True,
                           check=True)
    assert "cannot recompute" not in again.stderr, again.stderr
    assert steps["analyze-thermal-read"]["ddir"] == "read"


def test_headline_has_the_throttle_figures_also_from_a_stored_analysis(tmp_path):
    out = tmp_path / "run"
    res = ssdcore.suite(HOT, str(out), "thermal")
    th = res["steps"][[s["name"] for s in res["steps"]].index("analyze-thermal-write")]
    th = th["analysis"]["throttle"]
    w = res["headline"]["write_curves"]["thermal-write"]
    assert (w["throttle_start_s"], w["throttle_temp_c"], w["throttled_s"]) == \
        (th["start_s"], th["temp_c"], th["throttled_s"])
    assert w["throttle_level_bps"] == pytest.approx(th["level_bps"], rel=1e-6)
    assert w["max_temp_c"] >= th["temp_c"]
    assert w["state"]["throttle_start_s"] == "measured"
    rd = res["headline"]["write_curves"]["thermal-read"]
    assert rd["throttle_start_s"] is None and rd["state"]["throttle_start_s"] == "none"
    # The log gone, the analysis stored in results.json still has them.
    (out / "thermal-write.csv").unlink()
    again = ssdcore.report(str(out))["headline"]["write_curves"]["thermal-write"]
    assert again["throttle_start_s"] == w["throttle_start_s"]
    assert again["state"]["throttled_s"] == "measured" and again["max_temp_c"] == w["max_temp_c"]


def test_compare_bars_the_throttle_and_draws_every_drive_s_temperature(tmp_path):
    # A thermal compare of a drive that throttles and one that does not:
    # the throttle's figures with which way is better, "did not throttle"
    # (never 0) for the other, and a temperature chart per pass.
    runs = []
    for d in ("hot-nvme-1tb", "mp44l-1tb"):
        runs.append(tmp_path / d)
        ssdcore.suite(f"sim:{d}", str(runs[-1]), "thermal")
    out = tmp_path / "cmp"
    subprocess.run(["ssdcore", "compare", *map(str, runs), "--out", str(out)], check=True,
                   capture_output=True)
    figs = {f["key"]: f for f in json.loads((out / "compare.json").read_text())["figures"]}
    w = "write_curves.thermal-write."
    after = figs[w + "throttle_start_s"]
    assert after["better"] == "higher" and after["states"] == ["measured", "none"]
    assert 60 <= after["values"][0] <= 75 and after["values"][1] is None
    assert figs[w + "throttle_temp_c"]["values"][0] == pytest.approx(80, abs=1)
    hot = figs[w + "max_temp_c"]
    assert hot["better"] == "lower" and hot["unit"] == "C"
    assert hot["values"][0] > hot["values"][1] + 20  # the one without a heatsink runs hot
    html = (out / "compare.html").read_text()
    # Both passes' overlays draw every drive's temperature on a right axis,
    # with a throttle dot only for the hot drive, only when writing.
    overlays = {m.group(1): m.group(0) for m in re.finditer(
        r"<figure><figcaption>(thermal-\w+): write speed against data written.*?</figure>", html,
        re.S)}
    assert sorted(overlays) == ["thermal-read", "thermal-write"]
    for fig in overlays.values():
        assert 'class="temp-axis"' in fig and fig.count('<g data-key="temp">') == 2
    dots = re.findall(r'class="throttle"[^>]*data-tip="([^"]*)"', overlays["thermal-write"])
    assert len(dots) == 1 and dots[0].startswith("PCIe 4.0"), dots
    assert 'class="throttle"' not in overlays["thermal-read"]
    assert "did not throttle" in html
    # A run whose log is gone keeps its throttle from the stored analysis.
    (runs[0] / "thermal-write.csv").unlink()
    out2 = tmp_path / "cmp2"
    subprocess.run(["ssdcore", "compare", *map(str, runs), "--out", str(out2)], check=True,
                   capture_output=True)
    figs2 = {f["key"]: f for f in json.loads((out2 / "compare.json").read_text())["figures"]}
    assert figs2[w + "throttle_start_s"]["values"] == after["values"]
    assert figs2[w + "throttled_s"]["states"][0] == "measured"


def test_python_plot_draws_the_temperature_on_a_second_axis(hot_write):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from ssdcore import plot as P
    r, _, log, a = hot_write
    ax = P.write_curve(a)
    assert len(ax.figure.axes) == 2  # the speed, and the temperature's twin
    temp_ax = ax.figure.axes[1]
    assert temp_ax.get_ylabel() == "°C"
    assert any("throttles at 80.0" in t.get_text() for t in ax.get_legend().get_texts())
    plt.close(ax.figure)
    ax = P.write_curve(ssdcore.analyze(ssdcore.Series.open(str(log), columns=["lat_*"])))
    assert len(ax.figure.axes) == 1  # no column, no axis
    plt.close(ax.figure)


def test_cli_analyze_help_and_set_reach_the_throttle_option():
    import subprocess
    help_text = subprocess.run(["ssdcore", "analyze", "--help"], capture_output=True,
                               text=True).stdout
    # The options table makes the flag (--throttle-min-c, or --set throttle_min_c=).
    assert "--throttle-min-c" in help_text and "temp_c" in help_text
    sample = str(__import__("pathlib").Path(__file__).parents[1] / "data" / "series"
                 / "series_v1_temp.csv")
    out = subprocess.run(["ssdcore", "analyze", "--json", sample], capture_output=True,
                         text=True, check=True).stdout
    assert json.loads(out)["throttle"]["temp_c"] == 80
    out = subprocess.run(["ssdcore", "analyze", "--json", "--set", "throttle_min_c=85", sample],
                         capture_output=True, text=True, check=True).stdout
    assert json.loads(out)["throttle"] is None
    out = subprocess.run(["ssdcore", "analyze", "--json", "--throttle-min-c", "85", sample],
                         capture_output=True, text=True, check=True).stdout
    assert json.loads(out)["throttle"] is None


def write_hot_fill(path, phases, capacity, rng):
    """A 1-second 128K fill log from a fresh drive with its temp_c column:
    phases of (seconds, bytes/s, noise CV, temperature at the phase's end),
    the temperature moving linearly to it from the phase before's."""
    meta = {"capacity_bytes": capacity, "written_before_bytes": 0, "precondition": "none",
            "idle_before_s": 900, "pattern": "write", "block_size": 131072,
            "queue_depth": 32, "interval_s": 1, "temp_source": "sim model"}
    rows, temp, t = [], 35.5, 0
    for secs, rate, cv, t_end in phases:
        for i in range(secs):
            t += 1
            c = temp + (t_end - temp) * (i + 1) / secs
            rows.append(f"{t},{int(rate * math.exp(cv * rng.standard_normal()))},{c:.1f}")
        temp = t_end
    with open(path, "w") as f:
        f.write("# ssdcore-series 1\n# " + json.dumps(meta) + "\nt_s,bytes,temp_c\n")
        f.write("\n".join(rows) + "\n")
    return str(path)


def test_a_cache_that_ends_at_the_hottest_point_and_folds_later_is_no_throttle(tmp_path):
    # Seed 47's drive 109 in the used-drive sweep (a fresh 2.43 TB fill, the
    # simulator's throttling off): a 475 GiB dynamic cache at 6.1 GB/s ends
    # as the drive reaches 62.5 C, direct writes at 3.4 GB/s while it cools
    # 2 C, then its folding at 1.1 GB/s from 1.44 TiB. Read as a throttle at
    # the drop with no cache until 5 Dec 2026: the drive folds, so its fast
    # start was a cache; the drop is read as its end, and the analysis says
    # a throttle hiding the end would read the same.
    rng = np.random.default_rng(109)
    log = write_hot_fill(tmp_path / "fill.csv",
                         [(84, 6.1e9, 0.0, 62.5), (312, 3.43e9, 0.04, 60.6),
                          (750, 1.13e9, 0.04, 43.4)], 2430e9, rng)
    a = ssdcore.analyze(log)
    assert a["throttle"] is None
    assert a["cache"] is not None and rel_err(a["cache"]["bytes"], 84 * 6.1e9) < 0.02
    assert [p["regime"] for p in a["phases"]] == ["cache", "direct", "folding"]
    assert (a.undecided, a.undecided_read_as, a.decided_by) == \
        ("cache_or_throttle", "cache", "cooler_run")
    out = subprocess.run(["ssdcore", "analyze", log], capture_output=True, text=True,
                         check=True).stdout
    assert "cannot tell: a cache's end or a thermal throttle" in out
    # Without the folding after it (the run ends in the slower level) the
    # same drop stays a throttle: nothing says the fast start was a cache.
    rng = np.random.default_rng(109)
    log = write_hot_fill(tmp_path / "short.csv",
                         [(84, 6.1e9, 0.0, 62.5), (312, 3.43e9, 0.04, 60.6)], 2430e9, rng)
    a = ssdcore.analyze(log)
    assert a["throttle"] is not None and a["cache"] is None and a.undecided is None
