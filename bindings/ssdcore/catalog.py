"""The results catalog: every suite run kept in one SQLite file, read back
with Python's own sqlite3 (the file is plain SQLite: tables ``runs`` and
``figures``, see ``<ssdcore/catalog.h>``) as result objects
(:class:`~ssdcore.results.CatalogRuns`, :class:`~ssdcore.results.CatalogFigures`,
:class:`~ssdcore.results.CompareResult`: ``to_frame()``, ``summary()``...).

>>> import ssdcore
>>> ssdcore.catalog.add("run/bx200", catalog="runs.sqlite").status  # doctest: +SKIP
'added'
>>> ssdcore.catalog.runs("runs.sqlite", drive="bx200").to_frame()   # doctest: +SKIP
>>> ssdcore.catalog.figures("runs.sqlite").plot(figure="write_curves.degradation.cache_bytes")  # doctest: +SKIP
>>> ssdcore.catalog.compare(["bx200", "ssd370"], catalog="runs.sqlite", out="cmp")  # doctest: +SKIP
"""
from __future__ import annotations

import json
import os
import sqlite3
import urllib.request
from contextlib import closing
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from ._errors import check
from ._ffi import ffi, lib
from ._util import PathLike, make_handle, option_text, take_string, take_text
from .compare import compare as _compare
from .results import CatalogAddResult, CatalogFigures, CatalogRuns, CompareResult

__all__ = ["path", "add", "runs", "figures", "compare"]


def path() -> str:
    """The default catalog: $SSDCORE_CATALOG, else
    $XDG_DATA_HOME/ssdcore/catalog.sqlite, else
    ~/.local/share/ssdcore/catalog.sqlite."""
    return take_text(lib.ssd_catalog_default_path)


def _open(catalog: Optional[PathLike], existing: bool = False) -> Any:
    c = make_handle("catalog", options={"create": not existing})
    check(lib.ssd_catalog_open(c, os.fsencode(catalog) if catalog is not None else ffi.NULL),
          lambda: lib.ssd_catalog_errmsg(c))
    return c


def add(run_dir: PathLike, catalog: Optional[PathLike] = None) -> CatalogAddResult:
    """Adds the run in ``run_dir`` to the catalog (created when missing) and
    returns a :class:`~ssdcore.results.CatalogAddResult` (``status``
    "added", "updated" or "unchanged")."""
    c = _open(catalog)
    rc = check(lib.ssd_catalog_add(c, os.fsencode(run_dir)), lambda: lib.ssd_catalog_errmsg(c))
    return CatalogAddResult({"catalog": _path(catalog), "run_dir": os.fsdecode(os.fspath(run_dir)),
                             "status": {1: "added", 2: "updated"}.get(rc, "unchanged")})


def _match(drive: Optional[str]) -> Tuple[str, Tuple[str, ...]]:
    if drive is None or drive == "":
        return "", ()
    d = option_text(drive).decode().lower()
    return (" WHERE instr(lower(coalesce(r.drive,'')),?1) OR instr(lower(coalesce(r.model,'')),?1)"
            " OR instr(lower(coalesce(r.serial,'')),?1) OR instr(lower(coalesce(r.target,'')),?1)",
            (d,))


def _connect(catalog: Optional[PathLike]) -> sqlite3.Connection:
    file = _path(catalog)
    # The same checks and errors as the C side; a missing catalog raises
    # FileNotFoundError (ssdcore.NotFound), nothing is created.
    _open(file, existing=True)
    # A URI, for mode=ro: the path quoted, so '#', '%' and '?' are the
    # file's own characters, not a fragment, an escape or a query.
    uri = "file:" + urllib.request.pathname2url(os.path.abspath(file)) + "?mode=ro"
    return sqlite3.connect(uri, uri=True)


def _path(catalog: Optional[PathLike]) -> str:
    return os.fsdecode(os.fspath(catalog)) if catalog is not None else path()


def _rows(catalog: Optional[PathLike], sql: str, args: Tuple[str, ...]) -> List[Dict[str, Any]]:
    with closing(_connect(catalog)) as db:
        db.row_factory = sqlite3.Row
        return [dict(r) for r in db.execute(sql, args)]


def runs(catalog: Optional[PathLike] = None, drive: Optional[str] = None) -> CatalogRuns:
    """The catalogued runs (oldest first) whose drive, model, serial or
    target contains ``drive`` (case-insensitive), as a
    :class:`~ssdcore.results.CatalogRuns`: the library's list (``ssdcore
    catalog list --json``), so every reader matches and orders runs alike."""
    c = _open(catalog, existing=True)
    rows = json.loads(take_text(lambda *a: lib.ssd_catalog_list(*a, ffi.NULL), c,
                                option_text(drive) if drive else ffi.NULL, b"json",
                                detail=lambda: lib.ssd_catalog_errmsg(c)))
    return CatalogRuns({"catalog": _path(catalog), "drive": drive or None, "runs": rows})


def figures(catalog: Optional[PathLike] = None,
                    drive: Optional[str] = None) -> CatalogFigures:
    """Every headline figure of the matching runs as a
    :class:`~ssdcore.results.CatalogFigures`."""
    where, args = _match(drive)
    rows = _rows(catalog,
                 "SELECT f.run_id, r.drive, r.started, f.key AS figure, f.value FROM figures f"
                 " JOIN runs r ON r.id = f.run_id" + where + " ORDER BY r.started, r.id, f.key",
                 args)
    return CatalogFigures({"catalog": _path(catalog), "drive": drive or None, "figures": rows})


def compare(drives: Iterable[str], catalog: Optional[PathLike] = None,
            out: Optional[PathLike] = None, *, highlight: Union[str, int, None] = None,
            title: Optional[str] = None, runs: Optional[Iterable[Union[int, str]]] = None,
            suite: Optional[str] = None, date: Optional[str] = None) -> CompareResult:
    """:func:`ssdcore.compare` over the newest catalogued run of each drive text in
    ``drives``, among the runs of ``suite`` started on ``date`` (a prefix of
    the start time, "2026-12-03") when given, then the runs in ``runs``
    (catalog ids or run_id prefixes of 4+ hex digits). Drives are named as
    :func:`ssdcore.compare` names them (the profile's or the drive's model). Which
    run stood for each is in the result's ``.picked``, one line each:
    'drive "ssd370": run 7 (..., lab2016, started ..., DIR), the newest of
    3 matching runs'."""
    c = _open(catalog, existing=True)
    picks: list[tuple[bytes, Optional[str]]] = [(option_text(d), None) for d in drives]
    picks += [(b"", str(r)) for r in (runs or [])]
    dirs: list[str] = []
    picked: list[str] = []
    for d, run in picks:
        p, about = ffi.new("char **"), ffi.new("char **")
        check(lib.ssd_catalog_pick_run(
            c, d, run.encode() if run is not None else ffi.NULL,
            option_text(suite) if suite is not None else ffi.NULL,
            option_text(date) if date is not None else ffi.NULL, p, about),
            lambda: lib.ssd_catalog_errmsg(c))
        dirs.append(take_string(p))
        picked.append(take_string(about))
    result = _compare(dirs, out, highlight=highlight, title=title)
    result.picked = picked
    return result
