"""The preconditioning fill's own log as a used run's reference (issue 21;
docs/analysis.md, "The fill's own log as the reference"): the fill ran from
a purged drive, so its log shows the fresh cache and whether it is static
or dynamic, whatever the run's workload. Each path: the C analysis (through
Python's analyze, which calls ssd_analysis_run), the CLI's --reference, and
a suite whose analyze step takes the log of the fill its run followed.
Small simulated drives (two of the used-drive sweep's, seed 2026's drives
34 and 7, at 120 and 1000 GB): a few seconds each."""
import json
import re
import shutil
import sqlite3
import subprocess
import warnings

import pytest

import ssdcore
from analyze_cli import cli, regimes
from suite_helpers import series_metadata
from used_drive_scoring import score_run, simulate, simulate_fill

# Seed 2026's drive 34 (a dynamic cache, MLC) at 120 GB, and its drive 7
# (a static cache of 79.7 GiB on 2993 GB) at 1000 GB with a 40 GiB one, which
# 15 minutes of idle flush only in part (19 GiB).
DYNAMIC = ("sim:bx200,native_write_lat_us=0,capacity_gb=120,op_pct=10.73,bits=2,slc_type=dynamic,"
           "slc_seq_mibps=522,slc_rand_iops=105972,native_seq_mibps=127,native_rand_mibps=65.6,"
           "fold_mibps=81,floor_mibps=9.05,gc_gamma=0.93,link_mibps=560,iops_cap=100000,"
           "noise=0.00,noise_direct=0.12,seed=1032281515,slc_gb=381,slc_wa=1,dip_duty=0,tick_s=2")
STATIC = ("sim:bx200,native_write_lat_us=0,capacity_gb=1000,op_pct=23.09,bits=3,slc_type=static,"
          "slc_seq_mibps=476,slc_rand_iops=76397,native_seq_mibps=243,native_rand_mibps=172.1,"
          "fold_mibps=243,floor_mibps=23.88,gc_gamma=1.83,link_mibps=560,iops_cap=100000,"
          "noise=0.00,noise_direct=0.08,seed=920281235,slc_gb=40,slc_wa=1.16,dip_duty=0,tick_s=2")
# Seed 11's drive 198: an enterprise-like drive, no cache.
NO_CACHE = ("sim:bx200,native_write_lat_us=0,capacity_gb=1141,op_pct=21.19,bits=3,slc_type=none,"
            "slc_gb=0,native_seq_mibps=5320,native_rand_mibps=3786,fold_mibps=5320,"
            "floor_mibps=2346.3,gc_gamma=1.59,gc_settle_gb=0,gc_spread=0.15,link_mibps=7000,"
            "iops_cap=2000000,read_seq_mibps=6300,read_rand_iops=1000000,write_lat_us=15,"
            "idle_gc_mibps=30,idle_gc_gb=11.3,noise=0.02,noise_direct=0.06,dip_duty=0,"
            "seed=1030341950")
INTERVAL = (1, 2, 4)
INTERVAL_1S = (1, 1, 5)


@pytest.fixture(scope="module")
def seq_fill_run(tmp_path_factory):
    """The dynamic drive's 2-hour 4K random run after a sequential fill, and
    the fill's own log (128K sequential from a purge: another workload)."""
    d = tmp_path_factory.mktemp("fillref")
    run, fill = d / "run.csv", d / "fill.csv"
    simulate(DYNAMIC, "seq_fill", "2h", run, INTERVAL)
    simulate_fill(DYNAMIC, "seq_fill", fill, INTERVAL)
    return run, fill


def test_dynamic_cache_folds_after_a_sequential_fill(seq_fill_run):
    """Without a reference the level after the shrunken cache reads as
    direct writes, a note saying it may be folding; the fill's log showed a
    dynamic cache (it folded), so it is the folding. The reference's speeds
    (128K) are not the run's (4K random): no recovery is measured."""
    run, fill = seq_fill_run
    alone = cli(run)
    assert regimes(alone) == ["cache", "direct", "gc"]
    assert "may be a dynamic cache's folding" in alone["regime_note"]
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "folding", "gc"]
    assert a["cache"]["bytes"] == alone["cache"]["bytes"]
    assert a["gc"]["start_bytes"] == alone["gc"]["start_bytes"]
    assert a["recovery"] is None and "another workload" in a["recovery_note"]
    assert a["reference"] == {"source": str(fill), "from": "argument"}


