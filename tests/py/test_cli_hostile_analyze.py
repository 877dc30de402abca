"""`ssdcore analyze` on files as users really have them: edited in a
spreadsheet, with odd line endings, or not series at all."""
import json
import re
import subprocess

import pytest


def run(cli, *args, timeout=60):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def base_csv(cli, tmp_path_factory):
    p = tmp_path_factory.mktemp("an") / "base.csv"
    r = run(cli, "job", "--target", "sim:bx200", "--pattern", "randwrite", "--qd", "32",
            "--time", "5m", "--log", str(p))
    assert r.returncode == 0, r.stderr
    return p


def analyze(cli, path):
    r = run(cli, "analyze", str(path), "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_utf8_bom_is_ignored(cli, base_csv, tmp_path):
    # A CSV saved by a spreadsheet starts with a UTF-8 byte-order mark; it
    # used to be refused as "not a recognised series format".
    bom = tmp_path / "bom.csv"
    bom.write_bytes(b"\xef\xbb\xbf" + base_csv.read_bytes())
    a, b = analyze(cli, base_csv), analyze(cli, bom)
    assert b["samples"] == a["samples"] and b["total_bytes"] == a["total_bytes"]
    assert b["cache"] == a["cache"]


def test_fio_log_whose_first_row_is_at_time_zero(cli, tmp_path):
    # The row at t=0 was added into the first interval, doubling it: a
    # constant-rate log showed a fake 2x "SLC cache".
    log = tmp_path / "job_bw.1.log"
    log.write_text("".join(f"{i * 1000}, 300000, 1, 4096, 0\n" for i in range(300)))
    r = analyze(cli, log)
    assert r["samples"] == 300
    assert r["total_bytes"] == 300 * 300000 * 1024
    assert r["cache"] is None
    assert [p["level_bps"] for p in r["phases"]] == [300000 * 1024]


def test_quoted_csv_fields_are_read(cli, base_csv, tmp_path):
    # A CSV written with every field quoted (csv.QUOTE_ALL, some
    # spreadsheets) was refused as "not a recognised series format".
    lines = base_csv.read_text().splitlines()
    quoted = tmp_path / "quoted.csv"
    quoted.write_text("\n".join(lines[:2] + [",".join(f'"{v}"' for v in l.split(","))
                                             for l in lines[2:]]) + "\n")
    a, b = analyze(cli, base_csv), analyze(cli, quoted)
    assert b["samples"] == a["samples"] and b["total_bytes"] == a["total_bytes"]
    assert b["cache"] == a["cache"]


def test_a_stream_of_zeros_is_refused_without_reading_it_all(cli):
    # /dev/zero (or a pipe of binary data) was read up to the 1 GiB limit,
    # about 2 GiB of memory, before being refused.
    import resource

    def limit_memory():  # 512 MiB of address space is plenty for a refusal
        resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20))

    r = subprocess.run([cli, "analyze", "/dev/zero"], capture_output=True, text=True,
                       timeout=60, preexec_fn=limit_memory)
    assert r.returncode == 1 and "NUL byte" in r.stderr and "byte 0" in r.stderr


def test_mixed_job_log_is_analysed_on_its_writes(cli, tmp_path):
    # An ssdcore series CSV of a 50/50 randrw job was analysed on the
    # 'bytes' column (reads + writes): "35.8 GiB written" where 17.9 GiB
    # were, and a doubled cache. --ddir was ignored for these files.
    log = tmp_path / "mixed.csv"
    p = run(cli, "job", "--target", "sim:bx200", "--pattern", "randrw", "--qd", "32",
            "--time", "5m", "--log", str(log))
    assert p.returncode == 0, p.stderr
    rows = [l.split(",") for l in log.read_text().splitlines() if l[:1].isdigit()]
    reads, writes = (sum(float(r[i]) for r in rows) for i in (6, 7))
    assert reads > 0 and writes > 0
    assert analyze(cli, log)["total_bytes"] == pytest.approx(writes, rel=1e-8)
    for ddir, want in (("write", writes), ("read", reads), ("any", reads + writes)):
        r = run(cli, "analyze", str(log), "--ddir", ddir, "--json")
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)["total_bytes"] == pytest.approx(want, rel=1e-8), ddir
    r = run(cli, "analyze", str(log), "--ddir", "trim")
    assert r.returncode != 0 and "trim" in r.stderr


