"""The methodology suite runner: an ordered list of jobs, TRIMs, idles and
analyses on one target, written to a results directory (results.json, one
series CSV per logged job, report.html).

>>> import ssdcore
>>> r = ssdcore.suite("sim:bx200", "/tmp/bx200", suite="lab2016")   # doctest: +SKIP
>>> r["headline"]["write_curves"]["degradation"]["cache_bytes"]     # doctest: +SKIP
2147000000.0
>>> r["headline"]["latency"]["rand4k-write-qd4"]["p99_over_p50"]   # doctest: +SKIP
4.9
>>> deg = [s for s in r["steps"] if s["name"] == "degradation"][0]   # doctest: +SKIP
>>> ssdcore.latency_percentiles(deg["results"], "write", 99.99)     # doctest: +SKIP
>>> [s["name"] for s in ssdcore.suite_steps("sim:bx200", "quick")][:3]
['prepare-1', 'idle', 'seq-read']

Built-in suites: ``lab2016`` (METHODOLOGY.md A), ``fill2021`` (B),
``pts`` (the SNIA PTS tests with the Client settings: each step's ``"pts"``
object and ``headline["pts"]``) and ``quick``; or a suite file of your own
(``suite_file=``, docs/suite.md).

>>> r = ssdcore.suite("sim:bx200", "/tmp/pts", suite="pts")        # doctest: +SKIP
>>> r["headline"]["pts"]["pts-wsat"]["end_iops"]                    # doctest: +SKIP
>>> r["headline"]["pts"]["pts-wsat"]["steady_iops"]   # None: not steady  # doctest: +SKIP
>>> iops = r["steps"][0]["pts"]     # rounds go on past a fresh plateau  # doctest: +SKIP
>>> iops["rounds"], iops["stopped_by"], iops["rounds_why"]          # doctest: +SKIP
"""
from __future__ import annotations

import json
import os
import warnings
from typing import TYPE_CHECKING, Any, Dict, Optional, Union

from ._errors import check, error_from_code
from ._ffi import ffi, lib
from ._util import (Callback, PathLike, check_options, fspath_bytes, json_dict, make_handle,
                    open_handle, take_string)
from .job import Target, refuse_options_for_open_target
from .progress import ProgressArg, Throttle
from .results import Listing, SuiteResult

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._options import SuiteTargetOptions, TargetOptions

__all__ = ["suite", "suite_steps", "suite_builtins", "report"]


def suite_builtins() -> Listing:
    """The built-in suites: ``[{"name": ..., "description": ...}, ...]``, a
    :class:`~ssdcore.results.Listing` (a list with ``to_frame()``)."""
    return Listing([{"name": ffi.string(lib.ssd_suite_builtin_name(i)).decode(),
             "description": ffi.string(lib.ssd_suite_builtin_describe(i)).decode()}
            for i in range(lib.ssd_suite_builtin_count())], "built-in suites")


def _prepared(target: Target, opts: Dict[str, Any]) -> Any:
    """A suite handle on target with opts, its steps prepared (a bad suite
    raises Error naming the file and line). On a target not opened yet the
    library checks them on a stand-in drive and builds nothing: opening a
    new file target lays it out, which may take minutes. A suite file that
    is a pipe (``/dev/fd/N``) is read once, by the first prepare."""
    s = make_handle("suite", target._handle(), options=opts)
    check(lib.ssd_suite_prepare(s), lambda: lib.ssd_suite_errmsg(s))
    return s


def suite_steps(target: Union[Target, PathLike], suite: str = "quick", *,
                suite_file: Optional[PathLike] = None, scale: Optional[float] = None,
                area: Union[int, str, None] = None,
                **target_options: Unpack[TargetOptions]) -> Listing:
    """The steps a suite would run on ``target``, without running them:
    ``[{"kind": "job", "name": "seq-read", "line": "job name=seq-read ..."}, ...]``,
    a :class:`~ssdcore.results.Listing` (a list with ``to_frame()``).
    A bad suite file raises Error whose detail names the file and line.
    The other keywords are target options for a URI, as :func:`suite` takes
    them."""
    check_options("target", target_options)
    refuse_options_for_open_target("suite_steps", target, target_options)
    t = target if isinstance(target, Target) else Target(target, **target_options)
    s = _prepared(t, {"suite": None if suite_file else suite, "suite_file": suite_file,
                      "scale": scale, "area": area})
    out = []
    for i in range(lib.ssd_suite_step_count(s)):
        out.append({k: ffi.string(f(s, i)).decode() for k, f in
                    (("kind", lib.ssd_suite_step_kind), ("name", lib.ssd_suite_step_name),
                     ("line", lib.ssd_suite_step_line))})
    return Listing(out, "suite steps")


