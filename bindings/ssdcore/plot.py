"""Matplotlib figures of ssdcore results, drawn as the HTML report draws them
(the ``[plot]`` extra). Every result object has ``.plot()``, which lands here.

- :func:`write_curve`: write speed (MiB/s) against data written (GiB): a dot
  per sample, the 30 s moving average, the analysis's phases (bands, their
  levels dashed, the regime named when the analysis gives one), the cache
  end, folding and GC marked; ``zoom=True`` shows the cache only,
  ``x="time"`` draws against seconds;
- :func:`latency_spectrum`: latency against percentile on the
  one-more-nine-per-step scale (90, 99, 99.9...);
- :func:`scaling`: a suite's QD, block-size or mixed-workload curves;
- :func:`overlay`: several runs' write curves on one axes;
- :func:`trace_bars`: an apps or full-system run's MiB/s per trace, the
  score as a line;
- :func:`replay_rate`: a replay's throughput over time;
- :func:`compare_bars`: compared drives' figures against the highlighted one, in %;
- :func:`catalog_history`: one catalogued figure across runs, a line per drive;
- :func:`batch_bars`: one column of an ``analyze_many`` batch, a bar per input;
- :func:`sim_truth`: a sim: drive's ground truth (its regimes and their
  levels) against data written, over a run's write curve;
- :func:`fileops_times`: a copy's, archive's, extract's or file set's
  seconds per part of the run, the total and the rate named.

>>> import ssdcore, numpy as np
>>> t = np.arange(1, 601, dtype=float)
>>> a = ssdcore.analyze((t, np.where(t <= 100, 400e6, 60e6)))
>>> ax = a.plot()                      # the write curve, cache end marked
>>> ax.get_xlabel()
'data written, GiB'
"""
from __future__ import annotations

import math
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from .results import (MIB, AnalysisResult, AppsResult, BatchResult, CatalogFigures,
                      CompareResult, FilebenchResult, FioResult, FsdResult, JobResult,
                      ReplayResult, SimTruth, SuiteResult, _FileopsResult)

__all__ = ["plot", "write_curve", "cache_zoom", "latency_spectrum", "scaling", "overlay",
           "trace_bars", "replay_rate", "compare_bars", "catalog_history", "batch_bars",
           "fileops_times", "fio_bars", "sim_truth", "PALETTE"]

GIB = float(1 << 30)
PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
           "#17becf"]
"""The report's palette, in its order."""
_DOTS, _AVG, _LEVEL, _CACHE, _FOLD, _GC = ("#4a7fb8", "#08306b", "#e6550d", "#31a354",
                                           "#756bb1", "#a50f15")
_BANDS = ("#e8f0fa", "#f3f3f3")
_TEMP = "#c0392b"
_REGIME_BANDS = {"cache": "#e5f5e0", "direct": "#e8f0fa", "folding": "#efedf5",
                 "gc": "#fee0d2", "throttle": "#f8d7da", "slow_start": "#fdf3d0",
                 "other": "#f3f3f3"}


def _axes(ax: Any) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt
    _, ax = plt.subplots(figsize=(9, 4.5))
    return ax


def _as_analysis(data: Any) -> AnalysisResult:
    if isinstance(data, AnalysisResult):
        return data
    from .analysis import analyze
    return analyze(data)


MA_SAMPLES = 30
"""The report's moving average spans 30 samples (the reviews' 30 s at their
1 s sampling, whatever a run's interval is): report_chart.h's
SSD__MA_SAMPLES."""


def _pieces(x: np.ndarray, breaks: Sequence[float]) -> List[Tuple[int, int]]:
    """The sample ranges [lo, hi) between breaks (the x where a phase
    starts), as report_chart.c's moving_average segments them: samples at
    or before a break belong to the range before it."""
    n = len(x)
    cuts = sorted({int(np.searchsorted(x, b, side="right")) for b in breaks
                   if np.isfinite(b)} - {0, n})
    return list(zip([0] + cuts, cuts + [n])) if n else []


