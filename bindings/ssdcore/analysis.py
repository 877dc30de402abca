"""Write-curve analysis: read series, find the SLC cache, phases, folding,
recovery and consistency.

>>> import ssdcore
>>> r = ssdcore.analyze("run.csv")                       # doctest: +SKIP
>>> r["cache"]["bytes"], r["post_cache_bps"]             # doctest: +SKIP
>>> t, b = ssdcore.read_series("log_bw.*.log")           # doctest: +SKIP
>>> df = ssdcore.analyze_many(["a.csv", "b.csv"])        # doctest: +SKIP
"""
from __future__ import annotations

import json
import math
import numbers
import os
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Union

import numpy as np

from ._errors import check, error_from_code
from ._ffi import ffi, lib
from ._util import (PathLike, RunContext, fspath_bytes, json_dict, make_handle, open_handle,
                    parse_duration, parse_size, paths_bytes, set_options, size_refusal, take_text)
from ._util import options as option_tables
from .results import AnalysisResult, FioResult, _frame
from .job import JobSeries
from .storage import is_parquet_file, is_url, open_url, series_from_parquet, series_to_parquet

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._options import AnalysisOptions

__all__ = ["Series", "read_series", "read_fio_json", "analyze", "segment_l2", "job_context"]


def _per_io_interval(v: Any) -> float:
    if isinstance(v, (bool, bytes)) or not isinstance(v, (str, numbers.Real)):
        raise TypeError(f"per_io_interval_s: expected seconds or a duration string, not {v!r}")
    return parse_duration(v) if isinstance(v, str) else float(v)  # "500ms", as the CLI's


