"""A run made with the same drive's fresh run as reference records that
reference in its log (DESIGN.md's series CSV: the metadata's "reference",
the figures of ssd_analysis_reference_json), so the log analysed alone
later gives the verdict it gave with the reference, by every path (CLI,
Python, a job's own analyze(), a suite's analyze step); a reference given
explicitly wins, and the JSON says which was used.

The drive is one of the used-drive sweep's (seed 2026, drive 18: a 338 GB
MLC drive with a 2.3 GiB static cache), randomly filled twice then idle:
without its reference its 2-hour run's cache is read as the clean blocks
idle time gave back, with it the cache is found."""
import json
import os
import shutil
import subprocess

import pytest

import ssdcore
from analyze_cli import cli
from suite_helpers import series_metadata
from used_drive_scoring import prepare

SPEC = ("sim:bx200,native_write_lat_us=0,capacity_gb=338,op_pct=27.87,bits=2,slc_type=static,"
        "slc_seq_mbps=4894,slc_rand_iops=994762,native_seq_mbps=1695,native_rand_mbps=1336.2,"
        "fold_mbps=1695,floor_mbps=381.45,gc_gamma=1.03,link_mbps=7000,iops_cap=2000000,"
        "noise=0.02,noise_direct=0.00,seed=127872678,slc_gb=2.3,slc_wa=1.06,dip_period_s=29.8,"
        "dip_duty=0.10,dip_depth=0.33")
WORKLOAD = dict(pattern="randwrite", bs=4096, qd=32, time="2h", interval=1)


def verdict(a):
    """What a verdict is: the phases with their regimes, the cache, the
    used state and the recovery."""
    return ([(p["regime"], p["start_bytes"], p["end_bytes"]) for p in a["phases"]],
            a["cache"], a["gc"], a.get("recovery"))


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("reference")
    fresh, used = d / "fresh.csv", d / "used.csv"
    with ssdcore.SimTarget(SPEC) as t:
        prepare(t, "fresh")
        ssdcore.job(t, log=str(fresh), precondition="none", **WORKLOAD)
        wb = prepare(t, "random_fill")
        r = ssdcore.job(t, log=str(used), precondition="random_fill", written_before=wb,
                        reference=str(fresh), **WORKLOAD)
    return d, fresh, used, r


def test_the_log_names_its_reference(runs):
    d, fresh, used, _ = runs
    ref = series_metadata(used)["reference"]
    assert ref["source"] == str(fresh)
    own = cli(fresh)
    assert ref["post_cache_bps"] == pytest.approx(own["post_cache_bps"], rel=1e-9)
    assert ref["has_cache"] == (own["cache"] is not None)


def test_the_lone_log_gives_the_verdict_with_its_reference(runs):
    d, fresh, used, r = runs
    alone, given = cli(used), cli(used, "--reference", fresh)
    assert verdict(alone) == verdict(given)
    assert alone["cache"] is not None and alone["recovery"] is not None
    assert alone["reference"] == {"source": str(fresh), "from": "metadata"}
    assert given["reference"]["from"] == "argument"
    # Python: analyze(path) and the job's own analyze() read it too.
    py = ssdcore.analyze(str(used))
    assert [(p["regime"], p["start_bytes"]) for p in py["phases"]] == \
        [(p["regime"], p["start_bytes"]) for p in alone["phases"]]
    job = r.analyze()
    assert [p["regime"] for p in job["phases"]] == [p["regime"] for p in alone["phases"]]
    assert job["cache"]["bytes"] == pytest.approx(alone["cache"]["bytes"], rel=1e-9)


def test_the_reference_is_what_changes_the_verdict(runs):
    """Without the recorded reference the same log gives another verdict:
    the test above would fail if the metadata's reference were ignored."""
    d, fresh, used, _ = runs
    bare = d / "bare.csv"
    with open(used) as f, open(bare, "w") as g:
        g.write(f.readline())
        meta = json.loads(f.readline()[1:])
        del meta["reference"]
        g.write("# " + json.dumps(meta) + "\n")
        shutil.copyfileobj(f, g)
    a = cli(bare)
    assert "reference" not in a and "recovery" not in a
    assert verdict(a)[:3] != verdict(cli(used))[:3]


