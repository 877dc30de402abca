"""Block I/O traces: read, write, generate, replay (``<ssdcore/trace.h>``).

>>> import ssdcore
>>> tr = ssdcore.Trace.scenario("pcm8-excel", seed=1)
>>> tr.summary()["reads"] > 3000, tr.summary().reads == tr.summary()["reads"]
(True, True)
>>> with ssdcore.SimTarget("sim:bx200") as t:
...     r = ssdcore.replay(tr, t)
>>> r                                                  # doctest: +ELLIPSIS
<ReplayResult pcm8-excel trace on sim:bx200, no-idle, QD1, complete>
  ...
>>> r.bw_bps > 0, type(r.total_bytes), list(r.to_frame().columns)
(True, <class 'int'>, ['t_s', 'bytes', 'ops', 'rate_bps', 'written_bytes'])

Traces are read from ssdcore trace CSV, fio iologs (v2, v3) and blkparse
text (detected from the content) and written as CSV or fio iolog v3.
``replay`` returns a :class:`~ssdcore.results.ReplayResult` (the results
JSON of ``ssd_replay_to_json`` with attributes, ``to_frame()``,
``summary()``, ``plot()``); ``apps`` replays every built-in application
scenario and returns an :class:`~ssdcore.results.AppsResult`: per-trace
bandwidth and the score (total bytes / total busy time, PCMark 8's way);
``fsd`` an :class:`~ssdcore.results.FsdResult`. ``scenarios()`` and
``filetests()`` list the built-in traces.
"""
from __future__ import annotations

import contextlib
import json
import os
import threading
from typing import (TYPE_CHECKING, Any, Callable, Dict, Iterator, Mapping, Optional, Tuple,
                    Union)

from ._errors import Error, check, error_from_code
from ._ffi import ffi, lib
from ._util import PathLike, json_dict, make_handle, parse_size, take_string
from .job import _TARGET_KEYS, Target, _opened, _target_options
from .results import AppsResult, FsdResult, Listing, ReplayResult, TraceSummary

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._options import ReplayOptions, TargetOptions

__all__ = ["Trace", "replay", "apps", "fsd", "scenarios", "filetests"]


_OPS = {"R": 0, "W": 1, "T": 2, "F": 3, "read": 0, "write": 1, "trim": 2, "flush": 3}
_NAMES = ["R", "W", "T", "F"]


