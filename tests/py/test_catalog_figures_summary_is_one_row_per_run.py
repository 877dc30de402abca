"""CatalogFigures.summary() has one row per catalogued run: runs of
different drives started at different times must not be crossed into rows
of runs that never were (pivot_table(dropna=False) built the product of
run ids, drives and start times: 8 rows for 2 runs)."""
import math

import ssdcore


def figures(rows):
    keys = ("run_id", "drive", "started", "figure", "value")
    return ssdcore.results.CatalogFigures({"catalog": "c.sqlite", "drive": None,
                                   "figures": [dict(zip(keys, r)) for r in rows]})


def test_two_runs_give_two_rows_with_their_own_values():
    wide = figures([(1, "sim:bx200", "2026-12-03T10:00:00Z", "seq_read_bps", 5e8),
                    (1, "sim:bx200", "2026-12-03T10:00:00Z", "seq_write_bps", None),
                    (2, "sim:ssd370", "2026-12-03T11:00:00Z", "seq_read_bps", 4e8),
                    (2, "sim:ssd370", "2026-12-03T11:00:00Z", "seq_write_bps", 3e8)]).summary()
    assert list(wide.columns) == ["run_id", "drive", "started", "seq_read_bps", "seq_write_bps"]
    assert list(wide.run_id) == [1, 2] and list(wide.drive) == ["sim:bx200", "sim:ssd370"]
    assert list(wide.seq_read_bps) == [5e8, 4e8]
    assert math.isnan(wide.seq_write_bps[0]) and wide.seq_write_bps[1] == 3e8
    assert [str(t) for t in wide.dtypes[:3]] == ["Int64", "string", "string"]


def test_a_run_whose_figures_are_all_missing_keeps_its_row():
    wide = figures([(1, "a", "t1", "f", 1.0), (2, "b", "t2", "f", None)]).summary()
    assert list(wide.run_id) == [1, 2] and math.isnan(wide.f[1])
