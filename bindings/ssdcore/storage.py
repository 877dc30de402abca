"""Series kept where fleets keep them: Parquet files and object storage.

The C library reads series CSV and fio logs, and nothing else: it takes no
Arrow or cloud dependency. Python reads Parquet through pyarrow and URLs
(``s3://``, ``gs://``, ``https://``...) through fsspec, and hands the arrays
(or the CSV text) to the same C analysis, so the verdicts are the ones the
CSV gives.

A series in Parquet: columns ``t_s`` and ``bytes`` (required), optional
others (``lat_p99_us``...); the series metadata (the CSV's ``# {...}`` line:
capacity_bytes, written_before_bytes, precondition, pattern, block_size,
queue_depth...) in the file's key-value metadata, one key each, the value a
JSON text (a bare word such as ``seq_fill`` is taken as a string).
``Series.to_parquet`` writes that; ``read_series``, ``analyze`` and
``analyze_many`` read it, detected from content (the ``PAR1`` magic), not
from the file name.
"""
from __future__ import annotations

import io
import json
import os
from typing import Any, Dict, List, Optional, Sequence

import numpy as np

from ._errors import Error, error_from_code
from ._ffi import ffi, lib
from ._util import need

PARQUET_MAGIC = b"PAR1"
# Key-value metadata that Arrow and pandas write for themselves: not the run's.
_FOREIGN_KEYS = ("pandas", "ssdcore-series")


def pyarrow_parquet() -> Any:
    """pyarrow.parquet, or an ImportError that says what to install."""
    return need("pyarrow.parquet", "Parquet", "pyarrow (or pip install 'ssdcore[parquet]')")


def _fsspec() -> Any:
    return need("fsspec", "reading a URL", "fsspec (and its backend, e.g. s3fs for s3://)")


def is_url(p: Any) -> bool:
    """A URL fsspec opens (``s3://b/x.csv``, ``file:///x.csv``), not a local path."""
    if not isinstance(p, str):
        return False
    scheme, sep, _ = p.partition("://")
    return bool(sep) and scheme.replace("+", "").replace("-", "").isalnum()


def glob_url(pattern: str) -> List[str]:
    """The URLs a glob URL matches, sorted."""
    fs, path = _fsspec().core.url_to_fs(pattern)
    return sorted(fs.unstrip_protocol(h) for h in fs.glob(path))


def is_parquet_file(path: Any) -> bool:
    """Whether a local file starts with Parquet's magic (False if unreadable:
    the CSV reader then says why)."""
    try:
        with open(path, "rb") as f:
            return f.read(4) == PARQUET_MAGIC
    except (OSError, TypeError, ValueError):
        return False


def _metadata_from_kv(kv: Optional[Dict[bytes, bytes]]) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for k, v in (kv or {}).items():
        key = k.decode("utf-8", "replace")
        if key in _FOREIGN_KEYS or key.startswith("ARROW:"):
            continue
        text = v.decode("utf-8", "replace")
        try:
            out[key] = json.loads(text)
        except ValueError:
            out[key] = text  # a bare word: precondition=seq_fill
    return out


def series_from_parquet(src: Any, name: str, columns: Optional[Sequence[str]] = None) -> Any:
    """A Series from a Parquet file (a path or a binary file object).
    ``columns`` as ``Series.open``: the optional columns kept (``["lat_*"]``,
    ``[]``; None: all)."""
    from .analysis import Series
    pq = pyarrow_parquet()
    try:
        pf = pq.ParquetFile(src)
    except Exception as e:  # pyarrow's ArrowInvalid, OSError...
        raise error_from_code(lib.SSD_EFORMAT, f"{name}: not a readable Parquet file: {e}") from e
    have = list(pf.schema_arrow.names)
    missing = [c for c in ("t_s", "bytes") if c not in have]
    if missing:
        raise error_from_code(lib.SSD_EFORMAT,
                              f"{name}: a series needs columns t_s and bytes; this Parquet file "
                              f"has {', '.join(have) or 'no columns'}")

    def wanted(c: str) -> bool:
        return c in ("t_s", "bytes") or columns is None or any(
            c == w or (w.endswith("*") and c.startswith(w[:-1])) for w in columns)

    table = pf.read(columns=[c for c in have if wanted(c)])
    arrays: Dict[str, np.ndarray] = {}
    for c in table.column_names:
        col = table.column(c)
        if col.null_count and c in ("t_s", "bytes"):
            raise error_from_code(lib.SSD_EFORMAT,
                                  f"{name}: column {c} has {col.null_count} null values")
        try:
            arrays[c] = np.asarray(col.to_numpy(zero_copy_only=False), dtype=np.float64)
        except (TypeError, ValueError) as e:
            if c in ("t_s", "bytes"):
                raise error_from_code(lib.SSD_EFORMAT,
                                      f"{name}: column {c} is {col.type}, not numbers") from e
            continue  # an optional column that is no number: ignored, as the CSV's
    try:
        s = Series.from_arrays(arrays.pop("t_s"), arrays.pop("bytes"))
    except Error as e:  # "arrays: t_s[1] = 1: ...": say which file
        raise error_from_code(e.code, f"{name}: {e.detail}") from e
    for c, v in arrays.items():
        s.set_column(c, v)
    meta = _metadata_from_kv(pf.schema_arrow.metadata)
    if meta:
        s.metadata = meta
    return s


def series_to_parquet(series: Any, path: Any, compression: str = "zstd") -> None:
    """Write a Series as Parquet: its columns, and its metadata as key-value
    metadata (one key each, JSON values)."""
    pq = pyarrow_parquet()
    import pyarrow as pa
    cols = {"t_s": series.t_s, "bytes": series.bytes}
    cols.update(series.columns)
    kv = {k: json.dumps(v) for k, v in series.metadata.items()}
    kv["ssdcore-series"] = "1"
    table = pa.table(cols).replace_schema_metadata(kv)
    pq.write_table(table, os.fspath(path), compression=compression)


def open_url(url: str, ddir: str, columns: Optional[Sequence[str]]) -> Any:
    """A Series from a URL: read through fsspec by whoever calls this (a
    Dask worker reads its own inputs), Parquet or text by content."""
    from .analysis import Series
    fsspec = _fsspec()
    try:
        with fsspec.open(url, "rb") as f:
            data = f.read()
    except FileNotFoundError as e:
        raise error_from_code(-2, f"{url}: no such object") from e
    if data[:4] == PARQUET_MAGIC:
        return series_from_parquet(io.BytesIO(data), url, columns)
    if ddir != "write":
        raise ValueError(f"{url}: ddir={ddir!r} from a URL: only write (download the file)")
    buf = ffi.from_buffer(data)
    return Series._make(lib.ssd_series_parse, url.encode(), ffi.cast("const char *", buf),
                        len(data))
