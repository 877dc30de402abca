"""Targets and jobs: run a workload on a file, a block device or a sim: drive.

>>> import ssdcore
>>> r = ssdcore.job(target="/mnt/ssd/test.bin", size="256m", pattern="randread",
...                 bs=4096, qd=32, time=5)              # doctest: +SKIP
>>> r["read"]["iops"], r["read"]["lat_ns"]["p99"]         # doctest: +SKIP
>>> r["read"]["p99_over_p50"]                              # doctest: +SKIP
>>> ssdcore.latency_percentiles(r, "read", [50, 99, 99.9])  # doctest: +SKIP
"""
import contextlib
import json as _json
import os
import time
from collections.abc import Sequence
from typing import (TYPE_CHECKING, Any, Callable, Dict, Iterable, Iterator, List, Mapping,
                    Optional, Tuple, TypeVar, Union, overload)

import numpy as np

from ._errors import Error, check
from ._ffi import ffi, lib
from ._util import (Callback, PathLike, fspath_bytes, json_dict, make_handle, option_text,
                    options, parse_duration, parse_size, take_text)
from .progress import MAX_PER_SECOND, ProgressArg, Throttle
from .results import (FillResult, HealthResult, JobResult, PreconditionResult, TrimResult,
                      _bytes_text, _frame)

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._options import JobOptions, TargetOptions

__all__ = ["Target", "JobSeries", "job", "interrupt", "latency_percentiles", "precondition",
           "fill"]


_TargetT = TypeVar("_TargetT", bound="Target")


