"""Batch analysis that scales out: many logs, one DataFrame.

``analyze_many`` runs the same analysis over many inputs, in this process,
over local worker processes (``workers=N``) or over a Dask cluster
(``client=dask.distributed.Client(...)``, the ``[dask]`` extra). The
DataFrame is the same whichever runs it: one row per input in input order,
fixed columns and dtypes (``ANALYSIS_COLUMNS``), and a table of every
phase joinable on ``source``, together a :class:`~ssdcore.results.BatchResult`
(``.frame``, ``.phases``).

>>> import ssdcore, numpy as np
>>> t = np.arange(1, 301, dtype=float)
>>> runs = [(t, np.where(t <= c, 400e6, 60e6)) for c in (50, 100)]
>>> r = ssdcore.analyze_many(runs + [None], errors="record")
>>> [round(x / 1e9) for x in r.frame["cache_bytes"][:2]], r.frame["error"][2]
([20, 40], 'item 2: None is not something to analyse')
>>> list(r.phases["source"].unique())
['item 0', 'item 1']
"""
from __future__ import annotations

import glob
import os
import pickle
import re
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from ._errors import error_from_code
from .progress import ProgressArg, Throttle
from .results import _ANALYSIS, _PHASE, BatchResult, _phase_rows
from .storage import glob_url, is_url, pyarrow_parquet

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._options import AnalysisOptions

__all__ = ["analyze_many", "expand_inputs", "read_results_parquet", "write_results_parquet",
           "ANALYSIS_COLUMNS", "PHASE_COLUMNS"]

_ANALYSIS_COLUMNS, _PHASE_COLUMNS = _ANALYSIS.columns, _PHASE.columns
ANALYSIS_COLUMNS = [c for c, _ in _ANALYSIS_COLUMNS]
"""The columns of analyze_many's DataFrame, in order."""
PHASE_COLUMNS = [c for c, _ in _PHASE_COLUMNS]
"""The columns of its phases table (``BatchResult.phases``)."""

_GLOB_CHARS = frozenset("*?[")


def _has_glob(p: str) -> bool:
    # A set test, not a generator over the path's characters: expanding
    # 2,000 plain paths took 2.9 ms, part of every batch's start.
    return not _GLOB_CHARS.isdisjoint(p)


class _Missing:
    """An input that names nothing: a glob without matches, None..."""

    def __init__(self, message: str) -> None:
        self.message = message


def _numeric_1d(x: Any) -> bool:
    try:
        a = np.asarray(x)
    except Exception:
        return False
    return a.ndim == 1 and a.dtype.kind in "fiu"


# fio writes one log per job thread: NAME_bw.1.log, NAME_bw.2.log... which
# together are one run (DESIGN.md: "several fio job logs" = one series).
_JOB_LOG = re.compile(r"^(?P<stem>.*_(?:bw|iops|lat|clat|slat))\.\d+\.log$")


def _group_job_logs(paths: List[str]) -> List[Tuple[str, Any]]:
    """Files matched by a glob: the fio job logs of one run (same stem, a
    thread number apart) as one input named STEM.*.log, other files alone."""
    groups: Dict[Tuple[bool, str], List[str]] = {}  # (a job log?, its stem or path): files
    for p in paths:
        m = _JOB_LOG.match(p)
        groups.setdefault((True, m.group("stem")) if m else (False, p), []).append(p)
    return [(f"{key}.*.log", x) if log and len(x) > 1 else (x[0], x[0])
            for (log, key), x in groups.items()]


