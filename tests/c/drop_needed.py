#!/usr/bin/env python3
"""Copies a shared library without the DT_NEEDED entry of another.

Usage: drop_needed.py LIB OUTDIR PREFIX

Writes OUTDIR/SONAME, a copy of LIB (SONAME: LIB's own) that does not load
the library whose name starts with PREFIX, and prints "SONAME;REMOVED".
What `patchelf --remove-needed` does, for 64-bit little-endian ELF: the
.dynamic entries after the one removed move up, a DT_NULL fills the end.
tests/c/CMakeLists.txt links the C tests with a copy of Criterion that
does not load libgit2 (criterion_git_lazy.c says why). Exits with 3,
writing nothing, when LIB needs no such library.
"""
import os
import struct
import sys

PT_LOAD, PT_DYNAMIC = 1, 2
DT_NULL, DT_NEEDED, DT_STRTAB, DT_SONAME = 0, 1, 5, 14


def main(lib, outdir, prefix):
    data = bytearray(open(lib, "rb").read())
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        sys.exit(f"{lib}: not a 64-bit little-endian ELF file")
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    loads, dyn = [], None
    for i in range(phnum):
        p_type, _, p_offset, p_vaddr, _, p_filesz, _, _ = struct.unpack_from(
            "<IIQQQQQQ", data, phoff + i * phentsize)
        if p_type == PT_LOAD:
            loads.append((p_vaddr, p_offset, p_filesz))
        elif p_type == PT_DYNAMIC:
            dyn = (p_offset, p_filesz)
    if dyn is None:
        sys.exit(f"{lib}: no dynamic section")
    entries = []
    for k in range(0, dyn[1], 16):
        entries.append(struct.unpack_from("<qQ", data, dyn[0] + k))
        if entries[-1][0] == DT_NULL:
            break
    strtab = next(v for t, v in entries if t == DT_STRTAB)
    stroff = next(o + strtab - va for va, o, n in loads if va <= strtab < va + n)

    def string(off):
        return data[stroff + off:data.index(b"\0", stroff + off)].decode()

    soname = next((string(v) for t, v in entries if t == DT_SONAME), None)
    drop = [(t, v) for t, v in entries if t == DT_NEEDED and string(v).startswith(prefix)]
    if not soname or len(drop) != 1:
        print(f"{lib}: no soname, or not one needed {prefix}*", file=sys.stderr)
        sys.exit(3)
    kept = [e for e in entries if e != drop[0]] + [(DT_NULL, 0)]
    for k, (t, v) in enumerate(kept):
        struct.pack_into("<qQ", data, dyn[0] + 16 * k, t, v)
    os.makedirs(outdir, exist_ok=True)
    tmp = os.path.join(outdir, soname + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
    os.chmod(tmp, 0o755)
    os.replace(tmp, os.path.join(outdir, soname))
    print(f"{soname};{string(drop[0][1])}", end="")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