class Series:
    """A write series held by the C library (owned; freed with the object).

    Build one with ``Series.open(path_or_paths)``, ``Series.from_arrays(t_s,
    bytes)`` or ``Series.from_chunks(chunk_bytes, rate_bps)``.
    """

    def __init__(self, handle: Any) -> None:
        self._h = ffi.gc(handle, lib.ssd_series_free)

    @classmethod
    def _make(cls, fn: Any, *args: Any) -> "Series":
        """The series ``fn(&s, *args)`` makes (``ssd_series_parse`` or a
        ``_from`` function), or its error."""
        s = cls.__new__(cls)
        s._h = open_handle("series", fn, *args)
        return s

    @classmethod
    def open(cls, paths: Union[PathLike, Sequence[PathLike]], ddir: str = "write",
             max_file_bytes: int = 0, per_io_interval_s: Union[float, str] = 0,
             columns: Optional[Sequence[str]] = None) -> "Series":
        """Read one series from a file, a glob, or several fio job logs.

        fio per-I/O logs (written without ``log_avg_msec``) are summed into
        intervals of ``per_io_interval_s`` (seconds or "500ms"; 0: the default, 1 s);
        ``note`` then says so. ``columns``: the optional columns to keep
        (``["lat_p99_us"]``, ``["lat_*"]``; ``[]`` for t_s and bytes alone,
        the fastest read: the others are skipped unparsed); None keeps all.
        """
        interval = _per_io_interval(per_io_interval_s)
        if isinstance(paths, (str, os.PathLike)):
            # Parquet (pyarrow) and URLs (fsspec) are read in Python and
            # handed to C as arrays or text: the C reader stays CSV/fio.
            p = os.fspath(paths)
            if isinstance(p, str) and is_url(p):
                return open_url(p, ddir, columns)  # type: ignore[no-any-return]
            if is_parquet_file(p):
                return series_from_parquet(p, os.fsdecode(p), columns)  # type: ignore[no-any-return]
        names = paths_bytes(paths)
        keep = [ffi.new("char[]", n) for n in names]
        arr = ffi.new("const char *[]", keep)
        wanted = None
        if columns is not None:
            if isinstance(columns, (str, bytes)) or any(
                    not isinstance(c, str) or not c or "," in c for c in columns):
                raise TypeError(f"columns: expected a list of column names, not {columns!r}")
            wanted = ",".join(columns) or "none"
        s = cls.__new__(cls)
        s._h = make_handle("series", options={
            "ddir": ddir, "max_file_bytes": max_file_bytes or None,
            "per_io_interval": interval or None, "columns": wanted})
        check(lib.ssd_series_load(s._h, arr, len(keep)), lambda: lib.ssd_series_errmsg(s._h))
        return s

    @classmethod
    def from_arrays(cls, t_s: Any, bytes_: Any) -> "Series":
        """A series from interval end times (s) and bytes per interval."""
        return cls._from_pair(lib.ssd_series_from_arrays, t_s, bytes_, "t_s and bytes")

    @classmethod
    def from_chunks(cls, chunk_bytes: Any, rate_bps: Any) -> "Series":
        """A series sampled per bytes written: one rate per chunk."""
        return cls._from_pair(lib.ssd_series_from_chunks, chunk_bytes, rate_bps,
                              "chunk_bytes and rate_bps")

    @classmethod
    def _from_pair(cls, fn: Any, a: Any, b: Any, names: str) -> "Series":
        """fn(a, b, n) on float64 copies of two 1-D arrays of one length."""
        x = np.ascontiguousarray(a, dtype=np.float64)
        y = np.ascontiguousarray(b, dtype=np.float64)
        if x.shape != y.shape or x.ndim != 1:
            raise ValueError(f"{names} must be 1-D arrays of the same length")
        return cls._make(fn, ffi.cast("double *", ffi.from_buffer(x)),
                         ffi.cast("double *", ffi.from_buffer(y)), len(x))

    def set_column(self, name: str, values: Any) -> None:
        v = np.ascontiguousarray(values, dtype=np.float64)
        if v.shape != (len(self),):
            raise ValueError("column length must match the series")
        check(lib.ssd_series_set_column(self._h, name.encode(),
                                        ffi.cast("double *", ffi.from_buffer(v))),
              lambda: lib.ssd_series_errmsg(self._h))

    def __len__(self) -> int:
        return int(lib.ssd_series_count(self._h))

    def _array(self, ptr: Any) -> np.ndarray:
        n = len(self)
        if ptr == ffi.NULL or n == 0:
            return np.zeros(0)
        return np.frombuffer(ffi.buffer(ptr, n * 8), dtype=np.float64).copy()

    @property
    def t_s(self) -> np.ndarray:
        return self._array(lib.ssd_series_t_s(self._h))

    @property
    def bytes(self) -> np.ndarray:
        return self._array(lib.ssd_series_bytes(self._h))

    @property
    def columns(self) -> Dict[str, np.ndarray]:
        out: Dict[str, np.ndarray] = {}
        i = 0
        while True:
            name = lib.ssd_series_column_name(self._h, i)
            if name == ffi.NULL:
                return out
            key = ffi.string(name).decode()
            out[key] = self._array(lib.ssd_series_column(self._h, name))
            i += 1

    @property
    def metadata(self) -> Dict[str, Any]:
        """The series' metadata: what a series CSV's ``# {...}`` line holds
        (capacity_bytes, written_before_bytes, precondition, pattern,
        block_size, queue_depth...); ``{}`` when none."""
        meta: Dict[str, Any] = json.loads(ffi.string(lib.ssd_series_metadata(self._h)).decode())
        return meta

    @metadata.setter
    def metadata(self, value: Mapping[str, Any]) -> None:
        if not isinstance(value, Mapping):
            raise TypeError(f"metadata: expected a dict, not {type(value).__name__}")
        check(lib.ssd_series_set_metadata(self._h, json.dumps(dict(value)).encode()),
              lambda: lib.ssd_series_errmsg(self._h))

    @property
    def source(self) -> str:
        return ffi.string(lib.ssd_series_source(self._h)).decode()

    @property
    def format(self) -> str:
        return ffi.string(lib.ssd_series_format(self._h)).decode()

    @property
    def note(self) -> str:
        """What the reader did beyond parsing (e.g. summing a per-I/O fio log
        into intervals); "" when nothing."""
        return ffi.string(lib.ssd_series_note(self._h)).decode()

    def to_json(self, pretty: bool = False) -> str:
        """The series as ``ssd_series_to_json`` writes it: source, format,
        note, metadata, t_s, bytes and the optional columns (null for a
        missing value); one line, or a member a line when ``pretty``."""
        return take_text(lib.ssd_series_to_json, self._h,
                         lib.SSD_JSON_PRETTY if pretty else lib.SSD_JSON_COMPACT)

    def to_parquet(self, path: PathLike, compression: str = "zstd") -> None:
        """Write this series as Parquet (needs pyarrow): its columns, and its
        metadata (capacity_bytes, precondition...) as the file's key-value
        metadata, so ``analyze("x.parquet")`` gives what the CSV gives.

        >>> ssdcore.Series.open("run.csv").to_parquet("run.parquet")  # doctest: +SKIP
        """
        series_to_parquet(self, path, compression)

    def to_frame(self) -> Any:
        """A pandas DataFrame: t_s, bytes, rate_bps and the optional columns.
        ``bytes`` is int64 when every interval holds whole bytes, as ssdcore
        CSVs and per-I/O fio logs do (the reader keeps doubles for the
        analysis), and float64 only when the source gives fractions: a fio
        bw or IOPS log averaged over ``log_avg_msec`` is rate x interval
        (1 KiB/s over 100 ms is 102.4 bytes), ``from_arrays``/``from_chunks``
        what they were given. The series' metadata (the run's analysis
        context: capacity_bytes, written_before_bytes, precondition,
        pattern...) goes into ``df.attrs["metadata"]``, so
        ``analyze(series.to_frame())`` gives what ``analyze(series)`` gives."""
        t, b = self.t_s, self.bytes
        dt = np.diff(np.concatenate(([0.0], t)))
        whole = b.size == 0 or bool(np.isfinite(b).all() and (b == np.floor(b)).all()
                                    and b.min() >= 0 and b.max() < 2.0 ** 63)
        data = {"t_s": t, "bytes": b.astype(np.int64) if whole else b, "rate_bps": b / dt}
        data.update(self.columns)
        df = _frame(data)
        meta = self.metadata
        if meta:
            df.attrs["metadata"] = RunContext(meta)
        return df


