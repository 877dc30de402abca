"""Exceptions mapped from the library's error codes."""
from ._ffi import ffi, lib


class SsdError(Exception):
    """A failed ssdcore call.

    Attributes: ``code`` (negative int: an SSD_E* code or -errno), ``name``
    (``"SSD_EINVAL"``, ``"ENOENT"``...) and ``detail`` (the handle's message,
    naming the file, line or offset at fault, when there is one).
    """

    def __init__(self, code, detail=""):
        self.code = code
        self.name = ffi.string(lib.ssd_err_name(code)).decode()
        self.detail = detail
        text = ffi.string(lib.ssd_strerror(code)).decode()
        super().__init__(f"{detail} ({text})" if detail else text)


def check(rc, detail_fn=None):
    """Return rc when non-negative, else raise SsdError with the detail."""
    if rc < 0:
        detail = ""
        if detail_fn is not None:
            raw = detail_fn()
            detail = ffi.string(raw).decode(errors="replace") if raw != ffi.NULL else ""
        raise SsdError(rc, detail)
    return rc
