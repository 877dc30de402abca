"""A run analysed with the drive's capacity but nothing of its past (a log
from another tool, a frame built by hand): a fast start, one drop and no
used state after it is a cache on a fresh drive but the clean blocks
running out on a drive written full before (issue 21: "most users test
drives that are not fresh"). The round-22 audit: SSD370's 2-hour random
run after a sequential fill, analysed from a plain DataFrame with the
capacity, read "cache 15.02 GiB ..., then 7.0 MiB/s" with no word that the
drive's past decides it, where its log (which carries the past) finds no
cache and the used state from 15 GiB. The analysis now says what it cannot
tell, and the same run with its past needs no such note."""
import subprocess

import pandas as pd
import pytest

import ssdcore

NOTE = "what was written to the drive before this run is not known"


@pytest.fixture(scope="module")
def filled_run(tmp_path_factory):
    d = tmp_path_factory.mktemp("past")
    with ssdcore.SimTarget("sim:ssd370") as t:
        t.purge()
        ssdcore.precondition(t, "seq_fill", loops=2)
        t.idle("15m")
        r = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, time="2h", interval=1,
                        log=str(d / "steady.csv"))
    return r, d / "steady.csv"


def test_without_the_past_the_note_says_what_cannot_be_told(filled_run, tmp_path):
    r, log = filled_run
    plain = pd.read_csv(log, comment="#")  # the CSV's rows, no metadata
    a = ssdcore.analyze(plain, capacity_bytes=r.capacity_bytes)
    assert a.cache_bytes is not None  # what one curve of unknown past reads
    assert a.regime_note.startswith(NOTE)
    assert "give the precondition" in a.regime_note
    assert "note: " + NOTE in repr(a)
    # the CLI says it too, for a log without the metadata line
    bare = tmp_path / "bare.csv"
    plain.to_csv(bare, index=False)
    out = subprocess.run(["ssdcore", "analyze", str(bare), "--capacity",
                          str(r.capacity_bytes)], capture_output=True, text=True, check=True)
    assert NOTE in out.stdout


def test_with_the_past_no_cache_and_no_such_note(filled_run):
    r, log = filled_run
    for a in (r.analyze(), ssdcore.analyze(str(log))):
        assert a.cache_bytes is None and a.gc_start_bytes is not None
        assert not (a.regime_note or "").startswith(NOTE)
    plain = pd.read_csv(log, comment="#")
    a = ssdcore.analyze(plain, capacity_bytes=r.capacity_bytes,
                        written_before_bytes=r.written_before_bytes, precondition=r.precondition)
    assert a.cache_bytes is None and not (a.regime_note or "").startswith(NOTE)
    # a fresh drive said so: a cache, no note
    b = ssdcore.analyze(plain, capacity_bytes=r.capacity_bytes, precondition="none")
    assert b.cache_bytes is not None and not (b.regime_note or "").startswith(NOTE)


def test_a_run_past_the_raw_flash_still_says_it(tmp_path):
    """The round-23 audit: Vector 180's 2-hour run after a sequential fill
    writes 617 GiB, more than its raw flash, and with the capacity alone
    read "cache 14.9 GiB, then 193 MiB/s, folding from 30.9 GiB" to the end
    (a suite's run: "cache 31.9 GiB, then direct") with no note: the note
    was kept to runs shorter than the raw flash and to runs with no
    folding. No used state was found, so a level after the "cache" may
    itself be the used state: the note says what the past would settle,
    however long the run."""
    log = tmp_path / "steady.csv"
    with ssdcore.SimTarget("sim:vector180") as t:
        t.purge()
        ssdcore.precondition(t, "seq_fill", loops=1)
        t.idle("15m")
        r = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, time="2h", interval=1,
                        log=str(log))
    plain = pd.read_csv(log, comment="#")
    assert plain["bytes"].sum() > 1.28 * r.capacity_bytes  # past the raw flash
    a = ssdcore.analyze(plain, capacity_bytes=r.capacity_bytes)
    # no used state found; the level after the cache "folding" to the end
    assert a.cache_bytes is not None and a.gc_start_bytes is None, repr(a)
    assert a.regime_note is not None and a.regime_note.startswith(NOTE), repr(a)
    # its log, which carries the past, finds the used state
    assert r.analyze().gc_start_bytes is not None