class _Owned:
    """The C array of a Series that nothing else holds, lent to numpy: the
    array keeps the Series alive (its base is this object) instead of
    copying it (two 8 MB copies and their page faults for 1M samples)."""

    def __init__(self, series: Series, ptr: Any, n: int) -> None:
        self._series = series
        self.__array_interface__ = {"shape": (n,), "typestr": "<f8", "version": 3,
                                    "data": (int(ffi.cast("uintptr_t", ptr)), False)}


def _take_arrays(s: Series) -> Any:
    """(t_s, bytes) of a Series that the caller drops: writable arrays over
    its memory, no copy."""
    n = len(s)
    if n == 0:
        return np.zeros(0), np.zeros(0)
    return (np.asarray(_Owned(s, lib.ssd_series_t_s(s._h), n)),
            np.asarray(_Owned(s, lib.ssd_series_bytes(s._h), n)))


def read_series(paths: Union[PathLike, Sequence[PathLike]], ddir: str = "write",
                as_frame: bool = False, per_io_interval_s: Union[float, str] = 0) -> Any:
    """Read a series file (format detected from content) or several fio job
    logs as one series. Returns ``(t_s, bytes)`` numpy arrays, or a pandas
    DataFrame with ``as_frame=True``. fio per-I/O logs are summed into
    ``per_io_interval_s`` intervals (0: 1 s).

    >>> t, b = read_series("tests/data/series/series_v1_cache.csv")   # doctest: +SKIP
    """
    # (t_s, bytes) alone needs no other column parsed.
    s = Series.open(paths, ddir=ddir, per_io_interval_s=per_io_interval_s,
                    columns=None if as_frame else [])
    return s.to_frame() if as_frame else _take_arrays(s)


def _lat_columns(cols: Any) -> Dict[str, np.ndarray]:
    """The columns of ``cols`` (a mapping or a DataFrame) the analysis reads
    beside t_s and bytes: latencies (lat_*_us) and the drive's temperature
    (temp_c, for throttling; a reading that failed, None, is NaN)."""
    return {k: np.asarray(v, dtype=np.float64) for k, v in cols.items()
            if isinstance(k, str) and (k.startswith("lat_") and k.endswith("_us") or k == "temp_c")}