def test_an_explicit_reference_wins_and_the_json_says_so(runs):
    d, fresh, used, _ = runs
    other = d / "other.csv"
    # Another reference: the used run's last hour, another log of the drive
    # (the run itself is refused: test_a_reference_that_cannot_be_the_run_s).
    with open(used) as f, open(other, "w") as g:
        lines = f.readlines()
        head = [ln for ln in lines[:3] if ln.startswith("#") or ln.startswith("t_s")]
        rows = lines[len(head):]
        g.writelines(head)
        t0 = None
        for ln in rows[len(rows) // 2:]:
            t, rest = ln.split(",", 1)
            t0 = float(t) - 1 if t0 is None else t0
            g.write(f"{float(t) - t0:.6f},{rest}")
    a = cli(used, "--reference", other)
    assert a["reference"] == {"source": str(other), "from": "argument",
                              "metadata_source": str(fresh)}
    assert verdict(a)[:3] != verdict(cli(used))[:3]


def test_a_suite_records_its_analyze_steps_reference(tmp_path):
    suite = tmp_path / "used.suite"
    suite.write_text(
        "trim\nidle 15m\n"
        "job name=fresh pattern=randwrite bs=4k qd=32 time=2h interval=1s log=fresh\n"
        "trim\n"
        "job name=fill1 pattern=randwrite bs=4k qd=32 coverage=1 seed=101 interval=1h\n"
        "job name=fill2 pattern=randwrite bs=4k qd=32 coverage=1 seed=102 interval=1h\n"
        "idle 15m\n"
        "job name=used pattern=randwrite bs=4k qd=32 time=2h interval=1s log=used\n"
        "analyze used reference=fresh\n")
    out = tmp_path / "r"
    subprocess.run(["ssdcore", "suite", SPEC, "--suite-file", str(suite), "--out", str(out)],
                   check=True, capture_output=True, text=True)
    assert series_metadata(out / "used.csv")["reference"]["source"] == "fresh.csv"
    with open(out / "results.json") as f:
        res = json.load(f)
    step = next(s for s in res["steps"] if s.get("kind") == "analyze")
    alone = cli(out / "used.csv")
    assert alone["reference"]["from"] == "metadata"
    assert verdict(alone)[:3] == verdict(step["analysis"])[:3]
    assert alone["cache"] is not None


def test_a_bad_reference_is_refused_with_its_name(tmp_path):
    with pytest.raises(ssdcore.Error, match="reference"):
        ssdcore.job("sim:ssd370", pattern="randwrite", time=1, reference='{"a": 1}')
    missing = tmp_path / "missing.csv"
    with pytest.raises(ssdcore.Error, match=str(missing)):
        ssdcore.job("sim:ssd370", pattern="randwrite", time=1, reference=str(missing))
    assert not os.path.exists(missing)


@pytest.mark.parametrize("reference, what", [
    ('"fresh"', "not an object"),
    ('{"post_cache_bps": 5e8}', "has_cache is missing"),
    ('{"has_cache": false, "post_cache_bps": -5}', "post_cache_bps is not a positive number"),
    ('{"has_cache": false, "post_cache_bps": 5e8, "cache_bytes": "x"}',
     "cache_bytes is not a number >= 0"),
])
def test_an_unreadable_recorded_reference_is_refused_unless_another_is_given(
        tmp_path, reference, what):
    # Ignoring it would quietly give the verdict of a run without reference.
    log = tmp_path / "used.csv"
    log.write_text('# ssdcore-series 1\n# {"capacity_bytes": 240000000000, "reference": '
                   + reference + '}\nt_s,bytes\n'
                   + "".join(f"{i},{100e6:.0f}\n" for i in range(1, 301)))
    r = subprocess.run(["ssdcore", "analyze", str(log)], capture_output=True, text=True)
    assert r.returncode == 1
    assert f"{log}: the metadata's reference" in r.stderr and what in r.stderr
    with pytest.raises(ssdcore.Error, match=what):
        ssdcore.analyze(log)
    # A reference given explicitly replaces the unreadable one.
    fresh = tmp_path / "fresh.csv"
    fresh.write_text('# ssdcore-series 1\n# {}\nt_s,bytes\n'
                     + "".join(f"{i},{300e6:.0f}\n" for i in range(1, 301)))
    out = json.loads(subprocess.run(["ssdcore", "analyze", "--json", str(log), "--reference",
                                     str(fresh)], capture_output=True, text=True,
                                    check=True).stdout)
    assert out["reference"]["from"] == "argument"