class Target:
    """An open target: a file path, a block device (``/dev/...``) or ``sim:PROFILE``.

    Options (``size``, ``destroy_data``, ``buffered``, ``read_only``, ``layout``,
    ``fitrim``) are those of ``ssd_target_set_option``, listed with their
    values by ``ssdcore.options("target")``. The target keeps its state across
    jobs (a filled drive stays full), as the methodology's sequences need.
    An existing file ssdcore did not create (no ``user.ssdcore.layout`` mark)
    is the user's: it is read as it is, and writing, trimming or extending it
    needs ``destroy_data=True`` (docs/crash-safety.md).

    >>> t = ssdcore.Target("/work/test.bin", size="64m")  # doctest: +SKIP
    >>> t.size_bytes, t.block_size_bytes, t.kind          # doctest: +SKIP
    (67108864, 512, 'file')
    """

    def __init__(self, uri: PathLike, **options: "Unpack[TargetOptions]") -> None:
        self._busy = 0  # jobs and suites running on it (close waits for none)
        self._t = make_handle("target", options=options)
        self._open(uri)

    @classmethod
    def _unopened(cls, **options: Any) -> "Target":
        """A target with its options set, not opened yet (then ``_open``)."""
        t = cls.__new__(cls)
        t._busy, t._t = 0, make_handle("target", options=options)
        return t

    def _open(self, uri: PathLike) -> None:
        check(lib.ssd_target_open(self._t, fspath_bytes(uri, "target")), self._errmsg)

    def _errmsg(self) -> Any:
        return lib.ssd_target_errmsg(self._t)

    def _handle(self) -> Any:
        if self._t is None:
            raise ValueError("the target is closed")
        return self._t

    @property
    def uri(self) -> str:
        return os.fsdecode(ffi.string(lib.ssd_target_uri(self._handle())))

    @property
    def size_bytes(self) -> int:
        """Usable size in bytes."""
        return int(lib.ssd_target_size(self._handle()))

    @property
    def block_size_bytes(self) -> int:
        """Logical block size in bytes: the alignment O_DIRECT needs."""
        return int(lib.ssd_target_block_size(self._handle()))

    @property
    def kind(self) -> str:
        """"file", "block" or "sim"."""
        return ffi.string(lib.ssd_target_kind(self._handle())).decode()

    def trim(self, offset: Union[int, str] = 0,
             length: Union[int, str, None] = None) -> TrimResult:
        """Discards [offset, offset+length) (default: to the end) and returns
        whether the TRIM reached the drive, as :meth:`trim_reach`. Both are
        an int of bytes or a size (``"32g"``, ``"512GB"``), as a suite's
        ``trim length=32g``.

        A hole punched in a file reaches the SSD only when its filesystem is
        mounted with ``discard``, or through a FITRIM of the filesystem's free
        space, which follows unless the target was opened with
        ``fitrim="never"`` (FITRIM needs root or CAP_SYS_ADMIN)."""
        offset = _size_arg("trim", "offset", offset)
        length = None if length is None else _size_arg("trim", "length", length)
        for name, v in (("offset", offset), ("length", length)):
            if v is not None and not 0 <= v < 2**64:
                raise ValueError(f"trim: {name} {v} is not a byte count (0 .. 2**64-1)")
        if length is None:
            length = max(self.size_bytes - offset, 0)  # past the end: the library says so
        check(lib.ssd_target_trim(self._handle(), offset, length), self._errmsg)
        return self.trim_reach()

    def trim_reach(self) -> TrimResult:
        """How the last TRIM reached the drive, a
        :class:`~ssdcore.results.TrimResult` (a dict)."""
        r = ffi.new("ssd_trim_reach *", {"size": ffi.sizeof("ssd_trim_reach")})
        check(lib.ssd_target_trim_reach(self._handle(), r))
        fs = ffi.string(r.fs_type).decode(errors="replace")
        return TrimResult({
            "reached": None if r.reached < 0 else bool(r.reached),
            "how": ffi.string(r.how).decode(errors="replace"),
            "filesystem": fs or None,
            "mount_point": os.fsdecode(ffi.string(r.mount_point)) if fs else None,
            "mount_options": ffi.string(r.mount_options).decode(errors="replace") if fs else None,
            "fitrim_bytes": int(r.fitrim_bytes) if r.fitrim_tried and not r.fitrim_errno
            else None,
        })

    def health(self) -> HealthResult:
        """The drive's health counters, a
        :class:`~ssdcore.results.HealthResult` (a dict): the NVMe health log, the SATA SMART
        attributes, or a sim: drive's model counters (host and media bytes
        written). Counters the drive does not expose are absent, never 0;
        without counters (a file, a loop device) ``{"available": False,
        "why": ...}``.

        >>> import ssdcore
        >>> t = ssdcore.Target("sim:bx200")
        >>> t.health()["source"]
        'sim model'
        """
        h = ffi.new("ssd_health *", {"size": ffi.sizeof("ssd_health")})
        check(lib.ssd_target_health(self._handle(), h), self._errmsg)
        return HealthResult(json_dict(lib.ssd_health_to_json, h))

    def purge(self) -> str:
        """Purges the target (a sanitize): its data is gone and an SSD returns
        to its fresh state. Block devices: secure discard of the whole
        device, or a discard where it has none; files: the whole file
        punched; sim: targets: the model returns to a fresh drive. Returns
        what was done: "secure discard", "discard", "hole punch" or "model
        reset"."""
        how = ffi.new("const char **")
        check(lib.ssd_target_purge(self._handle(), how), self._errmsg)
        return ffi.string(how[0]).decode()

    def idle(self, seconds: Union[float, str]) -> None:
        """Leaves the drive idle (virtual time on sim: targets): seconds, or
        a duration (``"15m"``), as ``ssdcore idle TARGET 15m``.

        Real targets sleep in short steps, so Ctrl-C interrupts the idle."""
        t = self._handle()
        seconds = parse_duration(seconds) if isinstance(seconds, str) else float(seconds)
        if self.kind == "sim" or not 0 <= seconds <= 1e7:  # the library checks the range
            check(lib.ssd_target_idle(t, seconds), self._errmsg)
            return
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return
            check(lib.ssd_target_idle(t, min(left, 0.25)), self._errmsg)

    @contextlib.contextmanager
    def _running(self) -> Iterator[None]:
        """Holds the target for one job or suite run: a second one at once
        (from a progress callback or another thread) would share its state."""
        if self._busy:
            raise RuntimeError("the target is already running a job or suite")
        self._busy += 1
        try:
            yield
        finally:
            self._busy -= 1

    def close(self) -> None:
        """Closes the target now rather than at garbage collection."""
        if self._busy:
            raise RuntimeError("the target is in use by a running job or suite; "
                               "close it after the run")
        t, self._t = self._t, None
        if t is not None:
            self._closed_uri = os.fsdecode(ffi.string(lib.ssd_target_uri(t)))
            ffi.gc(t, None)  # detach the finaliser, then free now
            lib.ssd_target_free(t)

    def __repr__(self) -> str:
        # "<Target sim:bx200 (sim, 223.57 GiB, 512 B blocks, open)>": what a
        # notebook shows, rather than "<ssdcore.job.Target object at 0x...>".
        if self._t is None:
            return f"<Target {getattr(self, '_closed_uri', '')} (closed)>".replace("  ", " ")
        return (f"<Target {self.uri} ({self.kind}, {_bytes_text(self.size_bytes)}, "
                f"{self.block_size_bytes} B blocks, open)>")

    def __enter__(self: _TargetT) -> _TargetT:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


_TARGET_KEYS = tuple(options("target"))


