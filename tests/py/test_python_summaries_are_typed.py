"""Every summary() types its columns by their unit (issue 22 item 8:
integers for byte counts): a compare's or a catalog's byte counts were
float64 (``write_curves.degradation.cache_bytes`` 3221225472.0), a suite's
``degradation.cache_bytes`` and a job's missing read latencies object
columns of None, and sim.truth's missing levels too (round 25's audit)."""
import shutil
from pathlib import Path

import ssdcore

RESULTS = Path(__file__).resolve().parent.parent / "data" / "results" / "quick-bx200"


def _check(df, what):
    for c in df.columns:
        assert str(df[c].dtype) != "object", (what, c)
        if str(c).endswith("_bytes"):
            assert str(df[c].dtype) in ("Int64", "int64"), (what, c, df[c].dtype)


def test_byte_counts_are_integers_and_no_summary_column_is_object(tmp_path):
    runs = [shutil.copytree(RESULTS, tmp_path / name) for name in ("a", "b")]
    cmp = ssdcore.compare(runs, labels=["a", "b"])
    wide = cmp.summary()
    assert any(c.endswith("_bytes") for c in wide.columns)
    _check(wide, "compare")
    for r in runs:
        ssdcore.catalog.add(r, catalog=tmp_path / "c.sqlite")
    _check(ssdcore.catalog.figures(catalog=tmp_path / "c.sqlite").summary(), "catalog")
    _check(ssdcore.job("sim:bx200", "write", "128k", time=1).summary(), "job")
    _check(ssdcore.sim.truth("sim:bx200").summary(), "sim.truth")
    suite = ssdcore.suite("sim:bx200", tmp_path / "s", scale=0.01, report=False)
    _check(suite.summary(), "suite")
