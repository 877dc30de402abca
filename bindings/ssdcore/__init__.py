"""ssdcore: measure SSDs the way hardware-review labs do, and analyse the logs.

>>> import ssdcore
>>> ssdcore.version()
'0.1.0'
"""
from ._ffi import ffi, lib
from ._errors import SsdError, check
from .fileops import archive, copy_tree, extract, filebench, make_set  # noqa: F401

__all__ = ["SsdError", "check", "ffi", "lib", "version",
           "copy_tree", "archive", "extract", "make_set", "filebench"]


def version():
    """The version string of the linked C library."""
    return ffi.string(lib.ssd_version_string()).decode()


__version__ = version()
