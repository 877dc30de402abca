"""ssdcore: measure SSDs the way hardware-review labs do, and analyse the logs.

>>> import ssdcore
>>> ssdcore.version()
'0.1.0'
"""
from ._ffi import ffi, lib
from ._errors import SsdError, check
from .job import Target, interrupt, job
from .sim import SimTarget, sim_profile, sim_profiles, sim_truth

__all__ = ["SsdError", "SimTarget", "Target", "check", "ffi", "interrupt", "job", "lib",
           "sim_profile", "sim_profiles", "sim_truth", "version"]


def version():
    """The version string of the linked C library."""
    return ffi.string(lib.ssd_version_string()).decode()


__version__ = version()