def refuse_options_for_open_target(fn: str, target: Any, opts: Mapping[str, Any]) -> None:
    """A TypeError when target options (``opts``, those given) come with a
    :class:`Target` already open: they open a URI, and would be ignored."""
    given = sorted(k for k, v in opts.items() if v is not None)
    if given and isinstance(target, Target):
        one = len(given) == 1
        what = "is a target option" if one else "are target options"
        raise TypeError(f"{fn}(): {', '.join(given)} {what}"
                        f", read when a call opens a URI, but this ssdcore.Target is open"
                        f" already: give {'it' if one else 'them'} to ssdcore.Target(...)")


def _target_options(fn: str, target: Union[Target, PathLike],
                    options: Dict[str, Any]) -> Dict[str, Any]:
    """The target options among ``fn``'s keywords, popped from ``options``:
    the keys of the target's table (``ssdcore.options("target")``: size,
    destroy_data, buffered, read_only, layout, fitrim), given as keywords as
    :func:`ssdcore.job` takes them. Options for a :class:`Target` already
    open are a TypeError (they would be ignored)."""
    opts = {k: options.pop(k) for k in list(options) if k in _TARGET_KEYS}
    refuse_options_for_open_target(fn, target, opts)
    return opts


@contextlib.contextmanager
def _opened(target: Union[Target, PathLike], options: Mapping[str, Any]) -> Iterator[Target]:
    """target itself, or the URI opened with options for the block and
    closed after it."""
    if isinstance(target, Target):
        yield target
    else:
        with Target(target, **options) as t:
            yield t


def interrupt() -> None:
    """Asks running jobs and idles to stop (as Ctrl-C does in the CLI)."""
    lib.ssd_interrupt()


# ssd_sample as numpy sees it (job.h): 120 bytes a sample, checked at import.
_SAMPLE_DTYPE = np.dtype([
    ("size", "<u8"),  # the struct's version (ssdcore/base.h); the stride of the array
    ("t_s", "<f8"), ("bytes", "<u8", (2,)), ("ops", "<u8", (2,)),
    ("lat_mean_us", "<f8"), ("lat_p99_us", "<f8"), ("lat_max_us", "<f8"),
    ("dir_lat_mean_us", "<f8", (2,)), ("dir_lat_p99_us", "<f8", (2,)),
    ("dir_lat_max_us", "<f8", (2,)),
    ("temp_c", "<f8"),  # NaN when the drive's temperature is unknown
])
assert _SAMPLE_DTYPE.itemsize == ffi.sizeof("ssd_sample")

# The columns, in the series CSV's order: (name, field, direction or None = sum/both).
_SERIES_COLUMNS = (
    ("t_s", "t_s", None), ("bytes", "bytes", None), ("ops", "ops", None),
    ("lat_mean_us", "lat_mean_us", None), ("lat_p99_us", "lat_p99_us", None),
    ("lat_max_us", "lat_max_us", None),
    ("read_bytes", "bytes", 0), ("write_bytes", "bytes", 1),
    ("read_ops", "ops", 0), ("write_ops", "ops", 1),
    ("read_lat_mean_us", "dir_lat_mean_us", 0), ("read_lat_p99_us", "dir_lat_p99_us", 0),
    ("read_lat_max_us", "dir_lat_max_us", 0), ("write_lat_mean_us", "dir_lat_mean_us", 1),
    ("write_lat_p99_us", "dir_lat_p99_us", 1), ("write_lat_max_us", "dir_lat_max_us", 1),
    ("temp_c", "temp_c", None),
)
_COLUMN = {name: (field, d) for name, field, d in _SERIES_COLUMNS}
# Columns a job has only when it could read them, as its log has them.
_OPTIONAL = ("temp_c",)