def test_read_only_job_log_says_which_ddir_to_use(cli, tmp_path):
    log = tmp_path / "read.csv"
    p = run(cli, "job", "--target", "sim:bx200", "--pattern", "randread", "--time", "30",
            "--log", str(log))
    assert p.returncode == 0, p.stderr
    r = run(cli, "analyze", str(log))
    assert r.returncode == 1 and "write_bytes is 0" in r.stderr and "ddir read" in r.stderr
    r = run(cli, "analyze", str(log), "--ddir", "read", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["samples"] == 30


def test_source_path_that_is_not_utf8_gives_valid_json(cli, base_csv, tmp_path):
    # The "source" key was written raw: a file name with a stray 0xff byte
    # made the --json output invalid UTF-8. Such a byte is U+FFFD, as in the
    # other JSON writers.
    import os
    raw = os.fsencode(tmp_path) + b"/bad\xff\xc3\xa9.csv"
    with open(raw, "wb") as f:
        f.write(base_csv.read_bytes())
    r = subprocess.run([cli, "analyze", raw, "--json"], capture_output=True, timeout=60)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.decode("utf-8"))  # strict: raises on invalid UTF-8
    assert out["source"] == os.fsdecode(tmp_path) + "/bad\ufffd\u00e9.csv"
    assert out["cache"] == analyze(cli, base_csv)["cache"]


def _shift_times(src, dst, offset):
    # Rewrites t_s only; every other byte of the file stays as it was.
    out = []
    for line in src.read_text().splitlines():
        if line[:1].isdigit():
            t, rest = line.split(",", 1)
            line = f"{float(t) + offset:.6f},{rest}"
        out.append(line)
    dst.write_text("\n".join(out) + "\n")


def _times(path):
    return [float(l.split(",", 1)[0]) for l in path.read_text().splitlines() if l[:1].isdigit()]