def _moving_average(x: np.ndarray, y: np.ndarray, window: int,
                    breaks: Sequence[float] = ()) -> np.ndarray:
    """Centred moving average of y over ``window`` samples that never
    crosses a break (the x where a phase starts), as report_chart.c's
    moving_average: each window is clipped to its sample's range
    (``_pieces``)."""
    out = np.full(len(y), np.nan)
    half = max(int(window), 1) // 2
    pre = np.concatenate(([0.0], np.cumsum(np.nan_to_num(y))))
    for lo_seg, hi_seg in _pieces(x, breaks):
        i = np.arange(lo_seg, hi_seg)
        lo = np.maximum(i - half, lo_seg)
        hi = np.minimum(i + half + 1, hi_seg)
        out[lo_seg:hi_seg] = (pre[hi] - pre[lo]) / (hi - lo)
    return out


def _broken_line(x: np.ndarray, y: np.ndarray,
                 pieces: List[Tuple[int, int]]) -> Tuple[np.ndarray, np.ndarray]:
    """x, y as report_chart.c's ma_lines draws the moving average: a piece
    per phase with a gap (NaN) between, so no line runs across a phase
    start (a cliff drawn as a slope); a piece of one sample runs from
    where its bytes start (the sample before it, or 0)."""
    px: List[np.ndarray] = []
    py: List[np.ndarray] = []
    for lo, hi in pieces:
        if px:
            px.append(np.array([np.nan]))
            py.append(np.array([np.nan]))
        if hi - lo == 1:
            px.append(np.array([x[lo - 1] if lo else 0.0]))
            py.append(np.array([y[lo]]))
        px.append(x[lo:hi])
        py.append(y[lo:hi])
    if not px:
        return np.zeros(0), np.zeros(0)
    return np.concatenate(px).astype(float), np.concatenate(py).astype(float)


def _short_name(source: Any) -> str:
    """A title-sized name for an analysis's source: a series file's stem
    ("degradation"), not its whole temporary path."""
    import os
    name = os.path.basename(str(source or "").rstrip("/")) or "series"
    for ext in (".csv", ".json", ".log"):
        if name.endswith(ext):
            name = name[: -len(ext)]
    return name if len(name) <= 40 else name[:37] + "..."


