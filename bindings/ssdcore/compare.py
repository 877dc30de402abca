"""Several drives side by side: the headline figures of several results
directories (suite runs) in one pandas DataFrame, and the compare page.

>>> import ssdcore
>>> df = ssdcore.compare(["run/bx200", "run/ssd370"], out="cmp")   # doctest: +SKIP
>>> df.pivot(index="figure", columns="drive", values="value")      # doctest: +SKIP
>>> df.attrs["html"][:15]                                          # doctest: +SKIP
'<!DOCTYPE html>'

Figures are the runs' headlines flattened to dotted keys
(``"write_curves.degradation.cache_bytes"``); runs of different suites
compare on the figures they share, and a figure a run lacks is NaN (missing),
never zero.
"""
from __future__ import annotations

import io
import json
import os
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Sequence, Union

from ._errors import SsdError, check
from ._ffi import ffi, lib
from ._util import PathLike, set_options, take_string
from .job import _s
from .results import CompareResult

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["compare"]


def _take(fn: Callable[[Any, Any], int], c: Any) -> str:
    p = ffi.new("char **")
    check(fn(c, p), lambda: lib.ssd_compare_errmsg(c))
    return take_string(p)


def _handle(runs: Union[PathLike, Iterable[PathLike]], labels: Optional[Sequence[str]],
            highlight: Union[str, int, None], title: Optional[str]) -> Any:
    runs = [runs] if isinstance(runs, (str, bytes, os.PathLike)) else list(runs)
    if not runs:
        raise SsdError(lib.SSD_EINVAL, "compare: no results directories given")
    if labels is not None and len(labels) != len(runs):
        raise SsdError(lib.SSD_EINVAL,
                       f"compare: {len(labels)} labels for {len(runs)} runs: one per run or none")
    p = ffi.new("ssd_compare **")
    check(lib.ssd_compare_create(p))
    c = ffi.gc(p[0], lib.ssd_compare_free)
    for i, run in enumerate(runs):
        label = labels[i] if labels is not None else None
        check(lib.ssd_compare_add_run(c, os.fsencode(run),
                                      _s(label).encode() if label is not None else ffi.NULL),
              lambda: lib.ssd_compare_errmsg(c))
    set_options(c, {"highlight": highlight, "title": title}, lib.ssd_compare_set_option,
                lib.ssd_compare_errmsg)
    return c


def compare(runs: Union[PathLike, Iterable[PathLike]], out: Optional[PathLike] = None, *,
            highlight: Union[str, int, None] = None, labels: Optional[Sequence[str]] = None,
            title: Optional[str] = None) -> "pd.DataFrame":
    """Compares the results directories ``runs`` and returns a pandas
    DataFrame with one row per drive x figure: ``drive``, ``figure`` (dotted
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
    ``out``/compare.html, compare.json and compare.csv. The page is in
    ``df.attrs["html"]`` and the parsed compare.json in
    ``df.attrs["compare"]`` either way, the summary the CLI prints (one block
    per drive: cache, after the cache, used state, recovery...) in
    ``df.attrs["text"]``.
    """
    import pandas as pd

    c = _handle(runs, labels, highlight, title)
    if out is not None:
        check(lib.ssd_compare_write(c, os.fsencode(out)), lambda: lib.ssd_compare_errmsg(c))
    csv = _take(lib.ssd_compare_csv, c)
    df = pd.read_csv(io.StringIO(csv), dtype={"drive": str, "figure": str, "label": str,
                                              "unit": str, "better": str},
                     keep_default_na=False, na_values={"value": [""], "pct_vs_highlight": [""]})
    df.attrs["html"] = _take(lib.ssd_compare_html, c)
    df.attrs["text"] = _take(lib.ssd_compare_text, c)
    df.attrs["compare"] = json.loads(_take(lib.ssd_compare_json, c))
    df.attrs["result"] = CompareResult(df.attrs["compare"])
    return df