def test_python_and_c_read_the_fill_log_alike(seq_fill_run):
    """ssdcore.analyze (ssd_analysis_run with the reference series) gives
    the CLI's verdict, from paths and from DataFrames (their metadata, the
    workload included, in attrs)."""
    run, fill = seq_fill_run
    want = cli(run, "--reference", fill)
    for got in (ssdcore.analyze(str(run), reference=str(fill)),
                ssdcore.analyze(ssdcore.read_series(str(run), as_frame=True),
                                reference=ssdcore.read_series(str(fill), as_frame=True))):
        assert regimes(got) == regimes(want)
        assert got["folding"]["start_bytes"] == want["folding"]["start_bytes"]


def test_a_reference_that_cannot_be_the_run_s_is_refused(seq_fill_run, tmp_path):
    """A reference must be another log of writes on the same drive. The
    run itself, another drive's fill (its metadata's capacity differs)
    and a read job's log each gave a verdict without a word (round 26's
    audit: the 1000 GB drive's fill read a 120 GB drive's cache by the
    wrong share; the read log, a drive with no cache, vetoed the run's
    cache and inferred a sequential fill). Each is refused, naming the
    reference and why, by the CLI and Python alike."""
    run, fill = seq_fill_run
    other = tmp_path / "other-drive.csv"
    with open(fill) as f, open(other, "w") as g:
        g.write(f.readline())
        meta = json.loads(f.readline()[1:])
        meta["capacity_bytes"] *= 8
        g.write("# " + json.dumps(meta) + "\n")
        g.write(f.read())
    read = tmp_path / "read.csv"
    ssdcore.job(DYNAMIC, pattern="read", bs="128k", qd=32, time="2m", log=str(read))
    cases = [(run, [], "it is the run itself"),
             (other, [], "it is another drive's log"),
             (read, ["--ddir", "any"], "it is a read workload's log")]
    for ref, extra, why in cases:
        p = subprocess.run(["ssdcore", "analyze", str(run), "--reference", str(ref), *extra],
                           capture_output=True, text=True)
        assert p.returncode == 1 and f"reference {ref}: {why}" in p.stderr, p.stderr
        with pytest.raises(ssdcore.InvalidArgument, match=why):
            ssdcore.analyze(str(run), reference=str(ref),
                            **({"ddir": "any"} if extra else {}))
    # A job does not record another drive's log as its reference (its
    # figures carry the capacity), and a log that records one by hand is
    # refused unless a reference is given.
    with pytest.raises(ssdcore.InvalidArgument, match="another drive's log"):
        ssdcore.job(DYNAMIC, pattern="randwrite", bs="4k", qd=32, time="1m",
                    reference=str(other))
    # (The suite's run records its fill's figures, with the capacity.)
    out, _ = run_suite(tmp_path / "suite")
    steady, sfill = out / "steady.csv", out / "fill.csv"
    assert series_metadata(steady)["reference"]["capacity_bytes"] == \
        series_metadata(sfill)["capacity_bytes"]
    edited = tmp_path / "edited.csv"
    with open(steady) as f, open(edited, "w") as g:
        g.write(f.readline())
        meta = json.loads(f.readline()[1:])
        meta["reference"]["capacity_bytes"] *= 8
        g.write("# " + json.dumps(meta) + "\n")
        g.write(f.read())
    p = subprocess.run(["ssdcore", "analyze", str(edited)], capture_output=True, text=True)
    assert p.returncode == 1 and "the metadata's reference" in p.stderr and \
        "another drive's log" in p.stderr
    assert cli(edited, "--reference", sfill)["reference"]["from"] == "argument"
    # A capacity the user gives is said to be the option's, not the run's
    # log's (round 45's audit: "the run's 1073741824 bytes" for --capacity 1g).
    p = subprocess.run(["ssdcore", "analyze", str(run), "--reference", str(sfill), "--capacity",
                        "1g"], capture_output=True, text=True)
    assert p.returncode == 1 and "another drive's log" in p.stderr and \
        "(1.1 GB, as the capacity option gives it)" in p.stderr, p.stderr
    # The same drive's fill still is one; so is a log with the fill's
    # samples but another past (the used-drive sweep's drive 4 of seed
    # 2026, no cache: its sequential fill after a sequential fill is,
    # sample for sample, its fresh fill; its metadata says so).
    assert cli(run, "--reference", fill)["reference"]["from"] == "argument"
    again = tmp_path / "fill-again.csv"
    with open(fill) as f, open(again, "w") as g:
        g.write(f.readline())
        meta = json.loads(f.readline()[1:])
        meta.update(written_before_bytes=meta["capacity_bytes"], precondition="seq_fill")
        g.write("# " + json.dumps(meta) + "\n")
        g.write(f.read())
    assert cli(again, "--reference", fill)["reference"]["from"] == "argument"