def write_curve(result: Any, ax: Any = None, *, window_s: Optional[float] = None,
                zoom: bool = False, dots: bool = True, phases: bool = True,
                label: Optional[str] = None, color: Optional[str] = None,
                x: str = "gib") -> Any:
    """Write speed against data written, with the analysis drawn on it.

    ``result``: an :class:`AnalysisResult`, or anything ``analyze`` takes (a
    job result, a path...). The moving average is the report's: 30 samples,
    never across a phase boundary; ``window_s`` sets its width in seconds
    instead. ``zoom=True``: only the cache and what follows it (up to 2.5 ×
    the cache; labels outside it are left out). ``x="time"``: against
    seconds rather than GiB written. ``label``/``color``: the run's name and
    colour, carried by its cache, folding and GC marks too (for overlays).
    Returns the axes.
    """
    if x not in ("gib", "time"):
        raise ValueError(f"x must be 'gib' or 'time', not {x!r}")
    a = _as_analysis(result)
    ax = _axes(ax)
    t, b = np.asarray(a.t_s, dtype=float), np.asarray(a.bytes, dtype=float)
    if len(t) == 0:
        raise ValueError("the analysis carries no samples to draw (it was built from JSON "
                         "alone); analyze the series itself")
    dt = np.diff(np.concatenate(([0.0], t)))
    # As the report: a stray last interval (under half the median) is left
    # out, it would read as a spike.
    if len(dt) >= 2 and dt[-1] < 0.5 * float(np.median(dt)):
        t, b, dt = t[:-1], b[:-1], dt[:-1]
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = np.where(dt > 0, b / dt, np.nan) / MIB
    cum = np.cumsum(b)
    gib = cum / GIB
    by_time = x == "time"
    xs = t if by_time else gib

    def at(nbytes: float) -> float:
        """Where a byte count written lands on the x axis."""
        return float(np.interp(nbytes, cum, t)) if by_time else nbytes / GIB

    xmax = float(xs[-1]) if len(xs) else 1.0
    # The cache starts after a slow start (its own first phase, not in its size).
    lead = (float(a.phases[0]["end_bytes"])
            if a.phases and a.phases[0].get("regime") == "slow_start" else 0.0)
    if zoom and a.cache_bytes:
        xmax = min(xmax, at(lead + 2.5 * a.cache_bytes))
    # A run that never dropped cannot tell a cache from direct writes (the
    # analysis' regime_note says so): its "direct" is named as the guess it is.
    undecided = (a.cache_bytes is None and a.gc_start_bytes is None
                 and str(a.regime_note or "").startswith("the speed never dropped"))
    if phases:
        for k, p in enumerate(a.phases):
            x0, x1 = at(float(p.get("start_bytes") or 0)), at(float(p.get("end_bytes") or 0))
            regime = p.get("regime")
            band = _REGIME_BANDS.get(str(regime), _BANDS[k % 2]) if regime else _BANDS[k % 2]
            ax.axvspan(x0, x1, color=band, alpha=0.7, lw=0, zorder=0)
            lvl = float(p.get("level_bps") or 0) / MIB
            trend = a.gc_trend if (regime == "gc" and a.gc_sliding and
                                   p.get("start_bytes") == a.gc_start_bytes) else []
            if len(trend) >= 2:
                # A used state that slides is drawn as it slides: a flat
                # level would cross the curve.
                tx, ty = [at(q[0]) for q in trend], [q[1] / MIB for q in trend]
                ax.plot(tx, ty, color=_LEVEL, ls=(0, (6, 3)), lw=2, zorder=3,
                        label="phase levels (analysis)" if k == 0 else None)
                lvl = float(np.interp((x0 + x1) / 2, tx, ty))  # where its name goes
            else:
                ax.hlines(lvl, x0, x1, colors=_LEVEL, linestyles=(0, (6, 3)), lw=2, zorder=3,
                          label="phase levels (analysis)" if k == 0 else None)
            # A phase's name sits in the middle of what is shown of it;
            # none for a phase outside the zoom (a label far right of the
            # axes made Jupyter's tight figure 38,531 pixels wide).
            mid = (x0 + min(x1, xmax)) / 2
            if x0 >= xmax:
                continue
            if regime:
                name = "cache or direct" if undecided and regime == "direct" else str(regime)
                ax.text(mid, lvl, name, ha="center", va="bottom", fontsize=8, color=_LEVEL,
                        zorder=4, clip_on=True)
            if isinstance(p.get("dips"), dict):
                ax.text(mid, lvl, "dips", ha="center", va="top", fontsize=7, color=_GC,
                        zorder=4, clip_on=True)
    if dots:
        ax.plot(xs, rate, ".", ms=2.5, color=color or _DOTS, zorder=1,
                label=(f"{label}: per sample" if label else "per sample"))
    if window_s is not None:
        med = float(np.median(dt)) if len(dt) else 1.0
        window = max(int(round(window_s / med)), 1) if med > 0 else MA_SAMPLES
    else:
        window = MA_SAMPLES
    breaks = [float(p["start_bytes"]) / GIB for p in a.phases[1:]
              if p.get("start_bytes") is not None]
    avg = _moving_average(gib, rate, window, breaks)
    ma_name = (f"{window_s:g} s moving average" if window_s is not None
               else f"moving average of {window} samples")
    ax.plot(*_broken_line(xs, avg, _pieces(gib, breaks)), "-", lw=1.8, color=color or _AVG,
            zorder=2, label=(label or ma_name))
    who = f"{label}: " if label else ""
    if a.cache_bytes is not None:
        # Where the report draws it: at its upper bound when the drop fell
        # inside the first sample ("at most"), else at cache_bytes.
        at_most = a.cache_at_most_bytes
        end = at_most if at_most is not None else a.cache_bytes
        ge = ("≤ " if at_most is not None
              else "≥ " if a.cache_censored not in (None, "none") else "")
        after = f" after a {lead / GIB:.2f} GiB slow start" if lead else ""
        ax.axvline(at(lead + end), color=color or _CACHE, lw=2, zorder=4,
                   label=f"{who}SLC cache {ge}{end / GIB:.2f} GiB{after}")
    if a.folding_start_bytes is not None:
        ax.axvline(at(a.folding_start_bytes), color=color or _FOLD, lw=2, ls="-.", zorder=4,
                   label=f"{who}folding from {a.folding_start_bytes / GIB:.1f} GiB")
    if a.gc_start_bytes is not None:
        ax.axvline(at(a.gc_start_bytes), color=color or _GC, lw=2, ls=":", zorder=4,
                   label=f"{who}used state (GC) from {a.gc_start_bytes / GIB:.1f} GiB")
    if a.throttle_start_bytes is not None:
        ax.axvline(at(a.throttle_start_bytes), color=color or _TEMP, lw=2, zorder=4,
                   label=f"{who}throttles at {a.throttle_temp_c:.1f} °C")
    ax.set_xlim(0, xmax)
    top = np.nanmax(rate) if np.isfinite(rate).any() else 1.0
    ax.set_ylim(0, top * 1.08)
    temp = a.latency_columns.get("temp_c")
    if temp is not None and np.isfinite(temp).any():
        # The drive's temperature on a second axis, as the report draws it
        # (a reading that failed is a gap, never 0).
        temp = np.asarray(temp, dtype=float)[:len(xs)]
        tax = ax.twinx()
        tax.plot(xs, temp, "-", lw=1.4, color=_TEMP, label="drive temperature, °C")
        lo, hi = np.nanmin(temp), np.nanmax(temp)
        tax.set_ylim(np.floor(lo / 10) * 10, max(np.ceil(hi / 10) * 10, np.floor(lo / 10) * 10 + 20))
        tax.set_ylabel("°C", color=_TEMP)
        tax.tick_params(axis="y", colors=_TEMP)
    ax.set_xlabel("time, s" if by_time else "data written, GiB")
    ax.set_ylabel("MiB/s")
    ax.set_title(f"{_short_name(a.source)}: write speed against "
                 + ("time" if by_time else "data written") + (" (cache)" if zoom else ""))
    ax.legend(loc="upper right", fontsize=8)
    return ax


