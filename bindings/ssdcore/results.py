"""Result objects: what ``job()``, ``suite()``, ``analyze()`` and ``filebench()``
return.

Each is the library's results JSON as a ``dict`` (so ``r["write"]["iops"]``
and ``json.dumps(r)`` keep working) with, on top:

- attributes with the unit in the name (``r.bw_bps``, ``r.cache_bytes``,
  ``r.runtime_s``); byte counts are ``int``;
- ``r.to_frame()``: a tidy pandas DataFrame, one row per sample, phase, step
  or file test;
- ``r.summary()``: a one-row DataFrame of the headline figures;
- a short ``repr`` and ``_repr_html_`` (a few lines, never the samples);
- ``r.to_dict()``: the raw JSON as a plain dict;
- ``r.plot()``: the figure the HTML report draws (``ssdcore.plot``, the
  ``[plot]`` extra).

Names follow one spelling everywhere, the unit last: rates ``_bps``
(bytes/s), sizes ``_bytes``, times ``_s``, latencies ``_us``, ``_iops``,
and percentile 99.9 is ``p99_9``. MiB/s (1 MiB = 1048576 B) is only how a
summary prints a rate.

>>> import ssdcore
>>> r = ssdcore.job("sim:bx200", pattern="randwrite", qd=32, time=2)
>>> r                                                         # doctest: +ELLIPSIS
<JobResult sim:bx200 randwrite 4096 B QD32, 2 s, complete>
  ...
>>> r.total_bytes == r["bytes"], type(r.total_bytes)
(True, <class 'int'>)
>>> len(r.to_frame()), list(r.summary().index)
(2, [0])
"""
from __future__ import annotations

import html
import math
import textwrap
import os
from dataclasses import dataclass
from typing import (TYPE_CHECKING, Any, Callable, ClassVar, Dict, List, Optional, Sequence, Tuple,
                    TypeVar, Union, cast)

import numpy as np

from ._util import RunContext


if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["Result", "JobResult", "AnalysisResult", "SuiteResult", "SuiteStep", "FilebenchResult",
           "CompareResult", "ReplayResult", "AppsResult", "FsdResult", "CatalogRuns",
           "CatalogFigures", "BatchResult", "CopyResult", "CopyCounts", "ArchiveResult",
           "FilesetResult", "PreconditionResult", "FillResult", "DriveIdentity",
           "CatalogAddResult", "FioResult", "TraceSummary", "MIB"]

MIB = 1048576
"""Bytes in a MiB: a ``_bps`` figure divided by this is MiB/s."""


def _headline_figures(headline: Any) -> Dict[str, Any]:
    """A headline (the dict of results.json's "headline") flattened by the C
    library (``ssd_headline_figures``): dotted keys to numbers or None, in
    the document's order, as the catalog's figures and compare.json name
    them. {} for anything that is not a headline object."""
    if not isinstance(headline, dict) or not headline:
        return {}
    import json

    from ._ffi import lib
    from ._util import json_dict
    return json_dict(lib.ssd_headline_figures, json.dumps(headline, allow_nan=False).encode())


def _pandas() -> Any:
    from ._util import need
    return need("pandas", "this", "'ssdcore[pandas]'")


def _int(v: Any) -> Optional[int]:
    """A byte count as int (the JSON may carry 2.1e9); None stays None."""
    f = _float(v)
    return int(round(f)) if f is not None and math.isfinite(f) else None


def _frame(*args: Any, **kwargs: Any) -> "pd.DataFrame":
    """``pandas.DataFrame(*args, **kwargs)``, typed (pandas is imported on
    first use: it is an optional extra)."""
    return cast("pd.DataFrame", _pandas().DataFrame(*args, **kwargs))


def _bytes_int64(df: "pd.DataFrame") -> "pd.DataFrame":
    """``df`` with its byte counts (the columns named ``*_bytes``) as Int64."""
    for c in [c for c in df.columns if str(c).endswith("_bytes")]:
        df[c] = df[c].round().astype("Int64")
    return df


def _float(v: Any) -> Optional[float]:
    """A number as float; None, a bool or no number is None."""
    if v is None or isinstance(v, bool):
        return None
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def _get(d: Any, *path: str) -> Any:
    for k in path:
        if not isinstance(d, dict):
            return None
        d = d.get(k)
    return d


def _text(v: Any) -> Optional[str]:
    """A name as str; missing or empty is None (the fields' default "")."""
    return str(v) if v else None


def _str(v: Any) -> Optional[str]:
    return None if v is None else str(v)


def _dicts(v: Any) -> List[Dict[str, Any]]:
    return v if isinstance(v, list) else []


T = TypeVar("T")


def _field(path: str, conv: Callable[[Any], Optional[T]], default: T, doc: str) -> T:
    """A read-only attribute: the value at ``path`` (keys joined by dots) of
    the results JSON through ``conv``, ``default`` where it is missing
    (None: typed Optional, the attribute is None where the JSON has no value).

    It is a property, so help() and tab completion list it with its doc;
    typed as its value, so mypy sees ``r.total_bytes`` as an int."""
    keys = path.split(".")

    def get(self: Dict[str, Any]) -> T:
        v = conv(_get(self, *keys))
        return default if v is None else v
    return cast(T, property(get, doc=doc))


def _derived(fn: Callable[[Dict[str, Any]], T], doc: str) -> T:
    """A read-only attribute that ``fn`` computes from the results JSON, a
    property typed as its value (as :func:`_field`)."""
    return cast(T, property(fn, doc=doc))


def _count(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless one: a repr's "1 run", "2 runs"."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def _fmt(v: Any, unit: str = "") -> str:
    if v is None:
        return "—"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (int, np.integer)) and unit == "B":
        return _bytes_text(int(v))
    # A rate is MiB/s whether results.json wrote it as an integer or not
    # ("seq_write_bps: 387973120 B/s" beside "seq_read_bps: 493.8 MiB/s").
    if isinstance(v, (int, float, np.integer, np.floating)) and unit == "B/s":
        return f"{float(v) / MIB:.1f} MiB/s"
    if isinstance(v, (float, np.floating)):
        # Whole digits from 10000 up: IOPS read "26223", never "2.622e+04".
        fv = float(v)
        text = f"{fv:.0f}" if abs(fv) >= 1e4 else f"{fv:.4g}"
        return f"{text}{(' ' + unit) if unit else ''}"
    return f"{v}{(' ' + unit) if unit else ''}"


def _bytes_text(n: int) -> str:
    for unit, size in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if abs(n) >= size:
            return f"{n / size:.2f} {unit}"
    return f"{n} B"


def _mibs(bps: Any) -> str:
    """A rate in bytes/s as the reprs print it ("812.4 MiB/s"; missing is 0)."""
    return f"{(_float(bps) or 0) / MIB:.1f} MiB/s"


def _plain(v: Any) -> Any:
    """v with numpy arrays, numpy scalars and a JobSeries as JSON types."""
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, np.ndarray):
        return v.tolist()
    if isinstance(v, np.generic):
        return v.item()
    if hasattr(v, "to_list"):
        return v.to_list()
    return v


class Result(Dict[str, Any]):
    """Base of every result object: the raw JSON dict plus the conveniences."""

    kind: ClassVar[str] = "result"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The class doc ends with its attributes (each a property with its
        # own doc) and, without a plot, what to draw instead: from the
        # declarations, never listed by hand.
        super().__init_subclass__(**kwargs)
        names = dict.fromkeys(k for c in reversed(cls.__mro__) for k, v in vars(c).items()
                              if isinstance(v, property) and not k.startswith("_"))
        tail = ("Attributes: " + ", ".join(f"``{k}``" for k in names) + "." if names else "") + (
            f" No plot: {cls._no_plot[1]}." if cls._no_plot else "")
        if cls.__doc__ and tail:
            cls.__doc__ += "\n\n" + textwrap.fill(tail.strip(), 76, initial_indent="    ",
                                                  subsequent_indent="    ")

    def to_dict(self) -> Dict[str, Any]:
        """The raw results JSON as a plain dict (not a copy of nested parts)."""
        return dict(self)

    # What the repr and the one-row summary show, as (name, value, unit)
    # triples: "_shown"'s words, each an attribute ("name", "name:unit", or
    # "label=attr.path:unit"; a list attribute shows its length), and with
    # "_latency_keys" a job's or a replay's latency figures.
    _shown: ClassVar[str] = ""
    _latency_keys: ClassVar[Tuple[str, ...]] = ()

    def _headline(self) -> List[Tuple[str, Any, str]]:
        out: List[Tuple[str, Any, str]] = []
        for word in self._shown.split():
            name, _, unit = word.partition(":")
            label, _, path = name.partition("=")
            v: Any = self
            for attr in (path or label).split("."):
                v = getattr(v, attr)
            out.append((label, len(v) if isinstance(v, list) else v, unit))
        return out + [(f"{d}_{k}_us", cast(Any, self).latency_us(d)[k], "µs")
                      for d in ("read", "write") for k in self._latency_keys]

    def _title(self) -> str:
        return ""

    def summary(self) -> "pd.DataFrame":
        """One row: the headline figures (the columns of ``analyze_many``
        for an analysis), each column typed by its unit (bytes Int64, other
        figures float64, yes/no boolean, text string), so a figure that is
        missing is <NA> or NaN, not an object column."""
        pd = _pandas()
        return _frame({k: pd.array([v], dtype=_ONE_ROW_DTYPES[u]) if u in _ONE_ROW_DTYPES
                       else pd.array([v], dtype="string") if v is None or isinstance(v, str)
                       else [v] for k, v, u in self._headline()})

    def to_frame(self) -> "pd.DataFrame":
        raise NotImplementedError

    # (what it is, what to draw instead) for a result with nothing to draw
    _no_plot: ClassVar[Optional[Tuple[str, str]]] = None

    def plot(self, ax: Optional["Axes"] = None, **kwargs: Any) -> Any:
        """Draws this result as the HTML report does (needs matplotlib)."""
        if self._no_plot:
            raise TypeError(f"{self._no_plot[0]} has no plot: {self._no_plot[1]}")
        from . import plot as _plot
        return _plot.plot(self, ax=ax, **kwargs)

    def _bound(self, key: str) -> str:
        """"at least " / "at most " before a headline figure that is a bound."""
        return ""

    def __repr__(self) -> str:
        return "\n".join([f"<{type(self).__name__} {self._title()}>"] + self._repr_lines())

    def _repr_lines(self) -> List[str]:
        """The repr's lines under its title: the first 8 headline figures."""
        return [f"  {k}: {self._bound(k)}{_fmt(v, unit)}" for k, v, unit in self._headline()[:8]
                if v is not None]

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><th style='text-align:left'>{html.escape(k)}</th>"
                       f"<td style='text-align:right'>"
                       f"{html.escape(self._bound(k) + _fmt(v, u))}</td></tr>"
                       for k, v, u in self._headline() if v is not None)
        return (f"<div><b>{html.escape(type(self).__name__)}</b> "
                f"{html.escape(self._title())}<table>{rows}</table></div>")


def _status(r: Dict[str, Any]) -> str:
    """A job's or suite's status; results written before the JSON had one
    say it with "error", "interrupted" or "complete": false."""
    s = r.get("status")
    if isinstance(s, str):
        return s
    if r.get("error"):
        return "failed"
    return "interrupted" if r.get("interrupted") or not r.get("complete", True) else "complete"


def _latency_us(d: Any, keys: Tuple[str, ...]) -> Dict[str, Optional[float]]:
    """A direction's ``lat_ns`` figures ``keys`` in µs (None for each without
    I/O in that direction): what a job's and a replay's ``latency_us`` give."""
    if not isinstance(d, dict) or not d.get("ios"):
        return {k: None for k in keys}
    ns = {k: _float(_get(d, "lat_ns", k)) for k in keys}
    return {k: None if v is None else v / 1e3 for k, v in ns.items()}


def _latency_lines(r: Any, p99_9: bool) -> List[str]:
    """A job's or a replay's repr lines of latency, one per direction with I/O."""
    lines = []
    for d in ("read", "write"):
        lat = r.latency_us(d)
        if lat["p50"] is not None:
            lines.append(f"  {d} latency p50 {lat['p50']:.1f} µs, p99 {lat['p99']:.1f} µs"
                         + (f", p99.9 {lat['p99_9']:.1f} µs" if p99_9 else ""))
    return lines