def expand_inputs(items: Any) -> List[Tuple[str, Any]]:
    """(source, item) pairs: a path or glob string (or a sequence of them
    and of other inputs) expanded into one entry per file, sorted within
    each glob. A glob that matches nothing stays as an entry that fails.
    A mapping {source: input} names its inputs and expands nothing: a glob
    there is the job logs of one run, as :func:`ssdcore.analyze` reads it."""
    from collections.abc import Mapping
    if isinstance(items, Mapping) and not any(k in items for k in ("t_s", "series", "kind")):
        return [(str(k), v if v is not None else
                 _Missing(f"{k}: None is not something to analyse")) for k, v in items.items()]
    if isinstance(items, (str, bytes, os.PathLike)):
        items = [items]
    elif isinstance(items, tuple) and len(items) == 2 and _numeric_1d(items[0]):
        items = [items]  # one (t_s, bytes) pair, not two inputs
    out: List[Tuple[str, Any]] = []
    for i, it in enumerate(items):
        if isinstance(it, (str, bytes, os.PathLike)):
            p = os.fsdecode(it)
            if _has_glob(p):
                hits = (glob_url(p) if is_url(p) else
                        sorted(glob.glob(os.path.expanduser(p), recursive=True)))
                if not hits:
                    out.append((p, _Missing(f"{p}: no file matches this pattern")))
                out.extend(_group_job_logs(hits))
            else:
                out.append((p, p))
        elif it is None:
            out.append((f"item {i}", _Missing(f"item {i}: None is not something to analyse")))
        else:
            out.append((f"item {i}", it))
    return out


def _on_cluster(item: Any) -> Any:
    """An input as a cluster's workers open it: a relative local path made
    absolute (a worker's working directory is its own; the paths must be
    shared, e.g. NFS), a URL as it is (each worker reads it), the rest
    portable. The file's contents never go through the client."""
    if isinstance(item, (str, os.PathLike)) and not is_url(os.fspath(item)):
        return os.path.abspath(os.path.expanduser(os.fspath(item)))
    if isinstance(item, list) and item and all(isinstance(x, (str, os.PathLike)) for x in item):
        return [_on_cluster(x) for x in item]
    return _portable(item)


def _phases_path(path: Any) -> str:
    root, ext = os.path.splitext(os.fspath(path))
    return f"{root}.phases{ext or '.parquet'}"


def write_results_parquet(result: BatchResult, path: Any) -> None:
    """Write an :func:`analyze_many` result as Parquet (needs pyarrow): its
    rows (``result.frame``) to ``path`` with their dtypes, and its phases
    (``result.phases``) to ``NAME.phases.parquet`` beside it. Read both
    back with :func:`read_results_parquet`."""
    if not isinstance(result, BatchResult):
        raise TypeError("write_results_parquet: expected what analyze_many returns "
                        f"(a BatchResult), not {type(result).__name__}")
    pq = pyarrow_parquet()
    import pyarrow as pa
    for frame, p in ((result.frame, os.fspath(path)), (result.phases, _phases_path(path))):
        pq.write_table(pa.Table.from_pandas(frame, preserve_index=False), p,
                       compression="zstd")


def read_results_parquet(path: Any) -> BatchResult:
    """An :func:`analyze_many` result written by :func:`write_results_parquet`
    (or ``write_parquet=``): ``.frame`` from ``path``, ``.phases`` from
    ``NAME.phases.parquet`` beside it (empty, with the phase columns, when
    that file is missing)."""
    pq = pyarrow_parquet()
    df = pq.read_table(os.fspath(path)).to_pandas()
    pp = _phases_path(path)
    phases = (pq.read_table(pp).to_pandas() if os.path.exists(pp)
              else _Columns(_PHASE_COLUMNS).frame())
    return BatchResult(df, phases)


def _portable(item: Any) -> Any:
    """An input that can travel to another process (a Series handle cannot):
    its arrays and its metadata, which carries the run's context (capacity,
    what was written before), so that a worker reaches the same verdict."""
    from .analysis import Series
    if isinstance(item, Series):
        cols = {k: v for k, v in item.columns.items() if k.startswith("lat_") or k == "temp_c"}
        return dict(cols, t_s=item.t_s, bytes=item.bytes, metadata=item.metadata)
    return item


# The columns a file is read with in a batch, beside t_s and bytes: what
# its row holds (the medians of lat_p50_us, lat_p99_us and lat_p99_9_us)
# and what the phases depend on (temp_c, for
# throttling). analyze() reads every lat_* column, since its "latency"
# also has mean_us and max_us; a row has neither, and parsing the
# sampler's lat_mean_us and lat_max_us and taking their medians cost
# about 4 % of a two-hour log's CPU.
_ROW_READS = ["lat_p50_us", "lat_p99_us", "lat_p99_9_us", "temp_c"]