def cache_zoom(result: Any, ax: Any = None, **kwargs: Any) -> Any:
    """:func:`write_curve` zoomed on the cache and the drop after it."""
    return write_curve(result, ax, zoom=True, **kwargs)


_NINES = [0, 90, 99, 99.9, 99.99, 99.999, 99.9999]


def latency_spectrum(results: Union[Any, Sequence[Any]], ax: Any = None, *,
                     direction: str = "all", labels: Optional[Sequence[str]] = None) -> Any:
    """Latency (µs, log scale) against percentile, each step one more nine.

    ``results``: a job result (or a list of them, one line each) or a
    :class:`SuiteResult` (its random 4K tests and degradation run, as in the
    report).
    """
    ax = _axes(ax)
    runs: List[Any]
    names: List[str]
    if isinstance(results, SuiteResult):
        runs, names = [], []
        for s in results.steps:
            nm = str(s.get("name", ""))
            if s.get("kind") == "job" and isinstance(s.get("results"), dict) and (
                    nm.startswith("rand4k") or nm == "degradation"):
                runs.append(JobResult(s["results"]))
                names.append(nm)
    elif isinstance(results, (list, tuple)):
        runs = list(results)
        names = [f"run {i + 1}" for i in range(len(runs))]
    else:
        runs = [results]
        names = [JobResult(results)._title() if isinstance(results, dict) else "run"]
    if labels is not None:
        names = list(labels)
    from .job import latency_percentiles
    k = np.arange(0, 6 * 8 + 1) / 8.0  # eight points per nine, out to 99.9999 %
    pct = 100.0 * (1.0 - 10.0 ** (-k))
    drawn = 0
    for i, (r, nm) in enumerate(zip(runs, names)):
        us = np.asarray(latency_percentiles(r, direction, pct), dtype=float) / 1e3
        ok = np.isfinite(us) & (us > 0)
        if not ok.any():
            continue
        ax.plot(k[ok], us[ok], color=PALETTE[i % len(PALETTE)], lw=2,
                ls="--" if nm == "degradation" else "-", label=nm)
        drawn += 1
    if not drawn:
        raise ValueError("no latency to draw: the results carry no I/O with a latency "
                         "distribution")
    ax.set_yscale("log")
    ax.set_xticks(range(len(_NINES)))
    ax.set_xticklabels([f"{p:g}" for p in _NINES])
    ax.set_xlim(0, 6)
    ax.set_xlabel("percentile, % (each step one more nine)")
    ax.set_ylabel("latency, µs (log scale)")
    ax.set_title("latency by percentile")
    ax.grid(True, which="both", color="#eee")
    ax.legend(loc="upper left", fontsize=8)
    return ax


