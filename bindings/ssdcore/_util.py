"""Small helpers every module shares: paths and option values as C strings,
and the strings the library hands back.

Paths go to C as bytes through ``os.fsencode``, so a file name that is not
valid UTF-8 (a stray 0xff byte, as a filesystem allows) round-trips
unchanged, and str, bytes and ``os.PathLike`` all work.
"""
from __future__ import annotations

import functools
import json
import os
from typing import Any, Callable, Dict, List, Mapping, NoReturn, Optional, Sequence, Union

from ._errors import check
from ._ffi import ffi, lib

PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]



class RunContext(Dict[str, Any]):
    """A run's analysis context (capacity_bytes, written_before_bytes,
    precondition...) as a frame carries it in ``df.attrs["metadata"]``: a
    read-only dict whose copies are itself. pandas deep-copies ``attrs`` on
    every operation that makes a new frame: with a plain dict there a column
    select of a 7,200-row frame took 1.65x the time of one without attrs,
    with this 1.27x (pandas still copies the attrs dict around it). It is
    still a dict for json (``to_parquet`` keeps it) and pickle. To change a
    frame's context, assign a new mapping to ``df.attrs["metadata"]``."""

    def _read_only(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a RunContext is read-only: assign a new mapping to "
                        "df.attrs['metadata'] instead")

    __setitem__ = __delitem__ = _read_only
    update = pop = popitem = clear = setdefault = __ior__ = _read_only

    def __reduce__(self) -> Any:
        return (RunContext, (dict(self),))

    def __copy__(self) -> "RunContext":
        return self

    def __deepcopy__(self, memo: Dict[int, Any]) -> "RunContext":
        return self


def fspath_bytes(p: Any, what: str = "path") -> bytes:
    """A path as the bytes C gets; TypeError for anything that is no path
    (None must not open a file called "None"), ValueError for a NUL byte."""
    if not isinstance(p, (str, bytes, os.PathLike)):
        raise TypeError(f"{what}: expected a path (str, bytes or os.PathLike), "
                        f"not {type(p).__name__}")
    b = os.fsencode(p)
    if b"\0" in b:
        raise ValueError(f"{what}: embedded NUL byte in {p!r}")
    return b


def paths_bytes(p: Union[PathLike, Sequence[PathLike]], what: str = "path") -> List[bytes]:
    """One path or a sequence of paths, each as bytes."""
    if isinstance(p, (str, bytes, os.PathLike)):
        return [fspath_bytes(p, what)]
    return [fspath_bytes(x, what) for x in p]


def option_text(value: Any) -> bytes:
    """An option value as the library's text: booleans are 1/0, paths
    fs-encoded, floats in plain decimals (the library's size and duration
    parser takes no exponent: 1e-05 is "0.00001"), everything else str()."""
    if isinstance(value, bool):
        return b"1" if value else b"0"
    if isinstance(value, float) and "e" in repr(value):
        return format(value, ".12f").rstrip("0").rstrip(".").encode() or b"0"
    if isinstance(value, (bytes, bytearray)):
        out = bytes(value)
    elif isinstance(value, os.PathLike):
        out = os.fsencode(value)
    else:
        out = str(value).encode()
    if b"\0" in out:
        raise ValueError(f"embedded NUL byte in {value!r}")
    return out


def set_options(h: Any, options: Mapping[str, Any], setter: Any, errmsg: Any) -> None:
    """``setter(h, key, value)`` (an ``ssd_*_set_option``) for each option
    that is not None; a refused one raises with ``errmsg(h)`` as the detail."""
    for key, value in options.items():
        if value is not None:
            check(setter(h, key.encode(), option_text(value)), lambda: errmsg(h))


def make_handle(kind: str, *args: Any, options: Optional[Mapping[str, Any]] = None) -> Any:
    """A new ``ssd_<kind>`` handle, made by ``ssd_<kind>_create(&h, *args)``
    and freed with the Python object that holds it, with ``options`` set
    as :func:`set_options` sets them, checked by :func:`check_options` first."""
    if options:
        check_options(kind, options)
    box = ffi.new(f"ssd_{kind} **")
    check(getattr(lib, f"ssd_{kind}_create")(box, *args))
    h = ffi.gc(box[0], getattr(lib, f"ssd_{kind}_free"))
    if options:
        set_options(h, options, getattr(lib, f"ssd_{kind}_set_option"),
                    getattr(lib, f"ssd_{kind}_errmsg"))
    return h


