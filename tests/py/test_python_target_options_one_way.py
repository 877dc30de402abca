"""Target options go one way in Python (issue #22 item 8, "options as
tables"): keywords checked against the target's table
(``ssdcore.options("target")``), as job() takes them, in replay(),
apps() and fsd() too; the old ``target_options={...}`` dict is gone."""
import os

import pytest

import ssdcore
from ssdcore.job import _TARGET_KEYS


def _trace():
    tr = ssdcore.Trace()
    for i in range(4):
        tr.add(i * 1e-3, "W", i * 4096, 4096)
    return tr


def test_the_keywords_are_the_tables_keys():
    assert set(_TARGET_KEYS) == set(ssdcore.options("target"))
    # no target option shadows a replay option: a keyword means one thing
    assert not set(_TARGET_KEYS) & set(ssdcore.options("replay"))


def test_replay_takes_target_options_as_keywords(tmp_path):
    p = tmp_path / "f.bin"
    r = ssdcore.replay(_trace(), str(p), size="1m", qd=2)
    assert r.total_bytes == 4 * 4096 and os.path.getsize(p) == 1 << 20


@pytest.mark.parametrize("fn", [ssdcore.apps, ssdcore.fsd])
def test_scored_runs_check_their_keywords_against_the_table(fn):
    with pytest.raises(TypeError, match=r"unknown target option\(s\): sizee .*"
                                        r"ssdcore.options\(\"target\"\)'s: size, "):
        fn("sim:bx200", sizee="1g")


def test_target_options_for_an_open_target_are_refused_not_ignored(tmp_path):
    # job() once ignored them: size="2m" on a 1 MiB Target ran on 1 MiB
    with ssdcore.Target(str(tmp_path / "f.bin"), size="1m") as t:
        for call in (lambda: ssdcore.replay(_trace(), t, size="2m"),
                     lambda: ssdcore.apps(t, size="2m"), lambda: ssdcore.fsd(t, size="2m"),
                     lambda: ssdcore.job(t, "write", size="2m", time=0.1),
                     lambda: ssdcore.job(t, "write", layout="never", time=0.1)):
            with pytest.raises(TypeError, match="ssdcore.Target is open already"):
                call()
        # said as a sentence: it read "job(): size open a target URI, but ..."
        with pytest.raises(TypeError, match=r"^job\(\): size is a target option, read when a call "
                                            r"opens a URI, but this ssdcore.Target is open "
                                            r"already: give it to ssdcore.Target\(...\)$"):
            ssdcore.job(t, "write", size="2m", time=0.1)
        with pytest.raises(TypeError, match=r"^apps\(\): layout, size are target options, .* "
                                            r"give them to"):
            ssdcore.apps(t, size="2m", layout="never")


def test_suite_takes_every_target_option_as_a_keyword(tmp_path):
    """suite() took only size, destroy_data and buffered: read_only, layout,
    fitrim... were a TypeError though job() takes them."""
    table = ssdcore.options("target")
    assert not set(table) & set(ssdcore.options("suite"))
    kw = {n: o["default"] for n, o in table.items() if o["default"]}
    assert {"layout", "fitrim"} <= set(kw)
    steps = ssdcore.suite_steps("sim:bx200", **kw)
    assert steps and steps[0]["kind"]
    # handed to the target it opens, checked by the library
    for call in (ssdcore.suite_steps, lambda uri, **k: ssdcore.suite(uri, tmp_path / "o", **k)):
        with pytest.raises(ssdcore.InvalidArgument, match="option layout: unknown layout"):
            call("sim:bx200", layout="sometimes")
        with pytest.raises(TypeError, match=r"unknown target option\(s\): sizee"):
            call("sim:bx200", sizee="1g")
    assert not (tmp_path / "o").exists()
    with ssdcore.Target("sim:bx200") as t:
        for call in (lambda: ssdcore.suite(t, tmp_path / "o", fitrim=False),
                     lambda: ssdcore.suite(t, tmp_path / "o", size="1g"),
                     lambda: ssdcore.suite_steps(t, read_only=True)):
            with pytest.raises(TypeError, match="ssdcore.Target is open already"):
                call()