def _groups(suite: SuiteResult) -> Dict[str, List[Dict[str, Any]]]:
    out: Dict[str, List[Dict[str, Any]]] = {}
    for s in suite.steps:
        g = s.get("group")
        if s.get("kind") == "job" and g and g != "prepare" and s.get("x") is not None \
                and isinstance(s.get("summary"), dict):
            out.setdefault(str(g), []).append(s)
    return out


def scaling(suite: SuiteResult, group: Optional[str] = None, ax: Any = None, *,
            figure: str = "auto", family: Optional[str] = None) -> Any:
    """A suite's scaling curves (``group``: "qd-randread", "bs-randwrite",
    "mixed-rand"...; None draws every group of ``family`` ("qd", "bs",
    "mixed"), by default the first group's).
    ``figure``: "iops", "bw_bps" (drawn in MiB/s) or "auto" (IOPS for 4K
    random, MiB/s otherwise)."""
    ax = _axes(ax)
    groups = _groups(suite)
    if not groups:
        raise ValueError("this suite has no scaling steps (steps with a group and an x)")
    if group is None:
        fam = family or next(iter(groups)).split("-")[0]
        names = [g for g in groups if g.split("-")[0] == fam]
    else:
        if group not in groups:
            raise KeyError(f"no scaling group {group!r}; groups: {', '.join(groups)}")
        names = [group]
    # One unit per axes: IOPS only when every curve is a random QD curve.
    use_iops = figure == "iops" or (figure == "auto" and all(
        g.startswith("qd-rand") for g in names))
    for i, g in enumerate(names):
        steps = sorted(groups[g], key=lambda s: float(s["x"]))
        xs = [float(s["x"]) for s in steps]
        ys = [float(s["summary"].get("iops" if use_iops else "bw_bps") or 0)
              / (1 if use_iops else MIB) for s in steps]
        ax.plot(xs, ys, "o-", color=PALETTE[i % len(PALETTE)], label=g)
        ax.set_ylabel("IOPS" if use_iops else "MiB/s")
    fam = names[0].split("-")[0]
    if fam in ("qd", "bs"):
        ax.set_xscale("log", base=2)
    ax.set_xlabel({"qd": "queue depth", "bs": "block size, bytes",
                   "mixed": "reads, %"}.get(fam, "x"))
    ax.set_title(f"{fam} scaling" if fam != "mixed" else "mixed workloads")
    ax.grid(True, color="#eee")
    ax.legend(fontsize=8)
    return ax