def _from_arrays(t: Any, b: Any, lat: Mapping[str, Any]) -> Series:
    s = Series.from_arrays(t, b)
    for k, v in _lat_columns(lat).items():
        s.set_column(k, v)
    return s


def job_context(result: Mapping[str, Any]) -> Dict[str, Any]:
    """What the analysis must know about a job's run beyond its samples, in
    the series metadata's words (DESIGN.md, "The analysis context travels
    with the run"): the results' ``analysis_context`` (capacity_bytes,
    written_before_bytes, precondition, idle_before_s,
    written_since_idle_bytes, span_bytes, pattern, block_size, queue_depth),
    or for results written before it existed, what their target and
    workload say."""
    ctx = result.get("analysis_context")
    out: Dict[str, Any] = {}
    if isinstance(ctx, Mapping):
        out.update(ctx)
        for k in ("idle_before_s", "written_since_idle_bytes", "span_bytes"):
            if k in out and out[k] is None:  # unknown: left out, as the log leaves it
                del out[k]
        if result.get("temp_source"):  # where the samples' temp_c was read
            out["temp_source"] = result["temp_source"]
        return out
    target, wl = result.get("target"), result.get("workload")
    if isinstance(target, Mapping) and target.get("size_bytes"):
        out["capacity_bytes"] = target["size_bytes"]
    if isinstance(wl, Mapping):
        out.update({k: wl[k] for k in ("pattern", "block_size", "queue_depth") if k in wl})
    return out


def _as_logged(v: Any, digits: int) -> np.ndarray:
    """v as a job's log prints it ("%.*f") and a reader reads it back."""
    return np.array([float(f"{x:.{digits}f}") for x in np.asarray(v, dtype=np.float64)],
                    dtype=np.float64)


def _job_series(result: Mapping[str, Any], cols: Mapping[str, Any], ddir: str) -> Series:
    """A job result's samples as the series its log gives (``ssd_job_series``):
    one direction's bytes as ``ssdcore.analyze(log, ddir=...)`` reads them,
    ops and the latency columns, and the job's analysis context as
    metadata, so every path gives the same verdict."""
    if ddir == "trim":
        raise error_from_code(lib.SSD_ENODATA, "a job result has no trim bytes "
                              "(ddir write, read or any)")
    name = {"write": "write_bytes", "read": "read_bytes", "any": "bytes"}.get(ddir)
    if name is None:
        raise ValueError(f"ddir {ddir!r}: expected write, read, trim or any")
    sel = np.asarray(cols[name], dtype=np.float64)
    if name != "bytes" and not sel.any() and np.asarray(cols["bytes"], dtype=np.float64).any():
        raise error_from_code(lib.SSD_ENODATA, f"the job result's {name} is 0 in all {len(sel)} "
                              f"samples (a {'read' if ddir == 'write' else 'write'}-only job): "
                              f"use ddir {'read' if ddir == 'write' else 'write'} or any")
    # At the precision the log prints them (t_s %.6f, latencies %.3f), as
    # ssd_job_series does: the series is the log's, to the last bit.
    keep = {k: _as_logged(v, 3) for k, v in cols.items() if k.startswith("lat_")}
    if "temp_c" in cols:  # %.1f in the log
        keep["temp_c"] = _as_logged(cols["temp_c"], 1)
    s = _from_arrays(_as_logged(cols["t_s"], 6), sel, keep)
    if "ops" in cols:
        s.set_column("ops", np.asarray(cols["ops"], dtype=np.float64))
    s.metadata = job_context(result)
    return s


def _is_pathlike(x: Any) -> bool:
    return isinstance(x, (str, bytes, os.PathLike))


_ANALYSIS_READS = ["lat_*", "temp_c"]
"""The columns besides t_s and bytes that the analysis reads: latencies
(their medians go to the result's "latency") and temperatures."""