def suite(target: Union[Target, PathLike], out: PathLike, suite: str = "quick", *,
          suite_file: Optional[PathLike] = None, scale: Optional[float] = None,
          area: Union[int, str, None] = None, report: bool = True,
          progress: ProgressArg = None, size: Union[int, str, None] = None,
          destroy_data: Optional[bool] = None, buffered: Optional[bool] = None,
          filebench_dir: Optional[PathLike] = None,
          filebench_size: Union[int, str, None] = None,
          hash_serial: bool = False,
          **target_options: Unpack[SuiteTargetOptions]) -> SuiteResult:
    """Runs a suite on ``target`` (a :class:`Target` or a URI) into directory
    ``out`` and returns the parsed results.json as a :class:`SuiteResult`
    (``r.to_frame()``: one row per step; ``r.job(name)``,
    ``r.analysis(name)``, ``r.plot()``).

    ``scale`` multiplies every time (jobs, sampling intervals, idles): 0.01
    turns the 10-hour lab2016 into minutes on a real drive; sim: targets run
    in virtual time anyway. ``progress``: a callable, called with
    ``{"step", "steps", "name", "kind", "elapsed_s", "total_s", "bw_bps"}``
    and ``done``/``total`` in steps, ``fraction``, at most ten times a second
    plus once at each step's start; or True for a tqdm bar.
    ``filebench_dir`` adds lab2016's file tests (copy of the ISO, Program and
    Work sets, 7-Zip Deflate archive and extract) in that directory, with
    sets of ``filebench_size`` (default 8 GiB).

    ``size``, ``destroy_data``, ``buffered`` and the other keywords are the
    target options (``ssdcore.options("target")``: ``read_only``,
    ``layout``, ``fitrim``...) for a URI, as :func:`ssdcore.job` takes them;
    a key outside that table is a TypeError, and so is any of them with a
    :class:`Target` already open (give them to ``ssdcore.Target(...)``).

    Ctrl-C stops the run cleanly (results.json keeps every finished step,
    ``"interrupted": true``) and raises KeyboardInterrupt; a failing step
    raises Error after results.json recorded it. A TRIM the target
    refuses (no discard) is not a failure: that step has ``"state":
    "skipped"`` and a ``"reason"``, ``headline["skipped_steps"]`` lists it,
    and the run goes on.

    >>> r = ssdcore.suite("sim:bx200", "/tmp/q")                 # doctest: +SKIP
    >>> r["headline"]["rand4k_read_qd1_iops"]                     # doctest: +SKIP
    """
    opts = {"suite": None if suite_file else suite, "suite_file": suite_file,
            "scale": scale, "area": area, "out": out,
            "report": None if report else False, "filebench_dir": filebench_dir,
            "filebench_size": filebench_size, "hash_serial": True if hash_serial else None}
    topts: Dict[str, Any] = dict(target_options, size=size, destroy_data=destroy_data,
                                 buffered=buffered)
    check_options("target", topts)
    refuse_options_for_open_target("suite", target, topts)
    if isinstance(target, Target):
        t = target
        s = make_handle("suite", t._handle(), options=opts)
    else:  # checked before the target is opened, as the CLI does
        t = Target._unopened(**topts)
        s = _prepared(t, opts)
        t._open(target)
    # The callback also gives Python a chance to run its signal handlers, so
    # Ctrl-C reaches a run that holds no GIL: the library calls at each
    # step's start and every 0.2 s of wall time during its jobs (a sim:
    # target's too, whose jobs run in virtual time). The user sees at most ten
    # updates a second, plus the start of each step (a callback that stops
    # the run at a given step can count on seeing it).
    throttle = Throttle(progress, desc=f"suite {suite}")
    last_step = [-1]

    def cb(user: Any, p: Any) -> int:
        if throttle.active:
            frac = (min(p.step_elapsed_s / p.step_total_s, 1.0) if p.step_total_s > 0 else 0.0)
            info = dict(step=p.step, steps=p.steps, name=ffi.string(p.name).decode(),
                        kind=ffi.string(p.kind).decode(), elapsed_s=p.step_elapsed_s,
                        total_s=p.step_total_s,
                        bw_bps=p.job.bw_bps if p.job != ffi.NULL else 0.0)
            new_step = p.step != last_step[0]
            last_step[0] = p.step
            throttle.update(p.step + frac, p.steps, "steps", force=new_step, **info)
        return 0

    callback = Callback("int(void *, const ssd_suite_progress *)", cb)
    lib.ssd_suite_set_progress(s, callback.c, ffi.NULL, 0.2)
    with t._running():
        rc = lib.ssd_suite_run(s)
        throttle.finish()  # while the target is still busy
    errmsg = ffi.string(lib.ssd_suite_errmsg(s)).decode(errors="replace")
    js = ffi.new("char **")
    if lib.ssd_suite_to_json(s, 0, js) < 0:
        check(rc, lambda: lib.ssd_suite_errmsg(s))
        raise error_from_code(lib.SSD_ENOMEM)
    result = SuiteResult(json.loads(take_string(js)), os.fsdecode(out))
    # where the earlier run's files in ``out`` went (the CLI's "earlier: ...")
    prev = ffi.string(lib.ssd_suite_previous_path(s))
    result.previous_dir = os.fsdecode(prev) if prev else None
    if callback.exc is not None:
        raise callback.exc
    if rc < 0 and rc != lib.SSD_EINTERRUPTED:
        raise error_from_code(rc, errmsg)
    return result


def report(results_dir: PathLike, out: Optional[PathLike] = None) -> SuiteResult:
    """Renders ``results_dir``/report.html again (or ``out``) from its
    results.json and series CSVs, recomputing the write-curve analyses, and
    returns the results dict. Works on interrupted runs too.

    >>> ssdcore.report("/tmp/bx200")["headline"]                  # doctest: +SKIP
    """
    s = open_handle("suite", lib.ssd_suite_load, fspath_bytes(results_dir, "results_dir"))
    warning = ffi.string(lib.ssd_suite_errmsg(s)).decode(errors="replace")
    if warning:  # a CSV is gone: its stored analysis is kept
        warnings.warn(warning, RuntimeWarning, stacklevel=2)
    check(lib.ssd_suite_write_report(s, fspath_bytes(out, "out") if out is not None else ffi.NULL),
          lambda: lib.ssd_suite_errmsg(s))
    return SuiteResult(json_dict(lib.ssd_suite_to_json, s), os.fsdecode(results_dir))
