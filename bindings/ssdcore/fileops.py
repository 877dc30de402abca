"""File work inside one drive: Robocopy-like copy, 7-Zip-style archives,
generated file sets and the file benchmark (METHODOLOGY.md tests 9 and 10).

Every call runs in C without the GIL, so several may run at once from
Python threads (each call uses its own handle).

>>> import ssdcore
>>> ssdcore.make_set("program", "/mnt/ssd/set", size="64m", seed=1)     # doctest: +SKIP
<FilesetResult program set: 315 files, 27 dirs>
  set: program
  ...
>>> r = ssdcore.copy_tree("/mnt/ssd/set", "/mnt/ssd/copy", workers=8)   # doctest: +SKIP
>>> r.files.copied, r.robocopy_exit                                         # doctest: +SKIP
(315, 1)
>>> ssdcore.archive("/mnt/ssd/set", "/mnt/ssd/set.7z")                  # doctest: +SKIP
>>> ssdcore.extract("/mnt/ssd/set.7z", "/mnt/ssd/out")                  # doctest: +SKIP
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Mapping, Optional, Tuple

from ._errors import check
from ._ffi import ffi, lib
from ._util import Callback, PathLike, json_dict, make_handle
from .progress import ProgressArg, Throttle
from .results import ArchiveResult, CopyCounts, CopyResult, FilebenchResult, FilesetResult

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._options import (ArchiveOptions, CopyOptions, ExtractOptions, FilebenchOptions,
                           FilesetOptions)

__all__ = ["CopyCounts", "CopyResult", "ArchiveResult", "FilesetResult", "copy_tree",
           "archive", "extract", "make_set", "filebench"]


def _run(kind: str, options: Mapping[str, Any], paths: Tuple[PathLike, ...], progress: ProgressArg,
         desc: str = "ssdcore", result: Optional[str] = None) -> Tuple[Any, Any]:
    """Runs one fileops handle the API convention's way (``ssd_<kind>_create``,
    ``_set_option`` for each option not None, ``_set_progress``, ``_run``
    on ``paths`` and, when given, a ``result`` struct): (handle, result).
    The keywords are the keys of the handle's table (``ssdcore.options(kind)``,
    docs/options.md); another one is a TypeError (:func:`make_handle`).
    ``progress``: a callable, called with a dict (``phase``,
    ``files``/``files_total``, ``bytes``/``bytes_total``, ``elapsed_s``
    and, as every ssdcore progress, ``done``/``total``/``unit`` ("bytes"),
    ``fraction`` and ``rate_bps``: bytes/s since the previous call), or True:
    a tqdm bar."""
    def fn(name: str) -> Any:
        return getattr(lib, f"ssd_{kind}_{name}")
    h = make_handle(kind, options=options)
    # the result struct, versioned as every one (its size first)
    res = ffi.new(f"{result} *", {"size": ffi.sizeof(result)}) if result is not None else None
    if progress is not None and not isinstance(progress, bool) and not callable(progress):
        raise TypeError(f"progress must be a callable, True or None, not {progress!r}")
    user = progress if callable(progress) else None
    bar = Throttle(True, desc) if progress is True else None
    prev = [0.0, 0]

    def cb(_user: Any, p: Any) -> int:
        """The C side calls back only on the thread that started the run
        (this one), every ``progress_interval`` seconds at most. The
        callback is installed even without a user callable: running Python
        code now and then is what lets Ctrl-C (KeyboardInterrupt) reach a
        long run, and an exception stops the run cleanly (queued work
        dropped, no partial file left)."""
        if callback.exc is not None:
            return 1
        if user is None and bar is None:
            return 0
        dt = p.elapsed_s - prev[0]
        rate = (p.bytes_done - prev[1]) / dt if dt > 0 and p.bytes_done >= prev[1] else None
        prev[:] = [p.elapsed_s, p.bytes_done]
        phase = ffi.string(p.phase).decode() if p.phase else ""
        total = p.bytes_total or None
        d = dict(phase=phase, files=p.files_done, files_total=p.files_total,
                 bytes=p.bytes_done, bytes_total=p.bytes_total, elapsed_s=p.elapsed_s,
                 done=p.bytes_done, total=total, unit="bytes",
                 fraction=min(p.bytes_done / total, 1.0) if total else None, rate_bps=rate)
        if user is not None:
            user(d)
        if bar is not None:
            bar.update(p.bytes_done, total, "bytes", rate=rate, name=phase)
        return 0

    callback = Callback("int(void *, const ssd_fileops_progress *)", cb)
    fn("set_progress")(h, callback.c, ffi.NULL)
    rc = fn("run")(h, *[os.fsencode(p) for p in paths], *([res] if res is not None else []))
    if bar is not None:
        bar.finish()
    if callback.exc is not None:
        raise callback.exc
    check(rc, lambda: fn("errmsg")(h))
    return h, res


def copy_tree(src: PathLike, dst: PathLike, *, progress: ProgressArg = None,
              **options: Unpack[CopyOptions]) -> CopyResult:
    """Copy the tree ``src`` into ``dst`` the way Robocopy /E (or /MIR) does.

    Same files (same size and mtime, within ``mtime_tolerance`` seconds) are
    skipped; lonely, newer, older and changed ones are copied. Per-file
    failures do not raise: they are counted (``result.files.failed``, bit 8
    of ``result.robocopy_exit``) and listed in ``result.failures``. A fatal error
    (unreadable source, impossible destination) raises :class:`Error`.
    The keyword options are ``ssd_copy_set_option``'s keys (``mirror=True``,
    ``workers=8``, ``sync="file"``...), listed with their types, ranges and
    defaults by ``ssdcore.options("copy")`` and docs/options.md.
    ``xattrs`` (extended attributes, on by default), ``acls`` (POSIX ACLs)
    and ``sparse`` (holes stay holes) are what rsync's -X, -A and --sparse
    keep; docs/fileops.md compares them with cp -a and Robocopy.

    ``progress``, if given, is called with a dict (``phase``, ``files``,
    ``files_total``, ``bytes``, ``bytes_total``, ``elapsed_s``) at most
    every ``progress_interval`` seconds, on this thread. An exception it
    raises stops the copy cleanly and propagates; so does Ctrl-C
    (KeyboardInterrupt). Files copied so far stay, none is left partial.
    """
    h, res = _run("copy", options, (src, dst), progress, "copy", "ssd_copy_result")
    d = json_dict(lib.ssd_copy_to_json, h)  # `ssdcore copy --json`'s
    d.update(d.pop("times"), first_error=res.first_error)  # its times at the top, as before
    return CopyResult(d)


def archive(src: PathLike, archive_path: PathLike, *, progress: ProgressArg = None,
            **options: Unpack[ArchiveOptions]) -> ArchiveResult:
    """Pack the tree ``src`` into ``archive_path`` (7z with Deflate by default).

    The keyword options are ``ssdcore.options("archive")``'s: ``format``
    ("7z", "zip", "tar.zst" or "tar"), ``method`` ("deflate", "lzma2",
    "store" or "zstd" as the format allows), ``level``, ``tmpdir`` (where
    the 7z writer stages, by default the archive's own directory), ``sync``.
    ``progress`` works as for :func:`copy_tree`; a stopped run leaves no
    half archive behind.
    """
    h, _ = _run("archive", options, (src, archive_path), progress, result="ssd_archive_result")
    left_out = [ffi.string(lib.ssd_archive_skipped(h, i)).decode(errors="surrogateescape")
                for i in range(lib.ssd_archive_skipped_count(h))]
    return ArchiveResult(json_dict(lib.ssd_archive_to_json, h), skipped_entries=left_out)


def extract(archive_path: PathLike, dst: PathLike, *,
            allow_absolute_symlinks: Optional[bool] = None, progress: ProgressArg = None,
            **options: Unpack[ExtractOptions]) -> ArchiveResult:
    """Unpack any archive libarchive reads into ``dst``, securely.

    Raises :class:`Error` with ``name == "SSD_EHOSTILE"`` for absolute
    paths, "..", paths through symlinks or links escaping ``dst``, and
    ``"SSD_EFORMAT"`` for truncated or corrupt archives. The keyword options
    are ``ssdcore.options("extract")``'s (``sync``, ``overwrite``...);
    ``absolute_symlinks=True`` (``allow_absolute_symlinks``, as the CLI
    spells it) stores symlinks with an absolute target as they are (never
    following them) instead of refusing the archive.
    ``progress`` works as for :func:`copy_tree`; the file being written when
    a run stops is removed.
    """
    if allow_absolute_symlinks is not None:
        options["absolute_symlinks"] = allow_absolute_symlinks
    h, _ = _run("extract", options, (archive_path, dst), progress, result="ssd_archive_result")
    return ArchiveResult(json_dict(lib.ssd_extract_to_json, h), skipped_entries=[])


def make_set(kind: str, directory: PathLike, *, progress: ProgressArg = None,
             **options: Unpack[FilesetOptions]) -> FilesetResult:
    """Generate the "iso", "program" or "work" set into ``directory``.

    The keyword options are ``ssdcore.options("fileset")``'s (``size``,
    ``seed``, ``sync``); the same kind, size and seed give byte-identical
    sets. ``progress`` works as for :func:`copy_tree` (phase "mkset", the
    set's planned files and bytes as totals); a stopped run removes the
    file it was writing.
    """
    if not isinstance(kind, str):  # None would make the default 8 GiB work set
        raise TypeError(f"kind must be 'iso', 'program' or 'work', not {kind!r}")
    h, _ = _run("fileset", dict(options, kind=kind), (directory,), progress, f"mkset {kind}",
                "ssd_fileset_result")
    d = json_dict(lib.ssd_fileset_to_json, h)  # `ssdcore mkset --json`'s, in Python's names
    d["set"], d["total_bytes"] = d.pop("kind"), d.pop("bytes")
    d["bw_bps"] = d["total_bytes"] / d["total_s"] if d["total_s"] > 0 else 0.0
    return FilesetResult(d)


def filebench(directory: PathLike, *, progress: ProgressArg = None,
              **options: Unpack[FilebenchOptions]) -> FilebenchResult:
    """Make a set under ``directory`` and time copy, archive and extract.

    The keyword options are ``ssdcore.options("filebench")``'s (``set``,
    ``size``, ``seed``, ``steps``, ``workers``, ``format``, ``method``,
    ``level``, ``keep``, ``progress_interval``: each part's). Returns a
    :class:`FilebenchResult`.
    ``progress`` works as for :func:`copy_tree`, part by part
    (``phase`` "mkset", "copy", "archive", "extract", each with its own
    totals).
    """
    h, _ = _run("filebench", options, (directory,), progress, "filebench")
    return FilebenchResult(json_dict(lib.ssd_filebench_to_json, h))
