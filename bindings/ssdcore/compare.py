"""Several drives side by side: the headline figures of several results
directories (suite runs) as a :class:`~ssdcore.results.CompareResult`, and
the compare page.

>>> import ssdcore
>>> c = ssdcore.compare(["run/bx200", "run/ssd370"], out="cmp")    # doctest: +SKIP
>>> c.summary()                     # one row per drive, one column per figure  # doctest: +SKIP
>>> c.to_frame()                    # one row per drive x figure   # doctest: +SKIP
>>> c.html[:15]                                                    # doctest: +SKIP
'<!DOCTYPE html>'

Figures are the runs' headlines flattened to dotted keys
(``"write_curves.degradation.cache_bytes"``); runs of different suites
compare on the figures they share, and a figure a run lacks is NaN (missing),
never zero.
"""
from __future__ import annotations

import os
from typing import Any, Iterable, Optional, Sequence, Union

from ._errors import Error, check
from ._ffi import ffi, lib
from ._util import PathLike, json_dict, make_handle, option_text, set_options, take_text
from .results import CompareResult, SuiteResult

Run = Union[PathLike, SuiteResult]
"""A results directory, or a suite's result (its ``out_dir``)."""

__all__ = ["compare"]


def _run_dir(run: Run) -> PathLike:
    if isinstance(run, SuiteResult):
        if run.out_dir is None:
            raise Error(lib.SSD_EINVAL, "compare: a suite result with no results directory "
                           "(out_dir) cannot be compared; pass its directory")
        return run.out_dir
    return run


def _handle(runs: Union[Run, Iterable[Run]], labels: Optional[Sequence[str]],
            highlight: Union[str, int, None], title: Optional[str]) -> Any:
    runs = ([runs] if isinstance(runs, (str, bytes, os.PathLike, SuiteResult))
            else list(runs))
    if not runs:
        raise Error(lib.SSD_EINVAL, "compare: no results directories given")
    if labels is not None and len(labels) != len(runs):
        raise Error(lib.SSD_EINVAL,
                    f"compare: {len(labels)} labels for {len(runs)} runs: one per run or none")
    c = make_handle("compare")
    for i, run in enumerate(runs):
        label = labels[i] if labels is not None else None
        check(lib.ssd_compare_add_run(c, os.fsencode(_run_dir(run)),
                                      option_text(label) if label is not None else ffi.NULL),
              lambda: lib.ssd_compare_errmsg(c))
    set_options(c, {"highlight": highlight, "title": title}, lib.ssd_compare_set_option,
                lib.ssd_compare_errmsg)
    return c


def compare(runs: Union[Run, Iterable[Run]], out: Optional[PathLike] = None, *,
            highlight: Union[str, int, None] = None, labels: Optional[Sequence[str]] = None,
            title: Optional[str] = None) -> CompareResult:
    """Compares ``runs`` (results directories or :func:`ssdcore.suite`
    results) and returns a :class:`~ssdcore.results.CompareResult`: the
    parsed compare.json, whose ``to_frame()`` has one row per drive x
    figure: ``drive``, ``figure`` (dotted
    key), ``label``, ``unit`` (of ``value``: bytes/s, IOPS, us, bytes, s...),
    ``better`` (higher / lower / neither), ``value`` (NaN when the run lacks
    the figure) and ``pct_vs_highlight`` (the difference against the
    highlighted drive, in %), ``state`` (measured, none, not_measured,
    lower_bound, upper_bound: what the value is; docs/compare.md) and
    ``conditions`` (the test's block size, QD, threads, length and span: a
    percentage is only between figures of the same conditions).

    ``highlight``: the drive the others are measured against (its label or
    1-based position; default the first). ``labels``: one name per run
    (default: the drive's model, else the target). With ``out``, writes
    ``out``/compare.html, compare.json and compare.csv. Either way the page
    is ``.html``, the summary the CLI prints (one block per drive: cache,
    after the cache, used state, recovery...) ``.text``; ``summary()`` has
    one row per drive, ``plot()`` draws each figure against the highlighted
    drive.
    """
    c = _handle(runs, labels, highlight, title)

    def errmsg() -> Any:
        return lib.ssd_compare_errmsg(c)
    if out is not None:
        check(lib.ssd_compare_write(c, os.fsencode(out)), errmsg)
    return CompareResult(json_dict(lib.ssd_compare_to_json, c, detail=errmsg),
                         csv=take_text(lib.ssd_compare_csv, c, detail=errmsg),
                         html=take_text(lib.ssd_compare_html, c, detail=errmsg),
                         text=take_text(lib.ssd_compare_text, c, detail=errmsg))