def _as_series(data: Any, ddir: str, per_io_interval_s: Union[float, str] = 0,
               columns: Sequence[str] = _ANALYSIS_READS) -> Series:
    """Any input analyze() takes as a Series (see analyze's docstring).
    ``columns``: the optional columns read from a file (the others are
    skipped unparsed)."""
    if isinstance(data, Series):
        return data
    if _is_pathlike(data) or (isinstance(data, (list, tuple)) and data
                              and all(_is_pathlike(x) for x in data)):
        return Series.open(data, ddir=ddir, per_io_interval_s=per_io_interval_s,
                           columns=columns)
    if type(data).__name__ == "DataFrame" and hasattr(data, "columns"):
        cols = list(data.columns)
        if "t_s" not in cols or "bytes" not in cols:
            raise TypeError(f"a DataFrame to analyse needs columns t_s and bytes; it has "
                            f"{', '.join(map(str, cols))}")
        s = _from_arrays(data["t_s"].to_numpy(dtype=np.float64),
                         data["bytes"].to_numpy(dtype=np.float64), data)
        meta = getattr(data, "attrs", {}).get("metadata")
        if isinstance(meta, Mapping):  # the run's context, as to_frame() keeps it
            s.metadata = meta
        return s
    if isinstance(data, JobSeries):  # a job result's samples, in its run's context
        if len(data) == 0:
            raise error_from_code(lib.SSD_ENODATA, "the job's series has no samples to analyse")
        return _job_series(data._job, {k: data.column(k) for k in data.columns}, ddir)
    if isinstance(data, Mapping):
        rows: Any = data.get("series")
        # A job result: its JobSeries, or a list of dicts when read back from JSON.
        if hasattr(rows, "column") or isinstance(rows, list):
            if len(rows) == 0:
                raise error_from_code(lib.SSD_ENODATA, "the job result has no samples to analyse")
            return _job_series(data, {k: rows.column(k) for k in rows.columns}
                               if hasattr(rows, "column") else
                               {k: [r.get(k) for r in rows] for k in rows[0] if isinstance(k, str)},
                               ddir)
        if isinstance(data.get("analysis_context"), Mapping) and rows is None:
            # A job result without its samples (a suite's, results.json's):
            # its log, which carries the same context.
            log = getattr(data, "log_path", None) or data.get("log")
            if not log or not os.path.exists(str(log)):
                raise error_from_code(lib.SSD_ENODATA,
                                      "the job result has no samples to analyse"
                                      + (f" and its log {log} is not there" if log else
                                         " and no log"))
            return Series.open(str(log), ddir=ddir)
        if "log" in data and "kind" in data:  # a suite step: its series CSV
            base = getattr(data, "out_dir", None)
            if not data.get("log"):
                raise TypeError(f"suite step {data.get('name')!r} logged no series to analyse")
            if base is None:
                raise TypeError(f"suite step {data.get('name')!r}: its results directory is "
                                "unknown; take the step from the SuiteResult")
            return Series.open(os.path.join(base, str(data["log"])), ddir=ddir)
        if "t_s" in data and "bytes" in data:
            s = _from_arrays(data["t_s"], data["bytes"], data)
            if isinstance(data.get("metadata"), Mapping):  # the run's context
                s.metadata = data["metadata"]
            return s
    if isinstance(data, (tuple, list)) and len(data) == 2:
        return _from_arrays(data[0], data[1], {})
    if isinstance(data, np.ndarray) and data.ndim == 2 and data.shape[1] == 2:
        return _from_arrays(data[:, 0], data[:, 1], {})
    raise TypeError("expected a path (or glob, or list of fio job logs), a Series, a job "
                    "result or its series, a suite step, a DataFrame with t_s and bytes, (t_s, bytes) "
                    f"arrays or a mapping with t_s and bytes; got {type(data).__name__}")