class Trace:
    """An ordered list of I/Os: (t_s, op, offset, length, done_s).

    ``Trace(path)`` reads a file (format detected, or ``format=``);
    ``Trace()`` is empty; ``Trace.scenario(name)`` generates a built-in one.
    """

    def __init__(self, path: Optional[PathLike] = None, format: Optional[str] = None) -> None:
        self._tr = make_handle("trace")
        if path is not None:
            check(lib.ssd_trace_load(self._tr, os.fsencode(path),
                                     format.encode() if format else ffi.NULL), self._errmsg)

    def _errmsg(self) -> Any:
        return lib.ssd_trace_errmsg(self._tr)

    @classmethod
    def parse(cls, text: Union[str, bytes], format: Optional[str] = None,
              name: Optional[str] = None) -> "Trace":
        """A trace from text (str or bytes) in memory."""
        tr = cls()
        data = text.encode() if isinstance(text, str) else bytes(text)
        check(lib.ssd_trace_parse(tr._tr, data, len(data), format.encode() if format else ffi.NULL,
                                  name.encode() if name else ffi.NULL), tr._errmsg)
        return tr

    @classmethod
    def scenario(cls, name: str, seed: int = 1, span: int = 0) -> "Trace":
        """A built-in application scenario (see :func:`scenarios`)."""
        tr = cls()
        check(lib.ssd_trace_generate(tr._tr, name.encode(), int(seed), int(span)), tr._errmsg)
        return tr

    @classmethod
    def filetest(cls, name: str, set_size: Union[int, str] = 0) -> "Trace":
        """A recorded lab2016 file test ("iso-copy", "work-archive"...; see
        :func:`filetests`), repeated to a set of set_size bytes (an int
        or a size like "8g"; 0: as recorded)."""
        size = parse_size(set_size) if isinstance(set_size, str) else int(set_size)
        tr = cls()
        check(lib.ssd_trace_filetest(tr._tr, name.encode(), size), tr._errmsg)
        return tr

    def __len__(self) -> int:
        return int(lib.ssd_trace_count(self._tr))

    def __getitem__(self, i: int) -> Tuple[float, str, int, int, Optional[float]]:
        if i < 0:
            i += len(self)
        io = ffi.new("ssd_trace_io *", {"size": ffi.sizeof("ssd_trace_io")})
        if i < 0 or lib.ssd_trace_get(self._tr, i, io) < 0:
            raise IndexError(i)
        return (float(io.t_s), _NAMES[io.op], int(io.offset), int(io.length),
                float(io.done_s) if io.done_s >= 0 else None)

    def __iter__(self) -> Iterator[Tuple[float, str, int, int, Optional[float]]]:
        for i in range(len(self)):
            yield self[i]

    def add(self, t_s: float, op: str, offset: int, length: int,
            done_s: Optional[float] = None) -> None:
        """Append one I/O; op is "R", "W", "T" (trim) or "F" (flush)."""
        if op not in _OPS:
            raise ValueError(f"op must be one of R, W, T, F, not {op!r}")
        io = ffi.new("ssd_trace_io *", {"size": ffi.sizeof("ssd_trace_io"), "t_s": t_s, "op": _OPS[op], "offset": offset,
                                        "length": length,
                                        "done_s": -1.0 if done_s is None else done_s})
        check(lib.ssd_trace_add(self._tr, io), self._errmsg)

    @property
    def format(self) -> str:
        return ffi.string(lib.ssd_trace_format(self._tr)).decode()

    @property
    def name(self) -> Optional[str]:
        """The built-in scenario or file test the trace was made from
        ("pcm8-excel", "iso-copy"), or None."""
        p = lib.ssd_trace_name(self._tr)
        return None if p == ffi.NULL else ffi.string(p).decode()

    @property
    def source(self) -> Optional[str]:
        """The file the trace was loaded from (as given), or None. An output
        of the same command never replaces it (docs/crash-safety.md)."""
        p = lib.ssd_trace_source(self._tr)
        return None if p == ffi.NULL else os.fsdecode(ffi.string(p))

    @property
    def max_overlap(self) -> int:
        return int(lib.ssd_trace_max_overlap(self._tr))

    def save(self, path: PathLike, format: str = "csv", file: Optional[PathLike] = None) -> None:
        """Write as "csv" or "iolog3" (file: the path fio should open).
        Raises ssdcore.Refused over the trace's own source file, a device
        node or another special file, or a file ssdcore did not write."""
        check(lib.ssd_trace_save(self._tr, os.fsencode(path), format.encode(),
                                 os.fsencode(file) if file else ffi.NULL), self._errmsg)

    def summary(self) -> TraceSummary:
        """Characteristics (counts, bytes, sequential shares, idle share,
        size mix) as a :class:`~ssdcore.results.TraceSummary` (the dict it
        returned before, with attributes, ``to_frame()``, ``summary()``)."""
        return TraceSummary(json_dict(lib.ssd_trace_to_json, self._tr))

    def __repr__(self) -> str:
        s = self.summary()

        def size(b: float) -> str:
            return f"{b / (1 << 30):.2f} GiB" if b >= 1 << 30 else f"{b / (1 << 20):.1f} MiB"
        return (f"<Trace {s['ios']} I/Os ({self.format}), {size(s['read_bytes'])} read, "
                f"{size(s['write_bytes'])} written, {s['duration_s']:.1f} s>")


def scenarios() -> Listing:
    """[{"name", "description"}] of the built-in application scenarios (as
    :func:`ssdcore.suite_builtins` names the suites): a
    :class:`~ssdcore.results.Listing` (a list with ``to_frame()``)."""
    return Listing([{"name": ffi.string(lib.ssd_trace_scenario_name(i)).decode(),
             "description": ffi.string(lib.ssd_trace_scenario_describe(i)).decode()}
            for i in range(lib.ssd_trace_scenario_count())], "application scenarios")


def filetests() -> Listing:
    """[{"name", "set_bytes", "device_bytes"}] of the recorded file tests:
    the set size each was recorded with and the loop device's size; a
    :class:`~ssdcore.results.Listing` (a list with ``to_frame()``)."""
    out = []
    for i in range(lib.ssd_trace_filetest_count()):
        name = lib.ssd_trace_filetest_name(i)
        s, d = ffi.new("uint64_t *"), ffi.new("uint64_t *")
        check(lib.ssd_trace_filetest_sizes(name, s, d))
        out.append({"name": ffi.string(name).decode(), "set_bytes": int(s[0]),
                    "device_bytes": int(d[0])})
    return Listing(out, "recorded file tests")


def _run_interruptibly(fn: Callable[..., int], *args: Any
                       ) -> Tuple[int, Optional[KeyboardInterrupt]]:
    """Calls the C function fn(*args), returning (its result, the
    KeyboardInterrupt that stopped it or None). A replay has no callback in
    which Python could run its signal handlers, so, from the main thread, it
    runs in a worker thread (cffi releases the GIL) while this thread waits
    and takes Ctrl-C: ssd_interrupt() then stops the replay at its next
    check (every 10 ms of an as-recorded wait)."""
    if threading.current_thread() is not threading.main_thread():
        return fn(*args), None
    box: Dict[str, int] = {}
    # A plain lock the worker releases when done: an interrupted
    # Thread.join() can leave is_alive() False while the thread still runs
    # (Python before 3.13), an interrupted lock acquire cannot.
    done = threading.Lock()
    done.acquire()

    def work() -> None:
        try:
            box["rc"] = fn(*args)
        finally:
            done.release()

    worker = threading.Thread(target=work, name="ssdcore-replay", daemon=True)
    worker.start()
    stop: Optional[KeyboardInterrupt] = None
    while True:
        try:
            if done.acquire(timeout=0.5):
                break
        except KeyboardInterrupt as e:
            stop = stop or e
            lib.ssd_interrupt()
    return box.get("rc", lib.SSD_EINTERRUPTED), stop