def overlay(results: Sequence[Any], ax: Any = None, *,
            labels: Optional[Sequence[str]] = None, window_s: Optional[float] = None,
            dots: bool = False, x: str = "gib") -> Any:
    """Several runs' write curves on one axes (moving averages; ``dots=True``
    adds the samples), e.g. drives compared or a run before and after idle.
    Each run's cache, folding and GC marks carry its name and its curve's
    colour."""
    ax = _axes(ax)
    for i, r in enumerate(results):
        a = _as_analysis(r)
        name = labels[i] if labels is not None else _short_name(a.source or f"run {i + 1}")
        write_curve(a, ax, window_s=window_s, dots=dots, phases=False, label=name,
                    color=PALETTE[i % len(PALETTE)], x=x)
    ax.legend(fontsize=8)
    ax.set_title("write speed against " + ("time" if x == "time" else "data written"))
    return ax


def filebench_bars(result: FilebenchResult, ax: Any = None) -> Any:
    """MiB/s per file-test step, as bars."""
    ax = _axes(ax)
    steps = result.steps
    names = [str(s.get("step")) for s in steps]
    # bytes/s (bw_bps) as MiB/s
    vals = [float(s.get("bw_bps") or 0) / MIB for s in steps]
    ax.bar(names, vals, color=PALETTE[: len(names)] or None)
    ax.set_ylabel("MiB/s")
    ax.set_title(f"file tests ({result.get('set', '')} set)")
    return ax


def trace_bars(result: Union[AppsResult, FsdResult], ax: Any = None) -> Any:
    """MiB/s per trace as bars; the run's score (apps: total bytes / busy
    time; fsd: the scored traces' bandwidth) as a dashed line."""
    ax = _axes(ax)
    names = [str(t.get("name")) for t in result.traces]
    vals = [float(t.get("bw_bps") or 0) / MIB for t in result.traces]
    ax.bar(names, vals, color=PALETTE[0])
    level = result.score_bps if isinstance(result, AppsResult) else result.bw_bps
    ax.axhline(level / MIB, color=_LEVEL, linestyle="--",
               label=f"{'score' if isinstance(result, AppsResult) else 'bandwidth'} "
                     f"{level / MIB:.1f} MiB/s")
    ax.set_ylabel("MiB/s")
    ax.tick_params(axis="x", labelrotation=60)
    ax.legend(loc="best")
    ax.set_title(f"{result.kind}: {result._title()}")
    return ax


def replay_rate(result: ReplayResult, ax: Any = None) -> Any:
    """A replay's throughput (MiB/s) per sampling interval against time."""
    ax = _axes(ax)
    df = result.to_frame()
    ax.plot(df["t_s"], df["rate_bps"] / MIB, marker=".", color=_DOTS)
    ax.set_xlabel("time, s")
    ax.set_ylabel("MiB/s")
    ax.set_title(f"replay: {result._title()}")
    return ax


def compare_bars(result: CompareResult, ax: Any = None, *,
                 figures: Optional[Sequence[str]] = None) -> Any:
    """Each figure (``figures``: keys, default every one with a percentage)
    as horizontal bars, one per drive: its difference against the
    highlighted drive in % (compare.csv's ``pct_vs_highlight``)."""
    ax = _axes(ax)
    df = result.to_frame()
    df = df[df["pct_vs_highlight"].notna()]
    keys = list(figures) if figures is not None else list(dict.fromkeys(df["figure"]))
    drives = result.drives
    height = 0.8 / max(len(drives), 1)
    for i, drive in enumerate(drives):
        part = df[df["drive"] == drive].set_index("figure")
        vals = [float(part["pct_vs_highlight"].get(k, np.nan)) for k in keys]
        ax.barh(np.arange(len(keys)) + i * height, vals, height=height, label=drive,
                color=PALETTE[i % len(PALETTE)])
    labels = dict(zip(df["figure"], df["label"]))
    ax.set_yticks(np.arange(len(keys)) + 0.4 - height / 2)
    ax.set_yticklabels([str(labels.get(k, k)) for k in keys])
    ax.axvline(0, color="#333333", linewidth=0.8)
    ax.set_xlabel("difference against the highlighted drive, %")
    ax.legend(loc="best")
    ax.set_title(f"compare: {result._title()}")
    return ax