def _source_of(data: Any) -> Optional[str]:
    if _is_pathlike(data):
        return os.fsdecode(data)
    if isinstance(data, JobSeries):
        data = data._job
        uri = data.get("target", {}).get("uri") if isinstance(data.get("target"), dict) else None
        return f"job on {uri}" if uri else None
    if isinstance(data, Mapping):
        if data.get("series") is not None and not isinstance(data.get("series"), str):
            uri = data.get("target", {}).get("uri") if isinstance(data.get("target"), dict) else None
            return f"job on {uri}" if uri else None
        if "log" in data and "kind" in data and data.get("log"):
            return str(data["log"])
    return None


class _Analysis:
    def __init__(self, options: Mapping[str, float]):
        self._h = make_handle("analysis")
        for k, v in options.items():
            kind = option_tables("analysis").get(k, {}).get("type")
            if k == "precondition" and isinstance(v, str):  # its word: none, seq_fill...
                text = v
            elif kind is None:  # as Python names an unknown keyword argument
                known = ", ".join(option_tables("analysis"))
                raise TypeError(f"analyze() got an unknown option {k!r} (analysis options: "
                                f"{known})")
            elif kind in ("size", "duration") and isinstance(v, str):
                # "256g", "30s": the library parses it as the CLI's flag does
                text = v
            elif isinstance(v, (bool, str, bytes)) or not isinstance(v, numbers.Real):
                # Numbers only: float() of a string would take "inf", "nan"
                # and " 3 " (the CLI refuses those), and True is no count.
                raise TypeError(f"analysis option {k}: expected a number, not {v!r}")
            else:
                # repr of a float is its shortest round trip: the same
                # double; a count or a size (int, size options of
                # ssd_analysis_options) as a whole number.
                whole = kind in ("int", "size")
                text = str(int(v)) if whole and float(v).is_integer() else repr(float(v))
            set_options(self._h, {k: text}, lib.ssd_analysis_set_option, lib.ssd_analysis_errmsg)

    def run_json(self, s: Series, ref: Optional[Series], source: Optional[str]) -> Dict[str, Any]:
        check(lib.ssd_analysis_run(self._h, s._h, ref._h if ref is not None else ffi.NULL),
              lambda: lib.ssd_analysis_errmsg(self._h))
        return json_dict(lib.ssd_analysis_to_json, self._h,
                         source.encode() if source else ffi.NULL)

    def run(self, s: Series, ref: Optional[Series], source: Optional[str]) -> AnalysisResult:
        d = self.run_json(s, ref, source)
        return AnalysisResult(d, s.t_s, s.bytes, _lat_columns(s.columns))


