"""The keyword options of the calls that take an option table's keys as
keywords (``analyze``, ``analyze_many``, ``job``, ``precondition``,
``suite``, ``suite_steps``, ``replay``, ``apps``, ``fsd``),
typed for mypy (PEP 692: ``**options: Unpack[AnalysisOptions]``), so
``mypy --strict`` on a user's code checks each key and its type and
refuses a key of no table. Each class is
``ssdcore.options(KIND)``'s keys less those the call names itself;
tests/py/test_options_tables.py checks them against the tables."""
import os  # noqa: F401 (PathLike's "os.PathLike[str]": typing.get_type_hints reads it)
from typing import Any, Dict, TypedDict, Union

from ._util import PathLike

Size = Union[int, str]  # bytes, or a size text ("4k", "512GB")
Duration = Union[float, str]  # seconds, or a duration text ("500ms")


# A table that extends no other is written compactly (TypedDict's call
# form); one that extends others is a class adding its own keys.

# ssdcore.options("analysis") but capacity_bytes, written_before_bytes,
# precondition, idle_before_s, written_since_idle_bytes and span_bytes
# (named arguments of analyze).
AnalysisOptions = TypedDict("AnalysisOptions", {
    "penalty": float, "min_step": float, "min_drop": float, "min_phase_samples": int,
    "min_phase_fraction": float, "dip_depth": float, "ss_round_s": Duration, "ss_range": float,
    "ss_slope": float, "expect_cache_bps": Size, "exact_limit": int, "noise_merge": float,
    "throttle_min_c": float}, total=False)
# The target options job() does not name itself.
_LayoutOptions = TypedDict("_LayoutOptions", {"fitrim": str, "layout": str}, total=False)
# The keys the job and replay tables share: where and how a run issues its
# I/O, and what its series log records.
_RunOptions = TypedDict("_RunOptions", {
    "offset": Size, "span": Size, "interval": Duration, "engine": str, "log": PathLike,
    "written_before": Size, "precondition": str}, total=False)


class SuiteTargetOptions(_LayoutOptions, total=False):
    """The target options ``suite()`` does not name itself."""
    read_only: bool


class TargetOptions(SuiteTargetOptions, total=False):
    """``ssdcore.options("target")``: for a call that opens a URI itself."""
    size: Size
    destroy_data: bool
    buffered: bool


class JobOptions(_LayoutOptions, _RunOptions, total=False):
    """``ssdcore.options("job")`` but pattern, bs and qd (named arguments
    of ``job``), and the target's but those ``job`` names."""
    threads: int
    submit_batch: int
    read_pct: int
    time: Duration
    warmup: Duration
    temp_steady: Duration
    bytes: Size
    rate: Size
    coverage: bool
    seed: int
    idle_before: Duration
    written_since_idle: Size
    reference: Union[PathLike, Dict[str, Any]]  # a log, or its figures (JSON text or dict)
    stamp: bool
    fail_io: int


class ReplayOptions(TargetOptions, _RunOptions, total=False):
    """``ssdcore.options("replay")``, and the target's."""
    timing: str
    qd: int
    record: PathLike


# The file operations' tables (copy_tree, archive, extract, make_set but
# its kind, filebench).
CopyOptions = TypedDict("CopyOptions", {
    "workers": int, "recursive": bool, "mirror": bool, "list_only": bool, "include_same": bool,
    "exclude_older": bool, "exclude_newer": bool, "exclude_changed": bool,
    "mtime_tolerance": Duration, "hardlinks": bool, "xattrs": bool, "acls": bool,
    "sparse": bool, "unbuffered": bool, "unbuffered_min": Size, "buffer_size": Size,
    "splice": bool, "write_behind": bool, "copy_file_range": bool, "reflink": bool,
    "sync": str, "retries": int, "wait": Duration, "progress_interval": Duration,
    "fault_read": str}, total=False)
ArchiveOptions = TypedDict("ArchiveOptions", {
    "format": str, "method": str, "level": int, "tmpdir": PathLike, "sync": str,
    "progress_interval": Duration}, total=False)
ExtractOptions = TypedDict("ExtractOptions", {
    "sync": str, "overwrite": bool, "absolute_symlinks": bool, "progress_interval": Duration},
    total=False)
FilesetOptions = TypedDict("FilesetOptions", {
    "size": Size, "seed": int, "sync": str, "progress_interval": Duration}, total=False)
FilebenchOptions = TypedDict("FilebenchOptions", {
    "set": str, "size": Size, "seed": int, "steps": str, "workers": int, "format": str,
    "method": str, "level": int, "keep": bool, "progress_interval": Duration}, total=False)
