"""The cffi cdef is generated from the public headers; check nothing slipped."""
import re

import ssdcore
from conftest import ROOT


def public_functions():
    names = set()
    for h in (ROOT / "libssdcore" / "include").rglob("*.h"):
        text = h.read_text()
        names.update(re.findall(r"SSD_API\s+[^;(]*?\b(ssd_\w+)\s*\(", text))
    return names


def test_every_published_function_is_bound():
    names = public_functions()
    assert "ssd_version_number" in names and len(names) >= 4
    missing = [n for n in sorted(names) if not hasattr(ssdcore.lib, n)]
    assert missing == []


def test_public_headers_have_no_static_inline():
    for h in (ROOT / "libssdcore" / "include").rglob("*.h"):
        assert not re.search(r"^\s*static\s+inline\b", h.read_text(), re.M), h