def replay(trace: Union[Trace, PathLike], target: Union[Target, PathLike],
           **replay_options: Unpack[ReplayOptions]) -> ReplayResult:
    """Replay trace (a Trace, a path, "scenario:NAME" or
    "filetest:NAME[@SET_SIZE]") on target (a Target
    or a URI). Options: timing ("no-idle", "as-recorded", "scale=F"), qd,
    offset, span, interval, engine, record, log, written_before and
    precondition (recorded in the log's metadata for :func:`analyze`, as a
    job's): ``ssdcore.options("replay")``; and, for a URI, the target
    options (``size="16m"``, ``destroy_data``, ``read_only``...:
    ``ssdcore.options("target")``) as keywords, as :func:`ssdcore.job`
    takes them. Returns a :class:`~ssdcore.results.ReplayResult`. Ctrl-C stops the replay and raises
    KeyboardInterrupt, with the results of what was replayed
    (``"interrupted": true``) as ``.results``."""
    if not isinstance(trace, Trace):
        if not isinstance(trace, (str, bytes, os.PathLike)):
            raise TypeError(f"replay: trace must be a Trace, a path or 'scenario:NAME', "
                            f"not {type(trace).__name__}")
        trace = Trace(trace)
    options: Dict[str, Any] = dict(replay_options)
    opened = _target_options("replay", target, options)
    with _opened(target, opened) as t:
        r = make_handle("replay", t._handle(), trace._tr, options=options)
        rc, stop = _run_interruptibly(lib.ssd_replay_run, r)
        out = ffi.new("char **")
        res: Optional[ReplayResult] = None
        json_rc = lib.ssd_replay_to_json(r, 0, out)
        if json_rc == 0:
            res = ReplayResult(json.loads(take_string(out)))
        if stop is not None:
            setattr(stop, "results", res)  # what was replayed before Ctrl-C, as job() keeps it
            raise stop
        if rc < 0:
            msg = ffi.string(lib.ssd_replay_errmsg(r)).decode(errors="replace")
            err = error_from_code(rc, msg)
            err.results = res
            raise err
        if res is None:
            raise error_from_code(json_rc, "replay: the results JSON could not be made")
        return res


def apps(target: Union[Target, PathLike], timing: Optional[str] = None, seed: int = 1,
         **options: Unpack[TargetOptions]) -> AppsResult:
    """Replay every built-in application scenario on target; returns an
    :class:`~ssdcore.results.AppsResult`. The keyword options are the target
    options, for a URI (``size="1g"``...: ``ssdcore.options("target")``)."""
    return AppsResult(_scored_run("apps", lib.ssd_replay_apps_json, target, options,
                                  timing.encode() if timing else ffi.NULL, int(seed)))


def fsd(target: Union[Target, PathLike], scale: float = 1.0, seed: int = 1,
        **options: Unpack[TargetOptions]) -> FsdResult:
    """A PCMark 10 Full System Drive-like run on target (docs/traces.md):
    start-ups, application use and 20 GB / 2.37 GB copies onto, inside and
    off the drive (sizes times scale, and below 1 the applications' think
    time, 11.5 minutes at full length); returns an
    :class:`~ssdcore.results.FsdResult`.

    The keyword options are the target options, for a URI, as for
    :func:`apps`.

    >>> ssdcore.fsd("sim:mp44l-1tb", scale=0.05).score  # doctest: +SKIP
    """
    return FsdResult(_scored_run("fsd", lib.ssd_replay_fsd_json, target, options, float(scale),
                                 int(seed)))


def _scored_run(name: str, fn: Callable[..., int], target: Union[Target, PathLike],
                options: Mapping[str, Any], *args: Any) -> Dict[str, Any]:
    """Runs one of the scored replays (``name``, apps or fsd: fn(target,
    *args, flags, &json, err, len)) on target, stoppable by Ctrl-C, and
    returns its JSON. ``options``: the call's keywords, the target options
    (a key of no such option is a TypeError naming the table)."""
    rest = dict(options)
    target_options = _target_options(name, target, rest)
    if rest:
        raise TypeError(f"unknown target option(s): {', '.join(sorted(rest))} (the keyword "
                        f"options are ssdcore.options(\"target\")'s: {', '.join(_TARGET_KEYS)})")
    with _opened(target, target_options) as t:
        out = ffi.new("char **")
        err = ffi.new("char[600]")
        rc, stop = _run_interruptibly(fn, t._handle(), *args, 0, out, err, 600)
        if stop is not None:
            if out[0] != ffi.NULL:
                lib.ssd_free(out[0])
            raise stop
        if rc < 0:
            raise Error(rc, ffi.string(err).decode(errors="replace"))
        result: Dict[str, Any] = json.loads(take_string(out))
        return result