def _error_row(source: str, message: str, error_type: str) -> Tuple[Any, ...]:
    return (source, message, error_type) + (None,) * (len(ANALYSIS_COLUMNS) - 3)


def _analyze_chunk(chunk: Sequence[Tuple[str, Any]], reference: Any, ddir: str, record: bool,
                   per_io_interval_s: Union[float, str], options: Dict[str, float]
                   ) -> Tuple[_Block, _Block]:
    """Rows and phase rows of one chunk of inputs (runs in a worker too), as
    two blocks of columns (``_block``): straight from the analysis' JSON
    dict, no result object per input, and what goes back from a worker
    pickles as a few arrays."""
    from .analysis import _Analysis, _as_series
    an = _Analysis(options)
    ref = _as_series(reference, ddir, per_io_interval_s) if reference is not None else None
    rows: List[Tuple[Any, ...]] = []
    phases: List[Tuple[Any, ...]] = []
    for source, item in chunk:
        try:
            if isinstance(item, _Missing):
                if not record:
                    if item.message.endswith("pattern"):
                        raise error_from_code(-2, item.message)
                    raise TypeError(item.message)
                rows.append(_error_row(source, item.message,
                                       "NotFound" if item.message.endswith("pattern")
                                       else "TypeError"))
                continue
            s = _as_series(item, ddir, per_io_interval_s, _ROW_READS)
            d = an.run_json(s, ref, source)
            rows.append(_ANALYSIS.row(d))
            phases.extend(_phase_rows(d))
        except Exception as e:  # errors="record" keeps every failure on its row
            if not record:
                raise
            rows.append(_error_row(source, str(e) or type(e).__name__, type(e).__name__))
    return _block(rows, _ANALYSIS_COLUMNS), _block(phases, _PHASE_COLUMNS)


def _pack_chunk(chunk: List[Tuple[str, Any]]) -> Any:
    """A chunk as a Dask task carries it: a chunk of paths as one string
    (the paths joined by NUL, which no path holds), or a pair of strings
    (sources, paths) when a source is not its path (a relative path made
    absolute); anything else (arrays, a job's logs) as it is. Dask walks a
    task's arguments object by object, on the client, the scheduler (which
    unpickles the graph) and the worker: 2,000 (source, path) tuples cost
    the scheduler about 4 ms more per batch than 20 strings."""
    if not chunk or not all(type(s) is str and type(x) is str for s, x in chunk):
        return chunk
    sources = "\0".join(s for s, _ in chunk)
    paths = "\0".join(x for _, x in chunk)
    if sources.count("\0") != len(chunk) - 1 or paths.count("\0") != len(chunk) - 1:
        return chunk  # a NUL inside a name: keep the tuples
    return paths if sources == paths else (sources, paths)


def _unpack_chunk(packed: Any) -> List[Tuple[str, Any]]:
    """The chunk ``_pack_chunk`` packed."""
    if isinstance(packed, str):
        paths = packed.split("\0")
        return list(zip(paths, paths))
    if isinstance(packed, tuple):
        sources, paths = packed
        return list(zip(sources.split("\0"), paths.split("\0")))
    chunk: List[Tuple[str, Any]] = packed
    return chunk


def _analyze_chunk_bytes(packed: Any, reference: Any, ddir: str, record: bool,
                         per_io_interval_s: Union[float, str], options: Dict[str, float]) -> bytes:
    """What a Dask task runs: the chunk ``_pack_chunk`` packed, and
    ``_analyze_chunk``'s blocks pickled into one bytes object. Dask
    serialises a bytes result as one frame; the blocks themselves it would
    walk and send as one frame per array (about 60), and the worker's CPU
    per task was 2.5 ms with rows as tuples against 1.4 ms with one bytes
    object (Dask 2026.8, 100-log chunks)."""
    return pickle.dumps(_analyze_chunk(_unpack_chunk(packed), reference, ddir, record,
                                       per_io_interval_s, options),
                        protocol=pickle.HIGHEST_PROTOCOL)


