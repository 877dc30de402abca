"""Who the drive under test is: model, serial, firmware, capacity, sector
sizes, rotational flag, transport, link and temperature, from sysfs and the
ATA identify ioctl (``<ssdcore/drive.h>``). Unknown members are None.

>>> import ssdcore
>>> ssdcore.drive.identity("sim:bx200").profile
'bx200'
"""
from __future__ import annotations

import os
from typing import Optional

from ._errors import check
from ._ffi import ffi, lib
from ._util import PathLike, json_dict
from .results import DriveIdentity

__all__ = ["identity", "temperature"]


def identity(target: PathLike, hash_serial: bool = False) -> DriveIdentity:
    """The identity of the drive behind ``target`` (a block device, a regular
    file: the device its filesystem is on, or a ``sim:`` URI) as a
    :class:`~ssdcore.results.DriveIdentity` (the identity JSON as a dict,
    with ``model``, ``serial``, ``capacity_bytes``... and ``to_frame()``).
    With ``hash_serial`` the serial is ``"sha256:"`` and a 16-digit prefix."""
    # On failure the library hands back its message in the identity's place.
    return DriveIdentity(json_dict(lib.ssd_drive_identity_json, os.fsencode(target),
                                   1 if hash_serial else 0))


def temperature(target: PathLike) -> Optional[float]:
    """The drive's temperature in degrees Celsius (hwmon), or None when it
    has no sensor."""
    c = ffi.new("double *")
    rc = lib.ssd_drive_temperature(os.fsencode(target), c)
    if rc == lib.SSD_ENODATA:
        return None
    check(rc)
    return float(c[0])