class JobSeries(Sequence[Dict[str, Any]]):
    """A job's samples, one per interval, in the compact form the library
    keeps them (120 bytes a sample: 1M samples are ~115 MiB, where a list of
    dicts took 1.68 GB).

    ``series["write_bytes"]`` is a column as a numpy array; ``series[i]``
    (and iteration) gives one interval as a dict with the series CSV's
    columns, made on demand; ``series.to_pandas()`` a DataFrame.

    >>> import ssdcore
    >>> r = ssdcore.job("sim:bx200", pattern="randwrite", time=3)
    >>> len(r["series"]), r["series"]["write_bytes"].dtype
    (3, dtype('uint64'))
    >>> r["series"][0]["t_s"]
    1.0

    ``ssdcore.analyze(r["series"])`` analyses it in its run's analysis
    context (capacity, written_before, precondition...), as
    ``r.analyze()`` does.
    """

    __slots__ = ("_raw", "_columns", "_job")

    def __init__(self, raw: np.ndarray, job: Optional[Mapping[str, Any]] = None):
        self._raw = raw
        self._columns: Optional[tuple[str, ...]] = None
        # What job_context() reads of the run these samples came from, so
        # analyze(series) alone gives the verdict analyze(result) gives.
        self._job: Dict[str, Any] = dict(job or {})

    @property
    def columns(self) -> Tuple[str, ...]:
        """The series CSV's columns; temp_c only when the drive's
        temperature was read (absent, not 0, when unknown)."""
        # Found once: it scans the optional columns whole and every row
        # asks for it (found per row, iterating the 72,000 samples of a 2 h
        # job at 0.1 s took a minute of CPU).
        if self._columns is None:
            self._columns = tuple(name for name, _, _ in _SERIES_COLUMNS
                                  if name not in _OPTIONAL or np.isfinite(self._raw[name]).any())
        return self._columns

    def column(self, name: str) -> np.ndarray:
        if name in _OPTIONAL and name not in self.columns:
            raise KeyError(name)
        field, d = _COLUMN[name]
        v = self._raw[field]
        if v.ndim == 2:
            v = v[:, 0] + v[:, 1] if d is None else v[:, d]
        return np.array(v)

    def _row(self, i: int) -> Dict[str, Any]:
        x = self._raw[i]
        row: Dict[str, Any] = {}
        cols = self.columns
        for name, field, d in _SERIES_COLUMNS:
            if name not in cols:
                continue
            v = x[field]
            if getattr(v, "ndim", 0):
                v = v[0] + v[1] if d is None else v[d]
            v = v.item()
            # A reading that failed is None (an empty field in the log).
            row[name] = None if name in _OPTIONAL and v != v else v
        return row

    def __len__(self) -> int:
        return len(self._raw)

    @overload
    def __getitem__(self, key: int) -> Dict[str, Any]: ...

    @overload
    def __getitem__(self, key: slice) -> List[Dict[str, Any]]: ...

    @overload
    def __getitem__(self, key: str) -> np.ndarray: ...

    def __getitem__(self, key: Union[int, slice, str]) -> Any:
        if isinstance(key, str):
            try:
                return self.column(key)
            except KeyError:
                raise KeyError(f"no column {key!r} (columns: {', '.join(self.columns)})") from None
        if isinstance(key, slice):
            return [self._row(i) for i in range(*key.indices(len(self)))]
        n = len(self)
        i = int(key)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("sample index out of range")
        return self._row(i)

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        for i in range(len(self)):
            yield self._row(i)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, JobSeries):
            return bool(np.array_equal(self._raw, other._raw))
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"<JobSeries: {len(self)} samples, columns {', '.join(self.columns)}>"

    def to_numpy(self) -> Dict[str, np.ndarray]:
        """Every column as a numpy array, by name."""
        return {name: self.column(name) for name in self.columns}

    def to_list(self) -> List[Dict[str, Any]]:
        """The samples as a list of dicts (what JSON serialises)."""
        return list(self)

    def to_pandas(self) -> Any:
        """The samples as a pandas DataFrame (pandas is an optional extra)."""
        return _frame(self.to_numpy(), columns=list(self.columns))


def _series(j: Any) -> JobSeries:
    n = ffi.new("size_t *")
    s = lib.ssd_job_samples(j, n)
    if n[0] == 0:
        return JobSeries(np.zeros(0, dtype=_SAMPLE_DTYPE))
    raw = np.frombuffer(ffi.buffer(s, n[0] * _SAMPLE_DTYPE.itemsize), dtype=_SAMPLE_DTYPE)
    return JobSeries(raw.copy())  # the job's memory goes with the job


def _set_job_options(handle: Any, opts: Mapping[str, Any]) -> Any:
    """A job on target handle with opts set (raising on a bad one); with
    handle None, on a target that is never opened, to check opts alone."""
    if handle is None:
        make_handle("job", make_handle("target"), options=opts)
        return None
    return make_handle("job", handle, options=opts)


def reference_figures(reference: Any) -> str:
    """The job option ``reference`` from what a caller gives: the fresh
    run's series log (a path, analysed here with
    ``ssd_analysis_reference_file``) or its figures already (the JSON text
    or dict of ``ssd_analysis_reference_json``)."""
    if isinstance(reference, dict):
        return _json.dumps(reference)
    if isinstance(reference, str) and reference.lstrip().startswith("{"):
        return reference
    h = make_handle("analysis")
    return take_text(lib.ssd_analysis_reference_file, h, os.fsencode(os.fspath(reference)), 0,
                     detail=lambda: "option reference: " + ffi.string(
                         lib.ssd_analysis_errmsg(h)).decode())


