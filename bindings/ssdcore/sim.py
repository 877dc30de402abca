"""The simulated drive: built-in profiles and ground truth.

>>> import ssdcore
>>> [p["name"] for p in ssdcore.sim.profiles()][:2]
['bx200', 'ssd370']
>>> with ssdcore.SimTarget("sim:bx200,seed=7") as t:
...     t.idle(900)
...     ssdcore.sim.truth(t)["cache_effective_bytes"]
2147483648

Units follow the reviews: sizes in the parameters are GiB, speeds MiB/s;
everything in the ground truth is bytes, seconds or plain ratios.
"""
import json
import os
from typing import Any, Optional, Union, overload

from ._errors import check, error_from_code
from ._ffi import ffi, lib
from ._util import json_dict, take_string
from .job import Target, _opened
from .results import Listing, SimProfile, SimTruth

__all__ = ["profiles", "profile", "truth", "SimTarget"]


def profile(spec: str) -> SimProfile:
    """Resolve a spec ("bx200", "bx200,slc_gib=6", "file=/p.ini") to a
    :class:`~ssdcore.results.SimProfile`.

    Raises Error naming the key at fault for a bad spec.
    """
    if not isinstance(spec, str):
        raise TypeError(f"spec must be a string such as 'bx200', not {type(spec).__name__}")
    if spec.startswith("sim:"):
        spec = spec[4:]
    out = ffi.new("char **")
    rc = lib.ssd_sim_profile_to_json(spec.encode(), 0, out)
    text = take_string(out)
    if rc < 0:
        raise error_from_code(rc, f"sim:{spec}: {text}")
    return SimProfile(json.loads(text))


def profiles() -> Listing:
    """The built-in profiles, each as profile() returns it, in a
    :class:`~ssdcore.results.Listing`."""
    names = [ffi.string(lib.ssd_sim_profile_name(i)).decode()
             for i in range(lib.ssd_sim_profile_count())]
    return Listing([profile(n) for n in names], "sim profiles")


def _handle(target: Any) -> Any:
    if isinstance(target, ffi.CData):
        return target
    for attr in ("_t", "handle", "_handle", "_ptr"):
        if hasattr(target, attr):
            h = getattr(target, attr)
            if h is None:
                raise ValueError(f"{target!r} is closed")
            return h
    raise TypeError(f"expected a sim target, got {type(target).__name__}")


@overload
def truth(target: Any, key: None = None) -> SimTruth: ...


@overload
def truth(target: Any, key: str) -> float: ...


def truth(target: Any, key: Optional[str] = None) -> Union[SimTruth, float]:
    """Ground truth of an open sim target: a
    :class:`~ssdcore.results.SimTruth` (events that did not happen in the
    last job are None); or one float by key, a numeric figure's name (``truth(t, "gc_start_bytes")``). By
    key, an event that did not happen in the last job, None in the dict,
    raises :class:`ssdcore.FormatError` ("did not happen in the last
    job"), and a name that is no numeric figure (``"regime"``, a typo)
    :class:`ssdcore.InvalidArgument`.

    target is a Target or SimTarget opened on a sim: URI, any object with a ``handle`` holding an
    ``ssd_target *``, the cdata pointer itself, or a sim: URI, opened for
    the call as :func:`job` opens one (a fresh drive's truth).
    """
    if isinstance(target, (str, bytes, os.PathLike)):
        with _opened(target, {}) as t:
            return truth(t, key)
    h = _handle(target)
    if key is not None:
        out = ffi.new("double *")
        check(lib.ssd_sim_truth(h, key.encode(), out), lambda: lib.ssd_target_errmsg(h))
        return float(out[0])
    return SimTruth(json_dict(lib.ssd_sim_truth_to_json, h,
                              detail=lambda: lib.ssd_target_errmsg(h)))


class SimTarget(Target):
    """An open sim: target: a :class:`Target` with the ground truth at hand.

    >>> t = SimTarget("bx200,seed=7")    # "sim:" may be left out
    >>> t.truth("cache_effective_bytes")
    2147483648.0
    """

    def __init__(self, uri: str = "sim:bx200") -> None:
        uri = str(uri)
        if not uri.startswith("sim:"):
            uri = "sim:" + uri
        super().__init__(uri)
        self._uri = uri  # kept for repr() after close()

    @property
    def handle(self) -> Any:
        """The ``ssd_target *`` (None once closed)."""
        return self._t

    def truth(self, key: Optional[str] = None) -> Any:
        """Same as ssdcore.sim.truth(self, key): one float by key, else the dict."""
        return truth(self, key)

    def __repr__(self) -> str:
        return f"SimTarget({self._uri!r})"