def _add_rates(df: "pd.DataFrame") -> "pd.DataFrame":
    """Samples (``t_s``, ``bytes``, ``ops`` first) with ``rate_bps`` (NaN for an
    interval of no length) and ``written_bytes`` (cumulative, int) after them."""
    dt = np.diff(np.concatenate(([0.0], df["t_s"].to_numpy(dtype=float))))
    with np.errstate(divide="ignore", invalid="ignore"):
        df.insert(3, "rate_bps", np.where(dt > 0, df["bytes"].to_numpy(float) / dt, np.nan))
    df.insert(4, "written_bytes", df["bytes"].cumsum().astype("int64"))
    return df


class JobResult(Result):
    """What :func:`ssdcore.job` returns: the job's results JSON plus
    ``series`` (one dict per sampling interval)."""

    kind = "job"
    log_path: Optional[str] = None
    """Where the job's series CSV is (a suite's job: in its results
    directory); ``analyze()`` reads it when the result holds no samples."""

    def to_dict(self) -> Dict[str, Any]:
        """The results as plain JSON types: ``series`` a list of dicts, the
        latency distributions' arrays lists (``json.dumps`` takes it)."""
        return cast(Dict[str, Any], _plain(dict(self)))

    target_uri = _field("target.uri", _text, "", "The target's URI (sim:bx200, a file, /dev/...).")
    pattern = _field("workload.pattern", _text, "", "The workload: write, randwrite, read, ...")
    block_size_bytes = _field("workload.block_size", _int, 0, "Bytes per I/O.")
    queue_depth = _field("workload.queue_depth", _int, 0, "I/Os in flight.")
    runtime_s = _field("runtime_s", _float, 0.0, "Seconds the job ran.")
    total_bytes = _field("bytes", _int, 0, "Bytes moved, both directions.")
    ios = _field("ios", _int, 0, "I/Os completed, both directions.")
    iops = _field("iops", _float, 0.0, "I/Os per second.")
    bw_bps = _field("bw_bps", _float, 0.0, "Throughput in bytes/s.")
    interrupted = _field("interrupted", bool, False, "True if Ctrl-C or a callback stopped it.")
    capacity_bytes = _field("analysis_context.capacity_bytes", _int, None,
                            "The drive's (target's) capacity, as the analysis reads it.")
    written_before_bytes = _field("analysis_context.written_before_bytes", _int, 0,
                                  "Bytes written to the drive since its last TRIM before the job.")
    precondition = _field("analysis_context.precondition", _text, "unknown",
                          "How the drive was preconditioned: none, seq_fill, random_fill or\n"
                          "unknown.")
    idle_before_s = _field("analysis_context.idle_before_s", _float, None,
                           "Seconds the drive idled between its last write and the job\n"
                           "(0: right after a fill); None when not known.")
    written_since_idle_bytes = _field("analysis_context.written_since_idle_bytes", _int, None,
                                      "Bytes written to the drive since it last idled before the\n"
                                      "job (what its SLC cache can hold); None when not known.")
    span_bytes = _field("analysis_context.span_bytes", _int, None,
                        "Bytes of the drive the job's writes addressed (its test area);\n"
                        "None when not known (a replay).")

    @property
    def analysis_context(self) -> Dict[str, Any]:
        """What the analysis must know about the run beyond its samples
        (capacity_bytes, written_before_bytes, precondition, idle_before_s,
        written_since_idle_bytes, span_bytes, pattern, block_size, queue_depth): the series metadata ``analyze()``
        gives it."""
        from .analysis import job_context
        return job_context(self)

    status = _derived(_status, "\"complete\", \"interrupted\" or \"failed\" (the JSON's own "
                      "when it has one).")

    def latency_us(self, direction: str = "write") -> Dict[str, Optional[float]]:
        """The direction's latency figures in µs: min, mean, p50, p99, p99_9,
        p99_99, max (None without I/O in that direction)."""
        return _latency_us(self.get(direction),
                           ("min", "mean", "p50", "p99", "p99_9", "p99_99", "max"))

    def latency_percentiles(self, direction: str = "all",
                            pcts: Union[float, Sequence[float]] = (50, 90, 99, 99.9, 99.99)
                            ) -> Union[float, np.ndarray]:
        """Same as :func:`ssdcore.latency_percentiles` on this result (ns)."""
        from .job import latency_percentiles
        return latency_percentiles(self, direction, pcts)

    def _title(self) -> str:
        return (f"{self.target_uri} {self.pattern} {self.block_size_bytes} B "
                f"QD{self.queue_depth}, {self.runtime_s:g} s, {self.status}")

    _shown = ("target=target_uri pattern block_size_bytes queue_depth runtime_s:s total_bytes:B "
              "iops bw_bps:B/s status")
    _latency_keys = ("p50", "p99", "p99_9", "max")

    def _repr_lines(self) -> List[str]:
        return [f"  {self.iops:.0f} IOPS, {_mibs(self.bw_bps)}, "
                f"{_bytes_text(self.total_bytes)} in {self.sample_count} samples"
                ] + _latency_lines(self, p99_9=True)

    @property
    def sample_count(self) -> int:
        s = self.get("series")
        return len(s) if s is not None and hasattr(s, "__len__") else (
            _int(self.get("samples")) or 0)

    def to_frame(self) -> "pd.DataFrame":
        """One row per sampling interval: t_s, bytes and ops (int), rate_bps,
        written_bytes (cumulative, int), the latency columns (µs) and the
        per-direction columns (a suite's job: read from its log). The job's analysis context (capacity_bytes,
        written_before_bytes, precondition...: ``analysis_context``) goes
        into ``df.attrs["metadata"]``, as :meth:`Series.to_frame` puts a
        log's, so ``analyze(r.to_frame())`` gives what ``r.analyze()`` gives."""
        from .analysis import job_context
        rows: Any = self.get("series")
        # A JobSeries (the compact form) gives its columns as arrays; a list
        # of dicts (results read back from JSON) row by row; a suite's job
        # keeps none: its log beside results.json holds them, in the same
        # columns.
        if rows is None and self.log_path and os.path.exists(self.log_path):
            df = _pandas().read_csv(self.log_path, comment="#")
        else:
            df = rows.to_pandas() if hasattr(rows, "to_pandas") else _frame(list(rows or []))
        if df.empty:
            return _rate_frame([])  # t_s, bytes and ops typed, no rows
        for c in [c for c in df.columns if c.endswith("bytes") or c.endswith("ops")]:
            df[c] = df[c].astype("int64")
        df = _add_rates(df)
        meta = job_context(self)
        if meta:
            df.attrs["metadata"] = RunContext(meta)
        return df

    def analyze(self, **options: Any) -> "AnalysisResult":
        """The write-curve analysis of this job's samples (latency kept), in
        the job's analysis context (capacity, written_before, precondition,
        workload): the verdict ``ssdcore.analyze(its log)`` gives. Options
        (``capacity=``, ``written_before=``, ``precondition=``, ``ddir=``...)
        are :func:`ssdcore.analyze`'s and win over the context."""
        from .analysis import analyze
        return analyze(self, **options)


def _bool(v: Any) -> Optional[bool]:
    return None if v is None else bool(v)


# How a column of each dtype reads its value: a byte count an int, a figure
# a float, a name a str ("text": "" is missing too), a flag a bool.
_READ: Dict[str, Callable[[Any], Any]] = {
    "Int64": _int, "float64": _float, "Float64": _float, "string": _str, "text": _text,
    "boolean": _bool, "object": lambda v: v}


class _Table:
    """A frame's columns, declared once as "name:dtype" words; "name=key:dtype"
    reads the value from another key of each row ("a.b": nested, "=" alone:
    always missing), through the dtype's reader (``_READ``) or ``conv``'s for
    that column. ``columns`` is [(name, pandas dtype)]; ``row(d)`` one dict's
    values as a tuple in that order (a batch builds millions: no dict per
    row), ``frame(items)`` the typed DataFrame of many."""

    def __init__(self, spec: str, **conv: Callable[[Any], Any]) -> None:
        self.columns: List[Tuple[str, str]] = []
        self._read: List[Tuple[List[str], Callable[[Any], Any]]] = []
        self.keys: Dict[str, str] = {}  # name: the row's key it is read from
        for word in spec.split():
            head, _, dtype = word.partition(":")
            name, eq, key = head.partition("=")
            self.columns.append((name, "string" if dtype == "text" else dtype))
            keys = key.split(".") if key else [] if eq else [name]
            self.keys[name] = keys[0] if keys else ""
            self._read.append((keys, conv.get(name) or _READ[dtype]))

    def row(self, d: Any) -> Tuple[Any, ...]:
        out = []
        for keys, conv in self._read:
            v = d if keys else None
            for k in keys:
                v = v.get(k) if isinstance(v, dict) else None
            out.append(conv(v))
        return tuple(out)

    def frame(self, items: Sequence[Any], keep: Optional[Sequence[str]] = None
              ) -> "pd.DataFrame":
        """One row per item (a dict, or a tuple already in column order), the
        columns ``keep`` (default all) each of its dtype."""
        rows = [r if isinstance(r, tuple) else self.row(r) for r in items]
        pd = _pandas()
        # (an object column as a Series: pandas' array would infer str)
        data = {name: (pd.Series if dtype == "object" else pd.array)([r[i] for r in rows],
                                                                    dtype=dtype)
                for i, (name, dtype) in enumerate(self.columns) if keep is None or name in keep}
        return _frame(data, columns=list(data))


