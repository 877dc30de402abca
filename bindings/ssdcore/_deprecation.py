"""Old names that still work for one release, with a DeprecationWarning
naming the new one (docs/python.md, "Renamed names")."""
from __future__ import annotations

import importlib
import warnings
from typing import Any, Callable, Dict, Mapping, Optional, Sequence


def deprecated(old: str, new: str, stacklevel: int = 3) -> None:
    """Warns that ``old`` goes in the next release: use ``new``. The default
    ``stacklevel`` points at the caller of the function that calls this."""
    warnings.warn(f"{old} is deprecated and goes in the next release: use {new}",
                  DeprecationWarning, stacklevel=stacklevel)


def old_keywords(fn: str, given: Mapping[str, Any], old: Sequence[str]) -> Dict[str, Any]:
    """``given``, a call's ``**deprecated`` (typed ``Unpack[NoOptions]``), as
    a dict, each key one of ``old``: the keywords ``fn`` took before and
    takes, warning, for one release, in no signature so that mypy refuses
    them. Another key is the TypeError Python raises for an unknown one."""
    for k in given:
        if k not in old:
            raise TypeError(f"{fn}() got an unexpected keyword argument {k!r}")
    return dict(given)


def renamed(module: str, names: Dict[str, str],
            old: Optional[Dict[str, Any]] = None, stacklevel: int = 3) -> Callable[[str], Any]:
    """A module ``__getattr__`` (PEP 562) for ``names``: old name -> the new
    one's dotted path under ssdcore (``"sim.truth"``). ``module.old`` gives
    the new object, or ``old[name]`` where the old name behaves as before
    (its old keys), with a DeprecationWarning; the old names are in no
    ``__all__`` and no ``dir()``. ``stacklevel`` as for :func:`deprecated`
    (4 when a module's own ``__getattr__`` calls this one)."""
    def __getattr__(name: str) -> Any:
        new = names.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        deprecated(f"{module}.{name}", f"ssdcore.{new}", stacklevel)
        if old and name in old:
            return old[name]
        where, _, attr = new.rpartition(".")
        return getattr(importlib.import_module("ssdcore" + ("." + where if where else "")),
                       attr)
    return __getattr__