def _chunks(items: List[Tuple[str, Any]], n_workers: int, chunksize: Optional[int]
            ) -> List[List[Tuple[str, Any]]]:
    if chunksize is not None:
        return [items[i:i + chunksize] for i in range(0, len(items), chunksize)]
    # Guided self-scheduling: each chunk a share of what remains, the
    # remainder over 2 x the workers (at most 256 inputs, so that results
    # waiting in memory stay few; at least 8, about 16 ms of work against
    # a chunk's own cost of about 0.4 ms of the parent's CPU for a local
    # pool, 3 ms of the client's and the scheduler's for a Dask task).
    # Large chunks first, small ones last: the workers finish together,
    # where equal chunks of 1/16 of a 2,000-log batch left one worker idle
    # for up to a chunk (0.25 s) at the end.
    # A small batch goes down to chunks of one input.
    out: List[List[Tuple[str, Any]]] = []
    i, n = 0, len(items)
    floor = max(1, min(8, n // (16 * n_workers)))
    while i < n:
        size = max(floor, min(256, -(-(n - i) // (2 * n_workers))))
        out.append(items[i:i + size])
        i += size
    return out


def _on_dask(client: Any, chunks: List[List[Tuple[str, Any]]], kwargs: Dict[str, Any],
             done: Any, group: int = 1) -> None:
    """Runs the chunks on a Dask cluster; ``done(part)`` gets each chunk's
    rows in input order, as soon as it and the ``group - 1`` chunks after
    it (or every chunk before it, when those are in already) are in.

    The rows are fetched by ``gather`` (``result()`` for one chunk), a
    round trip through the scheduler each, and never waited for with
    as_completed or ``wait`` with the rows gathered a quarter of the
    batch at a time: that saved the round trips, but with one worker
    (``dask worker --nthreads 1``, Dask 2026.8) the client then heard of
    finished tasks late, on a one-second beat: the worker ended its last
    task at 3.3 s and the 2,000-log batch returned at 7.2 s, in about one
    run out of two."""
    if kwargs.get("reference") is not None and not isinstance(kwargs["reference"], str):
        # A reference's arrays go to the workers once, not in every task.
        kwargs = dict(kwargs, reference=client.scatter([kwargs["reference"]], broadcast=True,
                                                       hash=False)[0])
    # The scheduler starts tasks in the order they were submitted
    # (checked with Dask 2026.8): the large chunks first.
    futures = client.map(_analyze_chunk_bytes, [_pack_chunk(c) for c in chunks],
                         pure=False, **kwargs)
    # In input order: the first failure raised is the first input's. The
    # chunks already finished when the client comes to them (the client
    # knows without asking) are fetched in one gather, one round trip for
    # all; when the next is not finished, the client waits for it and the
    # ``group - 1`` after it together, in one gather (which waits as
    # result() does, never with wait or as_completed: see above). A gather
    # is a round trip from the client through the scheduler to a worker and
    # back, about 1 ms of CPU of the three together; on two workers the
    # chunks finish by turns, so the client found at most one finished and
    # made about one gather a chunk. With groups of twice the workers, a
    # 2,000-log batch on two workers cost the client, the scheduler and
    # the workers' event loops 129 ms of CPU against 145 (Dask 2026.8).
    i = 0
    while i < len(futures):
        j = i
        while j < len(futures) and futures[j].status == "finished":
            j += 1
        if j == i:
            j = min(i + group, len(futures))
        try:
            parts = client.gather(futures[i:j]) if j - i > 1 else [futures[i].result()]
        except Exception:
            if j - i == 1:
                raise
            # A chunk of the group failed, maybe not the first one that
            # will: raise the first in input order, waiting for each.
            for f in futures[i:j]:
                f.result()
            raise
        for part in parts:
            done(pickle.loads(part))
        i = j


# A chunk's rows travel as one block of columns, not as tuples: a float
# column one float64 array (None as NaN), an Int64 or boolean column its
# values and a mask of the missing ones, a string column a list. A worker
# builds it beside its analysis; the parent only joins arrays. Building the
# DataFrame from 2,000 rows of tuples (pd.array of a list per column) cost
# the parent about 10 ms at the end of every batch, from blocks about 2.5 ms,
# and a Dask worker pickles a block as a few arrays instead of thousands of
# objects (see _analyze_chunk_bytes).
_Block = Tuple[int, List[Any]]


def _block(rows: List[Tuple[Any, ...]], spec: List[Tuple[str, str]]) -> _Block:
    """Rows (tuples in ``spec``'s column order) as one block of columns."""
    n = len(rows)
    cols: List[Any] = []
    for (_, dtype), vals in zip(spec, zip(*rows) if n else [()] * len(spec)):
        if dtype == "float64":
            cols.append(np.array(vals, dtype=np.float64))
        elif dtype in ("Int64", "boolean"):
            mask = np.fromiter((v is None for v in vals), dtype=bool, count=n)
            cols.append((np.array([False if v is None else v for v in vals],
                                  dtype=np.int64 if dtype == "Int64" else bool), mask))
        else:
            cols.append(list(vals))
    return n, cols


class _Columns:
    """A batch's rows as blocks of columns (see ``_block``), not one dict
    per row: a batch of a million logs holds its figures, not a million
    dicts of 35 keys; the DataFrame, built at the end, joins the blocks."""

    def __init__(self, columns: List[Tuple[str, str]]) -> None:
        self.spec = columns
        self.blocks: List[List[Any]] = []
        self.n = 0

    def extend(self, block: _Block) -> None:
        """One block, as ``_block`` makes it."""
        n, cols = block
        if n:
            self.blocks.append(cols)
        self.n += n

    def frame(self) -> Any:
        pd = __import__("pandas")
        blocks = self.blocks or [_block([], self.spec)[1]]
        data: Dict[str, Any] = {}
        for i, (name, dtype) in enumerate(self.spec):
            parts = [b[i] for b in blocks]
            if dtype == "float64":
                data[name] = np.concatenate(parts)
            elif dtype in ("Int64", "boolean"):
                array = pd.arrays.IntegerArray if dtype == "Int64" else pd.arrays.BooleanArray
                data[name] = array(np.concatenate([v for v, _ in parts]),
                                   np.concatenate([m for _, m in parts]))
            else:
                data[name] = pd.array([x for p in parts for x in p], dtype=dtype)
        return pd.DataFrame(data, columns=[c for c, _ in self.spec])


def analyze_many(paths_or_globs: Any, *, reference: Any = None, ddir: str = "write",
                 errors: str = "raise", per_io_interval_s: Union[float, str] = 0, workers: int = 1,
                 client: Any = None, chunksize: Optional[int] = None,
                 progress: ProgressArg = None, capacity_bytes: Any = None,
                 written_before_bytes: Any = None, write_parquet: Any = None,
                 **analysis_options: Unpack[AnalysisOptions]) -> BatchResult:
    """Analyse many series; returns a :class:`~ssdcore.results.BatchResult`:
    ``.frame``, a pandas DataFrame with one row per input, and ``.phases``,
    one row per phase.

    ``paths_or_globs``: a path or glob (``"logs/*.log"``), or a sequence of
    paths, globs and any other input :func:`ssdcore.analyze` takes (arrays,
    job results, DataFrames). A glob expands to one row per file, sorted;
    note that ``analyze`` treats a glob as the job logs of ONE run instead.
    A mapping ``{source: input}`` names each row itself; there a glob or a
    list of paths is one run's fio job logs (``{"qd32": "log_32_bw.*.log"}``).

    Columns are fixed (``ssdcore.batch.ANALYSIS_COLUMNS``) with nullable
    dtypes, whatever the inputs held: ``source``, ``error``, ``samples``,
    ``total_bytes``, ``cache_found``, ``cache_bytes`` (Int64)... and
    ``.phases`` is a DataFrame with one row per phase (``PHASE_COLUMNS``),
    joinable on ``source``.

    ``errors="record"`` catches every per-input failure (unreadable file,
    glob without matches, None, malformed input) and puts its message in the
    ``error`` column (its exception class in ``error_type``); ``"raise"``
    (the default) raises the first, the same exception class wherever it ran
    (ssdcore's exceptions pickle).

    ``workers=N`` (N > 1) spreads the inputs over N local processes;
    ``client=`` a ``dask.distributed.Client`` spreads them over its cluster
    (``Client("tcp://scheduler:8786")``): each worker opens its inputs
    itself, from their paths (made absolute: they must be the same on every
    machine) or URLs (``s3://...``, through fsspec), and only the compact
    rows come back; arrays and other inputs are sent to the workers.
    Paths and URLs may name Parquet files too (pyarrow, see
    :mod:`ssdcore.storage`). ``write_parquet="results.parquet"`` also
    writes both as Parquet (:func:`write_results_parquet`).
    ``progress`` counts inputs (see :mod:`ssdcore.progress`).
    ``capacity_bytes``, ``written_before_bytes`` and the keyword options are
    :func:`ssdcore.analyze`'s, for every input.
    """
    pd = __import__("pandas")
    if errors not in ("raise", "record"):
        raise ValueError(f"errors must be 'raise' or 'record', not {errors!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1, not {workers!r}")
    if chunksize is not None and (isinstance(chunksize, bool) or not isinstance(chunksize, int)
                                  or chunksize < 1):
        raise ValueError(f"chunksize must be a whole number >= 1, not {chunksize!r}")
    record = errors == "record"
    if write_parquet is not None:
        pyarrow_parquet()  # missing: say so now, not after the work
    from .analysis import _Analysis, _context_sizes
    # as analyze(): every input's drive has this size
    options: Dict[str, Any] = dict(analysis_options)
    _context_sizes("analyze_many", options, capacity_bytes, written_before_bytes)
    _Analysis(options)  # a bad option fails here, once, not on every row
    items = expand_inputs(paths_or_globs)
    ref = _portable(reference) if reference is not None else None
    throttle = Throttle(progress, desc="analyze_many")
    rows = _Columns(_ANALYSIS_COLUMNS)
    phases = _Columns(_PHASE_COLUMNS)

    def done(part: Tuple[_Block, _Block]) -> None:
        rows.extend(part[0])
        phases.extend(part[1])
        throttle.update(rows.n, len(items), "logs")

    try:
        if client is not None:
            n_workers = max(1, len(client.scheduler_info().get("workers", {})) or 1)
            chunks = _chunks([(s, _on_cluster(x)) for s, x in items], n_workers, chunksize)
            _on_dask(client, chunks, dict(reference=None if reference is None else
                                          _on_cluster(reference), ddir=ddir, record=record,
                                          per_io_interval_s=per_io_interval_s,
                                          options=options), done, group=2 * n_workers)
        elif workers > 1 and len(items) > 1:
            from concurrent.futures import ProcessPoolExecutor
            from collections import deque
            chunks = _chunks([(s, _portable(x)) for s, x in items], workers, chunksize)
            with ProcessPoolExecutor(max_workers=workers) as pool:
                # Four chunks per worker in flight, not all: results waiting
                # for an earlier chunk stay few whatever the number of files,
                # and a worker ahead of a slow one has chunks to go on with.
                futs: Any = deque()
                for c in chunks:
                    futs.append(pool.submit(_analyze_chunk, c, ref, ddir, record,
                                            per_io_interval_s, options))
                    if len(futs) >= 4 * workers:
                        done(futs.popleft().result())
                while futs:
                    done(futs.popleft().result())
        else:
            for c in _chunks(items, 1, chunksize or 64):
                done(_analyze_chunk(c, reference, ddir, record, per_io_interval_s, options))
    finally:
        throttle.finish(done=rows.n)
    result = BatchResult(rows.frame(), phases.frame())
    if write_parquet is not None:
        write_results_parquet(result, write_parquet)
    return result