def _or(default: Any, conv: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``conv``, with ``default`` where it gives None."""
    return lambda v: default if (x := conv(v)) is None else x


# analyze_many's and AnalysisResult.summary()'s row: fixed columns, so a
# batch's do not depend on which files it held.
_ANALYSIS = _Table(
    "source:text error=:string error_type=:string samples:Int64 duration_s:float64 "
    "total_bytes:Int64 capacity_bytes:Int64 phase_count=phases:Int64 cache_found=cache:boolean "
    "cache_bytes=cache.bytes:Int64 cache_level_bps=cache.level_bps:float64 "
    "cache_drop_ratio=cache.drop_ratio:float64 "
    "cache_uncertainty_bytes=cache.uncertainty_bytes:Int64 cache_censored=cache.censored:string "
    "post_cache_bps:float64 folding_start_bytes=folding.start_bytes:Int64 "
    "folding_level_bps=folding.level_bps:float64 gc_start_bytes=gc.start_bytes:Int64 "
    "gc_level_bps=gc.level_bps:float64 gc_end_level_bps=gc.end_level_bps:float64 "
    "gc_start_level_bps=gc.start_level_bps:float64 "
    "gc_slope_bps_per_gib=gc.slope_bps_per_gib:float64 regime_note:string "
    "undecided=undecided.between:string undecided_read_as=undecided.read_as:string "
    "decided_by=undecided.decided_by:string recovered_bytes=recovery.recovered_bytes:Int64 "
    "recovery_censored=recovery.censored:string "
    "recovery_reference_level_bps=recovery.reference_level_bps:float64 recovery_note:text "
    "steady_state_start_s=steady_state.start_s:float64 "
    "steady_state_bps=steady_state.mean_bps:float64 mean_bps=consistency.mean_bps:float64 "
    "cv=consistency.cv:float64 p1_over_mean=consistency.p1_over_mean:float64 "
    "p5_over_mean=consistency.p5_over_mean:float64 "
    "dips_period_s=consistency.dips.period_s:float64 dips_depth=consistency.dips.depth:float64 "
    "dips_duty=consistency.dips.duty:float64 "
    # The medians over sampling intervals of each interval's percentile (the
    # analysis's latency.p99_us...), named apart from a whole run's
    # lat_p99_us (SuiteResult.to_frame, fio results): one meaning per name.
    "lat_p50_median_us=latency.p50_us:float64 lat_p99_median_us=latency.p99_us:float64 "
    "lat_p99_9_median_us=latency.p99_9_us:float64 input_note:text",
    samples=_or(0, _int), duration_s=_or(0.0, _float), total_bytes=_or(0, _int),
    phase_count=lambda v: len(v) if isinstance(v, list) else 0,
    cache_found=lambda v: isinstance(v, dict))

# One row per phase: its level at its start and end (level_bps both for a
# flat phase, the used state's slide there for the phases it spans: sliding
# True), as ssdcore analyze's phase list gives them; source and phase (its
# index) come from the analysis.
_PHASE = _Table(
    "source=:string phase=:Int64 start_bytes:Int64 end_bytes:Int64 start_s:float64 "
    "end_s:float64 level_bps:float64 start_level_bps:float64 end_level_bps:float64 "
    "sliding:boolean mean_bps:float64 regime:string dips_period_s=dips.period_s:float64 "
    "dips_depth=dips.depth:float64 dips_duty=dips.duty:float64",
    sliding=lambda v: v is True)


def _sub(d: Dict[str, Any], key: str) -> Dict[str, Any]:
    v = d.get(key)
    return v if isinstance(v, dict) else {}


def _phase_rows(d: Dict[str, Any]) -> List[Tuple[Any, ...]]:
    """One analysis' phases as tuples in ``_PHASE``'s column order."""
    src, phases = _text(d.get("source")), d.get("phases")
    return [(src, i) + _PHASE.row(p)[2:]
            for i, p in enumerate(phases if isinstance(phases, list) else [])]


class AnalysisResult(Result):
    """What :func:`ssdcore.analyze` returns: the ``ssdcore analyze --json``
    object (DESIGN.md's contract) with the series it came from kept for
    plotting (``.t_s``, ``.bytes``, ``.latency_columns``)."""

    kind = "analysis"

    def __init__(self, data: Dict[str, Any], t_s: Optional[np.ndarray] = None,
                 bytes_: Optional[np.ndarray] = None,
                 latency_columns: Optional[Dict[str, np.ndarray]] = None) -> None:
        super().__init__(data)
        self.t_s = t_s if t_s is not None else np.zeros(0)
        self.bytes = bytes_ if bytes_ is not None else np.zeros(0)
        self.latency_columns = latency_columns or {}

    source = _field("source", _text, "", "The file or files analysed (empty for arrays).")
    samples = _field("samples", _int, 0, "Samples analysed.")
    duration_s = _field("duration_s", _float, 0.0, "Seconds the series covers.")
    total_bytes = _field("total_bytes", _int, 0, "Bytes written over the series.")
    capacity_bytes = _field("capacity_bytes", _int, None, "The drive's size, if known.")
    # The rest of the analysis context it used, as a JobResult names it.
    written_before_bytes = _field("written_before_bytes", _int, None,
                                  "Bytes written since the drive's last TRIM before the run.")
    precondition = _field("precondition", _text, None,
                          "How the drive was preconditioned: none, seq_fill, random_fill or\n"
                          "unknown.")
    idle_before_s = _field("idle_before_s", _float, None,
                           "Seconds the drive idled before the run; None when not known.")
    written_since_idle_bytes = _field("written_since_idle_bytes", _int, None,
                                      "Bytes written since the drive last idled before the run;\n"
                                      "None when not known.")
    span_bytes = _field("span_bytes", _int, None,
                        "Bytes of the drive the run's writes addressed; None when not known.")
    phases: List[Dict[str, Any]] = _field("phases", _dicts, [],
                                          "The phases, in order (dicts as in the JSON).")
    cache_bytes = _field("cache.bytes", _int, None, "Bytes written at the SLC-cache level.")
    cache_level_bps = _field("cache.level_bps", _float, None, "Write speed in the cache, bytes/s.")
    cache_censored = _field("cache.censored", _str, None,
                            "\"none\", \"right\" (no drop seen: at least cache_bytes) or\n"
                            "\"resolution\" (the drop fell inside the first sample or two).")
    post_cache_bps = _field("post_cache_bps", _float, None, "Write speed after the cache, bytes/s.")
    folding_start_bytes = _field("folding.start_bytes", _int, None,
                                 "Bytes written when folding began.")
    folding_level_bps = _field("folding.level_bps", _float, None,
                               "Write speed while folding, bytes/s.")
    gc_start_bytes = _field("gc.start_bytes", _int, None, "Bytes written when GC began.")
    gc_level_bps = _field("gc.level_bps", _float, None, "Write speed under GC, bytes/s.")
    gc_start_level_bps = _field("gc.start_level_bps", _float, None,
                                "The used state's speed just after its onset, bytes/s.")
    gc_end_level_bps = _field("gc.end_level_bps", _float, None,
                              "The used state's speed at its end, bytes/s.")
    gc_slope_bps_per_gib = _field("gc.slope_bps_per_gib", _float, None,
                                  "The used state's mean slope from its onset to its end, in\n"
                                  "bytes/s per GiB written (negative: falling).")

    gc_sliding = _field("gc.sliding", bool, False,
                        "True when the used state slides (its start and end levels differ\n"
                        "by the min_step option, 1.15x, or more).")
    gc_may_be_folding = _field("gc.may_be_folding", bool, False,
                               "True when the used state found may be a dynamic cache's folding\n"
                               "instead (a drive written full: it folds its cache before GC, and\n"
                               "GC may follow at the same speed; regime_note says so).")

    @property
    def gc_trend(self) -> List[Tuple[float, float]]:
        """The used state's level along its slide: (bytes written, bytes/s)
        points, from its onset to its end; [] without a used state."""
        pts = _get(self, "gc", "trend")
        return [(float(q["bytes"]), float(q["level_bps"])) for q in pts or []
                if isinstance(q, dict)]
    regime_note = _field("regime_note", _str, None,
                         "What the regimes cannot tell: the speed never dropped (a cache\n"
                         "larger than the run would not show), or the capacity is unknown.")
    undecided = _field("undecided.between", _str, None,
                       "What this one run cannot decide, or None when its labels are\n"
                       "decided: \"cache_or_clean_blocks\", \"direct_or_folding\",\n"
                       "\"folding_or_used_state\", \"cache_or_direct\" or \"cache_or_throttle\"\n"
                       "(regime_note says it in words).")
    undecided_read_as = _field("undecided.read_as", _str, None,
                               "The reading the labels took of what is undecided: \"cache\",\n"
                               "\"clean_blocks\", \"direct\", \"folding\" or \"used_state\".")
    decided_by = _field("undecided.decided_by", _str, None,
                        "What would decide it: \"reference\" (the fill's own log or the\n"
                        "drive's fresh run, analyze(run, reference=...)), \"capacity\",\n"
                        "\"past\" (precondition or written_before), \"capacity_and_past\"\n"
                        "\"longer_run\" or \"cooler_run\" (a run with the drive kept cooler).")
    recovered_bytes = _field("recovery.recovered_bytes", _int, None,
                             "Bytes of cache recovered after the idle pause.")
    recovery_censored = _field("recovery.censored", _str, None,
                               "\"right\": the run never slowed, so recovered_bytes (all it\n"
                               "wrote) is a lower bound; \"none\": the end of the room was seen.")
    cv = _field("consistency.cv", _float, None, "Coefficient of variation of the speed.")
    steady_state_start_s = _field("steady_state.start_s", _float, None,
                                  "Where the steady state the drive settles into starts, s\n"
                                  "(SNIA PTS rule, last stable region); None when not reached.")
    steady_state_start_bytes = _field("steady_state.start_bytes", _int, None,
                                      "The same, as bytes written.")
    steady_state_bps = _field("steady_state.mean_bps", _float, None,
                              "The steady state's average speed, bytes/s.")
    steady_state_not_reached_reason = _field(
        "steady_state.not_reached_reason", _str, None,
        "Why there is no steady state: \"fresh_state\" (the run, with what was\n"
        "written before it, is short of the capacity and no used state showed:\n"
        "its flat end is the fresh plateau), \"still_varies\"; None when reached.")
    throttle_start_s = _field("throttle.start_s", _float, None,
                              "When thermal throttling began, s (None: none found, or the\n"
                              "series has no temp_c column: throttle_note says which).")
    throttle_start_bytes = _field("throttle.start_bytes", _int, None,
                                  "Bytes written when thermal throttling began.")
    throttle_temp_c = _field("throttle.temp_c", _float, None,
                             "The drive's temperature when it began to throttle, degrees C.")
    throttle_level_bps = _field("throttle.level_bps", _float, None,
                                "Write speed while throttled (its first phase), bytes/s.")
    temp_max_c = _field("temperature.max_c", _float, None,
                        "The highest temperature the series logged (None without temp_c).")

    cache_found = _derived(lambda r: isinstance(r.get("cache"), dict),
                           "True if the analysis found an SLC cache.")

    def summary(self) -> "pd.DataFrame":
        """One row, the columns and dtypes of :func:`ssdcore.analyze_many`."""
        return _ANALYSIS.frame([self])

    def to_frame(self) -> "pd.DataFrame":
        """One row per phase (start/end bytes as int, level, its level at
        its start and end with ``sliding`` -- a sliding used state's phases
        follow its slide, as ``ssdcore analyze`` lists them --, regime,
        dips), joinable with ``summary()`` on ``source``."""
        return _PHASE.frame(_phase_rows(self))

    def _title(self) -> str:
        return f"{self.source or '(arrays)'}: {self.samples} samples, {self.duration_s:g} s"

    _shown = ("cache_bytes:B cache_level_bps:B/s post_cache_bps:B/s folding_start_bytes:B "
              "gc_start_bytes:B recovered_bytes:B total_bytes:B phases cv")

    @property
    def cache_at_most_bytes(self) -> Optional[int]:
        """The cache's upper bound when its drop fell inside the first sample
        or two (cache_censored "resolution"): all they wrote; cache_bytes is
        then its lower bound. None for any other cache, or none."""
        if not self.cache_found or self.cache_censored != "resolution":
            return None
        unc = _get(self, "cache", "uncertainty_bytes")
        return None if unc is None else int((self.cache_bytes or 0) + float(unc))

    def _repr_lines(self) -> List[str]:
        lines: List[str] = []
        cache, then = _bytes_text(self.cache_bytes or 0), _mibs(self.post_cache_bps)
        if self.cache_at_most_bytes is not None:
            lines.append(f"  cache at most {_bytes_text(self.cache_at_most_bytes)} (it ended "
                         f"inside the first sample or two; at least {cache}) at "
                         f"{_mibs(self.cache_level_bps)} or faster, then {then}")
        elif self.cache_found:
            # As the CLI says it: only a cache the run never saw end is a
            # bound, and nothing came after it.
            if self.cache_censored == "right":
                lines.append(f"  cache at least {cache} at {_mibs(self.cache_level_bps)} "
                             "(no drop seen)")
            else:
                lines.append(f"  cache {cache} at {_mibs(self.cache_level_bps)}, then {then}")
        elif self.gc_start_bytes is not None:
            # The speed before the used state: a fresh drive's, or on one
            # written before the run the clean blocks' (as the CLI and the
            # report say it).
            used = (self.get("written_before_bytes") or 0) > 0 or \
                self.get("precondition") in ("seq_fill", "random_fill")
            lines.append(f"  no cache found; {'clean-block' if used else 'fresh-state'} "
                         f"speed {then}")
        else:
            lines.append(f"  no cache found; first level {then}")
        regimes = [str(p.get("regime")) for p in self.phases if p.get("regime")]
        lines.append(f"  {_count(len(self.phases), 'phase')}"
                     + (f": {', '.join(regimes)}" if regimes else ""))
        if self.folding_start_bytes is not None:
            lines.append(f"  folding from {_bytes_text(self.folding_start_bytes)} at "
                         f"{_mibs(self.folding_level_bps)}")
        # The used state (GC) in the CLI's words (`ssdcore analyze`, the
        # report): "used state from 15.0 GiB (clean blocks ran out) at ...".
        if self.gc_start_bytes is not None:
            onset = ("no clean blocks left" if not self.cache_found
                     and self.gc_start_bytes <= 0 else "clean blocks ran out")
            used = f"  used state from {_bytes_text(self.gc_start_bytes)} ({onset})"
        if self.gc_start_bytes is not None and self.gc_sliding:
            lines.append(f"{used}: {_mibs(self.gc_start_level_bps)} just after the onset, "
                         f"{_mibs(self.gc_end_level_bps)} at the end "
                         f"({(self.gc_slope_bps_per_gib or 0) / MIB:+.3g} MiB/s per GiB written)")
        elif self.gc_start_bytes is not None:
            lines.append(f"{used} at {_mibs(self.gc_level_bps)}")
        if self.recovered_bytes is not None:
            lines.append(f"  recovered {_bytes_text(self.recovered_bytes)}"
                         if self.recovery_censored != "right" else
                         f"  recovered at least {_bytes_text(self.recovered_bytes)} "
                         "(the drive never slowed)")
        if self.regime_note:
            lines.append(f"  note: {self.regime_note}")
        if self.undecided:
            words = {"cache_or_clean_blocks": "a cache or clean blocks",
                     "direct_or_folding": "direct writes or folding",
                     "folding_or_used_state": "folding or the used state",
                     "cache_or_direct": "a cache or direct writes",
                     "cache_or_throttle": "a cache's end or a thermal throttle",
                     "clean_blocks": "clean blocks", "used_state": "the used state",
                     "direct": "direct writes", "cache": "a cache", "folding": "folding",
                     "reference": "the fill's own log or the drive's fresh run as reference "
                                  "decides", "capacity": "the drive's capacity decides",
                     "past": "what was written before decides",
                     "capacity_and_past": "the capacity and what was written before decide",
                     "longer_run": "a longer run decides",
                     "cooler_run": "a run with the drive kept cooler decides"}
            w = [words.get(x, x) for x in (self.undecided, self.undecided_read_as or "?",
                                          self.decided_by or "?")]
            lines.append(f"  cannot tell: {w[0]} from this run alone (read as {w[1]}); {w[2]}")
        return lines


class SuiteStep(Dict[str, Any]):
    """One step of a suite's results (a dict, as in results.json) that knows
    its results directory, so ``ssdcore.analyze(step)`` finds its series."""

    def __init__(self, data: Dict[str, Any], out_dir: Optional[str] = None) -> None:
        super().__init__(data)
        self.out_dir = out_dir


class SuiteResult(Result):
    """What :func:`ssdcore.suite` and :func:`ssdcore.report` return: the
    parsed results.json, where it lives (``.out_dir``) and, from
    :func:`ssdcore.suite`, where an earlier run's files in that directory
    were moved (``.previous_dir``: ``OUT/previous-YYYYMMDD-HHMMSS``, None
    when there were none)."""

    kind = "suite"

    def __init__(self, data: Dict[str, Any], out_dir: Optional[str] = None) -> None:
        super().__init__(data)
        self.out_dir = out_dir
        self.previous_dir: Optional[str] = None
        if isinstance(self.get("steps"), list):
            self["steps"] = [SuiteStep(s, out_dir) if isinstance(s, dict) else s
                             for s in self["steps"]]

    suite_name = _derived(lambda r: _text(r.get("suite")) or _text(r.get("suite_file")) or "",
                          "The suite that ran: a built-in's name (quick, lab2016...) or the "
                          "suite file's path as given (results.json's suite_file), as the "
                          "CLI names it.")
    target_uri = _field("target.uri", _text, "", "The target's URI.")

    status = _derived(_status, "\"complete\", \"interrupted\" or \"failed\" (the JSON's own "
                      "when it has one).")

    steps: List[Dict[str, Any]] = _field("steps", _dicts, [],
                                          "The steps, in order (dicts as in results.json).")

    headline = _derived(lambda r: _sub(r, "headline"),
                        "results.json's headline ({} when it has none).")

    def step(self, name: str) -> Dict[str, Any]:
        """The first step called ``name`` (KeyError naming the choices if none)."""
        for s in self.steps:
            if s.get("name") == name:
                return s
        names = ", ".join(sorted({str(s.get("name")) for s in self.steps}))
        raise KeyError(f"no step {name!r}; steps: {names}")

    def job(self, name: str) -> JobResult:
        """The results of job step ``name`` as a :class:`JobResult`."""
        s = self.step(name)
        if not isinstance(s.get("results"), dict):
            raise KeyError(f"step {name!r} is a {s.get('kind')} step with no job results")
        r = JobResult(s["results"])
        # Its samples are in its log, in this results directory (wherever
        # it has moved): r.analyze() reads it there, with its context.
        if s.get("log") and self.out_dir is not None:
            r.log_path = os.path.join(self.out_dir, str(s["log"]))
        return r

    def analysis(self, name: str) -> "AnalysisResult":
        """The write-curve analysis of logged job ``name`` (or of the analyze
        step of that name), recomputed from its series CSV with latency."""
        s = self.step(name)
        log = s.get("series") if s.get("kind") == "analyze" else s.get("log")
        if not log or self.out_dir is None:
            raise KeyError(f"step {name!r} has no series log in a known results directory")
        from .analysis import analyze
        ref = s.get("reference") if s.get("kind") == "analyze" else None
        return analyze(os.path.join(self.out_dir, str(log)),
                       reference=os.path.join(self.out_dir, str(ref)) if ref else None)

    def _title(self) -> str:
        return f"{self.suite_name} on {self.target_uri}: {_count(len(self.steps), 'step')}, {self.status}"

    _shown = "suite=suite_name target=target_uri status steps"

    def _headline(self) -> List[Tuple[str, Any, str]]:
        out = super()._headline()
        # The figures as the C library flattens the headline (the catalog's
        # and the compare page's dotted keys), shown here without their
        # group: "degradation.cache_bytes", "files-iso.copy_bps".
        groups: Dict[str, List[Tuple[str, Any, str]]] = {
            "write_curves": [], "latency": [], "file_tests": []}
        for key, v in _headline_figures(self.headline).items():
            group, _, rest = key.partition(".")
            leaf = rest.rpartition(".")[2]
            if not rest:
                if v is not None:
                    out.append((key, v, "B/s" if key.endswith("_bps") else ""))
            elif group == "write_curves" and rest.count(".") == 1 and leaf in (
                    "cache_bytes", "post_cache_bps", "recovered_bytes"):
                groups[group].append((rest, _int(v) if leaf.endswith("_bytes") else _float(v),
                                      "B" if leaf.endswith("_bytes") else "B/s"))
            elif group == "latency" and rest.count(".") == 1 and leaf == "p99_9_us":
                groups[group].append((rest, _float(v), "µs"))
            elif group == "file_tests" and rest.count(".") == 1:
                groups[group].append((rest, _float(v), "B/s" if rest.endswith("_bps") else "s"))
        return out + groups["write_curves"] + groups["latency"] + groups["file_tests"]

    def curve_state(self, curve: str, figure: str) -> Optional[str]:
        """What a write-curve figure of the headline is: "measured", "none"
        (the drive has no such phase: no cache), "not_measured", "lower_bound"
        ("at least": the run ended before the drive slowed) or "upper_bound"
        ("at most": the cache ended inside the first sample or two, so it is at
        most what they wrote); None when the run has no such figure.

        >>> r.curve_state("degradation", "cache_bytes")  # doctest: +SKIP
        'measured'"""
        wc = (self.headline.get("write_curves") or {}).get(curve)
        st = wc.get("state") if isinstance(wc, dict) else None
        v = st.get(figure) if isinstance(st, dict) else None
        return v if isinstance(v, str) else None

    def _bound(self, key: str) -> str:
        curve, _, figure = key.rpartition(".")
        st = self.curve_state(curve, figure) if curve else None
        return {"lower_bound": "at least ", "upper_bound": "at most "}.get(st or "", "")

    def to_frame(self) -> "pd.DataFrame":
        """One row per step: index, name, kind, state, group, group_value
        (the step's place on its group's curve: the suite file's ``x=``, a
        QD, a block size in bytes, a read or fill %), and for jobs
        runtime_s, total_bytes (int), iops, bw_bps, lat_p50/p99/p99_9_us."""
        return _STEP.frame(self.steps)


_STEP = _Table(
    "index:Int64 name:string kind:string state:string group:string group_value=x:Float64 "
    "runtime_s=summary.runtime_s:float64 total_bytes=results.bytes:Int64 "
    "iops=summary.iops:float64 bw_bps=summary.bw_bps:float64 "
    "lat_p50_us=summary.lat_p50_us:float64 lat_p99_us=summary.lat_p99_us:float64 "
    "lat_p99_9_us=summary.lat_p99_9_us:float64")


def _rate(step: Dict[str, Any]) -> Optional[float]:
    """A filebench step's bytes/s, from its bytes and runtime_s."""
    b, t = _float(step.get("bytes")), _float(step.get("runtime_s"))
    return b / t if b is not None and t else (0.0 if b is not None else None)


class FilebenchResult(Result):
    """What :func:`ssdcore.filebench` returns: the results JSON, where each
    step's ``bw_bps`` is bytes/s; the frame and the summary give the rate as
    ``bw_bps``, bytes/s, from the step's bytes and ``runtime_s``."""

    kind = "filebench"

    steps: List[Dict[str, Any]] = _field("steps", _dicts, [],
                                          "The file tests, in order (dicts as in the JSON).")

    def _title(self) -> str:
        # "set" is the file set's dict (kind, size, files, bytes...)
        fs, steps = self.get("set"), _count(len(self.steps), "step")
        fs = fs if isinstance(fs, dict) else {}
        files, size = _int(fs.get("files")), _int(fs.get("bytes"))
        what = ", ".join(([f"{files} files"] if files is not None else []) +
                         ([_bytes_text(size)] if size is not None else []))
        return (f"{fs.get('kind', '')} set" + (f" ({what})" if what else "") +
                f", {steps}")

    def _headline(self) -> List[Tuple[str, Any, str]]:
        out: List[Tuple[str, Any, str]] = []
        for s in self.steps:
            out.append((f"{s.get('step')}_s", _float(s.get("runtime_s")), "s"))
            out.append((f"{s.get('step')}_bps", _rate(s), "B/s"))
        return out

    def to_frame(self) -> "pd.DataFrame":
        """One row per step: step, runtime_s,
        total_bytes (int; the JSON's bytes), bw_bps (bytes/s: total_bytes /
        runtime_s) and the step's other figures: the names every result
        frame uses (``bytes`` is a sample's bytes in a job's frame)."""
        df = _frame([dict(s, bw_bps=_rate(s)) for s in self.steps])
        df = df.rename(columns={"bytes": "total_bytes"})
        for c in [c for c in df.columns if c.endswith("_bytes") or c == "files"]:
            if df[c].notna().all():
                df[c] = df[c].astype("int64")
        return df


@dataclass
class CopyCounts:
    """One row of Robocopy's summary (dirs, files or bytes)."""
    total: int
    copied: int
    skipped: int
    mismatch: int
    failed: int
    extras: int


_COPY_COLUMNS = ("total", "copied", "skipped", "mismatch", "failed", "extras")


def _counts(v: Any) -> CopyCounts:
    d = v if isinstance(v, dict) else {}
    return CopyCounts(*[_int(d.get(k)) or 0 for k in _COPY_COLUMNS])


class _FileopsResult(Result):
    """A file operation's outcome (copy, archive, extract, file set): its
    figures as a dict, with ``total_s`` and ``bw_bps``; ``plot()`` draws
    where the time went (``_parts``: the run's parts, in seconds)."""

    total_s = _field("total_s", _float, 0.0, "Wall time of the run, sync included, s.")
    bw_bps = _field("bw_bps", _float, 0.0, "Bytes per second of the whole run.")
    _parts: Tuple[Tuple[str, str], ...] = ()

    def parts_s(self) -> Dict[str, float]:
        """The run's parts and their seconds, in order ({label: s})."""
        return {label: _float(self.get(key)) or 0.0 for key, label in self._parts}

    def to_frame(self) -> "pd.DataFrame":
        """One row per part of the run: ``part``, ``runtime_s``."""
        parts = self.parts_s()
        return _Table("part:string runtime_s:float64").frame(
            [{"part": k, "runtime_s": v} for k, v in parts.items()])


class CopyResult(_FileopsResult):
    """What :func:`ssdcore.copy_tree` returns, in Robocopy's terms: ``dirs``,
    ``files`` and ``bytes`` rows (:class:`CopyCounts`), the times and
    ``robocopy_exit`` (what ``ssdcore copy --robocopy-exit`` exits with).
    ``to_frame()``: Robocopy's summary table; ``plot()``: the seconds of
    each part of the run."""

    kind = "copy"
    _parts = (("copy_s", "scan + copy"), ("sync_s", "sync"), ("extras_s", "purge extras"),
              ("failed_s", "failed attempts"))

    dirs = _derived(lambda r: _counts(r.get("dirs")), "Robocopy's Dirs row.")
    files = _derived(lambda r: _counts(r.get("files")), "Robocopy's Files row.")
    bytes = _derived(lambda r: _counts(r.get("bytes")), "Robocopy's Bytes row (bytes).")
    copy_s = _field("copy_s", _float, 0.0, "Scan and copy, until the last worker finished, s.")
    sync_s = _field("sync_s", _float, 0.0, "Flushing the destination, s.")
    failed_s = _field("failed_s", _float, 0.0,
                      "Failed attempts and retry waits, summed over workers, s.")
    extras_s = _field("extras_s", _float, 0.0, "Purging extras (mirror), s.")
    robocopy_exit = _field("robocopy_exit", _int, 0, "Robocopy's exit bits: 1 copied, 2 extras,\n"
                           "4 mismatches, 8 failures.")
    first_error = _field("first_error", _int, 0, "Code of the first failure (0 when none).")
    workers = _field("workers", _int, 0, "Workers used.")
    failures: List[str] = _field("failures", lambda v: [str(x) for x in v]
                                 if isinstance(v, list) else None, [],
                                 "The failures, \"relpath: reason\" (at most 1000).")

    def _title(self) -> str:
        f = self.files
        return (f"copy: {f.copied} of {f.total} files copied, {f.failed} failed, "
                f"robocopy exit {self.robocopy_exit}")

    _shown = ("files_copied=files.copied files_skipped=files.skipped files_failed=files.failed "
              "copied_bytes=bytes.copied:B total_s:s bw_bps:B/s robocopy_exit workers")

    def to_frame(self) -> "pd.DataFrame":
        """Robocopy's summary table: one row each for dirs, files and bytes
        (``row``), the columns total, copied, skipped, mismatch, failed,
        extras (int; counts, bytes in the bytes row)."""
        rows = [dict(row=name, **vars(getattr(self, name))) for name in ("dirs", "files", "bytes")]
        return _Table("row:string " + ":Int64 ".join(_COPY_COLUMNS) + ":Int64").frame(rows)


class ArchiveResult(_FileopsResult):
    """What :func:`ssdcore.archive` and :func:`ssdcore.extract` return: the
    counts, sizes and times of the run (``bw_bps``: data bytes per second).
    ``to_frame()``: one row per part (read, codec, write, sync);
    ``plot()``: those seconds."""

    kind = "archive"
    _parts = (("read_s", "read"), ("codec_s", "codec"), ("write_s", "write"),
              ("sync_s", "sync"))

    operation = _field("operation", _text, "archive", "\"archive\" or \"extract\".")
    files = _field("files", _int, 0, "Regular files stored or written.")
    dirs = _field("dirs", _int, 0, "Directories.")
    symlinks = _field("symlinks", _int, 0, "Symbolic links.")
    data_bytes = _field("data_bytes", _int, 0, "File data, uncompressed, bytes.")
    archive_bytes = _field("archive_bytes", _int, 0, "The archive file's size, bytes.")
    read_s = _field("read_s", _float, 0.0, "Reading the sources (archive) or the archive\n"
                    "(extract), s.")
    codec_s = _field("codec_s", _float, 0.0, "Compressing or decompressing, s.")
    write_s = _field("write_s", _float, 0.0, "Writing the archive or the files, s.")
    sync_s = _field("sync_s", _float, 0.0, "Flushing what was written, s.")
    skipped = _field("skipped", _int, 0, "FIFOs, sockets and devices left out.")
    skipped_entries = _derived(
        lambda r: tuple(str(x) for x in r.get("skipped_entries") or ()),
        "On archive: the entries left out, \"relpath (FIFO)\" (at most 1000).")

    def _title(self) -> str:
        return (f"{self.operation}: {self.files} files, {_bytes_text(self.data_bytes)} of data, "
                f"archive {_bytes_text(self.archive_bytes)}")

    _shown = "files data_bytes:B archive_bytes:B total_s:s bw_bps:B/s skipped"


class FilesetResult(_FileopsResult):
    """What :func:`ssdcore.make_set` returns (``bw_bps``: bytes written per
    second). ``to_frame()`` and ``summary()``: one row; ``plot()``: the
    seconds it took, the rate in the title."""

    kind = "fileset"
    _parts = (("total_s", "write"),)

    set = _field("set", _text, "", "The set: iso, program or work.")
    files = _field("files", _int, 0, "Files made.")
    dirs = _field("dirs", _int, 0, "Directories made.")
    total_bytes = _field("total_bytes", _int, 0, "Bytes of the files made.")

    def _title(self) -> str:
        return f"{self.set} set: {self.files} files, {self.dirs} dirs"

    _shown = "set files dirs total_bytes:B total_s:s bw_bps:B/s"

    def to_frame(self) -> "pd.DataFrame":
        """One row: set, files, dirs, total_bytes (int), total_s, bw_bps."""
        return self.summary()


# CompareResult.to_frame()'s columns and their types, whatever built it (a
# text column's missing entry is None, even in a column with no text at all).
_COMPARE = _Table("drive:object figure:object label:object unit:object better:object "
                  "value:float64 pct_vs_highlight:float64 state:object conditions:object "
                  "row_conditions:object")


class CompareResult(Result):
    """What :func:`ssdcore.compare` and :func:`ssdcore.catalog.compare`
    return: several runs side by side, compare.json (schema
    ``ssdcore-compare/1``) as a dict, with

    - ``to_frame()``: one row per drive x figure, compare.csv's rows: ``drive``,
      ``figure`` (dotted key), ``label``, ``unit``, ``better``, ``value`` (NaN
      when the run lacks it), ``pct_vs_highlight``, ``state`` (measured, none,
      not_measured, lower_bound, upper_bound), ``conditions`` (block size, QD,
      threads, length, span of the drive's test) and ``row_conditions`` (the
      row's, when drives ran different tests), so "no cache" is never read as
      "not tested" and a bound never as an exact figure; the same columns
      from :func:`ssdcore.compare` and from a compare.json dict;
    - ``summary()``: one row per drive, one column per figure (the values);
    - ``html`` (the compare page), ``text`` (the summary the CLI prints),
      ``drives`` (the labels), ``picked`` (catalog.compare: which run stood
      for each drive);
    - ``plot()``: each figure against the highlighted drive, in %."""

    kind = "compare"

    def __init__(self, data: Dict[str, Any], csv: Optional[str] = None, html: str = "",
                 text: str = "", picked: Optional[List[str]] = None) -> None:
        super().__init__(data)
        self.csv = csv
        """compare.csv's text (from :func:`ssdcore.compare`; None for a
        dict): ``to_frame()`` has its rows, read from compare.json."""
        self.html = html
        """The compare page (what ``out``/compare.html holds)."""
        self.text = text
        """The summary the CLI prints: one block per drive."""
        self.picked: List[str] = list(picked or [])
        """catalog.compare: one line per drive, the run that stood for it."""


    @property
    def drives(self) -> List[str]:
        """The drives' labels, in order (the highlighted one is ``highlight``)."""
        return [str(d.get("label", "?")) for d in self.get("drives") or []]

    def _title(self) -> str:
        return ", ".join(self.drives)

    def _headline(self) -> List[Tuple[str, Any, str]]:
        return [("drives", len(self.drives), ""), ("figures", len(self.get("figures") or []), "")]

    def __repr__(self) -> str:
        figures = _count(len(self.get("figures") or []), "figure")
        return "\n".join([f"<CompareResult {self._title()}: {figures}>"]
                         + [f"  {p}" for p in self.picked])

    def to_frame(self) -> "pd.DataFrame":
        """One row per drive x figure, as compare.csv has them (drive by
        drive; a figure measured under other conditions than a row's is not
        that row's), read from compare.json alone: the same columns and
        types from :func:`ssdcore.compare` and from a dict: ``drive``,
        ``figure``, ``label``, ``unit``, ``better`` (str), ``value``,
        ``pct_vs_highlight`` (float64, NaN when none), ``state`` (str),
        ``conditions`` (the drive's test conditions) and ``row_conditions``
        (the row's, when the drives ran different tests; str or None)."""
        drives = self.drives
        figures = self.get("figures") or []
        nothing: List[Any] = [None] * len(drives)
        rows = []
        for i, drive in enumerate(drives):
            for q, f in enumerate(figures):
                state = (f.get("states") or nothing)[i]
                cond = (f.get("value_conditions") or nothing)[i]
                # As compare.csv: a row of other conditions is not this
                # drive's, and a drive without the figure (no conditions of
                # its own in a row that has some) has one row for it, the
                # key's first.
                if state == "other_conditions" or (
                        f.get("conditions") and cond is None and q > 0
                        and figures[q - 1].get("key") == f.get("key")):
                    continue
                key, v, unit = str(f.get("key")), f["values"][i], f.get("unit")
                pct = _float((f.get("pct_vs_highlight") or nothing)[i])
                rows.append({"drive": drive, "figure": key, "label": f.get("label"),
                             "unit": unit, "better": f.get("better"),
                             "value": _float(v), "pct_vs_highlight": pct, "state": state,
                             "conditions": cond or None,
                             "row_conditions": f.get("conditions") or None})
        return _COMPARE.frame(rows)

    def summary(self) -> "pd.DataFrame":
        """One row per drive (index ``drive``, in order), one column per
        figure key, the values (NaN where a run lacks the figure; bytes Int64)."""
        pd = _pandas()
        data: Dict[str, List[Any]] = {}
        for f in self.get("figures") or []:
            data[str(f.get("key"))] = [float("nan") if v is None else v
                                       for v in map(_float, f.get("values") or [])]
        return _bytes_int64(_frame(data, index=pd.Index(self.drives, name="drive")))


def _rate_frame(samples: Any) -> "pd.DataFrame":
    """Samples as [[t_s, bytes, ops], ...] (a replay's) as t_s, bytes and
    ops (int), rate_bps and written_bytes (cumulative, int): the columns of
    :meth:`JobResult.to_frame` a replay has."""
    rows = [r for r in samples if isinstance(r, (list, tuple)) and len(r) >= 3] \
        if isinstance(samples, list) else []
    return _add_rates(_frame({
        "t_s": np.array([float(r[0]) for r in rows], dtype=float),
        "bytes": np.array([_int(r[1]) or 0 for r in rows], dtype=np.int64),
        "ops": np.array([_int(r[2]) or 0 for r in rows], dtype=np.int64)}))


class ReplayResult(Result):
    """What :func:`ssdcore.replay` returns: the replay's results JSON
    (``ssd_replay_to_json``) with attributes in units, ``to_frame()`` (one
    row per sampling interval), ``summary()`` and ``plot()`` (throughput
    over time)."""

    kind = "replay"

    target_uri = _field("target.uri", _text, "", "The target's URI.")
    trace_format = _field("trace.format", _text, "", "Where the trace came from: csv, iolog3,\n"
                          "blkparse, generated...")
    trace_name = _field("trace.name", _str, None, "The built-in scenario or file test\n"
                        "replayed (pcm8-excel, iso-copy), None for another trace.")
    timing = _field("timing", _text, "", "no-idle, as-recorded or scale=F.")
    queue_depth = _field("qd", _int, 0, "I/Os in flight at most (0: as recorded).")
    runtime_s = _field("runtime_s", _float, 0.0, "Seconds from the first I/O to the last,\n"
                       "waits included.")
    busy_s = _field("busy_s", _float, 0.0, "Seconds with at least one I/O in flight.")
    total_bytes = _field("bytes", _int, 0, "Bytes read and written.")
    ios = _field("ios", _int, 0, "I/Os completed (reads, writes, trims, flushes).")
    iops = _field("iops", _float, 0.0, "I/Os per busy second.")
    bw_bps = _field("bw_bps", _float, 0.0, "Bytes per busy second.")
    access_us = _field("access_us", _float, 0.0, "Mean access time, µs.")
    interrupted = _field("interrupted", bool, False, "True if Ctrl-C stopped it.")

    status = _derived(_status, "\"complete\" or \"interrupted\".")

    def latency_us(self, direction: str = "write") -> Dict[str, Optional[float]]:
        """The direction's latency figures in µs: mean, p50, p90, p99,
        p99_9, max (None without I/O in that direction)."""
        return _latency_us(self.get(direction), ("mean", "p50", "p90", "p99", "p99_9", "max"))

    def _title(self) -> str:
        what = self.trace_name or self.trace_format  # "": a trace built I/O by I/O
        return (f"{what + ' ' if what else ''}trace on {self.target_uri}, "
                f"{self.timing}, QD{self.queue_depth}, {self.status}")

    _shown = ("target=target_uri trace=trace_name timing queue_depth runtime_s:s busy_s:s "
              "total_bytes:B ios iops bw_bps:B/s access_us:µs status")
    _latency_keys = ("p50", "p99", "p99_9")

    def _repr_lines(self) -> List[str]:
        return [f"  {self.ios} I/Os, {_bytes_text(self.total_bytes)} in {self.busy_s:.3g} s busy "
                f"({self.runtime_s:.3g} s in all): {_mibs(self.bw_bps)}, "
                f"{self.iops:.0f} IOPS"] + _latency_lines(self, p99_9=False)

    def to_frame(self) -> "pd.DataFrame":
        """One row per sampling interval: t_s, bytes, ops (int), rate_bps,
        written_bytes (cumulative, int)."""
        return _rate_frame(self.get("samples"))


class _TracesResult(Result):
    """A replay of several traces (:class:`AppsResult`,
    :class:`FsdResult`): ``traces`` and the figures the subclass names in
    ``_summary``."""

    seed = _field("seed", _int, 0, "The scenarios' seed.")
    traces: List[Dict[str, Any]] = _field("traces", _dicts, [],
                                           "One dict per trace, in the order they ran.")
    _summary: Tuple[str, ...] = ()

    def summary(self) -> "pd.DataFrame":
        """One row: the run's settings, the number of traces and the score
        (the columns of ``_summary``)."""
        return _frame([{k: len(self.traces) if k == "traces" else getattr(self, k)
                        for k in self._summary}])

    def to_frame(self) -> "pd.DataFrame":
        """One row per trace: name, description, ios and total_bytes (int),
        busy_s, bw_bps (and a full-system run's trace, scored,
        queue_depth, access_us)."""
        traces = self.traces
        return _TRACE.frame(traces, [c for c, k in _TRACE.keys.items() if any(
            k in t for t in traces) or c in ("name", "total_bytes")])


# The JSON's qd and bytes named as every other frame names them.
_TRACE = _Table("name:string trace:string description:string scored:boolean "
                "queue_depth=qd:Int64 ios:Int64 total_bytes=bytes:Int64 busy_s:float64 "
                "bw_bps:float64 access_us:float64")


class AppsResult(_TracesResult):
    """What :func:`ssdcore.apps` returns: every built-in application
    scenario replayed (``traces``) and the score, ``score_bps``: total
    bytes / total busy time, PCMark 8's way."""

    kind = "apps"
    _summary = ("timing", "seed", "traces", "score_bps", "mean_bps")

    timing = _field("timing", _text, "", "no-idle, as-recorded or scale=F.")
    score_bps = _field("score_bps", _float, 0.0, "Total bytes / total busy time, bytes/s.")
    mean_bps = _field("mean_bps", _float, 0.0, "The mean of the traces' bw_bps.")

    def _title(self) -> str:
        return f"{len(self.traces)} traces, {self.timing}"

    _shown = "score_bps:B/s mean_bps:B/s traces"

    def _headline(self) -> List[Tuple[str, Any, str]]:
        return super()._headline() + [(f"{t.get('name')}_bw_bps", _float(t.get("bw_bps")), "B/s")
                                      for t in self.traces]


class FsdResult(_TracesResult):
    """What :func:`ssdcore.fsd` returns: a PCMark 10 Full System Drive-like
    run (``traces``) and ``score``: UL's geometric mean of MB/s and 1 /
    access time in ms."""

    kind = "fsd"
    _summary = ("scale", "seed", "traces", "score", "bw_bps", "access_us")

    scale = _field("scale", _float, 1.0, "The copies' sizes times this.")
    bw_bps = _field("bw_bps", _float, 0.0, "The scored traces' bandwidth: bytes per busy\n"
                    "second, bytes/s.")
    access_us = _field("access_us", _float, 0.0, "The scored traces' mean access time, µs.")
    score = _field("score", _float, 0.0, "UL's score (no unit).")

    def _title(self) -> str:
        return f"{len(self.traces)} traces, scale {self.scale:g}"

    _shown = "score bw_bps:B/s access_us:µs traces"


_CATALOG_RUNS = _Table(
    "id:Int64 run_key:string dir:string drive:string model:string serial:string firmware:string "
    "capacity_bytes:Int64 target:string target_kind:string suite:string status:string host:string "
    "tool:string started:string finished:string added:string")


class CatalogRuns(Result):
    """What :func:`ssdcore.catalog.runs` returns: ``{"catalog": path,
    "drive": the filter or None, "runs": [one dict per run, oldest
    first]}``."""

    kind = "catalog_runs"
    _no_plot = ("a list of runs", "catalog.figures(...).plot(figure) draws a figure across runs")

    catalog = _field("catalog", _text, "", "The catalog file.")
    runs: List[Dict[str, Any]] = _field("runs", _dicts, [], "One dict per run, oldest first.")

    def _title(self) -> str:
        match = f" (drive, model, serial or target contains {self['drive']!r})" \
            if self.get("drive") else ""
        return f"{_count(len(self.runs), 'run')} in {self.catalog}{match}"

    def _repr_lines(self) -> List[str]:
        return [f"  {r.get('id')}: {r.get('drive') or r.get('target')} {r.get('suite')} "
                f"{r.get('status')}, started {r.get('started')}" for r in self.runs[-8:]]

    def _headline(self) -> List[Tuple[str, Any, str]]:
        return [("runs", len(self.runs), ""),
                ("drives", len({r.get("drive") for r in self.runs}), "")]

    def to_frame(self) -> "pd.DataFrame":
        """One row per run: the runs table's columns (the headline JSON
        left out), ``capacity_bytes`` as Int64."""
        return _CATALOG_RUNS.frame(self.runs)

    def summary(self) -> "pd.DataFrame":
        """One row per drive: ``drive``, ``runs``, ``first_started``,
        ``last_started``."""
        by: Dict[Any, List[Dict[str, Any]]] = {}
        for r in self.runs:
            by.setdefault(r.get("drive"), []).append(r)
        rows = [{"drive": d, "runs": len(rs), "first_started": min(str(r.get("started")) for r in rs),
                 "last_started": max(str(r.get("started")) for r in rs)} for d, rs in by.items()]
        return _frame(rows, columns=["drive", "runs", "first_started", "last_started"])


class CatalogFigures(Result):
    """What :func:`ssdcore.catalog.figures` returns: ``{"catalog",
    "drive", "figures": [{"run_id", "drive", "started", "figure",
    "value"}, ...]}``, every headline figure of the matching runs.
    ``to_frame()`` one row per run x figure, ``summary()`` one row per run
    and one column per figure, ``plot(figure)`` that figure across runs,
    one line per drive."""

    kind = "catalog_figures"

    catalog = _field("catalog", _text, "", "The catalog file.")
    figures: List[Dict[str, Any]] = _field("figures", _dicts, [],
                                            "One dict per run x figure.")

    @property
    def figure_keys(self) -> List[str]:
        """The figures' dotted keys, sorted."""
        return sorted({str(f.get("figure")) for f in self.figures})

    def _title(self) -> str:
        runs = {f.get("run_id") for f in self.figures}
        return f"{_count(len(runs), 'run')}, {_count(len(self.figure_keys), 'figure')} in {self.catalog}"

    def _headline(self) -> List[Tuple[str, Any, str]]:
        return [("runs", len({f.get("run_id") for f in self.figures}), ""),
                ("figures", len(self.figure_keys), "")]

    def to_frame(self) -> "pd.DataFrame":
        """One row per run x figure: run_id, drive, started, figure (dotted
        key), value (NaN when the run recorded it as missing)."""
        return _Table("run_id:Int64 drive:string started:string figure:string value:float64"
                      ).frame(self.figures)

    def summary(self) -> "pd.DataFrame":
        """One row per run (run_id, drive, started), one column per figure
        (byte counts Int64)."""
        # A run holds each figure once (the catalog's key): a plain unstack,
        # which keeps missing values and never crosses runs.
        values = self.to_frame().set_index(["run_id", "drive", "started", "figure"])["value"]
        wide = values.unstack("figure")
        wide.columns.name = None
        return _bytes_int64(wide.reset_index())

    def plot(self, ax: Optional["Axes"] = None, *, figure: Optional[str] = None,
             **kwargs: Any) -> Any:
        """``figure`` (a dotted key) against the runs' start times, one line
        per drive."""
        if figure is None or figure not in self.figure_keys:
            raise ValueError(f"plot(figure=...): one of {', '.join(self.figure_keys) or 'no figures'}")
        from . import plot as _plot
        return _plot.catalog_history(self, figure, ax=ax)


_BATCH_HEADLINE = ["source", "error", "cache_bytes", "cache_level_bps", "post_cache_bps",
                   "folding_start_bytes", "gc_start_bytes", "recovered_bytes", "total_bytes"]


class _RowsResult:
    """A result that is rows (a batch's inputs, a fio file's jobs), not one
    dict: a repr of its title and first 8 rows (``_rows``: those and the
    count, ``_row_line``: one's line), the summary as an HTML table (its
    first ``_html_rows``, or all)."""

    _html_rows: ClassVar[Optional[int]] = 20

    def _title(self) -> str:
        raise NotImplementedError

    def _rows(self) -> Tuple[List[Any], int]:
        raise NotImplementedError

    def _row_line(self, row: Any) -> str:
        raise NotImplementedError

    def summary(self) -> "pd.DataFrame":
        raise NotImplementedError

    def __repr__(self) -> str:
        rows, n = self._rows()
        lines = [f"<{type(self).__name__} {self._title()}>"]
        lines += [f"  {self._row_line(r)}" for r in rows[:8]]
        if n > 8:
            lines.append(f"  ... {n - 8} more")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        df = self.summary()
        return (f"<div><b>{type(self).__name__}</b> {html.escape(self._title())}"
                f"{(df.head(self._html_rows) if self._html_rows else df).to_html(index=False)}"
                "</div>")


class BatchResult(_RowsResult):
    """What :func:`ssdcore.analyze_many` and
    :func:`ssdcore.read_results_parquet` return: two DataFrames, not one
    with a frame hidden in ``df.attrs`` (pandas deep-copies attrs on every
    operation).

    - ``frame`` (also ``to_frame()``): one row per input, in input order,
      the fixed columns and dtypes of ``ssdcore.batch.ANALYSIS_COLUMNS``;
    - ``phases``: one row per phase of every input
      (``ssdcore.batch.PHASE_COLUMNS``), joinable with ``frame`` on
      ``source``;
    - ``summary()``: ``frame``'s headline columns (source, error, cache,
      post-cache level, folding and GC onsets, recovered bytes);
    - ``r["cache_bytes"]`` and ``len(r)``: ``frame``'s column and length;
    - ``plot(column)``: one bar per input.
    """

    kind = "batch"

    def __init__(self, frame: "pd.DataFrame", phases: "pd.DataFrame") -> None:
        self.frame = frame
        self.phases = phases

    def to_frame(self) -> "pd.DataFrame":
        """One row per input (the same object as ``.frame``)."""
        return self.frame

    def summary(self) -> "pd.DataFrame":
        """One row per input: the headline columns of ``frame``."""
        return self.frame[_BATCH_HEADLINE]

    def __len__(self) -> int:
        return len(self.frame)

    def __getitem__(self, column: str) -> Any:
        return self.frame[column]

    @property
    def failed(self) -> int:
        """Inputs whose analysis failed (``errors="record"``)."""
        return int(self.frame["error"].notna().sum())

    def _title(self) -> str:
        return (f"{_count(len(self.frame), 'input')}, {self.failed} failed, "
                f"{_count(len(self.phases), 'phase')}")

    def _rows(self) -> Tuple[List[Any], int]:
        return self.frame.head(8).to_dict("records"), len(self.frame)

    def _row_line(self, r: Any) -> str:
        if isinstance(r["error"], str):
            return f"{r['source']}: error: {r['error']}"
        if _int(r["cache_bytes"]) is not None:
            return (f"{r['source']}: cache {_bytes_text(_int(r['cache_bytes']) or 0)} "
                    f"at {_mibs(r['cache_level_bps'])}, then {_mibs(r['post_cache_bps'])}")
        return f"{r['source']}: no cache found"

    def plot(self, column: str = "cache_bytes", ax: Optional["Axes"] = None) -> Any:
        """``column`` of each input as a bar (bytes in GiB, rates in MiB/s)."""
        from . import plot as _plot
        return _plot.batch_bars(self, column, ax=ax)


_ONE_ROW_DTYPES = {"B": "Int64", "%": "float64", "°C": "float64", "s": "float64",
                   "B/s": "float64", "µs": "float64", "bool": "boolean"}


class _OneRow(Result):
    """A result of one row and no samples (a precondition, a fill, a drive's
    identity, a run added to the catalog): ``to_frame()`` is ``summary()``,
    and ``plot()`` says there is nothing to draw and what to draw instead
    (``_no_plot``: what it is, what instead)."""

    _no_plot = ("this result", "it keeps no samples")

    def to_frame(self) -> "pd.DataFrame":
        """One row: the headline figures (as ``summary()``)."""
        return self.summary()


class PreconditionResult(_OneRow):
    """What :func:`ssdcore.precondition` returns: ``{"kind", "loops",
    "written_bytes"}`` (the dict it returned before, so ``r["written_bytes"]``
    still reads), the kind as ``precondition``, as a job's
    ``analysis_context`` names it."""

    kind = "precondition"
    _no_plot = ("a precondition", "it keeps no samples; plot the job after it")

    precondition = _field("kind", _text, "", "seq_fill or random_fill.")
    loops = _field("loops", _int, 0, "Passes over the whole target.")
    written_bytes = _field("written_bytes", _int, 0, "Bytes written.")

    def _title(self) -> str:
        return (f"{self.precondition}, {_count(self.loops, 'loop')}: "
                f"{_bytes_text(self.written_bytes)} written")

    _shown = "precondition loops written_bytes:B"


class FillResult(_OneRow):
    """What :func:`ssdcore.fill` returns: ``{"fill_bytes", "written_bytes"}``
    (the dict it returned before), and ``level_pct`` when a level was
    given."""

    kind = "fill"
    _no_plot = ("a fill", "it keeps no samples; plot the job after it")

    fill_bytes = _field("fill_bytes", _int, 0, "Bytes asked for, from offset 0.")
    written_bytes = _field("written_bytes", _int, 0, "Bytes written.")
    level_pct = _field("level_pct", _float, None, "The level asked, % of the "
                       "target (None when bytes were asked).")

    def _title(self) -> str:
        level = f" ({self.level_pct:g} %)" if self.level_pct is not None else ""
        return f"{_bytes_text(self.fill_bytes)}{level} asked, {_bytes_text(self.written_bytes)} " \
               "written"

    _shown = "fill_bytes:B written_bytes:B level_pct:%"


class DriveIdentity(_OneRow):
    """What :func:`ssdcore.drive.identity` returns: the identity JSON
    (``ssdcore identity``'s: the dict it returned before, so
    ``d["model"]`` still reads; members the drive does not tell are None)."""

    kind = "drive_identity"
    _no_plot = ("a drive's identity", "it is no measurement")

    model = _field("model", _str, None, "The model, as the drive names itself.")
    serial = _field("serial", _str, None, "The serial (or sha256: and a prefix).")
    firmware = _field("firmware", _str, None, "The firmware revision.")
    transport = _field("transport", _str, None, "nvme, sata, sim...")
    link = _field("link", _str, None, "The link (\"PCIe 4.0 x4\", \"6.0 Gbps\").")
    profile = _field("profile", _str, None, "A sim: drive's profile.")
    capacity_bytes = _field("capacity_bytes", _int, None, "User capacity, bytes.")
    logical_sector_bytes = _field("logical_sector_bytes", _int, None, "Logical sector size, bytes.")
    physical_sector_bytes = _field("physical_sector_bytes", _int, None,
                                   "Physical sector size, bytes.")
    rotational = _field("rotational", lambda v: None if v is None else bool(v), None,
                        "True for a spinning disk.")
    temperature_c = _field("temperature_c", _float, None, "The temperature when asked, °C.")

    def _title(self) -> str:
        return " ".join(str(v) for v in (self.model or self.get("source") or "unknown drive",
                                         self.transport) if v)

    _shown = ("model serial firmware transport link capacity_bytes:B logical_sector_bytes:B "
              "physical_sector_bytes:B rotational:bool temperature_c:°C")


class TraceSummary(_OneRow):
    """What :meth:`ssdcore.Trace.summary` returns: the trace's
    characteristics (``ssd_trace_to_json``), the dict it returned before
    (``s["reads"]`` still reads). ``to_frame()`` and ``summary()``: one row
    (not the size mix)."""

    kind = "trace"
    _no_plot = ("a trace's summary", "it is no measurement; plot ssdcore.replay(trace, target)")

    format = _field("format", _text, "", "csv, iolog2, iolog3, blkparse, generated, recorded.")
    name = _field("name", _str, None, "The built-in scenario or file test, or None.")
    ios = _field("ios", _int, 0, "I/Os (reads, writes, trims, flushes).")
    reads = _field("reads", _int, 0, "Reads.")
    writes = _field("writes", _int, 0, "Writes.")
    trims = _field("trims", _int, 0, "Trims.")
    flushes = _field("flushes", _int, 0, "Flushes.")
    read_bytes = _field("read_bytes", _int, 0, "Bytes read.")
    write_bytes = _field("write_bytes", _int, 0, "Bytes written.")
    trim_bytes = _field("trim_bytes", _int, 0, "Bytes trimmed.")
    duration_s = _field("duration_s", _float, 0.0, "From the first issue to the last end, s.")
    seq_read_share = _field("seq_read_share", _float, 0.0, "Reads that start where the\n"
                            "previous read ended, 0-1.")
    seq_write_share = _field("seq_write_share", _float, 0.0, "Writes that start where the\n"
                             "previous write ended, 0-1.")
    idle_share = _field("idle_share", _float, 0.0, "Time with no I/O in flight, 0-1.")
    max_overlap = _field("max_overlap", _int, 1, "I/Os in flight at most, as recorded.")
    size_mix = _derived(
        lambda r: [(int(b), int(n)) for b, n in r.get("size_mix") or ()],
        "The most common read and write sizes: (bytes, count), most common first.")

    def _title(self) -> str:
        return (f"{_count(self.ios, 'I/O')} ({self.format}), "
                f"{_bytes_text(self.read_bytes)} read, {_bytes_text(self.write_bytes)} written")

    _shown = ("format name ios reads writes read_bytes:B write_bytes:B duration_s:s idle_share "
              "seq_read_share seq_write_share trims flushes trim_bytes:B max_overlap")


class CatalogAddResult(_OneRow):
    """What :func:`ssdcore.catalog.add` returns: ``{"catalog", "run_dir",
    "status"}``: ``status`` is "added", "updated" (the run was there but
    changed since: it was still running) or "unchanged"."""

    kind = "catalog_add"
    _no_plot = ("adding a run", "catalog.figures(...).plot(figure=KEY) draws a figure across "
                "runs")

    catalog = _field("catalog", _text, "", "The catalog file.")
    run_dir = _field("run_dir", _text, "", "The results directory added.")
    status = _field("status", _text, "", "added, updated or unchanged.")
    added = _derived(lambda r: r.get("status") == "added", "True when the run was new.")
    changed = _derived(lambda r: r.get("status") in ("added", "updated"),
                       "True when the catalog changed (added or updated).")

    def __bool__(self) -> bool:
        # catalog.add returned a bool until round 20: as a non-empty dict
        # this would always be true, so `if catalog.add(...)` would be
        # silently wrong. Refused, naming what to read.
        raise TypeError("catalog.add() returns a CatalogAddResult, not a bool: read its "
                        ".changed (added or updated) or .added")

    def _title(self) -> str:
        return f"{self.run_dir}: {self.status} in {self.catalog}"

    _shown = "catalog run_dir status"


_FIO = _Table(
    "name:string ddir:string total_bytes=io_bytes:Int64 bw_bps:float64 iops:float64 runtime_s:float64 "
    "lat_mean_us:float64 lat_p50_us:float64 lat_p99_us:float64 lat_p99_9_us:float64 "
    "lat_max_us:float64 p99_over_p50:float64 p99_9_over_p50:float64 lat_source:string "
    "clat_inconsistent:boolean error:Int64")
_FIO_SUMMARY = ("name", "ddir", "total_bytes", "bw_bps", "iops", "lat_p50_us", "lat_p99_us",
                "lat_p99_9_us", "error")


class FioResult(_RowsResult):
    """What :func:`ssdcore.read_fio_json` returns: fio's JSON output, one
    entry per job and direction with I/O (and one with ddir "none" for a
    failed job that did none), as ``ssdcore fio-result --json`` lists them.

    - ``jobs``: the entries, dicts as in that JSON (``io_bytes``,
      ``bw_bps``, ``lat_p99_us``...); ``source``: the file;
    - ``to_frame()``: one row per entry, the names every frame uses (the
      JSON's ``io_bytes`` is ``total_bytes``, int), fixed dtypes;
    - ``summary()``: one row per entry, the headline columns;
    - ``to_dict()``: ``{"source", "jobs"}``; ``plot()``: MiB/s per entry."""

    kind = "fio"

    def __init__(self, jobs: List[Dict[str, Any]], source: Optional[str] = None) -> None:
        self.jobs = jobs
        self.source = source

    def to_dict(self) -> Dict[str, Any]:
        """``{"source": the file, "jobs": [the entries]}``."""
        return {"source": self.source, "jobs": self.jobs}

    def to_frame(self) -> "pd.DataFrame":
        """One row per job and direction: name, ddir, total_bytes (int),
        bw_bps, iops, runtime_s, lat_mean/p50/p99/p99_9/max_us, the p99 and
        p99.9 over p50 ratios, lat_source, clat_inconsistent, error."""
        return _FIO.frame(self.jobs)

    def summary(self) -> "pd.DataFrame":
        """One row per job and direction: the headline columns."""
        return self.to_frame()[list(_FIO_SUMMARY)]

    def _title(self) -> str:
        n = len(self.jobs)
        return f"{os.path.basename(self.source or '')}: {n} entr{'y' if n == 1 else 'ies'}"

    def _rows(self) -> Tuple[List[Any], int]:
        return self.jobs[:8], len(self.jobs)

    def _row_line(self, j: Any) -> str:
        p99 = _float(j.get("lat_p99_us"))
        return (f"{j.get('name')} {j.get('ddir')}: {_mibs(j.get('bw_bps'))}, "
                f"{_float(j.get('iops')) or 0:.0f} IOPS"
                + (f", p99 {p99:.1f} µs" if p99 is not None and math.isfinite(p99) else "")
                + (f", error {j.get('error')}" if j.get("error") else ""))

    def plot(self, ax: Optional["Axes"] = None, **kwargs: Any) -> Any:
        """MiB/s of each job and direction as a bar."""
        from . import plot as _plot
        return _plot.fio_bars(self, ax=ax)


# ---- Results of an action on a drive, and the built-in catalogues ----

__all__ += ["TrimResult", "HealthResult", "SimProfile", "SimTruth", "Listing"]


class TrimResult(_OneRow):
    """What :meth:`ssdcore.Target.trim` and :meth:`~ssdcore.Target.trim_reach`
    return: how the last TRIM reached the drive, the dict they returned
    before (``r["reached"]`` still reads); ``how`` is "discard mount
    option", "FITRIM", "block device BLKDISCARD", "model (sim)" or "not
    passed: ..."."""

    kind = "trim"
    _no_plot = ("a TRIM", "it keeps no samples; plot the job after it")

    reached = _field("reached", lambda v: None if v is None else bool(v), None,
                     "Whether the TRIM reached the drive (None: no TRIM yet).")
    how = _field("how", _text, "", "How it went to the drive, or why it did not.")
    filesystem = _field("filesystem", _str, None, "A file target's filesystem.")
    mount_point = _field("mount_point", _str, None, "Where that filesystem is mounted.")
    mount_options = _field("mount_options", _str, None, "Its mount options.")
    fitrim_bytes = _field("fitrim_bytes", _int, None,
                          "Bytes FITRIM reported discarded (None: no FITRIM).")

    def _title(self) -> str:
        if self.reached is None:
            return "no TRIM yet"
        return f"{'reached' if self.reached else 'did not reach'} the drive" + \
            (f": {self.how}" if self.how else "")

    _shown = "reached:bool how filesystem mount_point mount_options fitrim_bytes:B"


_HEALTH_COUNTERS: List[Tuple[str, str]] = [
    ("host_written_bytes", "B"), ("host_read_bytes", "B"), ("host_write_commands", ""),
    ("host_read_commands", ""), ("media_written_bytes", "B"), ("media_errors", ""),
    ("reallocated_sectors", ""), ("warning_temp_minutes", ""), ("critical_temp_minutes", ""),
    ("thermal_t1_transitions", ""), ("thermal_t2_transitions", ""),
    ("thermal_t1_seconds", "s"), ("thermal_t2_seconds", "s"), ("temperature_c", "°C"),
    ("percentage_used", "%")]


class HealthResult(_OneRow):
    """What :meth:`ssdcore.Target.health` returns: the drive's health
    counters (the NVMe health log, the SATA SMART attributes, or a sim:
    drive's model counters), the dict it returned before (``h["source"]``
    still reads; a counter the drive does not expose is absent, never 0,
    and None as an attribute). ``to_frame()`` and ``summary()``: one row,
    every counter a column (<NA>/NaN when absent)."""

    kind = "health"
    _no_plot = ("a health reading", "it is one reading; read it before and after a job")

    available = _derived(lambda r: bool(r.get("available")), "Whether the drive has counters.")
    source = _field("source", _str, None, "Where the counters come from.")
    why = _field("why", _str, None, "Why there are no counters.")
    host_written_bytes = _field("host_written_bytes", _int, None,
                                "Bytes the host wrote (the drive's count).")
    media_written_bytes = _field("media_written_bytes", _int, None, "Bytes written to the flash.")
    host_read_bytes = _field("host_read_bytes", _int, None, "Bytes the host read.")
    temperature_c = _field("temperature_c", _float, None, "Temperature, °C.")
    percentage_used = _field("percentage_used", _float, None, "Endurance used, % (NVMe).")

    def _title(self) -> str:
        return f"from {self.source}" if self.available else f"no counters: {self.why}"

    _shown = "available:bool source"

    def _headline(self) -> List[Tuple[str, Any, str]]:
        return super()._headline() + [(k, _int(self.get(k)) if u == "B" else _float(self.get(k)),
                                       u) for k, u in _HEALTH_COUNTERS]

    def summary(self) -> "pd.DataFrame":
        """One row: available, source and every counter (Int64 bytes,
        float64 otherwise; <NA>/NaN where the drive does not expose it)."""
        df = super().summary()
        for k, u in _HEALTH_COUNTERS:
            if not u:
                df[k] = df[k].astype("float64")
        return df


def _flat_profile(p: Dict[str, Any]) -> Dict[str, Any]:
    """A profile as one flat row: name, description, the params, the
    derived figures."""
    return dict({"name": p.get("name"), "description": p.get("description")},
                **_sub(p, "params"), **_sub(p, "derived"))


class SimProfile(_OneRow):
    """What :func:`ssdcore.sim.profile` returns: the dict it returned
    before (``{"name", "description", "params", "derived"}``).
    ``to_frame()``: one row, the params and derived figures as columns (the
    simulator's own names: ``capacity_gb``, ``slc_gib``...);
    ``summary()``: name, description and the derived sizes."""

    kind = "sim_profile"
    _no_plot = ("a sim profile", "run a job on it and plot that, or plot sim.truth()")

    name = _field("name", _text, "", "The profile's name.")
    description = _field("description", _text, "", "The drive it models.")
    params = _derived(lambda r: _sub(r, "params"), "The model's parameters.")
    derived = _derived(lambda r: _sub(r, "derived"), "Figures derived from them (bytes).")
    user_bytes = _field("derived.user_bytes", _int, None, "User capacity, bytes.")
    cache_effective_bytes = _field("derived.cache_effective_bytes", _int, None,
                                   "SLC cache a fresh drive takes, bytes.")

    def _title(self) -> str:
        return f"{self.name}: {self.description}"

    def _headline(self) -> List[Tuple[str, Any, str]]:
        return [("name", self.name, ""), ("description", self.description, ""),
                ("user_bytes", self.user_bytes, "B"),
                ("cache_nominal_bytes", _int(self.derived.get("cache_nominal_bytes")), "B"),
                ("cache_effective_bytes", self.cache_effective_bytes, "B")]

    def to_frame(self) -> "pd.DataFrame":
        """One row: name, description, every parameter and derived figure."""
        return _frame([_flat_profile(self)])


# The JSON's bytes named as every frame names a total.
_TRUTH_PHASE = _Table(
    "regime:string start_bytes:Int64 start_s:float64 total_bytes=bytes:Int64 runtime_s:float64 "
    "mean_bps:float64 level_bps:float64 end_level_bps:float64")


class SimTruth(Result):
    """What :func:`ssdcore.sim.truth` returns without a key: the
    simulator's ground truth of a sim: drive, the dict it returned before
    (``t["cache_effective_bytes"]`` still reads; events that did not happen
    in the last job are None).

    - ``to_frame()``: one row per regime of the last job (``phases``):
      regime, start_bytes, start_s, total_bytes (int), runtime_s, mean_bps,
      level_bps, end_level_bps (the JSON's ``bytes``/``seconds`` named as
      every frame names a total and a duration);
    - ``summary()``: one row of the scalar figures;
    - ``plot(series=None)``: the regimes as bands and their levels against
      data written, over ``series`` (a job result, an analysis or a series
      log, drawn as :func:`ssdcore.plot.write_curve` draws it) when given."""

    kind = "sim_truth"

    profile = _field("profile", _text, "", "The sim profile.")
    regime = _field("regime", _text, "", "The regime the drive writes in now.")
    cache_effective_bytes = _field("cache_effective_bytes", _int, None,
                                   "The SLC cache the drive took, bytes.")
    cache_full_at_bytes = _field("cache_full_at_bytes", _int, None,
                                 "Bytes written when the cache filled.")
    folding_start_bytes = _field("folding_start_bytes", _int, None,
                                 "Bytes written when folding began.")
    gc_start_bytes = _field("gc_start_bytes", _int, None, "Bytes written when GC slowed writes.")
    job_written_bytes = _field("job_written_bytes", _int, None, "Bytes the last job wrote.")
    host_written_bytes = _field("host_written_bytes", _int, None,
                                "Bytes the host wrote since the target was opened\n"
                                "(counters_since: a URI's precondition=seq_fill is not in it).")
    written_before_bytes = _field("written_before_bytes", _int, None,
                                  "What was written since the last TRIM or purge,\n"
                                  "the URI's precondition included, as a job run now\n"
                                  "records it (None: not known).")
    precondition = _field("precondition", _str, None,
                          "How the drive was preconditioned, as a job run now\n"
                          "records it: none, seq_fill, random_fill or unknown.")
    write_amplification = _field("write_amplification", _float, None, "NAND bytes over host bytes.")
    cache_level_bps = _field("cache_level_bps", _float, None, "The cache's level.")
    post_cache_level_bps = _field("post_cache_level_bps", _float, None,
                                  "The level after the cache (and after a slump).")
    slump_bytes = _field("slump_bytes", _int, None,
                         "Bytes of a slump right after the cache (slump_share).")
    slump_level_bps = _field("slump_level_bps", _float, None, "The slump's level.")
    phases: List[Dict[str, Any]] = _field("phases", _dicts, [], "The last job's regimes, in order.")

    def _title(self) -> str:
        return f"sim:{self.profile}, {_count(len(self.phases), 'regime')}, now {self.regime}"

    _shown = ("cache_effective_bytes:B cache_full_at_bytes:B folding_start_bytes:B "
              "gc_start_bytes:B cache_level_bps:B/s post_cache_level_bps:B/s job_written_bytes:B "
              "write_amplification")

    def summary(self) -> "pd.DataFrame":
        """One row: every scalar figure (the JSON's members that are no
        list or object), byte counts as Int64."""
        pd = _pandas()
        row = {k: v for k, v in self.items() if not isinstance(v, (list, dict))}
        return _frame({k: pd.array([_int(v)], dtype="Int64") if k.endswith("_bytes")
                       else [math.nan if v is None else v] for k, v in row.items()})

    def to_frame(self) -> "pd.DataFrame":
        """One row per regime of the last job (see the class)."""
        return _TRUTH_PHASE.frame(self.phases)

    def plot(self, ax: Optional["Axes"] = None, series: Any = None, **kwargs: Any) -> Any:
        """The regimes as bands and their levels (MiB/s) against GiB
        written, over ``series`` when given (a job result, an analysis, a
        series log). Returns the axes."""
        from . import plot as _plot
        return _plot.sim_truth(self, series=series, ax=ax, **kwargs)


class Listing(_RowsResult, List[Dict[str, Any]]):
    """A built-in catalogue: what :func:`ssdcore.sim.profiles`,
    :func:`ssdcore.suite_builtins`, :func:`ssdcore.suite_steps`,
    :func:`ssdcore.trace.scenarios` and :func:`ssdcore.trace.filetests` return. It is the list of dicts they
    returned before (``l[0]["name"]``, ``len(l)``, iteration and ``==`` are
    unchanged), with ``names``, ``to_frame()`` (one row per entry, its keys
    as columns; a profile's params and derived figures flattened),
    ``summary()`` (name and description or sizes), a short ``repr`` and
    ``_repr_html_``. No plot: a catalogue is no measurement."""

    kind = "listing"
    _html_rows = None

    def __init__(self, items: Sequence[Dict[str, Any]], what: str) -> None:
        super().__init__(items)
        self.what = what

    @property
    def names(self) -> List[str]:
        """The entries' names, in order."""
        return [str(d.get("name")) for d in self]

    def to_frame(self) -> "pd.DataFrame":
        """One row per entry (byte counts Int64)."""
        return _bytes_int64(_frame([_flat_profile(d) if "params" in d else dict(d) for d in self]))

    def summary(self) -> "pd.DataFrame":
        """One row per entry: name and description (or, for file tests,
        the sizes)."""
        df = self.to_frame()
        keep = [c for c in ("kind", "name", "description", "line", "set_bytes", "device_bytes",
                            "user_bytes") if c in df.columns]
        return df[keep]

    def plot(self, ax: Optional["Axes"] = None, **kwargs: Any) -> Any:
        raise TypeError(f"a list of {self.what} has no plot: it is no measurement")

    def _title(self) -> str:
        return f"{len(self)} {self.what}"

    def _rows(self) -> Tuple[List[Any], int]:
        return self[:8], len(self)

    def _row_line(self, d: Dict[str, Any]) -> str:
        rest = d.get("description", d.get("line"))  # a suite step: its line
        if rest is None:
            rest = ", ".join(f"{k} {_bytes_text(_int(v) or 0)}" for k, v in d.items()
                             if k.endswith("_bytes"))
        text = f"{d.get('name')}: {rest}"
        return text if len(text) <= 100 else text[:97] + "..."