def job(target: Union[Target, PathLike], pattern: str = "randread",
        bs: Union[int, str] = 4096, qd: int = 1, *, progress: ProgressArg = None,
        size: Union[int, str, None] = None, destroy_data: Optional[bool] = None,
        buffered: Optional[bool] = None, read_only: Optional[bool] = None,
        **job_options: "Unpack[JobOptions]") -> JobResult:
    """Runs one workload and returns its results as a :class:`JobResult`
    (a dict of the results JSON with attributes, ``to_frame()``, ``plot()``).

    ``target`` is a :class:`Target` or a URI (then ``size``, ``destroy_data``,
    ``buffered``, ``read_only`` and the other target options, ``layout`` and
    ``fitrim``, open it). Other keyword options are the
    job options of ``ssd_job_set_option``, listed with their types, ranges
    and defaults by ``ssdcore.options("job")`` (and docs/options.md):
    threads, read_pct, offset, span, time, bytes, rate, coverage, seed,
    interval, engine, log, submit_batch, written_before (bytes written to
    the drive since its last TRIM, recorded in the log's metadata for
    :func:`analyze`; default: what the Target counted since a purge, TRIM
    or :func:`precondition` on it), precondition (how the drive was
    preconditioned: none, seq_fill or random_fill, the words of
    :func:`precondition` and of a sim: URI's ``precondition=``, recorded
    likewise; default: the Target's last :func:`precondition`),
    temp_steady (stop once the drive's temperature held within 1 C that
    long: a thermal test; ``temp_steady_at_s`` says when),
    reference (the same drive's fresh run: its log's path, or the figures of
    ``ssd_analysis_reference_json`` as JSON text or a dict; recorded in the
    log's metadata, so its analysis alone uses that reference).
    The result's ``analysis_context`` carries both, the
    drive's capacity and the workload, so ``job(...).analyze()`` gives the
    verdict ``analyze(its log)`` gives.
    Sizes and times
    may be numbers (bytes, seconds) or strings ("8g", "2h").

    The dict is the library's results JSON (target, workload, engine,
    runtime_s, bytes, ios, iops, bw_bps, read/write with lat_ns...) plus
    ``series``: a :class:`JobSeries`, one sample per sampling interval (the
    series CSV's columns; ``series["t_s"]`` is a numpy column, ``series[i]``
    one interval as a dict).
    Each direction also has the tail ratios ``p99_over_p50``,
    ``p99_9_over_p50`` and ``max_over_p50`` (None without I/O) and the whole
    latency distribution ``lat_hist``: ``{"unit": "ns", "per_octave": k,
    "max_rel_error": e, "lo": ..., "hi": ..., "count": ...}`` where lo, hi
    and count are equal-length uint64 numpy arrays, one entry per non-empty
    range [lo, hi] (ns, inclusive); count sums to the direction's ``ios``.
    :func:`latency_percentiles` reads any percentile off it.
    ``progress``: a callable, called with a dict (``done``, ``total`` and
    ``unit``: the time or byte budget, ``fraction``, ``rate_bps``,
    ``elapsed_s``, ``bytes``, ``ios``, ``bw_bps``, ``iops``) at most ten
    times a second, or True for a tqdm bar (:mod:`ssdcore.progress`).
    Numeric options refuse booleans (``qd=True`` is no queue depth).
    Ctrl-C stops the job cleanly and raises KeyboardInterrupt; an I/O error
    during the run raises ssdcore.Error. Either exception carries the
    results of what completed as ``.results`` (``"interrupted": true``
    after Ctrl-C, ``"error"`` after a failed I/O).

    >>> import ssdcore
    >>> r = ssdcore.job("/work/t.bin", size="64m", pattern="randwrite",
    ...                 qd=32, time=2)                      # doctest: +SKIP
    >>> r = ssdcore.job("sim:bx200", pattern="randwrite", qd=32, time=2)
    >>> h = r["write"]["lat_hist"]
    >>> int(h["count"].sum()) == r["write"]["ios"], h["lo"].dtype
    (True, dtype('uint64'))
    >>> r["write"]["p99_over_p50"] > 1
    True
    """
    options: Dict[str, Any] = dict(job_options, size=size, destroy_data=destroy_data,
                                   buffered=buffered, read_only=read_only)
    target_opts = _target_options("job", target, options)
    opts = dict(options, pattern=pattern, bs=bs, qd=qd)
    if opts.get("reference") is not None:
        opts["reference"] = reference_figures(opts["reference"])
    if not isinstance(target, Target):
        target = fspath_bytes(target, "target")
        # Check the options before opening: a new file target is laid out
        # with random data at open, which may take minutes.
        _set_job_options(None, opts)  # the library tries to create the log too
        # A read job never writes: the library says when to open read-only
        if read_only is None and lib.ssd_job_opens_read_only(
                target, option_text(pattern), bool(destroy_data), size is not None):
            target_opts["read_only"] = True
        target = Target(target, **target_opts)
    j = _set_job_options(target._handle(), opts)

    def errmsg() -> Any:
        return lib.ssd_job_errmsg(j)

    # The job runs without the GIL; a callback from it lets Python run its
    # signal handlers, so Ctrl-C (KeyboardInterrupt) reaches the job.
    throttle = Throttle(progress, desc=f"job {pattern}")
    callback = _progress_callback(throttle)
    # The period is wall-clock time, a sim: target's too (its job runs in
    # virtual time: each 1 s sample of a 2-hour test was a call, 7,200 in a
    # fraction of a second). A sim: target's display gets the ten a second
    # the throttle passes on, and Ctrl-C reaches its job within a tenth of a
    # second, display or not; a real target's job as before.
    period = 1.0 / MAX_PER_SECOND if target.kind == "sim" else 0.2
    lib.ssd_job_set_progress(j, callback.c, ffi.NULL, period)
    with target._running():
        rc = lib.ssd_job_run(j)
        if throttle.active:  # the final figures, while the target is still busy
            run_s = lib.ssd_job_runtime_s(j)
            done_b = lib.ssd_job_bytes(j, lib.SSD_DIR_ALL)
            last = {"elapsed_s": run_s, "bytes": done_b,
                    "ios": lib.ssd_job_ios(j, lib.SSD_DIR_ALL)}
            time_budget = throttle.latest_value("unit") == "s"
            throttle.finish(done=run_s if time_budget else done_b, **last)
    exc = callback.exc
    if exc is None and rc < 0 and lib.ssd_job_runtime_s(j) == 0 \
            and lib.ssd_job_ios(j, lib.SSD_DIR_ALL) == 0:
        check(rc, errmsg)  # refused before any I/O
    if exc is not None and not isinstance(exc, KeyboardInterrupt):
        raise exc  # the progress callback's own error
    # What ran is kept on the exception, as the CLI prints it: the results
    # (with "interrupted": true after Ctrl-C) cover every completed I/O.
    if exc is not None:
        try:
            setattr(exc, "results", JobResult(_results(j)))
        except Error:
            pass
        raise exc
    result = JobResult(_results(j))
    if rc < 0 and rc != lib.SSD_EINTERRUPTED:
        try:
            check(rc, errmsg)
        except Error as e:
            e.results = result
            raise
    return result