@pytest.mark.parametrize("offset", [1e6, 1.7e9])
def test_series_that_does_not_start_at_zero(cli, base_csv, tmp_path, offset):
    # The analysis took t = 0 as the run's start: with an epoch-like clock the
    # first sample "lasted" a million seconds (duration_s 1001200, a first
    # phase from 0 to 1000007 s, no cache). Times are now relative to the
    # series' own start, one median interval before its first t_s.
    shifted = tmp_path / "shifted.csv"
    _shift_times(base_csv, shifted, offset)
    a, b = analyze(cli, base_csv), analyze(cli, shifted)
    t = _times(shifted)
    steps = sorted(y - x for x, y in zip(t, t[1:]))
    median = steps[len(steps) // 2]
    assert b["duration_s"] == pytest.approx(t[-1] - t[0] + median, abs=1e-3)
    assert b["duration_s"] == pytest.approx(a["duration_s"], abs=1e-3)
    assert b["total_bytes"] == a["total_bytes"] and b["samples"] == a["samples"]
    assert a["cache"] is not None
    assert b["cache"]["censored"] == a["cache"]["censored"]
    for k in a["cache"]:
        if k != "censored":
            assert b["cache"][k] == pytest.approx(a["cache"][k], rel=1e-6), k
    assert len(b["phases"]) == len(a["phases"])
    for pa, pb in zip(a["phases"], b["phases"]):
        assert pb["samples"] == pa["samples"]
        for k in ("start_s", "end_s"):
            assert pb[k] == pytest.approx(pa[k], abs=1e-3), k
        for k in ("start_bytes", "end_bytes", "level_bps"):
            assert pb[k] == pytest.approx(pa[k], rel=1e-6), k
    assert b["phases"][0]["start_s"] == 0
    assert b["steady_state"]["start_s"] == pytest.approx(a["steady_state"]["start_s"], abs=1e-3)


def test_log_with_its_first_rows_cut_off(cli, base_csv, tmp_path):
    # A log whose first k rows were deleted starts at t_s = k + 1 intervals:
    # its first sample is one interval long, not k + 1 (which read as a
    # stall at the start), so it is analysed like the tail it is.
    lines = base_csv.read_text().splitlines()
    head = [l for l in lines if not l[:1].isdigit()]
    rows = [l for l in lines if l[:1].isdigit()]
    cut = tmp_path / "cut.csv"
    cut.write_text("\n".join(head + rows[3:]) + "\n")
    rebased = tmp_path / "rebased.csv"
    _shift_times(cut, rebased, -(_times(cut)[0] - _times(base_csv)[0]))
    a, b = analyze(cli, rebased), analyze(cli, cut)
    assert b["duration_s"] == pytest.approx(a["duration_s"], abs=1e-3)
    assert b["phases"][0]["level_bps"] == pytest.approx(a["phases"][0]["level_bps"], rel=1e-6)
    assert [p["samples"] for p in b["phases"]] == [p["samples"] for p in a["phases"]]


def test_recovery_on_a_drive_without_a_cache_never_says_cache_speed(cli, tmp_path):
    """The text printed "cache: none found" and, two lines below, "all the
    run wrote, at cache speed" (found by an audit on SSD370's TRIM recovery):
    the recovery is measured against the reference's full speed."""
    log = tmp_path / "r.csv"
    r = subprocess.run([cli, "job", "sim:ssd370", "--pattern", "randwrite", "--qd", "32",
                        "--time", "5m", "--log", str(log)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    ref = tmp_path / "fresh.csv"  # (the run itself is no reference)
    r = subprocess.run([cli, "job", "sim:ssd370", "--pattern", "randwrite", "--qd", "32",
                        "--time", "4m", "--log", str(ref)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([cli, "analyze", str(log), "--reference", str(ref)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "cache:       none found" in r.stdout, r.stdout
    recovery = [ln for ln in r.stdout.splitlines() if ln.strip().startswith("recovery:")]
    assert recovery and "full speed" in recovery[0] and "cache speed" not in r.stdout, r.stdout


def test_dips_that_are_rare_are_not_said_to_take_none_of_the_time(cli, tmp_path):
    """Vector 180's 2-hour run printed "dips: every 14.0 s, 54% deep, 0% of
    the time" (an audit): a share under 1 % keeps its digits."""
    log = tmp_path / "v.csv"
    r = subprocess.run([cli, "job", "sim:vector180", "--pattern", "randwrite", "--qd", "32",
                        "--time", "2h", "--log", str(log)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([cli, "analyze", str(log)], capture_output=True, text=True).stdout
    dips = [ln for ln in out.splitlines() if "dips" in ln and "% of " in ln]
    assert dips and not any(" 0% of " in ln for ln in dips), out


def test_one_run_gives_its_dips_once_per_measure_each_said_for_what_it_is(cli, tmp_path):
    """AS510S after a fill (the round-22 audit): the first phase's line said
    "dips every 13.4 s to 44%, 16% of the time", the run's "dips: every 14.0
    s, 40% deep, 0.21% of the time": two answers. The phase's is where its
    dips bottom out and their share of the phase, the run's the dips' mean
    over all phases at once and their share of the run; each says so, both
    as "N% of the level". The suite's words said "(direct)", the analysis'
    regime name: they say whose speed the dips are a share of."""
    suite = tmp_path / "as510s.suite"
    # (30 minutes idle: 73 s of clean blocks, six dips; after 15, 69 s held
    # four, and a period is told from five, the run's and a phase's alike.)
    suite.write_text("trim\nprecondition kind=seq_fill\nidle 30m\n"
                     "job name=used pattern=randwrite bs=4k qd=32 time=2h interval=1s log=used\n"
                     "analyze used\n")
    r = subprocess.run([cli, "suite", "sim:as510s", "--suite-file", str(suite),
                        "--out", str(tmp_path / "run")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    words = next(ln for ln in r.stdout.splitlines() if ln.strip().startswith("used: ")
                 and "periodic dips" in ln)
    assert "(direct)" not in words, words
    assert re.search(r"periodic dips every \d+ s to \d+% of the clean-block speed;", words), words
    # The clean blocks' dips are said with them, before the used state.
    assert words.index("of the clean-block speed") < words.index("then used state"), words
    out = subprocess.run([cli, "analyze", str(tmp_path / "run" / "used.csv")],
                         capture_output=True, text=True).stdout
    phase = [ln for ln in out.splitlines() if re.match(r"\s+\d+\s+\w+ .* dips every", ln)]
    run = [ln for ln in out.splitlines() if ln.strip().startswith("dips:")]
    # The run's line needs dips through the run: this one's six, in the
    # first 73 s of two hours, are the phase's, not "every 12 s" of the
    # run (analysis_dips.c: half as many as the period fits, at least).
    assert phase and not run, out
    assert re.search(r"dips every [\d.]+ s to \d+% of its level, [\d.]+% of the phase's time$",
                     phase[0]), phase
    assert " deep" not in out and "of the time" not in out


def test_run_dips_measured_on_one_level_say_that_level(cli, datasets_dir):
    """Periodic slow-downs that are phases of their own (a ZNS drive's
    hour-long run: 36 phases) are measured against one level for the whole
    run, not each phase's: the line says which level, and its speed."""
    logs = datasets_dir / "nvmebenchmarks" / "custom" / "zns-a" / "long" / "finally_b.*.log"
    out = run(cli, "analyze", str(logs)).stdout
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("dips:"))
    assert re.search(r"on average at \d+% of [\d.]+ GiB/s \(one level for all phases: the "
                     r"speed's 75th percentile\) while in a dip", line), line


def test_run_dips_of_one_phase_say_its_level(cli, tmp_path):
    """One phase (AS510S fresh, 4K QD32 for 3 minutes, dips every ~15 s):
    the run's dip line names that phase's level."""
    log = tmp_path / "one.csv"
    r = run(cli, "job", "sim:as510s", "--pattern", "randwrite", "--bs", "4k", "--qd", "32",
            "--time", "3m", "--log", str(log), timeout=120)
    assert r.returncode == 0, r.stderr
    out = run(cli, "analyze", str(log)).stdout
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("dips:"))
    assert re.search(r"on average at \d+% of its one phase's level \(2\d\d MiB/s\) while in a "
                     r"dip", line), line


def test_run_dips_over_phases_name_each_level_once(cli, tmp_path):
    """SSD370 fresh for 5 minutes: direct, a slump, direct again, dips every
    ~20 s through all three. The run's line names the levels the dips are
    measured against, each once ("284 MiB/s or 201 MiB/s", not a third
    "or 284 MiB/s"), not "the level" of three phases."""
    log = tmp_path / "three.csv"
    r = run(cli, "job", "sim:ssd370", "--pattern", "randwrite", "--bs", "4k", "--qd", "32",
            "--time", "5m", "--log", str(log), timeout=120)
    assert r.returncode == 0, r.stderr
    out = run(cli, "analyze", str(log)).stdout
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("dips:"))
    m = re.search(r"of the level of the phase each dip is in \(([^)]*)\) while in a dip", line)
    assert m, line
    levels = m.group(1).split(" or ")
    assert len(levels) >= 2 and len(levels) == len(set(levels)), line


def test_the_steady_state_line_says_its_speed_is_a_mean(cli, tmp_path):
    """Round 23's audit: BX200 opened written full, 2 hours of 4K random
    writes: "used state: from 22.9 GiB ... at 5.12 MiB/s" (its phase's
    median) and "steady state: from 6420 s ... at 6.18 MiB/s" (the SNIA
    rule's average, bursts included): two speeds for one state, said alike.
    The steady-state line says its figure is an average."""
    log = tmp_path / "x.csv"
    run(cli, "job", "sim:bx200,precondition=seq_fill", "--pattern", "randwrite", "--qd", "32",
        "--time", "2h", "--log", str(log), "--no-progress")
    text = run(cli, "analyze", str(log)).stdout
    a = json.loads(run(cli, "analyze", str(log), "--json").stdout)
    (line,) = [x for x in text.splitlines() if x.strip().startswith("steady state:")]
    m = re.search(r"steady state: from \d+ s \([\d.]+ \w+ written\), averaging ([\d.]+) MiB/s "
                  r"to the end \(SNIA PTS rule\)$", line)
    assert m, line
    assert abs(float(m.group(1)) - a["steady_state"]["mean_bps"] / 2**20) < 0.01, line


def test_the_consistency_line_says_what_its_figures_are(cli, base_csv):
    """Round 23's audit: "consistency: mean 9.11 MiB/s, CV 2.561, p1/mean
    0.75, p5/mean 0.76": "p1/mean" is the analysis JSON's key, not words
    a buyer reads. The line says what each figure is, with the same
    numbers."""
    text = run(cli, "analyze", str(base_csv)).stdout
    a = analyze(cli, base_csv)["consistency"]
    (line,) = [x for x in text.splitlines() if x.strip().startswith("consistency:")]
    assert "p1/mean" not in line and "p5/mean" not in line, line
    m = re.search(r"CV ([\d.]+) \(standard deviation / mean\); the slowest 1% of samples at "
                  r"([\d.]+)x the mean or less, the slowest 5% at ([\d.]+)x$", line)
    assert m, line
    assert float(m.group(1)) == round(a["cv"], 3)
    assert float(m.group(2)) == round(a["p1_over_mean"], 2)
    assert float(m.group(3)) == round(a["p5_over_mean"], 2)


def test_the_phase_table_says_where_the_cache_itself_ends(cli, base_csv):
    # Round 23's audit: BX200's headline said "cache: 2.01 GiB +- 83.2 MiB"
    # while the phase table's cache phase ended at 1.87 GiB, and nothing
    # said why: phases start and end on whole samples, the cache's end is
    # placed inside the sample that mixes its level and the next one's.
    # The table now gives the headline's size where it gives the phases.
    r = run(cli, "analyze", str(base_csv))
    assert r.returncode == 0, r.stderr
    out = r.stdout
    size = re.search(r"^  cache: +(\S+ \S+) \+-", out, re.M).group(1)
    table = out[out.index("  phases:"):out.index("  consistency:")]
    end0 = re.search(r"^ +0 +cache +\S+ \S+ \.\. (\S+ \S+) ", table, re.M).group(1)
    assert size != end0  # (this run's end lies inside a sample)
    assert f"the cache itself ends at {size}, inside the sample that mixes" in table