def open_handle(kind: str, opener: Any, *args: Any) -> Any:
    """The ``ssd_<kind>`` handle that ``opener(&h, *args)`` makes from a file,
    freed with the Python object that holds it; on failure the error, with
    the message of the handle when the opener left one."""
    box = ffi.new(f"ssd_{kind} **")
    rc = opener(box, *args)
    h = ffi.gc(box[0], getattr(lib, f"ssd_{kind}_free")) if box[0] != ffi.NULL else None
    check(rc, (lambda: getattr(lib, f"ssd_{kind}_errmsg")(h)) if h is not None else None)
    return h


class Callback:
    """A C callback (``ctype``) running ``fn``. An exception ``fn`` raises,
    KeyboardInterrupt included, makes it return 1, which stops the run
    cleanly; the first one is kept as ``exc`` for the caller to raise once
    the C call has returned. ``c`` is what the C function takes."""

    def __init__(self, ctype: str, fn: Callable[..., int]) -> None:
        self.exc: Optional[BaseException] = None
        self.c = ffi.callback(ctype, fn, onerror=self._onerror)

    def _onerror(self, exc_type: Any, exc: Optional[BaseException], _tb: Any) -> int:
        if self.exc is None:
            self.exc = exc if exc is not None else exc_type()
        return 1


_OPTION_TYPES = ("size", "duration", "int", "float", "bool", "enum", "text")
_NUMBER_TYPES = _OPTION_TYPES[:4]


@functools.lru_cache(maxsize=None)
def options(handle: str) -> Dict[str, Dict[str, Any]]:
    """The options a handle takes ("job", "target", "suite", "replay"), as its
    ``ssd_<handle>_options`` table declares them: by key, a dict with
    ``type`` (size, duration, int, float, bool, enum or text), ``unit``,
    ``min``, ``max``, ``default`` (as text; "" when the help says),
    ``words`` (of an enum), ``help`` and ``test_hook``. The CLI's flags
    and ``--help`` come from the same table (docs/options.md).

    >>> import ssdcore
    >>> o = ssdcore.options("job")["qd"]
    >>> o["type"], o["min"], o["max"], o["default"]
    ('int', 1.0, 1024.0, '1')
    """
    fn = getattr(lib, f"ssd_{handle}_options", None) if handle.isidentifier() else None
    if fn is None:
        raise ValueError(f"options: no handle {handle!r} has an option table")
    n = ffi.new("size_t *")
    info = fn(n)

    def text(p: Any) -> str:
        return ffi.string(p).decode()

    return {text(o.name): {"type": _OPTION_TYPES[o.type], "unit": text(o.unit), "min": o.min,
                           "max": o.max, "default": text(o.default_value),
                           "words": text(o.words).split(), "help": text(o.help),
                           "test_hook": bool(o.flags & lib.SSD_OPTION_TEST_HOOK)}
            for o in (info[i] for i in range(n[0]))}


def check_options(kind: str, opts: Mapping[str, Any]) -> None:
    """Python keyword arguments against the handle's table (:func:`options`):
    a key it does not declare is a TypeError, as for any function, and so
    is a bool for a number (``qd=True`` is no queue depth)."""
    table = options(kind)
    unknown = set(opts) - set(table)
    if unknown:
        raise TypeError(f"unknown {kind} option(s): {', '.join(sorted(unknown))}")
    for key, value in opts.items():
        if isinstance(value, bool) and table[key]["type"] in _NUMBER_TYPES:
            raise TypeError(f"{kind} option {key}: expected a number, not {value!r}")


