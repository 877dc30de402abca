"""Emit the C source of the cffi extension (API mode); CMake compiles it.

Usage: build_ffi.py INCLUDE_DIR OUT_C
"""
import os
import sys

import cffi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_cdef import cdef_from_headers  # noqa: E402


def main():
    include_dir, out_c = sys.argv[1], sys.argv[2]
    ffibuilder = cffi.FFI()
    ffibuilder.cdef(cdef_from_headers(include_dir))
    ffibuilder.set_source("ssdcore._ffi", "#include <ssdcore.h>\n")
    tmp = out_c + ".tmp"
    ffibuilder.emit_c_code(tmp)
    os.replace(tmp, out_c)


if __name__ == "__main__":
    main()