def _progress_callback(throttle: Throttle) -> Callback:
    """The ``ssd_progress`` callback of a job, a precondition or a fill:
    tells ``throttle`` how much of the planned total is done (the time
    budget, else the byte budget)."""

    def cb(user: Any, pr: Any) -> int:
        if throttle.active:
            if pr.time_s > 0:
                done, total, unit = pr.elapsed_s, pr.time_s, "s"
            else:
                done, total, unit = pr.bytes, (pr.max_bytes or None), "bytes"
            throttle.update(done, total, unit, rate=pr.bw_bps if unit == "bytes" else None,
                            elapsed_s=pr.elapsed_s, bytes=pr.bytes, ios=pr.ios,
                            bw_bps=pr.bw_bps, iops=pr.iops)
        return 0
    return Callback("int(void *, const ssd_progress *)", cb)


def _write_with_progress(target: Target, progress: ProgressArg, desc: str,
                         run: Callable[[Any, Any], int]) -> int:
    """Runs ``run(written, c_cb)``, a library call that writes the target and
    reports through an ``ssd_progress`` callback (byte budgets: its jobs
    have no time budget), with ``progress`` shown as ``desc``; an exception
    the progress callback raised is raised again. Returns the bytes written."""
    written = ffi.new("uint64_t *")
    throttle = Throttle(progress, desc=desc)
    callback = _progress_callback(throttle)
    with target._running():
        rc = run(written, callback.c)
        if throttle.active:
            throttle.finish(done=int(written[0]))
    if callback.exc is not None:
        raise callback.exc
    check(rc, target._errmsg)
    return int(written[0])


