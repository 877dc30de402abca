#!/usr/bin/env python3
"""Checks the library's one-way dependency rule by symbol (docs/ARCHITECTURE.md).

Each box is built as its own CMake object library (ssd_<box>); this reads the
symbols every object file defines and uses (nm) and fails on any use of a
symbol defined in a box that the using box may not depend on, and on any use
of the library's internals (ssd__*) by the CLI (tools/). The include
paths already stop a wrong-way #include; this catches the rest (a prototype
written by hand, a symbol reached through a public header of a higher box).

Usage: scripts/check_layers.py [--root SOURCE_DIR] BUILD_DIR
"""
import collections
import pathlib
import re
import subprocess
import sys

# box -> the boxes it may use. datasets and fileops are reached from above
# only through their public API (ssd_*), never their internals (ssd__*).
ALLOWED = {
    "base": set(),
    "hist": {"base"},
    "io": {"base", "hist"},
    "sim": {"base", "hist", "io"},
    "series": {"base"},
    "analysis": {"base", "series"},
    "datasets": {"base", "series"},
    "fileops": {"base"},
    # replay: a trace (datasets, public API) issued on a target (io)
    "replay": {"base", "hist", "io", "datasets"},
    "suite": {"base", "hist", "io", "sim", "series", "analysis", "datasets", "fileops", "replay"},
    "report": {"base", "series", "suite"},
    "run": {"base", "hist", "io", "sim", "series", "analysis", "datasets", "fileops", "replay",
            "suite", "report"},
}
PUBLIC_ONLY = {"datasets", "fileops"}
# Headers a box must not include, even indirectly, though its include path
# reaches them: report/ reads the suite's results model (results_model.h),
# never the runner's state (suite_impl.h). Checked in the compiler's
# dependency files (OBJ.d), so a header that includes it counts too.
FORBIDDEN_HEADERS = {"report": {"suite_impl.h"}}
ROOT = pathlib.Path(__file__).resolve().parent.parent


def symbols(obj):
    out = subprocess.run(["nm", "--defined-only", str(obj)], capture_output=True, text=True,
                         check=True).stdout
    defined = {p[2] for p in (l.split() for l in out.splitlines())
               if len(p) == 3 and p[1] in "TDBRCV"}
    out = subprocess.run(["nm", "--undefined-only", str(obj)], capture_output=True, text=True,
                         check=True).stdout
    used = {l.split()[-1] for l in out.splitlines() if l.strip()}
    return defined, used


def main():
    args = sys.argv[1:]
    root = ROOT
    if len(args) >= 2 and args[0] == "--root":
        root = pathlib.Path(args[1])
        args = args[2:]
    build = pathlib.Path(args[0] if args else "build")
    owner = {}
    uses = collections.defaultdict(set)
    seen = set()
    bad_includes = []
    for box in ALLOWED:
        objdir = build / "CMakeFiles" / f"ssd_{box}.dir"
        objs = sorted(objdir.rglob("*.o"))
        if not objs:
            print(f"check_layers: no object files for box '{box}' in {objdir} (build first)")
            return 2
        seen.add(box)
        for o in objs:
            src = str(o.relative_to(objdir))[:-2]
            if not (root / src).exists():
                continue  # left behind by a file since moved or deleted
            d, u = symbols(o)
            for s in d:
                owner[s] = (box, src)
            uses[(box, src)] |= u
            dep = pathlib.Path(str(o) + ".d")
            for h in sorted(FORBIDDEN_HEADERS.get(box, ())):
                if dep.exists() and re.search(r"[/\s]%s\b" % re.escape(h), dep.read_text()):
                    bad_includes.append(f"{src} ({box}) includes {h}: {box} may not")
    bad = list(bad_includes)
    # The CLI (tools/) is a user of the library like any other: public API
    # only (docs/ARCHITECTURE.md), so nothing it prints bypasses a producer.
    clidir = build / "CMakeFiles" / "ssdcore_cli.dir"
    for o in sorted(clidir.rglob("*.o")):
        src = str(o.relative_to(clidir))[:-2]
        if (root / src).exists():
            bad += [f"{src} (the CLI) uses {s}, internal to the library: use its public API"
                    for s in sorted(symbols(o)[1]) if s.startswith("ssd__")]
    for (box, src), used in sorted(uses.items()):
        for s in sorted(used):
            if s not in owner:
                continue  # the C library, liburing, libarchive...
            obox, osrc = owner[s]
            if obox == box:
                continue
            if obox not in ALLOWED[box]:
                bad.append(f"{src} ({box}) uses {s} from {osrc} ({obox}): {box} may not use {obox}")
            elif obox in PUBLIC_ONLY and s.startswith("ssd__"):
                bad.append(f"{src} ({box}) uses {s}, internal to {obox}: use its public API")
    for line in bad:
        print("check_layers:", line)
    print(f"check_layers: {len(seen)} boxes, {len(owner)} symbols, "
          f"{'ok' if not bad else f'{len(bad)} wrong-way uses'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