def analyze(data: Any, reference: Any = None, ddir: str = "write",
            per_io_interval_s: Union[float, str] = 0,
            capacity_bytes: Union[int, float, str, None] = None,
            written_before_bytes: Union[int, float, str, None] = None,
            precondition: Optional[str] = None,
            idle_before_s: Union[int, float, str, None] = None,
            written_since_idle_bytes: Union[int, float, str, None] = None,
            span_bytes: Union[int, float, str, None] = None,
            **options: Unpack[AnalysisOptions]) -> AnalysisResult:
    """Analyse one write series; returns an :class:`AnalysisResult` (a dict
    holding the ``ssdcore analyze --json`` object, plus attributes, frames
    and a plot).

    ``data``: a path (or glob, or list of fio job logs), a :class:`Series`,
    a job result (``ssdcore.job(...)``), a suite step from a
    :class:`SuiteResult`, a pandas DataFrame with ``t_s`` and ``bytes``
    columns (``read_series(as_frame=True)`` gives one; the run's context in
    its ``attrs["metadata"]``, where ``to_frame()`` puts it, is read as a
    series' metadata), a ``(t_s, bytes)``
    pair of arrays (tuple or list), an (n, 2) array or a mapping with those
    keys. Latency columns in the input (``lat_p99_us``...) are kept, so the
    result's ``"latency"`` section is there whenever the input has latency.
    ``reference``: the fresh-drive series (same forms) when ``data`` is an
    after-idle run; adds ``"recovery"`` (``None``, with a ``"recovery_note"``
    saying why, when the reference shows no cache). Keyword options are the C
    library's (``penalty=3``, ``min_drop=1.3``, ``expect_cache_bps=...``).
    fio per-I/O logs are summed into ``per_io_interval_s`` intervals ("500ms" or 0.5; 0: 1 s)
    first; the result's ``"input_note"`` says so. ``capacity_bytes``: the
    drive's user capacity in bytes (an int, or a size string such as
    ``"256g"`` or ``"512GB"``, read as :func:`ssdcore.parse_size` reads it),
    when the series' metadata does not carry it: a lasting change once
    about that much was written since TRIM is the used state (``"gc"``),
    never a cache or folding. ``written_before_bytes``: bytes (or a size string)
    written to the drive since its last TRIM before the run, for a run on a
    drive already written full (after idle time following a 2-hour test):
    its used state may then begin a few GiB in; by default the figure the
    series' metadata records (a suite's jobs record it; ``job(...,
    written_before=)`` too). ``precondition``: how the drive was
    preconditioned before the run, ``"none"``, ``"seq_fill"``,
    ``"random_fill"`` or ``"unknown"``; by default the metadata's,
    else unknown. ``idle_before_s``: seconds (or a duration string such as
    ``"15m"``) the drive idled between its last write and the run (0: the
    run began right after a fill, as SNIA's WSAT does); by default the
    metadata's (a suite's jobs record it from their steps; ``job(...,
    idle_before=)`` too), else unknown. On a drive written past its raw
    flash (random writes) it tells a flat run right after the fill, in its
    used state from byte 0, from one after idle time, whose clean blocks
    may be written at the direct speed. ``written_since_idle_bytes``: bytes
    (or a size string) written to the drive since it last idled before the
    run: an idle flushes the SLC cache, which then holds only what was
    written since (``trim / write 500g / idle 1h / write 10g / run`` holds
    10 GiB in it, not 510); by default the metadata's (a suite's jobs and a
    job on an open target record it), else unknown, and then what was
    written since the TRIM is read as held in the cache. ``span_bytes``: how much of the
    drive the run's writes addressed, bytes or a size string (``"8g"`` for
    a short random write test over an 8 GiB area; the capacity: the whole
    drive); by default the metadata's (every job records its test area),
    else unknown. Random writes over part of a drive written full find
    cheaper GC, so a rule that bounds the direct speed by the used state's
    level holds only over the whole drive (docs/analysis.md). A job result
    (``job(...)``, ``SuiteResult.job(name)``) carries
    all of this in its ``analysis_context``, and its analysis reads it from
    there: ``job(...).analyze()`` gives what ``analyze(its log)`` gives. With the
    capacity and ``written_before_bytes`` it bounds the clean blocks a used drive
    writes fast, so a fast start that ends when they run out is the used
    state's onset (``"gc"``), never a cache. An option given here wins. Every phase carries
    ``"regime"`` (cache, direct, folding, gc, throttle, slow_start, other) and ``"dips"``.

    >>> t = np.arange(1, 601, dtype=float)
    >>> b = np.where(t <= 100, 400e6, 60e6)
    >>> r = analyze((t, b))
    >>> round(r.cache_bytes / 1e9, 1), round(r.post_cache_bps / 1e6)
    (40.0, 60)
    >>> r["cache"]["bytes"] == r.cache_bytes
    True
    """
    opts: Dict[str, Any] = dict(options)
    _context_sizes("analyze", opts, capacity_bytes, written_before_bytes)
    if precondition is not None:
        if not isinstance(precondition, str):
            raise TypeError(f"precondition: expected none, seq_fill, random_fill or unknown, "
                            f"not {precondition!r}")
        opts["precondition"] = precondition
    if idle_before_s is not None:
        if isinstance(idle_before_s, bool) or not isinstance(idle_before_s, (int, float, str)):
            raise TypeError(f"idle_before_s: expected seconds or a duration string, "
                            f"not {idle_before_s!r}")
        opts["idle_before_s"] = idle_before_s
    if written_since_idle_bytes is not None:
        # a size string is the library's to parse, as the CLI's; 0 is known
        opts["written_since_idle_bytes"] = (
            written_since_idle_bytes if isinstance(written_since_idle_bytes, str)
            else _capacity_bytes(written_since_idle_bytes, "written_since_idle_bytes",
                                 zero=True))
    if span_bytes is not None:
        # a size string is the library's to parse, as the CLI's --span; 0: unset
        opts["span_bytes"] = (span_bytes if isinstance(span_bytes, str)
                              else _capacity_bytes(span_bytes, "span_bytes", zero=True))
    s = _as_series(data, ddir, per_io_interval_s)
    ref = _as_series(reference, ddir, per_io_interval_s) if reference is not None else None
    return _Analysis(opts).run(s, ref, _source_of(data))


