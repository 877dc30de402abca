"""ssdcore: measure SSDs the way hardware-review labs do, and analyse the logs.

>>> import ssdcore
>>> ssdcore.version()
'0.1.0'
"""
from ._ffi import ffi, lib
from ._errors import SsdError, check
from .analysis import Series, analyze, analyze_many, read_fio_json, read_series, segment_l2

__all__ = ["SsdError", "check", "ffi", "lib", "version",
           "Series", "analyze", "analyze_many", "read_fio_json", "read_series", "segment_l2"]


def version():
    """The version string of the linked C library."""
    return ffi.string(lib.ssd_version_string()).decode()


__version__ = version()
