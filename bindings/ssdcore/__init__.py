"""ssdcore: measure SSDs the way hardware-review labs do, and analyse the logs.

>>> import ssdcore
>>> ssdcore.version()
'0.1.0'

Submodules, one per concept: ``job`` (targets and workloads), ``sim`` (the
simulated drive), ``analysis`` (series readers and write-curve analysis),
``batch`` (analysis of many logs, on local processes or Dask), ``fileops``
(tree copy, archives, file sets), ``suite`` (the methodology runner and its
results directory), ``trace`` (block traces and replay),
``compare`` (drives side by side), ``catalog`` (the SQLite results
catalog), ``drive`` (drive identity), ``results`` (the result objects every call returns),
``progress`` (throttled callbacks, tqdm bars), ``plot`` (matplotlib figures,
imported on first use) and the exceptions (``ssdcore.Error`` and its
subclasses). The calls one makes most are re-exported here (``job``,
``analyze``, ``suite``, ``compare``, ``replay``...), the result classes
are not (``ssdcore.results.JobResult``); the rest are reached
through their module, by names that do not repeat it: ``ssdcore.sim.truth``,
``ssdcore.catalog.add``, ``ssdcore.drive.identity``,
``ssdcore.trace.scenarios`` (the names they had here before,
``ssdcore.sim_truth``, ``ssdcore.catalog_add``..., are gone: docs/python.md,
"Renamed names").
"""
from typing import TYPE_CHECKING, Any

from ._ffi import ffi as ffi, lib as lib  # the C layer: attributes, not in __all__
from ._errors import (AccessDenied, AlreadyExists, Error, FormatError, Interrupted,
                      InvalidArgument, IOFailure, IsADirectory, NotADirectory, NotFound,
                      OSFailure, OutOfMemory, Refused, StateError, TimedOut,
                      Unsupported)
from ._errors import check as check
from .job import JobSeries, Target, fill, interrupt, job, latency_percentiles, precondition
from .sim import SimTarget
from .analysis import Series, analyze, read_fio_json, read_series, segment_l2
from .batch import analyze_many, read_results_parquet, write_results_parquet
from .fileops import archive, copy_tree, extract, filebench, make_set
from .suite import report, suite, suite_builtins, suite_steps
from .trace import Trace, apps, fsd, replay
from .compare import compare
from . import catalog, drive, sim, trace
from ._util import options, parse_duration, parse_size
from . import results

__all__ = [
    "version", "options", "parse_size", "parse_duration",
    # errors
    "Error", "InvalidArgument", "FormatError", "NotFound", "AccessDenied",
    "AlreadyExists", "Refused", "Unsupported", "Interrupted", "OutOfMemory", "IOFailure",
    "StateError", "TimedOut", "OSFailure", "NotADirectory", "IsADirectory",
    # job
    "JobSeries", "Target", "fill", "interrupt", "job", "latency_percentiles", "precondition",
    # the modules whose names are not re-exported; results: every result class
    "catalog", "drive", "results", "sim", "trace",
    # sim
    "SimTarget",
    # analysis
    "Series", "analyze", "analyze_many", "read_fio_json", "read_series", "segment_l2",
    "read_results_parquet", "write_results_parquet",
    # fileops
    "archive", "copy_tree", "extract", "filebench", "make_set",
    # suite
    "report", "suite", "suite_builtins", "suite_steps",
    # trace
    "Trace", "apps", "fsd", "replay",
    # compare
    "compare",
]
"""What ``from ssdcore import *`` and ``ssdcore.<tab>`` give: the calls, the
handles (Target, SimTarget, Trace, Series), the exceptions, the size and
option helpers and the modules reached by name. The result classes live in
``ssdcore.results`` (``ssdcore.results.JobResult``); ``ffi``, ``lib`` and
``check`` (the C library through cffi, for a call the package does not
wrap) are attributes, in neither list (docs/python.md, "The top level")."""


def version() -> str:
    """The version string of the linked C library."""
    return str(ffi.string(lib.ssd_version_string()).decode())


if TYPE_CHECKING:
    # What a type checker sees instead of __getattr__ (ssdcore.plot), so
    # that mypy --strict refuses a name that does not exist (ssdcore.anlyze).
    from . import plot as plot
else:
    def __getattr__(name: str) -> Any:
        # ssdcore.plot needs matplotlib (the [plot] extra): imported on first use.
        if name == "plot":
            import importlib
            return importlib.import_module(".plot", __name__)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    # ssdcore.<tab>: the public names and the modules, not ffi/lib/check.
    return sorted(set(__all__) | {"plot", "__version__", "__doc__", "__name__"})


__version__ = version()
