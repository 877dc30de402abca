"""Exceptions mapped from the library's error codes.

Every failure raises :class:`ssdcore.Error`. Each code maps to a subclass that is also the
built-in exception a Python user would catch: a missing file is a
:class:`FileNotFoundError`, a bad option a :class:`ValueError`, a refused
destructive write a :class:`PermissionError`...

>>> import pickle, ssdcore
>>> try:
...     ssdcore.read_series("no/such/file.csv")
... except FileNotFoundError as e:
...     err = e
>>> isinstance(err, ssdcore.Error), err.name
(True, 'ENOENT')
>>> type(pickle.loads(pickle.dumps(err))) is type(err)
True
"""
from __future__ import annotations

import errno as _errno
import io
from typing import Any, Callable, Dict, Optional, Tuple, Type

from ._ffi import ffi, lib

__all__ = ["Error", "InvalidArgument", "FormatError", "NotFound", "AccessDenied",
           "AlreadyExists", "Refused", "Unsupported", "Interrupted", "OutOfMemory",
           "IOFailure", "StateError", "TimedOut", "OSFailure", "check", "error_from_code"]


class Error(Exception):
    """A failed ssdcore call.

    Attributes: ``code`` (negative int: an SSD_E* code or -errno), ``name``
    (``"SSD_EINVAL"``, ``"ENOENT"``...), ``detail`` (the handle's message,
    naming the file, line or offset at fault, when there is one) and
    ``reason`` (the code's own text, ``ssd_strerror``). The message says it
    once: the detail, followed by the reason only when the detail does not
    already contain it.
    """

    code: int
    name: str
    detail: str
    reason: str
    results: Any  # job() and suite(): what ran before the failure, when there is one
    # Set only on the OSError subclasses (below), as OSError types them.
    errno: Optional[int]
    strerror: Optional[str]

    def __init__(self, code: int, detail: str = "") -> None:
        self.code = int(code)
        self.name = ffi.string(lib.ssd_err_name(self.code)).decode()
        self.detail = detail
        self.reason = ffi.string(lib.ssd_strerror(self.code)).decode()
        super().__init__(_message(self.detail, self.reason))
        if isinstance(self, OSError) and self.code > -10000:
            # OSError's own fields, so code that reads e.errno works.
            self.errno = -self.code
            self.strerror = self.reason

    def __str__(self) -> str:
        # OSError would print "[Errno 2] ..." once errno is set: one message only.
        return str(self.args[0]) if self.args else self.reason

    def __reduce__(self) -> Tuple[Callable[..., "Error"], Tuple[Any, ...], Dict[str, Any]]:
        # Rebuilt from (code, detail) in the receiving process, so a worker's
        # error crosses a process pool intact; extra state (.results) rides along.
        state = {k: v for k, v in self.__dict__.items()
                 if k not in ("code", "name", "detail", "reason")}
        return (_rebuild, (type(self), self.code, self.detail), state)

    def __setstate__(self, state: Optional[Dict[str, Any]]) -> None:
        if state:
            self.__dict__.update(state)


def _message(detail: str, reason: str) -> str:
    if not detail:
        return reason
    if reason.lower() in detail.lower():
        return detail
    return f"{detail} ({reason})"


def _rebuild(cls: Type[Error], code: int, detail: str) -> Error:
    return cls(code, detail)


class InvalidArgument(Error, ValueError):
    """An option or argument the library refuses (SSD_EINVAL, SSD_ERANGE, SSD_EALIGN, EINVAL)."""


class FormatError(Error, ValueError):
    """Input that does not parse, or too little of it (SSD_EFORMAT, SSD_ENODATA)."""


class NotFound(Error, FileNotFoundError):
    """A file or device that does not exist (ENOENT)."""


class AccessDenied(Error, PermissionError):
    """The operating system refused access (EACCES, EPERM, EROFS)."""


class AlreadyExists(Error, FileExistsError):
    """Something is in the way (SSD_EEXIST, EEXIST)."""


class Refused(Error, PermissionError):
    """ssdcore refused to do something unsafe: destroy data without leave, write
    a mounted device, unpack a hostile archive (SSD_EUNSAFE, SSD_EMOUNTED, SSD_EHOSTILE)."""


class Unsupported(Error, io.UnsupportedOperation):
    """Not supported by this target or system (SSD_EUNSUPPORTED, EOPNOTSUPP)."""


class Interrupted(Error, InterruptedError):
    """The run was interrupted (SSD_EINTERRUPTED)."""


class OutOfMemory(Error, MemoryError):
    """An allocation failed (SSD_ENOMEM, ENOMEM)."""


class IOFailure(Error, OSError):
    """An I/O failed on the target (SSD_EIO, EIO, ENOSPC...)."""


class StateError(Error, RuntimeError):
    """A call that is not valid in the handle's current state (SSD_ESTATE)."""


class TimedOut(Error, TimeoutError):
    """An operation timed out (ETIMEDOUT)."""


class OSFailure(Error, OSError):
    """Any other operating-system error (-errno)."""


class NotADirectory(Error, NotADirectoryError):
    """ENOTDIR."""


class IsADirectory(Error, IsADirectoryError):
    """EISDIR."""


# Tracebacks and reprs show the public path, ssdcore.NotFound, not the module
# the class happens to live in (every class above, with no list to keep).
for _c in (Error, *Error.__subclasses__()):
    _c.__module__ = "ssdcore"

# The class each code raises: the library's SSD_E* codes and -errno.
_BY_CODE: Dict[int, Type[Error]] = {
    int(getattr(lib, n)) if n.startswith("SSD_") else -getattr(_errno, n): cls
    for cls, names in ((InvalidArgument, "SSD_EINVAL SSD_ERANGE SSD_EALIGN EINVAL"),
                       (FormatError, "SSD_EFORMAT SSD_ENODATA"),
                       (OutOfMemory, "SSD_ENOMEM ENOMEM"),
                       (Refused, "SSD_EUNSAFE SSD_EMOUNTED SSD_EHOSTILE"),
                       (Unsupported, "SSD_EUNSUPPORTED EOPNOTSUPP"),
                       (Interrupted, "SSD_EINTERRUPTED EINTR"),
                       (IOFailure, "SSD_EIO EIO ENOSPC"), (AlreadyExists, "SSD_EEXIST EEXIST"),
                       (StateError, "SSD_ESTATE"), (NotFound, "ENOENT"),
                       (AccessDenied, "EACCES EPERM EROFS"), (NotADirectory, "ENOTDIR"),
                       (IsADirectory, "EISDIR"), (TimedOut, "ETIMEDOUT"))
    for n in names.split()}


def error_from_code(code: int, detail: str = "") -> Error:
    """The exception for a negative code: the subclass that fits it."""
    return _BY_CODE.get(int(code), OSFailure if code > -10000 else Error)(code, detail)


def check(rc: int, detail_fn: Optional[Callable[[], Any]] = None) -> int:
    """Return rc when non-negative, else raise the fitting Error with the detail."""
    if rc < 0:
        detail = ""
        if detail_fn is not None:
            raw = detail_fn()  # a handle's errmsg (char *), or text
            detail = raw if isinstance(raw, str) else (
                ffi.string(raw).decode(errors="replace") if raw != ffi.NULL else "")
        raise error_from_code(rc, detail)
    return rc