def test_metadata_reference_without_workload_reads_as_before(seq_fill_run, suite_run, tmp_path):
    """A run's metadata records its reference's workload (pattern and
    block size) beside its figures, and the figures of another workload
    are read for the cache's kind only; a recorded reference without a
    workload (logs made before it was recorded) is read as before: the
    same workload."""
    out, _ = suite_run
    with open(out / "steady.csv") as f:
        f.readline()
        ref = json.loads(f.readline()[2:])["reference"]
    assert ref["pattern"] == "write" and ref["block_size"] == 131072
    run, _ = seq_fill_run
    with open(run) as f:
        head, meta, rest = f.readline(), f.readline(), f.read()
    m = json.loads(meta[2:])
    got = {}
    for name, r in (("with", ref), ("without", {k: v for k, v in ref.items()
                                                 if k not in ("pattern", "block_size")})):
        m["reference"] = r
        p = tmp_path / (name + ".csv")
        p.write_text(head + "# " + json.dumps(m) + "\n" + rest)
        got[name] = cli(p)
        assert got[name]["reference"]["from"] == "metadata"
    assert regimes(got["with"]) == ["cache", "folding", "gc"]
    assert "another workload" in got["with"]["recovery_note"]
    assert "another workload" not in (got["without"].get("recovery_note") or "")


def test_static_cache_after_a_random_fill(tmp_path):
    """A 128K sequential run after a 4K random fill: its fast start dropped
    once straight into GC, which one curve reads as clean blocks (with a
    note that a static cache reads the same); the fill's log showed a
    static cache, which survives a fill and which the idle time emptied:
    the fast start is that cache."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, _, _, _ = simulate(STATIC, "random_fill", "fill", run, INTERVAL)
    simulate_fill(STATIC, "random_fill", fill, INTERVAL)
    cache = truth["phases"][0]
    assert cache["regime"] == "slc"
    alone = cli(run)
    assert regimes(alone) == ["direct", "gc"] and alone["cache"] is None
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "gc"]
    assert abs(a["cache"]["bytes"] - cache["bytes"]) <= 0.05 * cache["bytes"]


def test_static_cache_flushed_whole_then_direct_writes(tmp_path):
    """The same drive at 500 GB with a 12 GiB static cache, which 15
    minutes of idle flush whole: the fast start is the cache, then the 2
    GiB idle GC cleaned written direct in a few 2 s samples, too few for a
    level, then GC, longer than the fill log's cache, so one curve reads it
    as clean blocks. After a random fill nothing but the cache is faster
    than direct writes: its first step down is the cache's end, placed by
    the three levels' fit over the drop's samples and no larger than the
    fill log's cache (static_ref_cache_before_direct)."""
    spec = STATIC.replace("capacity_gb=1000", "capacity_gb=500").replace("slc_gb=40", "slc_gb=12")
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, _, _, _ = simulate(spec, "random_fill", "fill", run, INTERVAL)
    simulate_fill(spec, "random_fill", fill, INTERVAL)
    assert [p["regime"] for p in truth["phases"]] == ["slc", "native", "gc"]
    assert regimes(cli(run)) == ["direct", "gc"]
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["cache", "direct", "gc"]
    cache, gc = truth["phases"][0], truth["phases"][2]
    assert abs(a["cache"]["bytes"] - cache["bytes"]) <= 0.05 * cache["bytes"]
    assert a["cache"]["bytes"] <= 1.04 * (cli(fill)["cache"]["bytes"] +
                                          cli(fill)["cache"]["uncertainty_bytes"])
    assert abs(a["gc"]["start_bytes"] - gc["start_bytes"]) <= 0.05 * gc["start_bytes"]
    # (A static cache never folds: no note that the direct level may be folding.)
    assert "folding" not in (a.get("regime_note") or "")
    # (Without idle time the cache still holds the fill's data: no rule.)
    m = run.read_text().replace('"idle_before_s":900', '"idle_before_s":0')
    (tmp_path / "noidle.csv").write_text(m)
    assert regimes(cli(tmp_path / "noidle.csv", "--reference", fill)) == ["direct", "gc"]


# Seed 11's drive 161 (a static cache) at 128 GB with 4 GiB of it: its
# SLC's 4K speed (355 MB/s) barely above the direct 4K speed (280).
STATIC_SLIGHT = ("sim:bx200,native_write_lat_us=0,capacity_gb=128,op_pct=20.76,bits=2,"
                 "slc_type=static,slc_seq_mibps=519,slc_rand_iops=86817,native_seq_mibps=302,"
                 "native_rand_mibps=266.6,fold_mibps=302,floor_mibps=75.55,gc_gamma=1.89,"
                 "link_mibps=560,iops_cap=100000,noise=0.05,noise_direct=0.00,seed=570372734,"
                 "slc_gb=4,slc_wa=1.14,dip_duty=0")