def catalog_history(result: CatalogFigures, figure: str, ax: Any = None) -> Any:
    """``figure`` (a dotted key) of every catalogued run against its start
    time, one line per drive."""
    ax = _axes(ax)
    df = result.to_frame()
    df = df[df["figure"] == figure].sort_values(["started", "run_id"])
    for i, (drive, part) in enumerate(df.groupby("drive", sort=True)):
        ax.plot(list(part["started"]), part["value"].to_numpy(dtype=float), marker="o",
                label=str(drive), color=PALETTE[i % len(PALETTE)])
    ax.set_ylabel(figure)
    ax.set_xlabel("run started")
    ax.tick_params(axis="x", labelrotation=30)
    ax.legend(loc="best")
    return ax


def batch_bars(result: BatchResult, column: str = "cache_bytes", ax: Any = None) -> Any:
    """``column`` of every input of a batch as a bar: bytes in GiB, rates
    (``_bps``) in MiB/s, anything else as it is; a missing value (no
    cache, a failed input) is no bar."""
    if column not in result.frame.columns:
        raise KeyError(f"no column {column!r} (columns: {', '.join(result.frame.columns)})")
    ax = _axes(ax)
    scale, unit = ((GIB, "GiB") if column.endswith("_bytes") else
                   (float(MIB), "MiB/s") if column.endswith("_bps") else (1.0, ""))
    vals = result.frame[column].to_numpy(dtype="float64", na_value=np.nan) / scale
    ax.bar([_short_name(s) for s in result.frame["source"]], vals, color=PALETTE[0])
    ax.set_ylabel(f"{column}{', ' + unit if unit else ''}")
    ax.tick_params(axis="x", labelrotation=60)
    return ax


def fio_bars(result: FioResult, ax: Any = None) -> Any:
    """MiB/s of each job and direction of a fio result as a bar."""
    ax = _axes(ax)
    ax.bar([f"{j.get('name')} {j.get('ddir')}" for j in result.jobs],
           [float(j.get("bw_bps") or 0) / MIB for j in result.jobs], color=PALETTE[0])
    ax.set_ylabel("MiB/s")
    ax.tick_params(axis="x", labelrotation=60)
    ax.set_title(f"fio: {result._title()}")
    return ax


def fileops_times(result: _FileopsResult, ax: Any = None) -> Any:
    """Where a file operation's time went: one horizontal bar per part of
    the run (a copy's scan + copy, sync, purge, failed attempts; an
    archive's or extract's read, codec, write, sync; a file set's write),
    in seconds, the run's total as a dashed line and its rate (MiB/s) in
    the title. These results carry no samples over time."""
    ax = _axes(ax)
    parts = result.parts_s()
    names = list(parts)[::-1]  # the first part on top
    ax.barh(names, [parts[k] for k in names], color=PALETTE[0])
    ax.axvline(result.total_s, color=_LEVEL, linestyle="--",
               label=f"total {result.total_s:.3g} s")
    ax.set_xlabel("seconds")
    ax.legend(loc="best")
    ax.set_title(f"{result._title()}, {result.bw_bps / MIB:.1f} MiB/s")
    return ax


# (A slump right after the cache is the analysis' `other`: docs/simulator.md.)
_TRUTH_BANDS = {"slc": "cache", "native": "direct", "folding": "folding", "gc": "gc",
                "throttle": "throttle", "slump": "other"}


