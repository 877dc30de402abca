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
# Public header -> the boxes that may define what it declares: a public
# function lives in the box its header belongs to (ssd_interrupt, declared
# in job.h and defined in base/, was not). The runner (run/) defines the
# entry points that run what job.h, analysis.h and suite.h describe; trace.h
# holds the trace (datasets) and its replay; drive.h the identity of any
# target (sim/ resolves sim: URIs) and the temperature (io). A header not
# listed is an error: a new one says where its functions live.
HEADER_BOXES = {
    "base.h": {"base"}, "hist.h": {"hist"}, "target.h": {"io"}, "health.h": {"io"},
    "job.h": {"io", "run"}, "sim.h": {"sim"}, "drive.h": {"io", "sim"}, "series.h": {"series"},
    "datasets.h": {"datasets"}, "fio_result.h": {"datasets"}, "trace.h": {"datasets", "replay"},
    "analysis.h": {"analysis", "run"}, "fileops.h": {"fileops"}, "suite.h": {"suite", "run"},
    "catalog.h": {"suite"}, "compare.h": {"report"},
}
ROOT = pathlib.Path(__file__).resolve().parent.parent


def misplaced(root, owner):
    """Public functions declared in a header of another box than the one
    that defines them (HEADER_BOXES), and headers with no box; [] when the
    tree has no public headers (a fake build)."""
    bad = []
    for h in sorted((root / "libssdcore" / "include" / "ssdcore").glob("*.h")):
        if h.name not in HEADER_BOXES:
            bad.append(f"public header {h.name} has no box in HEADER_BOXES")
            continue
        text = re.sub(r"/\*.*?\*/", "", h.read_text(), flags=re.S)
        for f in re.findall(r"\bSSD_API\b[^;(]*?\b(ssd_\w+)\s*\(", text):
            box, src = owner.get(f, (None, None))
            if box and box not in HEADER_BOXES[h.name]:
                bad.append(f"{f} is declared in {h.name} ({', '.join(sorted(HEADER_BOXES[h.name]))})"
                           f" but defined in {src} ({box}): declare it in its box's header")
    return bad


def symbols(objs):
    """{obj: (symbols it defines, symbols it uses)} for the object files,
    read by one nm: a process per file (two, once) made this script take
    about 6 s of CPU on the real build, now a fraction of a second."""
    objs = [str(o) for o in objs]
    if not objs:
        return {}
    out = subprocess.run(["nm", *objs], capture_output=True, text=True, check=True).stdout
    syms = {o: (set(), set()) for o in objs}
    cur = objs[0] if len(objs) == 1 else None  # nm names each file only when given several
    for line in out.splitlines():
        if line.endswith(":") and line[:-1] in syms:
            cur = line[:-1]
            continue
        p = line.split()
        if len(p) == 3 and p[1] in "TDBRCV":  # a global definition
            syms[cur][0].add(p[2])
        elif len(p) == 2:  # no address: undefined (U, or weak w/v), what --undefined-only lists
            syms[cur][1].add(p[1])
    return syms


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
        objs = [o for o in objs if (root / str(o.relative_to(objdir))[:-2]).exists()]
        # (an object whose source is gone was left behind by a file since moved or deleted)
        syms = symbols(objs)
        for o in objs:
            src = str(o.relative_to(objdir))[:-2]
            d, u = syms[str(o)]
            for s in d:
                owner[s] = (box, src)
            uses[(box, src)] |= u
            dep = pathlib.Path(str(o) + ".d")
            for h in sorted(FORBIDDEN_HEADERS.get(box, ())):
                if dep.exists() and re.search(r"[/\s]%s\b" % re.escape(h), dep.read_text()):
                    bad_includes.append(f"{src} ({box}) includes {h}: {box} may not")
    bad = list(bad_includes) + misplaced(root, owner)
    # The CLI (tools/) is a user of the library like any other: public API
    # only (docs/ARCHITECTURE.md), so nothing it prints bypasses a producer.
    clidir = build / "CMakeFiles" / "ssdcore_cli.dir"
    objs = [o for o in sorted(clidir.rglob("*.o"))
            if (root / str(o.relative_to(clidir))[:-2]).exists()]
    syms = symbols(objs)
    for o in objs:
        src = str(o.relative_to(clidir))[:-2]
        bad += [f"{src} (the CLI) uses {s}, internal to the library: use its public API"
                for s in sorted(syms[str(o)][1]) if s.startswith("ssd__")]
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