def need(module: str, what: str, install: str) -> Any:
    """An optional dependency (pandas, pyarrow, fsspec, tqdm), imported on
    first use; missing, an ImportError that says what to install."""
    try:
        return __import__(module, fromlist=["__name__"])  # the leaf module
    except ImportError as e:
        raise ImportError(f"{what} needs {module.split('.')[0]}: pip install {install}") from e


def take_string(out: Any) -> str:
    """The string the library handed over in ``out[0]`` (a ``char **``),
    decoded, and freed with ``ssd_free`` ("" for NULL)."""
    try:
        return ffi.string(out[0]).decode() if out[0] != ffi.NULL else ""
    finally:
        lib.ssd_free(out[0])


def take_text(fn: Any, *args: Any, detail: Optional[Callable[[], Any]] = None) -> str:
    """The string that ``fn(*args, &text)`` (an ``ssd_*`` call whose last
    argument is a ``char **``) hands over, decoded and freed. A failure
    raises with ``detail()`` (the handle's message), or without one with
    the text ``fn`` left (the calls that hand their message back there)."""
    out = ffi.new("char **")
    rc = fn(*args, out)
    text = take_string(out)
    check(rc, detail or (lambda: text))
    return text


def json_dict(fn: Any, *args: Any, detail: Optional[Callable[[], Any]] = None) -> Dict[str, Any]:
    """The JSON object that ``fn(*args, 0, &text)`` (an ``ssd_*_json`` call,
    flags 0) hands over, parsed; a failure raises as :func:`take_text`."""
    d: Dict[str, Any] = json.loads(take_text(fn, *args, 0, detail=detail))
    return d


def size_refusal(text: str) -> str:
    """Why ``text`` is not a size, in the library's words
    (ssd_size_refusal): "'4kb' is ambiguous ... write 4KiB ... or 4kB ...",
    else "'4x' is not a size (like ...)"."""
    buf = ffi.new("char[]", 384 + len(text.encode()))
    lib.ssd_size_refusal(text.encode(), buf, len(buf))
    return ffi.string(buf).decode(errors="replace")


def parse_size(text: Union[str, int]) -> int:
    """A size in bytes, parsed as the CLI parses ``--bytes`` and ``--size``
    (the C library's ssd_parse_size; docs/options.md#sizes): ``k m g t p``
    alone or with an ``i`` are binary, as fio reads them (``"4k"`` =
    ``"4KiB"`` = 4096, ``"1.5g"`` = 1610612736); with a capital ``B`` and no
    ``i`` they are decimal, as drives are sold (``"4KB"`` = 4000,
    ``"240GB"`` = 240e9); ``"4kb"`` (bits?) is refused. An int is returned
    as it is.

    >>> parse_size("4k"), parse_size("4KB"), parse_size("1GiB"), parse_size(512)
    (4096, 4000, 1073741824, 512)
    """
    if isinstance(text, int) and not isinstance(text, bool):
        if text < 0:
            raise ValueError(f"parse_size: {text} is negative")
        return text
    if not isinstance(text, str):
        raise TypeError(f"parse_size: expected a size string or an int, not {text!r}")
    out = ffi.new("uint64_t *")
    if lib.ssd_parse_size(text.encode(), out) < 0:
        raise ValueError(f"parse_size: {size_refusal(text)}")
    return int(out[0])


def parse_duration(text: Union[str, int, float]) -> float:
    """A duration in seconds, parsed as the CLI parses ``--time``: ``"30"``,
    ``"30s"``, ``"500ms"``, ``"15m"``, ``"2h"``, ``"1.5h"``. A number is
    seconds.

    >>> parse_duration("15m"), parse_duration("500ms"), parse_duration(2)
    (900.0, 0.5, 2.0)
    """
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        if not text >= 0:
            raise ValueError(f"parse_duration: {text} is not a duration")
        return float(text)
    if not isinstance(text, str):
        raise TypeError(f"parse_duration: expected a duration string or seconds, not {text!r}")
    out = ffi.new("double *")
    if lib.ssd_parse_duration(text.encode(), out) < 0:
        raise ValueError(f"parse_duration: {text!r} is not a duration (like 30, '500ms', '2h')")
    return float(out[0])