def sim_truth(truth: SimTruth, series: Any = None, ax: Any = None) -> Any:
    """A sim: drive's ground truth against GiB written: each regime of its
    last job as a band (the report's colours: slc as cache, native as
    direct), named, its level (MiB/s) dashed; over ``series`` (a job
    result, an analysis or a series log, drawn by :func:`write_curve`
    without its own phases) when given, so the analysis's reading and the
    truth can be compared. Returns the axes."""
    ax = _axes(ax)
    if series is not None:
        write_curve(series, ax, phases=False)
    ends: List[float] = []
    for i, p in enumerate(truth.phases):
        x0 = float(p.get("start_bytes") or 0) / GIB
        x1 = x0 + float(p.get("bytes") or 0) / GIB
        regime = str(p.get("regime"))
        ax.axvspan(x0, x1, color=_REGIME_BANDS[_TRUTH_BANDS.get(regime, "other")], zorder=0)
        ax.text((x0 + x1) / 2, 0.97, f"truth: {regime}", ha="center", va="top", fontsize=8,
                transform=ax.get_xaxis_transform())
        level = p.get("level_bps")
        if level is not None:
            ax.hlines(float(level) / MIB, x0, x1, colors=_LEVEL, linestyles="--", zorder=3,
                      label="truth level" if i == 0 else None)
        ends.append(x1)
    if series is None:
        ax.set_xlim(0, max(ends, default=1.0) or 1.0)
        ax.set_ylim(0, max([float(p.get("level_bps") or 0) / MIB for p in truth.phases],
                           default=1.0) * 1.15 or 1.0)
        ax.set_xlabel("data written, GiB")
        ax.set_ylabel("MiB/s")
        ax.set_title(f"sim:{truth.profile}: ground truth of the last job")
    if truth.phases:
        ax.legend(loc="upper right", fontsize=8)
    return ax


def plot(result: Any, ax: Any = None, **kwargs: Any) -> Any:
    """Draws any result: an analysis or a long job as its write curve, a
    short job as its latency spectrum, a suite as a grid (write curves,
    latency, scaling), file tests as bars, a list as an overlay. Returns the
    axes (or the figure for a suite)."""
    if isinstance(result, (list, tuple)) and not (len(result) == 2 and
                                                  not isinstance(result[0], (dict, str))):
        return overlay(result, ax, **kwargs)
    draws: Tuple[Tuple[Any, Callable[[Any, Any], Any]], ...] = (
        (FilebenchResult, filebench_bars), (_FileopsResult, fileops_times),
        ((AppsResult, FsdResult), trace_bars), (ReplayResult, replay_rate), (FioResult, fio_bars))
    for kinds, draw in draws:
        if isinstance(result, kinds):
            return draw(result, ax)
    if isinstance(result, CompareResult):
        return compare_bars(result, ax, **kwargs)
    if isinstance(result, SuiteResult):
        return _suite_figure(result, **kwargs)
    if isinstance(result, JobResult):
        writes = bool((result.get("write") or {}).get("ios"))
        if writes and result.sample_count >= 20:
            return write_curve(result, ax, **kwargs)
        return latency_spectrum(result, ax, **kwargs)
    return write_curve(result, ax, **kwargs)


def _suite_figure(suite: SuiteResult, **kwargs: Any) -> Any:
    import matplotlib.pyplot as plt
    panels: List[Any] = []
    if suite.out_dir is not None:
        for s in suite.steps:
            if s.get("kind") == "job" and s.get("log") and s.get("state") == "done":
                panels.append(("curve", str(s.get("name"))))
    panels.append(("latency", None))
    for g in _groups(suite):
        fam = g.split("-")[0]
        if ("scaling", fam) not in panels:
            panels.append(("scaling", fam))
    cols = 2
    rows = int(math.ceil(len(panels) / cols))
    fig, axes = plt.subplots(rows, cols, figsize=(13, 4.2 * rows), squeeze=False)
    for (kind, arg), ax in zip(panels, axes.flat):
        try:
            if kind == "curve":
                write_curve(suite.analysis(str(arg)), ax)
            elif kind == "latency":
                latency_spectrum(suite, ax)
            else:
                scaling(suite, None, ax, family=str(arg))
        except (ValueError, KeyError, OSError) as e:
            ax.text(0.5, 0.5, f"{kind}: {e}", ha="center", va="center", transform=ax.transAxes)
    for ax in list(axes.flat)[len(panels):]:
        ax.set_visible(False)
    fig.suptitle(suite._title())
    fig.tight_layout()
    return fig