def precondition(target: Union[Target, PathLike], kind: str = "seq_fill", loops: int = 2, *,
                 progress: ProgressArg = None,
                 **target_options: "Unpack[TargetOptions]") -> PreconditionResult:
    """Preconditions the whole target as SNIA PTS does before it measures:
    ``kind`` "seq_fill" (128 KiB sequential writes at QD32 over every block,
    ``loops`` times: twice the capacity by default) or "random_fill" (4 KiB
    random writes at QD32, each loop visiting every block once in a random
    order).
    On sim: targets the model applies the writes in bulk (a few
    milliseconds, whatever the capacity; virtual time advances as long as
    they would take); on files and devices it runs one job per loop (hours
    on a large drive; ``progress`` as for :func:`job`, Ctrl-C stops it).

    Returns a :class:`~ssdcore.results.PreconditionResult`. The target
    remembers it: a later :func:`job` on the same ``target`` records the bytes as
    its ``written_before`` (plus what jobs on it wrote since) and ``kind``
    as its ``precondition``, so its ``analyze()`` knows the drive is used;
    a job's own ``written_before=`` / ``precondition=`` win, and a purge or
    a whole-target TRIM resets them.

    ``target`` may be a URI, as for :func:`job` (``target_options``, such as
    ``size`` and ``destroy_data``, open it): it is opened for the call and
    closed after it. A sim: drive's state goes with it; a file or device
    keeps what was written.

    >>> import ssdcore
    >>> t = ssdcore.SimTarget("sim:bx200")
    >>> t.purge()
    'model reset'
    >>> ssdcore.precondition(t, "seq_fill").written_bytes >= 2 * t.size_bytes  # whole 128K
    True
    >>> ssdcore.job(t, pattern="randwrite", time="2s").analysis_context["precondition"]
    'seq_fill'
    """
    refuse_options_for_open_target("precondition", target, target_options)
    if isinstance(loops, bool) or not isinstance(loops, int):
        raise TypeError(f"precondition: loops must be a whole number, not {loops!r}")
    if not 1 <= loops <= 64:
        raise ValueError(f"precondition: loops {loops} is out of range [1, 64]")
    with _opened(target, target_options) as t:
        written = _write_with_progress(
            t, progress, f"precondition {kind}",
            lambda written, c_cb: lib.ssd_target_precondition(
                t._handle(), str(kind).encode(), loops, written, c_cb, ffi.NULL))
    return PreconditionResult({"kind": str(kind), "loops": loops, "written_bytes": written})


def _size_arg(fn: str, name: str, v: Any) -> int:
    """A byte count or a size text ("32g", parse_size) for fn's argument name."""
    if isinstance(v, str):
        try:
            return parse_size(v)
        except ValueError as e:
            raise ValueError(f"{fn}: {name}: {str(e).replace('parse_size: ', '', 1)}") from None
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"{fn}: {name} must be a whole number or a size like \"8g\", not {v!r}")
    return v


def fill(target: Target, level_pct: Optional[float] = None, *,
         bytes: Union[int, str, None] = None, progress: ProgressArg = None) -> FillResult:
    """Fills the target to a level, as reviewers test a nearly full drive:
    ``level_pct`` percent of it (``fill(t, 90)``) or ``bytes`` (a count or a
    size, ``bytes="900g"``, as a suite's ``fill bytes=900g``), from offset 0,
    written once with 128 KiB sequential writes at QD32 (fresh,
    incompressible data). The machinery of :func:`precondition`: on sim:
    targets in bulk, elsewhere one job (``progress`` and Ctrl-C as there).

    Returns a :class:`~ssdcore.results.FillResult`.

    >>> import ssdcore
    >>> t = ssdcore.SimTarget("sim:mp44l-1tb")
    >>> ssdcore.fill(t, 90).written_bytes > 0.899 * t.size_bytes
    True
    """
    if not isinstance(target, Target):
        raise TypeError("fill: expected an open ssdcore.Target")
    if (level_pct is None) == (bytes is None):
        raise TypeError("fill: give one of level_pct (percent) or bytes")
    if level_pct is not None:
        if isinstance(level_pct, bool) or not isinstance(level_pct, (int, float)) or \
                not 0 < level_pct <= 100:
            raise ValueError(f"fill: level_pct {level_pct!r} is not a percentage in (0, 100]")
        want = int(target.size_bytes * float(level_pct) / 100.0)
    else:
        want = _size_arg("fill", "bytes", bytes)
    written = _write_with_progress(
        target, progress, "fill",
        lambda written, c_cb: lib.ssd_target_fill(target._handle(), want, written, c_cb,
                                                  ffi.NULL))
    out: Dict[str, Any] = {"fill_bytes": want, "written_bytes": written}
    if level_pct is not None:
        out["level_pct"] = float(level_pct)
    return FillResult(out)


