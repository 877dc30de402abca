"""Progress a person can watch: throttled callbacks and tqdm bars.

Every long call (``job``, ``suite``, ``filebench``, ``make_set``,
``copy_tree``, ``archive``, ``extract``, ``analyze_many``) takes
``progress=``:

- a callable, called with a dict at most 10 times a second (wall clock),
  and once more at the end: ``done`` and ``total`` (the planned total, or
  None when the run has none), ``unit`` ("bytes", "s" or "steps"),
  ``fraction`` (0..1 or None), ``rate_bps`` (bytes a second, the current
  rate, when ``unit`` is "bytes"; else None), ``elapsed_s`` and the call's
  own figures (``bytes``, ``bw_bps``, ``iops``, ``step``, ``name``...);
- ``True``: a tqdm bar (the ``[progress]`` extra), a text bar in a terminal
  and a widget in a notebook (``tqdm.auto``);
- None (the default): nothing.

The C library may report more often (a file operation after each file, a
job after each sample of a short interval; a sim: job, whose samples come
thousands a second of virtual time, at most ten times a second of wall
time); this module drops what a person could not read anyway, so a callback
costs nothing worth measuring.
"""
from __future__ import annotations

import time
from typing import Any, Callable, Dict, Optional, Union

__all__ = ["ProgressArg", "Throttle", "MAX_PER_SECOND"]

MAX_PER_SECOND = 10
"""At most this many progress calls per second reach the user."""

ProgressArg = Union[None, bool, Callable[[Dict[str, Any]], object]]


class _Bar:
    """A tqdm bar fed with the throttled updates."""

    def __init__(self, desc: str) -> None:
        from ._util import need
        self._tqdm = need("tqdm.auto", "progress=True", "'ssdcore[progress]'").tqdm
        self._bar: Any = None
        self._desc = desc
        self._unit = ""

    def __call__(self, p: Dict[str, Any]) -> None:
        total, done, unit = p.get("total"), float(p.get("done") or 0), str(p.get("unit") or "")
        if self._bar is None or unit != self._unit:
            if self._bar is not None:
                self._bar.close()
            scale = unit == "bytes"
            self._bar = self._tqdm(total=total, desc=self._desc, unit="B" if scale else unit,
                                   unit_scale=scale, unit_divisor=1024 if scale else 1000,
                                   leave=True, dynamic_ncols=True)
            self._unit = unit
        if total is not None and self._bar.total != total:
            self._bar.total = total
        self._bar.n = min(done, total) if total else done
        name = p.get("name")
        if name:
            self._bar.set_postfix_str(str(name), refresh=False)
        self._bar.refresh()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


class Throttle:
    """Passes at most :data:`MAX_PER_SECOND` updates a second to ``user``;
    ``finish`` always passes the last one."""

    def __init__(self, user: ProgressArg, desc: str = "ssdcore",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._bar: Optional[_Bar] = None
        self._fn: Optional[Callable[[Dict[str, Any]], object]] = None
        if user is True:
            self._bar = _Bar(desc)
            self._fn = self._bar
        elif callable(user):
            self._fn = user
        elif user is not None and user is not False:
            raise TypeError(f"progress must be a callable, True or None, not {user!r}")
        self._clock = clock
        self._start = clock()
        self._last = -1.0
        self._pending: Optional[Dict[str, Any]] = None
        self._latest: Optional[Dict[str, Any]] = None

    @property
    def active(self) -> bool:
        return self._fn is not None

    def update(self, done: float, total: Optional[float], unit: str,
               rate: Optional[float] = None, force: bool = False, **info: Any) -> None:
        """One update; passed on unless the last one was under 0.1 s ago
        (``force``: passed on anyway, e.g. a suite step's start)."""
        if self._fn is None:
            return
        now = self._clock()
        p = dict(info, rate_bps=rate if unit == "bytes" else None)
        p.update(done=done, total=total if total else None, unit=unit,
                 fraction=(min(done / total, 1.0) if total else None),
                 wall_s=now - self._start)
        self._latest = p
        if not force and self._last >= 0 and now - self._last < 1.0 / MAX_PER_SECOND:
            self._pending = p
            return
        self._deliver(p, now)

    def _deliver(self, p: Dict[str, Any], now: float) -> None:
        assert self._fn is not None
        self._last = now
        self._pending = None
        self._fn(p)

    def latest_value(self, key: str) -> Any:
        """A field of the latest update (None before any)."""
        return None if self._latest is None else self._latest.get(key)

    def finish(self, **override: Any) -> None:
        """Delivers the last update (with ``override`` applied), closes a bar."""
        try:
            p = self._pending
            if p is None and override:
                p = dict(self._latest) if self._latest is not None else None
            if p is not None and self._fn is not None:
                p.update(override)
                if p.get("total") and "done" in override:
                    p["fraction"] = min(float(p["done"]) / float(p["total"]), 1.0)
                self._deliver(p, self._clock())
        finally:
            if self._bar is not None:
                self._bar.close()
