"""ssdcore: measure SSDs the way hardware-review labs do, and analyse the logs.

>>> import ssdcore
>>> ssdcore.version()
'0.1.0'

Submodules: ``job`` (targets and workloads), ``sim`` (the simulated drive),
``analysis`` (series readers and write-curve analysis), ``fileops`` (tree
copy, archives, file sets), ``suite`` (the methodology runner and its
results directory), ``trace`` (block traces and replay), ``compare`` (drives side
by side) and ``catalog`` (the SQLite results catalog). Their public names are re-exported here.
"""
from ._ffi import ffi, lib
from ._errors import SsdError, check
from .job import JobSeries, Target, interrupt, job, latency_percentiles
from .sim import SimTarget, sim_profile, sim_profiles, sim_truth
from .analysis import Series, analyze, analyze_many, read_fio_json, read_series, segment_l2
from .fileops import archive, copy_tree, extract, filebench, make_set
from .suite import report, suite, suite_builtins, suite_steps
from .trace import Trace, apps, replay, trace_scenarios
from .compare import compare
from .drive import drive_identity, drive_temperature
from .catalog import (catalog_add, catalog_compare, catalog_figures, catalog_path,
                      catalog_runs)

__all__ = [
    "SsdError", "check", "ffi", "lib", "version",
    # job
    "JobSeries", "Target", "interrupt", "job", "latency_percentiles",
    # sim
    "SimTarget", "sim_profile", "sim_profiles", "sim_truth",
    # analysis
    "Series", "analyze", "analyze_many", "read_fio_json", "read_series", "segment_l2",
    # fileops
    "archive", "copy_tree", "extract", "filebench", "make_set",
    # suite
    "report", "suite", "suite_builtins", "suite_steps",
    # trace
    "Trace", "apps", "replay", "trace_scenarios",
    # compare, catalog
    "compare", "catalog_add", "catalog_compare", "catalog_figures", "catalog_path",
    "catalog_runs",
    # drive
    "drive_identity", "drive_temperature",
]


def version():
    """The version string of the linked C library."""
    return ffi.string(lib.ssd_version_string()).decode()


__version__ = version()