def _context_sizes(fn: str, options: Dict[str, Any], capacity_bytes: Any,
                   written_before_bytes: Any) -> None:
    """Puts ``capacity_bytes`` and ``written_before_bytes`` (numbers or size
    strings) into the analysis ``options`` of ``fn``."""
    for new, v in (("capacity_bytes", capacity_bytes),
                   ("written_before_bytes", written_before_bytes)):
        if isinstance(v, str):  # "512GB": the library parses it as the CLI's flag
            options[new] = v
        elif v is not None:
            # 0 is the option table's default for both: unknown capacity,
            # nothing written before (what set_option takes from C and the CLI)
            options[new] = _capacity_bytes(v, new, zero=True)


def _capacity_bytes(v: Any, what: str = "capacity_bytes", zero: bool = False) -> float:
    """A size in bytes from a number or a size string ("256g", read as
    :func:`ssdcore.parse_size` reads it); positive, or with zero=True also 0."""
    if isinstance(v, str):
        try:
            n = parse_size(v)
        except ValueError:
            raise ValueError(f"{what}: {size_refusal(v)}") from None
        if n == 0 and not zero:
            raise ValueError(f"{what}: {v!r} is not a positive size in bytes")
        return float(n)
    if isinstance(v, (bool, bytes)) or not isinstance(v, numbers.Real):
        raise TypeError(f"{what}: expected bytes (a number or a size string), not {v!r}")
    if not (math.isfinite(float(v)) and (float(v) > 0 or (zero and float(v) == 0))):
        raise ValueError(f"{what}: {v!r} is not a {'' if zero else 'positive '}number of bytes")
    return float(v)


def segment_l2(y: Any, penalty: float, min_size: int = 1) -> List[int]:
    """Exact PELT change-in-mean segmentation (L2 cost); returns segment ends
    (exclusive, the last is len(y)), like ruptures' ``predict``.

    >>> segment_l2([0, 0, 0, 5, 5, 5], penalty=1.0)
    [3, 6]
    """
    a = np.ascontiguousarray(y, dtype=np.float64)
    n = len(a)
    bad = np.flatnonzero(~np.isfinite(a))
    if bad.size:
        raise error_from_code(lib.SSD_EINVAL, f"y[{bad[0]}] = {a[bad[0]]}: must be finite")
    if not penalty > 0 or not math.isfinite(penalty):
        raise error_from_code(lib.SSD_EINVAL, f"penalty {penalty}: must be finite and > 0")
    if min_size < 1:
        raise error_from_code(lib.SSD_EINVAL, f"min_size {min_size}: must be >= 1")
    if n == 0:
        return []
    ends = ffi.new("size_t[]", n)
    k = check(lib.ssd_segment_l2(ffi.cast("double *", ffi.from_buffer(a)), n, float(penalty),
                                 int(min_size), ends, n))
    return [int(ends[i]) for i in range(k)]


def read_fio_json(path: PathLike) -> FioResult:
    """Summary figures and latency percentiles of fio JSON output as a
    :class:`~ssdcore.results.FioResult`: ``jobs`` (one dict per job and
    direction with I/O, as ``ssdcore fio-result --json`` lists them),
    ``to_frame()``, ``summary()``, ``plot()``. clat_ns is ignored when
    inconsistent with lat_ns (``clat_inconsistent``).
    """
    h = open_handle("fio_result", lib.ssd_fio_result_open, fspath_bytes(path))
    r = FioResult(json.loads(take_text(lib.ssd_fio_result_to_json, h, 0)),
                  source=os.fsdecode(os.fspath(path)))
    return r
