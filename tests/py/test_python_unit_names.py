"""One spelling of units in Python names (issue #22 item 8): an access
time is a latency, in µs (``access_us``), never ``access_s`` in one table
and ``access_us`` in another; a rate is ``bw_bps``, not ``bandwidth_bps``
beside it; a queue depth is ``queue_depth`` in every frame. The old
attribute names are gone."""
import re

import pytest

from ssdcore.results import AppsResult, FsdResult, ReplayResult

TRACE = {"name": "cp1", "trace": "x", "description": "copy", "scored": True, "qd": 4, "ios": 10,
         "bytes": 40960, "busy_s": 0.5, "bw_bps": 81920.0, "access_us": 150.0}
FSD = {"scale": 0.02, "seed": 1, "traces": [TRACE], "bw_bps": 2e6, "access_us": 200.0,
       "score": 3.0}
APPS = {"timing": "no-idle", "seed": 1, "traces": [dict(TRACE)], "score_bps": 1e6,
        "mean_bps": 9e5}
REPLAY = {"target": {"uri": "sim:bx200"}, "trace": {"format": "csv"}, "timing": "no-idle",
          "qd": 8, "runtime_s": 2.0, "busy_s": 1.0, "bytes": 8192, "ios": 2, "iops": 2.0,
          "bw_bps": 8192.0, "access_us": 50.0, "samples": [[1.0, 4096, 1], [2.0, 4096, 1]]}

UNITS = ("_bytes", "_bps", "_s", "_us", "_iops")
# Names that are no quantity with a unit: labels, counts, ratios, scores.
UNITLESS = {"target", "timing", "queue_depth", "ios", "iops", "status", "name", "trace",
            "description", "scored", "seed", "traces", "scale", "score", "ops",
            "bytes"}  # a sample's bytes (t_s, bytes, ops): the series' own columns
OLD = re.compile(r"(access_s|bandwidth_bps|_mibs|mib_per_s|bytes_per_s|^qd)$")


def _names(r):
    names = list(r.summary().columns) + list(r.to_frame().columns)
    return names + [k for k, _, _ in r._headline()]


@pytest.mark.parametrize("r", [FsdResult(FSD), AppsResult(APPS), ReplayResult(REPLAY)],
                         ids=["fsd", "apps", "replay"])
def test_every_column_and_summary_key_carries_its_unit(r):
    for n in _names(r):
        assert not OLD.search(n), n
        assert n in UNITLESS or n.endswith(UNITS), n


def test_fsd_names_its_figures_as_every_result_does():
    r = FsdResult(FSD)
    assert r.bw_bps == 2e6 and r.access_us == pytest.approx(200.0)
    assert list(r.summary().columns) == ["scale", "seed", "traces", "score", "bw_bps",
                                         "access_us"]
    df = r.to_frame()
    assert df["access_us"][0] == pytest.approx(150.0) and df["queue_depth"][0] == 4
    assert "qd" not in df.columns and "access_s" not in df.columns
    assert "access_us" in repr(r)


def test_replay_access_time_is_us_in_attribute_and_summary():
    r = ReplayResult(REPLAY)
    assert r.access_us == pytest.approx(50.0)
    assert r.summary()["access_us"][0] == pytest.approx(50.0)
