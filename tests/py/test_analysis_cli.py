"""`ssdcore analyze`: the DESIGN.md JSON contract, batches, and errors with
an empty stdout."""
import json
import pathlib
import subprocess

import pytest

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "series"

REQUIRED = {"source", "samples", "duration_s", "total_bytes", "phases", "cache",
            "post_cache_bps", "folding", "consistency"}


def run(cli, *args):
    return subprocess.run([cli, "analyze", *map(str, args)], capture_output=True, text=True)


def test_json_has_every_contract_key(cli):
    p = run(cli, DATA / "series_v1_cache.csv", "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert REQUIRED <= d.keys()
    assert "recovery" not in d
    for ph in d["phases"]:
        assert {"start_bytes", "end_bytes", "start_s", "end_s", "level_bps", "mean_bps"} <= ph.keys()
    assert {"bytes", "level_bps", "drop_ratio", "uncertainty_bytes", "censored"} <= d["cache"].keys()
    assert d["cache"]["censored"] in ("none", "right", "resolution")
    assert {"mean_bps", "cv", "p1_over_mean", "p5_over_mean", "dips"} <= d["consistency"].keys()
    assert abs(d["cache"]["bytes"] / 2 ** 30 / 3 - 1) < 0.01
    assert d["latency"]["p99_over_p50"] == pytest.approx(3.0, rel=0.01)


def test_several_files_give_an_array_and_reference_adds_recovery(cli):
    p = run(cli, DATA / "series_v1_cache.csv", DATA / "bytes_sampled.csv", "--json",
            "--reference", DATA / "series_v1_minimal.csv")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert isinstance(d, list) and len(d) == 2
    assert all("recovery" in x and {"recovered_bytes", "reference_level_bps"} <= x["recovery"].keys()
               for x in d)


def test_quoted_glob_and_combine_make_one_series(cli):
    a = json.loads(run(cli, str(DATA / "fio_5col_bw.*.log"), "--json").stdout)
    b = json.loads(run(cli, DATA / "fio_5col_bw.1.log", DATA / "fio_5col_bw.2.log", "--combine",
                       "--json").stdout)
    assert a["samples"] == b["samples"] == 300
    assert a["total_bytes"] == pytest.approx(b["total_bytes"])


def test_human_summary(cli):
    p = run(cli, DATA / "series_v1_cache.csv")
    assert p.returncode == 0
    assert "cache:" in p.stdout and "post-cache:" in p.stdout


@pytest.mark.parametrize("text,needle", [
    ("", "empty"),
    ("# ssdcore-series 1\nt_s,bytes\n", "header only"),
    ("# ssdcore-series 1\nt_s,bytes\n1,5\n0.5,5\n", ":4"),
    ("# ssdcore-series 1\nt_s,bytes\n1,5\n2,-5\n", "bytes"),
    # Not a live log (no magic line first): a cut last line is damage.
    ("t_s,bytes,ops\n1,5,1\n2,5,1\n3,5", "truncated last line (2 of 3 fields)"),
    ("pos_bytes,mib_s,note\n1048576,100,a\n2097152,100", "truncated last line (2 of 3 fields)"),
    ("\x7fELF\x02\x01garbage", "not a recognised"),
])
def test_bad_input_is_one_line_on_stderr_and_nothing_on_stdout(cli, tmp_path, text, needle):
    good = DATA / "series_v1_cache.csv"
    bad = tmp_path / "bad.csv"
    bad.write_text(text)
    p = run(cli, good, bad, "--json")
    assert p.returncode != 0
    assert p.stdout == ""
    assert len(p.stderr.strip().splitlines()) == 1
    assert "bad.csv" in p.stderr and needle in p.stderr


def test_a_live_logs_row_cut_by_a_kill_is_dropped_with_a_note(cli, tmp_path):
    # A series log is written a row at a time; a kill can cut the last row
    # (docs/crash-safety.md). Its whole rows are analysed, the cut one named.
    cut = tmp_path / "cut.csv"
    cut.write_text("# ssdcore-series 1\nt_s,bytes,ops\n1,5,1\n2,5,1\n3,5,1\n4,5")
    note = ("cut.csv:6: last line cut short (2 of 3 fields, no newline: a run killed while "
            "writing it); dropped")
    p = run(cli, cut, "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["samples"] == 3 and note in d["input_note"]
    p = run(cli, cut)
    assert p.returncode == 0, p.stderr
    assert "input:" in p.stdout and note in p.stdout


def test_sparse_2gb_file_fails_fast(cli, tmp_path):
    big = tmp_path / "big.log"
    with open(big, "wb") as f:
        f.truncate(2 << 30)
    p = run(cli, big)
    assert p.returncode != 0 and p.stdout == "" and "big.log" in p.stderr


def test_unknown_option_is_a_usage_error(cli):
    p = run(cli, DATA / "series_v1_cache.csv", "--set", "nonsense=3")
    assert p.returncode == 2 and "nonsense" in p.stderr and p.stdout == ""


@pytest.mark.parametrize("setting", ["min_phase_samples=1.5", "exact_limit=100.5",
                                     "penalty=0x10", "penalty=inf", "min_drop=nan",
                                     "penalty=", "dip_depth= 0.3", "min_step=1.5e"])
def test_malformed_option_values_are_usage_errors_naming_the_option(cli, setting):
    # A fraction for a count (taken and truncated) and hex were accepted.
    p = run(cli, DATA / "series_v1_cache.csv", "--set", setting)
    key = setting.split("=")[0]
    assert p.returncode == 2 and p.stdout == "", p.stderr
    assert p.stderr.startswith(f"ssdcore analyze: --set {key}: "), p.stderr


def test_plain_decimal_option_values_are_accepted(cli):
    p = run(cli, DATA / "series_v1_cache.csv", "--json", "--set", "min_phase_samples=6",
            "--set", "penalty=2.5e0", "--set", "min_drop=+1.4")
    assert p.returncode == 0, p.stderr


def test_fio_result_json_and_errors(cli, tmp_path):
    good = DATA.parent / "fio" / "fio3_clat_broken.json"
    p = subprocess.run([cli, "fio-result", str(good), "--json"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["jobs"][0]["clat_inconsistent"] is True and d["jobs"][1]["lat_source"] == "lat_ns"
    bad = tmp_path / "bad.json"
    bad.write_text('{"jobs": [\n{"write": ]}')
    p = subprocess.run([cli, "fio-result", str(good), str(bad)], capture_output=True, text=True)
    assert p.returncode != 0 and p.stdout == "" and "bad.json:2" in p.stderr


def _one_level(path, n=300, rate=100e6):
    path.write_text("t_s,bytes\n" + "".join(f"{i},{rate:.0f}\n" for i in range(1, n + 1)))
    return path


def test_reference_without_cache_gives_null_recovery_and_a_note(cli, tmp_path):
    # A reference with no cache has no fast level to recover to: the whole
    # after-idle run was reported as "recovered" (censored: right).
    ref = _one_level(tmp_path / "const.csv")
    assert json.loads(run(cli, ref, "--json").stdout)["cache"] is None
    p = run(cli, DATA / "series_v1_cache.csv", "--json", "--reference", ref)
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert "recovery" in d and d["recovery"] is None
    assert "no cache" in d["recovery_note"]
    # The run's own figures do not depend on the reference.
    alone = json.loads(run(cli, DATA / "series_v1_cache.csv", "--json").stdout)
    assert d["cache"] == alone["cache"] and "recovery" not in alone
    assert "recovery_note" not in alone
    human = run(cli, DATA / "series_v1_cache.csv", "--reference", ref)
    assert human.returncode == 0 and "no cache" in human.stdout


def test_capacity_and_written_before_are_sizes_under_every_name(cli):
    """capacity_bytes and written_before_bytes are size options: 256g is
    256 GiB under the table's flag, its older name and --set alike, and a
    word that is not a size is refused naming what was typed."""
    f = DATA / "series_v1_cache.csv"
    outs = []
    for flags in (["--capacity-bytes", "256g", "--written-before-bytes", "1.5g"],
                  ["--capacity", "256g", "--written-before", "1.5g"],
                  ["--set", "capacity_bytes=256GiB", "--set", "written_before_bytes=1536m"],
                  ["--capacity-bytes=274877906944", "--written-before=1610612736"]):
        p = run(cli, f, "--json", *flags)
        assert p.returncode == 0, (flags, p.stderr)
        d = json.loads(p.stdout)
        assert d["capacity_bytes"] == 256 * 2 ** 30, flags
        assert d["written_before_bytes"] == 1.5 * 2 ** 30, flags
        outs.append(p.stdout)
    assert len(set(outs)) == 1
    for flags, named in ((["--capacity-bytes", "lots"], "'lots' is not a size"),
                         (["--written-before", "-1"], "--written-before: '-1'"),
                         (["--set", "capacity_bytes=2x"], "--set capacity_bytes: '2x'")):
        p = run(cli, f, *flags)
        assert p.returncode == 2 and named in p.stderr and not p.stdout, (flags, p.stderr)


def test_the_phase_list_gives_a_sliding_used_states_start_and_end(cli, tmp_path):
    """A used state that slides (200 falling to 50 MB/s after 80 GB of
    clean blocks) has no one level: the phase list printed its median, one
    flat number, while the summary line said it slides. The list now gives
    its level just after the onset and at the end, as the summary does."""
    import numpy as np
    n_fast, n_slide = 80, 400
    rate = np.concatenate([np.full(n_fast, 1e9), np.geomspace(200e6, 50e6, n_slide)])
    rate *= 1 + 0.01 * np.random.default_rng(3).standard_normal(rate.size)
    meta = {"capacity_bytes": 100e9, "written_before_bytes": 20e9}
    csv = tmp_path / "slide.csv"
    csv.write_text("# ssdcore-series 1\n# " + json.dumps(meta) + "\nt_s,bytes\n"
                   + "".join(f"{i + 1},{int(b)}\n" for i, b in enumerate(rate)))
    d = json.loads(run(cli, str(csv), "--json").stdout)
    assert d["gc"]["sliding"]
    text = run(cli, str(csv)).stdout
    gc_line = next(x for x in text.splitlines() if x.strip()[:1].isdigit() and " gc " in x)
    start, end = d["gc"]["start_level_bps"] / 2 ** 20, d["gc"]["end_level_bps"] / 2 ** 20
    assert f"level {start:.3g} MiB/s -> {end:.3g} MiB/s (sliding)" in gc_line, gc_line
    assert start > 1.5 * end


def _chaotic(tmp_path):
    """Seed 2026's drive 190's shape: a cache, direct writes, folding, a GC
    phase of 169 s, then unnamed phases at 259, 155 and 127 MiB/s."""
    import numpy as np
    mib = 2 ** 20
    parts = [(13, 1300), (212, 658), (102, 400), (169, 214), (121, 259), (677, 155), (5906, 127)]
    rate = np.concatenate([np.full(n, v * mib, dtype=float) for n, v in parts])
    rate *= np.exp(0.05 * np.random.default_rng(0).standard_normal(rate.size))
    meta = {"capacity_bytes": 159041691648, "precondition": "none"}
    csv = tmp_path / "chaotic.csv"
    csv.write_text("# ssdcore-series 1\n# " + json.dumps(meta) + "\nt_s,bytes\n"
                   + "".join(f"{i + 1},{int(b)}\n" for i, b in enumerate(rate)))
    return csv


def test_a_chaotic_used_states_slide_spans_its_phases_in_the_cli_and_python(cli, tmp_path):
    """A used state that does not settle (seed 2026's drive 190: a GC phase
    of 169 s, then unnamed phases at 259, 155 and 127 MiB/s to the end) is
    one slide over four phases. The CLI put the whole slide (214 -> 127
    MiB/s) on the GC phase, which ended near 200, and Python's phases frame
    had one level per phase. Now each phase the slide spans starts and ends
    where the slide is there, the same in the CLI's list and the frame's
    start_level_bps / end_level_bps / sliding: the first starts at the used
    state's start level, the last ends at its end level."""
    import numpy as np
    import ssdcore
    mib = 2 ** 20
    csv = _chaotic(tmp_path)
    d = json.loads(run(cli, csv, "--json").stdout)
    f = ssdcore.analyze(csv).to_frame()
    assert list(f.regime) == ["cache", "direct", "folding", "gc", "other", "other", "other"]
    assert list(f.sliding) == [False] * 3 + [True] * 4
    s = f[f.sliding]
    assert s.start_level_bps.iloc[0] == pytest.approx(d["gc"]["start_level_bps"])
    assert s.end_level_bps.iloc[-1] == pytest.approx(d["gc"]["end_level_bps"])
    # One slide: each phase starts where the one before it ended, and the
    # GC phase ends far above the used state's end.
    assert np.allclose(s.start_level_bps.iloc[1:], s.end_level_bps.iloc[:-1])
    assert s.end_level_bps.iloc[0] > 1.3 * d["gc"]["end_level_bps"]
    flat = f[~f.sliding]
    assert (flat.start_level_bps == flat.level_bps).all()
    assert (flat.end_level_bps == flat.level_bps).all()
    lines = [x for x in run(cli, csv).stdout.splitlines() if x.strip()[:1].isdigit()]
    assert len(lines) == len(f)
    for line, (_, p) in zip(lines, f.iterrows()):
        if p.sliding:
            want = (f"level {p.start_level_bps / mib:.3g} MiB/s -> "
                    f"{p.end_level_bps / mib:.3g} MiB/s (sliding)")
        else:
            want = "level " + (f"{p.level_bps / mib:.3g} MiB/s" if p.level_bps < 1024 * mib
                               else f"{p.level_bps / mib / 1024:.3g} GiB/s")
        assert want in line, (want, line)


def test_the_phases_frame_reads_each_phases_slide_from_the_analysis(cli, tmp_path):
    """`ssdcore analyze --json` gives each phase its start_level_bps,
    end_level_bps and sliding (struct ssd_phase's), and Python's phases
    frame reads them: it worked them out again from gc.trend, a second
    copy of the C rule."""
    import copy
    import ssdcore
    d = json.loads(run(cli, _chaotic(tmp_path), "--json").stdout)
    ph = d["phases"]
    assert [p["sliding"] for p in ph] == [False] * 3 + [True] * 4
    assert ph[3]["start_level_bps"] == d["gc"]["start_level_bps"]
    assert ph[-1]["end_level_bps"] == d["gc"]["end_level_bps"]
    assert all(p["start_level_bps"] == p["end_level_bps"] == p["level_bps"]
               for p in ph if not p["sliding"])
    # The frame is the JSON's figures, whatever gc.trend says.
    e = copy.deepcopy(d)
    e["phases"][4].update(start_level_bps=1e6, end_level_bps=2e6, sliding=False)
    f = ssdcore.results.AnalysisResult(e).to_frame()
    assert list(f.start_level_bps) == [p["start_level_bps"] for p in e["phases"]]
    assert list(f.end_level_bps) == [p["end_level_bps"] for p in e["phases"]]
    assert list(f.sliding) == [p["sliding"] for p in e["phases"]]


def test_human_figures_near_a_unit_never_in_exponent_form(cli, tmp_path):
    """A level of 1000-1023 MiB/s (common NVMe speeds) printed as
    "1e+03 MiB/s" or "1.01e+03 MiB/s": %.3g switches to exponent form at
    1000 before the unit steps at 1024 (round 24's audit)."""
    mib = 2 ** 20
    rows = ["t_s,bytes"]
    for t in range(1, 1201):
        rate = 200 if t <= 30 else 1000 if t <= 130 else 1010 / 4
        rows.append(f"{t},{int(rate * mib)}")
    f = tmp_path / "nvme.csv"
    f.write_text("\n".join(rows) + "\n")
    p = run(cli, f)
    assert p.returncode == 0, p.stderr
    assert "e+" not in p.stdout, p.stdout
    assert "1000 MiB/s" in p.stdout


def test_the_consistency_line_says_it_is_after_the_cache(cli):
    """The consistency figures cover the time after the cache
    (docs/analysis.md); the line said "consistency: mean 250 MiB/s" under a
    1000 MiB/s cache in a run averaging 312 MiB/s, as if of the whole run
    (round 24's new-user audit). Without a cache it is the whole run."""
    p = run(cli, DATA / "series_v1_cache.csv")
    (line,) = [x for x in p.stdout.splitlines() if x.strip().startswith("consistency:")]
    assert line.startswith("  consistency: after the cache, mean "), line
    d = json.loads(run(cli, DATA / "series_v1_minimal.csv", "--json").stdout)
    p = run(cli, DATA / "series_v1_minimal.csv")
    (line,) = [x for x in p.stdout.splitlines() if x.strip().startswith("consistency:")]
    assert (d["cache"] is None) == line.startswith("  consistency: mean "), line


def test_a_slow_start_on_a_used_drive_is_said_before_the_clean_blocks(cli, tmp_path):
    # 30 s at 200 MiB/s, 100 s at 1000, then 250 on a drive written twice
    # over: the slow start is its own phase before the clean blocks, and
    # the words say it is before the faster level, not "before the cache"
    # (there is none). Round 24's new-user audit.
    mib = 2 ** 20
    rows = ["t_s,bytes"] + [f"{t},{(200 if t <= 30 else 1000 if t <= 130 else 250) * mib}"
                            for t in range(1, 1201)]
    f = tmp_path / "used.csv"
    f.write_text("\n".join(rows) + "\n")
    args = (f, "--capacity", "1000GB", "--written-before", "2000GB", "--precondition", "seq_fill")
    d = json.loads(run(cli, *args, "--json").stdout)
    assert d["cache"] is None and d["gc"]
    assert [p["regime"] for p in d["phases"]] == ["slow_start", "direct", "gc"]
    text = run(cli, *args).stdout
    assert "slow start:  5.86 GiB at 200 MiB/s for 30 s before the faster level after it" in text