def _results(j: Any) -> Dict[str, Any]:
    """The results dict of a job that ran: its JSON, lat_hist as arrays, series."""
    result = json_dict(lib.ssd_job_to_json, j)
    for d in ("read", "write"):
        if isinstance(result.get(d), dict) and "lat_hist" in result[d]:
            result[d]["lat_hist"] = _hist_arrays(result[d]["lat_hist"])
    series = _series(j)
    series._job = {k: result[k] for k in ("analysis_context", "temp_source", "target",
                                          "workload") if k in result}
    result["series"] = series
    return result


def _hist_arrays(h: Dict[str, Any]) -> Dict[str, Any]:
    """The JSON form {"buckets": [[lo, hi, count], ...]} as numpy arrays."""
    if "buckets" not in h:
        return h
    b = np.array(h["buckets"], dtype=np.uint64).reshape(-1, 3)
    out = {k: v for k, v in h.items() if k != "buckets"}
    out.update(lo=b[:, 0].copy(), hi=b[:, 1].copy(), count=b[:, 2].copy())
    return out


def latency_percentiles(result: Union[Mapping[str, Any], Iterable[Mapping[str, Any]]],
                        direction: str = "all",
                        pcts: Union[float, Sequence[float], np.ndarray] = (50, 90, 99, 99.9,
                                                                           99.99)
                        ) -> Union[float, np.ndarray]:
    """Latency percentiles in ns, read off a job's exported distribution.

    ``result`` is what :func:`job` returns, or a job's results JSON as
    parsed from ``ssdcore job --json`` or from the ``results`` of a step in
    a suite's results.json. ``direction`` is "read", "write" or "all" (both
    merged); several results may be given as a list (or any iterable of
    results), their distributions merged (e.g. repeated runs). ``pcts`` is a number or a sequence (0..100).

    The distribution is rebuilt with ``ssd_hist_add_bucket`` and queried
    with ``ssd_hist_percentile``, so the answer uses the same nearest-rank
    rule as the job's own ``lat_ns`` figures: equal to them at full
    resolution (``per_octave`` 128), within ``max_rel_error`` otherwise;
    0 and 100 give the exact min and max. Returns a float numpy array (a
    float for a single pct); NaN when there was no I/O.

    >>> import ssdcore
    >>> r = ssdcore.job("sim:bx200", pattern="randread", qd=1, time=1)
    >>> p50, p99 = ssdcore.latency_percentiles(r, "read", [50, 99])
    >>> bool(p99 >= p50 > 0)
    True
    >>> runs = [ssdcore.job("sim:bx200", pattern="randread", time=1, seed=s) for s in (1, 2)]
    >>> float(ssdcore.latency_percentiles(runs, "read", 99.9)) > 0
    True
    """
    # One result is a mapping (a dict, a JobResult); anything else iterable
    # holds several (a list, a tuple, a generator, a pandas Series...).
    results: List[Mapping[str, Any]] = ([result] if isinstance(result, Mapping)
                                        else list(result))
    dirs = ("read", "write") if direction == "all" else (direction,)
    if any(d not in ("read", "write") for d in dirs):
        raise ValueError(f"direction must be 'read', 'write' or 'all', not {direction!r}")
    scalar = np.ndim(pcts) == 0
    q = np.atleast_1d(np.asarray(pcts, dtype=float))
    if np.any(~np.isfinite(q)) or np.any(q < 0) or np.any(q > 100):
        raise ValueError("percentiles must be within 0..100")
    h = make_handle("hist")
    lo_exact, hi_exact = None, None
    for r in results:
        for d in dirs:
            part = r[d]
            hist = part.get("lat_hist")
            if hist is None:
                raise ValueError(f"the {d} results carry no lat_hist (an older ssdcore?)")
            hist = _hist_arrays(hist)
            for lo, hi, c in zip(hist["lo"].tolist(), hist["hi"].tolist(),
                                 hist["count"].tolist()):
                check(lib.ssd_hist_add_bucket(h, lo, hi, c))
            if part.get("ios"):
                lat = part.get("lat_ns", {})
                if "min" in lat:
                    lo_exact = lat["min"] if lo_exact is None else min(lo_exact, lat["min"])
                if "max" in lat:
                    hi_exact = lat["max"] if hi_exact is None else max(hi_exact, lat["max"])
    if lib.ssd_hist_count(h) == 0:
        out = np.full(q.shape, np.nan)
    else:
        out = np.array([float(lib.ssd_hist_percentile(h, float(x))) for x in q])
        # The exported ranges lose the exact extremes; the summary keeps them.
        if lo_exact is not None:
            out = np.maximum(out, lo_exact)
            out[q <= 0] = lo_exact
        if hi_exact is not None:
            out = np.minimum(out, hi_exact)
            out[q >= 100] = hi_exact
    return float(out[0]) if scalar else out