def test_a_static_cache_too_slight_in_the_4k_fill_log(tmp_path):
    """The fill's 4K log shows the static cache only as a slight step (355
    MB/s for 3.5 GiB, then 280 to the end: less than min_drop, no cache
    found), which read as a reference of no cache: the 128K run's cache
    was read as clean blocks, "cache missed". A fresh drive writes at one
    level until a cache ends or its clean blocks run out, so a step ending
    where a static cache can is one (ssd__ref_kind_of)."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, _, _, _ = simulate(STATIC_SLIGHT, "random_fill", "fill", run, (1, 1, 5))
    simulate_fill(STATIC_SLIGHT, "random_fill", fill, (1, 1, 5))
    assert truth["phases"][0]["regime"] == "slc"
    f = cli(fill)
    assert f["cache"] is None and regimes(f)[:2] == ["direct", "other"]
    assert cli(run)["cache"] is None
    a = cli(run, "--reference", fill)
    want = truth["phases"][0]["bytes"]
    assert a["cache"] is not None and regimes(a)[0] == "cache"
    assert abs(a["cache"]["bytes"] - want) <= 0.05 * want


# Seed 2026's drive 176 (a static cache, 248 GB) with a 2 s noise tick.
STATIC_SMALL = ("sim:bx200,native_write_lat_us=0,capacity_gb=248,op_pct=9.84,bits=2,"
                "slc_type=static,slc_seq_mibps=2685,slc_rand_iops=583127,native_seq_mibps=1127,"
                "native_rand_mibps=843.9,fold_mibps=1127,floor_mibps=116.41,gc_gamma=0.99,"
                "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.00,seed=1013667002,"
                "slc_gb=7.8,slc_wa=1.29,dip_period_s=18.4,dip_duty=0.10,dip_depth=0.59,tick_s=2")


def test_static_cache_in_wsat_first_sample_after_a_random_fill(tmp_path):
    """WSAT (5 s samples) after a random fill, the fill's 4K log the same
    workload: the 6 GiB static cache and the 2 GiB idle GC cleaned after it
    both inside the first sample (1.71 GB/s: 2.39 at the cache, 0.89
    direct). Its bounds were read against the used state after it ("at
    least 7.3 GiB"); what the sample holds past the cache ran at the
    reference's direct level at most, so the lower bound is read against
    that level and holds the model's cache."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, _, _, _ = simulate(STATIC_SMALL, "random_fill", "wsat", run, (1, 2, 5))
    simulate_fill(STATIC_SMALL, "random_fill", fill, (1, 2, 5))
    assert [p["regime"] for p in truth["phases"]] == ["slc", "native", "gc"]
    want = truth["phases"][0]["bytes"]
    c = cli(run, "--reference", fill)["cache"]
    assert c["censored"] == "resolution"
    assert 0.95 * c["bytes"] <= want <= 1.05 * (c["bytes"] + c["uncertainty_bytes"])


# Seed 2026's drive 157 (a dynamic TLC cache, 383 GB) with a 2 s noise tick.
DYNAMIC_TLC = ("sim:bx200,native_write_lat_us=0,capacity_gb=383,op_pct=8.26,bits=3,"
               "slc_type=dynamic,slc_seq_mibps=2653,slc_rand_iops=458794,native_seq_mibps=1146,"
               "native_rand_mibps=598.0,fold_mibps=451,floor_mibps=167.94,gc_gamma=0.93,"
               "link_mibps=7000,iops_cap=2000000,noise=0.02,noise_direct=0.00,seed=1067718233,"
               "slc_gb=107,slc_wa=1,dip_duty=0,tick_s=2")


def test_dynamic_cache_folds_after_a_random_fill(tmp_path):
    """A 128K sequential run after a 4K random fill on a dynamic-cache
    drive: the 2 GiB idle GC cleaned taken by the cache in SLC mode, inside
    the first 1 s sample, then its folding at 473 MB/s to 6 GiB, then GC
    at 340-480. Without a reference the folding (1.4x above GC, 2x the
    first sample's bounds) reads as direct writes; the fill's log showed a
    dynamic cache, which folds before GC on a drive written full: the
    level after the first sample is the folding, and it ends where GC
    starts (dynamic_ref_first_sample_fold)."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, _, _, _ = simulate(DYNAMIC_TLC, "random_fill", "fill", run, INTERVAL)
    simulate_fill(DYNAMIC_TLC, "random_fill", fill, INTERVAL)
    assert [p["regime"] for p in truth["phases"]] == ["slc", "fold", "gc"]
    fold, gc = truth["phases"][1], truth["phases"][2]
    assert regimes(cli(run))[:3] == ["cache", "direct", "gc"]
    a = cli(run, "--reference", fill)
    assert regimes(a)[:3] == ["cache", "folding", "gc"]
    assert abs(a["folding"]["start_bytes"] - fold["start_bytes"]) <= 0.1 * fold["start_bytes"]
    assert abs(a["gc"]["start_bytes"] - gc["start_bytes"]) <= 0.05 * gc["start_bytes"]
    assert a["cache"]["bytes"] <= 2.2 * 2**30


def test_no_cache_in_the_fill_log_no_cache_in_the_run(tmp_path):
    """An enterprise drive's 128K run after a 4K random fill: 10.5 GiB of
    clean blocks, then GC, read "cache, folding" without a reference until
    round 26 (GC's first burst read as a level of its own); now the clean
    blocks without a reference too, which one curve cannot tell from a
    static cache (the undecided field says so); its fill's log shows no
    cache, so the fast start stays the clean blocks. Since round 40 the
    question stays open with that log too: a 4K random log's one speed
    rules out no cache the 128K run shows (SLC and native 4K writes can
    run at one speed, the host's limit: seed 139's drive 183, a static
    cache of 19.2 GiB at 4.8 GB/s in the 128K fill, its 4K fill's log flat
    at 2.74), so the field says so and names the fresh run."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    interval = (1, 1, 5)
    simulate(NO_CACHE, "random_fill", "fill", run, interval)
    simulate_fill(NO_CACHE, "random_fill", fill, interval)
    alone = cli(run)
    assert regimes(alone) == ["direct", "gc"]
    assert alone["undecided"]["between"] == "cache_or_clean_blocks"
    a = cli(run, "--reference", fill)
    assert regimes(a) == ["direct", "gc"] and a["cache"] is None
    assert a["undecided"] == {"between": "cache_or_clean_blocks", "read_as": "clean_blocks",
                              "decided_by": "reference"}
    assert "fresh run of this workload" in a["regime_note"]


# A drive without a cache whose fill's 4K log starts inside a GC dip (dips
# every 21 s for 13 % of the time): 560 MiB/s for its first second, 327 for
# two, then 909 with dips to the end (seed 251's drive 149, withheld until
# round 31 scored it: its one false cache with the fill's log).
DIP_FIRST = ("sim:bx200,native_write_lat_us=0,capacity_gb=254,op_pct=27.85,bits=2,slc_type=none,"
             "slc_seq_mibps=2987,slc_rand_iops=535452,native_seq_mibps=1256,"
             "native_rand_mibps=909.3,fold_mibps=1256,floor_mibps=241.07,gc_gamma=1.01,"
             "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.00,seed=350414242,"
             "slc_gb=0,dip_period_s=21.4,dip_duty=0.13,dip_depth=0.40")


def test_a_fill_log_starting_in_a_dip_keeps_its_lasting_level(tmp_path):
    """The fill's first level is its first lasting phase's (909 MiB/s), not
    the dip its first seconds ran in (560, then 327): the phase after a
    slower start is labelled other, and round 31 took only a phase of the
    first one's label. With 560 as the fresh drive's level, the used run's
    2 s of clean blocks at 909, then GC at 260, read "cache 2.11 GiB at 909
    MiB/s"."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(DIP_FIRST, "random_fill", "2h", run, INTERVAL_1S)
    simulate_fill(DIP_FIRST, "random_fill", fill, INTERVAL_1S)
    f = cli(fill)
    assert f["cache"] is None
    assert abs(f["post_cache_bps"] / 2**20 - 909.3) < 0.03 * 909.3, f["post_cache_bps"]
    a = cli(run, "--reference", fill)
    assert a["cache"] is None and regimes(a)[-1] == "gc", regimes(a)
    # (The sweep's score: the clean blocks' end, 2 samples in, is exact
    # within the sample it fell in.)
    assert score_run(truth, series, a)["problems"] == []


SUITE = """trim
idle 15m
job name=fill pattern=write bs=128k qd=32 bytes={fill} log=fill
idle 15m
job name=steady pattern=randwrite bs=4k qd=32 time=2h interval=2s log=steady
analyze steady{ref}
"""


def run_suite(tmp_path, fill="120g", ref="", extra=""):
    tmp_path.mkdir(parents=True, exist_ok=True)
    sf = tmp_path / "fill.suite"
    text = SUITE.format(fill=fill, ref=ref)
    if extra:
        text = extra + "\n" + text
    sf.write_text(text)
    out = tmp_path / "r"
    subprocess.run(["ssdcore", "suite", DYNAMIC, "--suite-file", str(sf), "--out", str(out)],
                   check=True, capture_output=True, text=True)
    res = json.load(open(out / "results.json"))
    return out, next(s for s in res["steps"] if s["kind"] == "analyze")["analysis"]


@pytest.fixture(scope="module")
def suite_run(tmp_path_factory):
    return run_suite(tmp_path_factory.mktemp("suite"))


def test_suite_takes_the_fill_log(suite_run):
    """The issue's fill.suite with its fill logged (and 15 minutes of idle
    after it, as lab2016 and the sweep give): the analyze step of the
    run after it takes the fill's log as its reference by itself, and the
    run's log records it, so `ssdcore analyze steady.csv` alone agrees."""
    out, a = suite_run
    # Named as results.json names the run ("steady.csv"), not by the path
    # it was read from, which differed with --out and the working directory.
    assert a["reference"] == {"source": "fill.csv", "from": "argument",
                              "metadata_source": "fill.csv"}
    assert regimes(a) == ["cache", "folding", "gc"]
    alone = cli(out / "steady.csv")
    assert alone["reference"] == {"source": "fill.csv", "from": "metadata"}
    assert regimes(alone) == regimes(a)


def test_a_results_directory_without_the_fill_log_keeps_its_verdict(suite_run, tmp_path):
    """fill.csv deleted (a whole drive's log, kept to save space) or not
    copied: the run's log records the fill's figures, so the report, a
    reloaded suite and the compare and catalog paths that reload it
    recompute the verdict with them (before: "cannot recompute", the
    stored analysis kept, exit 1). A run's log without those figures
    still keeps the stored analysis and says so."""
    out, a = suite_run
    d = tmp_path / "nofill"
    d.mkdir()
    for f in ("results.json", "steady.csv"):
        shutil.copy(out / f, d / f)
    p = subprocess.run(["ssdcore", "report", str(d), "--json"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    step = next(s for s in json.loads(p.stdout)["steps"] if s["kind"] == "analyze")
    assert step["analysis"]["reference"] == {"source": "fill.csv", "from": "metadata"}
    assert regimes(step["analysis"]) == regimes(a)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = ssdcore.report(d, out=tmp_path / "nofill.html")
    assert regimes(r.step("analyze-steady")["analysis"]) == regimes(a)
    # Without the figures in the run's log: the stored analysis, a warning.
    with open(out / "steady.csv") as f, open(d / "steady.csv", "w") as g:
        g.write(f.readline())
        meta = json.loads(f.readline()[1:])
        del meta["reference"]
        g.write("# " + json.dumps(meta) + "\n")
        g.write(f.read())
    p = subprocess.run(["ssdcore", "report", str(d), "--json"], capture_output=True, text=True)
    assert p.returncode == 1 and "fill.csv: cannot open" in p.stderr
    step = next(s for s in json.loads(p.stdout)["steps"] if s["kind"] == "analyze")
    assert regimes(step["analysis"]) == regimes(a)


def test_the_headline_catalog_and_compare_know_the_fill_s_log(suite_run, tmp_path):
    """The headline's write curve names the log its verdict leaned on
    (the catalog keeps the headline; compare reads it), and the compare
    page says under the drive's curve, as its report does, that it was
    analysed against its fill's log: a curve read against its fill and one
    read without had looked alike there."""
    out, a = suite_run
    res = json.load(open(out / "results.json"))
    assert res["headline"]["write_curves"]["steady"]["reference"] == "fill.csv"
    cat = tmp_path / "cat.sqlite"
    subprocess.run(["ssdcore", "catalog", "add", str(out), "--catalog", str(cat)], check=True,
                   capture_output=True, text=True)
    with sqlite3.connect(cat) as db:
        head = json.loads(db.execute("SELECT headline FROM runs").fetchone()[0])
    assert head["write_curves"]["steady"]["reference"] == "fill.csv"
    cmp = tmp_path / "cmp"
    subprocess.run(["ssdcore", "compare", str(out), str(out), "--label", "a", "--label", "b",
                    "--out", str(cmp)], check=True, capture_output=True, text=True)
    page = (cmp / "compare.html").read_text()
    assert ("<b>a:</b> analysed against <code>fill.csv</code>, the log of the whole-drive "
            "fill it followed") in page


def test_suite_explicit_reference_wins_and_no_fill_no_reference(tmp_path):
    """An analyze step's own reference= wins; a logged job shorter than the
    drive is no fill (lab2016's sequential tests after a TRIM)."""
    out, a = run_suite(tmp_path / "own", ref=" reference=other",
                       extra="job name=other pattern=write bs=128k qd=32 bytes=8g log=other")
    assert a["reference"]["source"] == "other.csv"
    out, a = run_suite(tmp_path / "short", fill="10g")
    assert "reference" not in a


def test_pts_suite_has_no_analyze_after_a_fill():
    """The PTS suite's tests purge and precondition inside their own steps
    (in bulk on a sim:, unlogged), and its WSAT, the one logged run, starts
    from a purge: it has no analyze step after a logged fill to give one."""
    out = subprocess.run(["ssdcore", "suite", "sim:bx200", "--suite", "pts", "--list"],
                         check=True, capture_output=True, text=True).stdout
    assert "pts test=wsat" in out
    assert not re.search(r"^\s*\d+\s+(analyze|job)\b", out, re.M)


# Issue 21's own fill.suite, exactly as written: its fill has no log=fill.
ISSUE_SUITE = """trim
idle 15m
job name=fill pattern=write bs=128k qd=32 bytes=512g
job name=steady pattern=randwrite bs=4k qd=32 bytes=1024g interval=1s log=steady
analyze steady
"""
DYNAMIC_512 = DYNAMIC.replace("capacity_gb=120,", "capacity_gb=512,")


def steps_by_name(res):
    return {s["name"]: s for s in res["steps"]}


def test_suite_keeps_an_unlogged_fill_log(tmp_path):
    """A job that writes the whole drive after a whole-drive TRIM keeps its
    series as if log=NAME were given (fill.csv, listed in results.json as a
    log is), so the issue's suite, which does not ask for it, has its fill
    as the steady run's reference; from the CLI and from Python alike
    (the library keeps it)."""
    sf = tmp_path / "fill.suite"
    sf.write_text(ISSUE_SUITE)
    out = tmp_path / "cli"
    subprocess.run(["ssdcore", "suite", DYNAMIC_512, "--suite-file", str(sf), "--out", str(out)],
                   check=True, capture_output=True, text=True)
    res = json.load(open(out / "results.json"))
    py = ssdcore.suite(DYNAMIC_512, tmp_path / "py", suite_file=sf, report=False)
    for d, r in ((out, res), (tmp_path / "py", py)):
        assert (d / "fill.csv").is_file()
        st = steps_by_name(r)
        assert st["fill"]["log"] == "fill.csv"
        assert st["analyze-steady"]["analysis"]["reference"]["source"] == "fill.csv"
    assert sorted(p.name for p in out.glob("*.csv")) == ["fill.csv", "steady.csv"]
    # The page says which log the verdict leans on: the step names none.
    assert "steady:</b> analysed against <code>fill.csv</code>" in \
        (out / "report.html").read_text()
    alone = cli(out / "steady.csv")
    assert alone["reference"] == {"source": "fill.csv", "from": "metadata"}


def test_suite_log_none_and_no_fill_keep_nothing(tmp_path):
    """log=none keeps no log, not even a fill's (nor a none.csv); a job that
    does not write the whole drive, or one after something else wrote since
    the TRIM, or after a partial TRIM, or one no logged run follows before
    the next TRIM (lab2016's preparing fills), keeps none either."""
    cases = {
        "none": ISSUE_SUITE.replace("bytes=512g", "bytes=512g log=none"),
        "short": ISSUE_SUITE.replace("bytes=512g", "bytes=400g"),
        "written": ISSUE_SUITE.replace("idle 15m", "job name=w pattern=write bs=128k bytes=1g"),
        "part": ISSUE_SUITE.replace("trim", "trim length=400g", 1),
        "timed": ISSUE_SUITE.replace("bytes=512g", "time=1h"),
        # No logged run after it on that drive: nothing needs the fill's log.
        "trimmed": ISSUE_SUITE.replace("\njob name=steady", "\ntrim\njob name=steady"),
    }
    for name, text in cases.items():
        sf = tmp_path / f"{name}.suite"
        sf.write_text(text)
        out = tmp_path / name
        subprocess.run(["ssdcore", "suite", DYNAMIC_512, "--suite-file", str(sf), "--out",
                        str(out)], check=True, capture_output=True, text=True)
        res = json.load(open(out / "results.json"))
        assert sorted(p.name for p in out.glob("*.csv")) == ["steady.csv"], name
        assert steps_by_name(res)["fill"]["log"] is None, name
        assert "reference" not in steps_by_name(res)["analyze-steady"]["analysis"], name
        assert "analysed against" not in (out / "report.html").read_text(), name


def test_the_report_calls_only_the_fill_s_log_a_fill(tmp_path):
    """An analyze step that names no reference and follows no fill, on a
    log whose metadata records another step's reference= (a fresh run),
    was described as "analysed against fresh.csv, the log of the
    whole-drive fill it followed". The page names that log as the
    reference the run's log records."""
    sf = tmp_path / "two.suite"
    sf.write_text("trim\n"
                  "job name=fresh pattern=randwrite bs=4k qd=32 time=10m log=fresh\n"
                  "trim\n"
                  "job name=used pattern=randwrite bs=4k qd=32 time=10m log=used\n"
                  "analyze used reference=fresh\n"
                  "analyze used\n")
    out = tmp_path / "r"
    subprocess.run(["ssdcore", "suite", "sim:bx200", "--suite-file", str(sf), "--out", str(out)],
                   check=True, capture_output=True, text=True)
    res = json.load(open(out / "results.json"))
    second = [s for s in res["steps"] if s["kind"] == "analyze"][1]
    assert second["analysis"]["reference"] == {"source": "fresh.csv", "from": "metadata"}
    page = (out / "report.html").read_text()
    assert "the log of the whole-drive fill it followed" not in page
    assert ("used:</b> analysed against <code>fresh.csv</code>, the reference the run's log "
            "records") in page


def test_a_recovery_against_the_fill_s_log_is_in_the_headline(tmp_path):
    """A 4K random fill before a 4K random run is the same workload: the
    analysis measures the recovery against the fill's log (15 GiB written
    again at full speed, in the analysis and the text), which the headline,
    and so the catalog and compare, left out (only a step's reference=
    gave it). A fill of another workload measures none and gives no
    figure (not a "none" the compare page would show)."""
    out, a = run_suite(tmp_path / "rand", fill="120g")
    res = json.load(open(out / "results.json"))
    assert "recovered_bytes" not in res["headline"]["write_curves"]["steady"]  # 128K fill
    sf = tmp_path / "rr.suite"
    sf.write_text(SUITE.format(fill="120g", ref="").replace(
        "job name=fill pattern=write bs=128k", "job name=fill pattern=randwrite bs=4k"))
    out = tmp_path / "rr"
    subprocess.run(["ssdcore", "suite", DYNAMIC, "--suite-file", str(sf), "--out", str(out)],
                   check=True, capture_output=True, text=True)
    res = json.load(open(out / "results.json"))
    rec = next(s for s in res["steps"] if s["kind"] == "analyze")["analysis"]["recovery"]
    curve = res["headline"]["write_curves"]["steady"]
    assert rec["recovered_bytes"] > 0
    assert curve["recovered_bytes"] == rec["recovered_bytes"]
    assert curve["recovery_censored"] == rec["censored"]
    assert curve["state"]["recovered_bytes"] == "measured"


# Seed 337's drive 34 and 311's drive 68: 2 hours after a random fill, a 2
# GiB dynamic cache ended inside the first 1 s sample (2259 and 2243 MB/s),
# then two samples of folding (889, 888; 817, 804), then GC at 65-274.
D337_34 = ("sim:bx200,native_write_lat_us=0,capacity_gb=2554,op_pct=16.31,bits=2,"
           "slc_type=dynamic,slc_seq_mibps=5574,slc_rand_iops=929526,native_seq_mibps=1794,"
           "native_rand_mibps=1383.0,fold_mibps=1134,floor_mibps=92.08,gc_gamma=2.12,"
           "link_mibps=7000,iops_cap=2000000,noise=0.02,noise_direct=0.04,seed=450682852,"
           "slc_gb=156,slc_wa=1,dip_period_s=28.4,dip_duty=0.16,dip_depth=0.56")
D311_68 = ("sim:bx200,native_write_lat_us=0,capacity_gb=1765,op_pct=26.41,bits=2,"
           "slc_type=dynamic,slc_seq_mibps=6271,slc_rand_iops=1171905,native_seq_mibps=2414,"
           "native_rand_mibps=1754.7,fold_mibps=1096,floor_mibps=64.35,gc_gamma=1.24,"
           "link_mibps=7000,iops_cap=2000000,noise=0.00,noise_direct=0.08,seed=718059854,"
           "slc_gb=209,slc_wa=1,dip_period_s=25.1,dip_duty=0.11,dip_depth=0.31")


@pytest.mark.parametrize("spec", [D337_34, D311_68])
def test_a_two_sample_folding_after_a_first_sample_cache(tmp_path, spec):
    """A fill's log that showed no folding gives no folding level, and
    fold_run_after_cache asked three samples of the level after the cache:
    the two flat samples of folding (within half a step of each other)
    before GC min_drop below them were read as the cache's, "cache 3.90
    GiB, truth 2.00". Two such samples are the folding: the cache ends
    inside the first sample."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(spec, "random_fill", "2h", run, INTERVAL_1S)
    simulate_fill(spec, "random_fill", fill, INTERVAL_1S)
    a = cli(run, "--reference", fill)
    assert a["cache"]["bytes"] / 2**30 < 2.3
    assert not score_run(truth, series, a)["problems"]
