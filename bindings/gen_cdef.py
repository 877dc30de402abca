"""Generate the cffi cdef from the public headers, so the two cannot drift.

The public headers are written to be cdef-clean once preprocessed with
SSD_CDEF defined (which skips the system includes) and SSD_API empty.
"""
import os
import subprocess
import sys


def cdef_from_headers(include_dir, cc=None):
    cc = cc or os.environ.get("CC", "cc")
    out = subprocess.run(
        [cc, "-E", "-P", "-DSSD_CDEF", "-DSSD_API=", "-I", include_dir,
         os.path.join(include_dir, "ssdcore.h")],
        check=True, capture_output=True, text=True).stdout
    lines = [ln for ln in out.splitlines() if ln.strip()]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(cdef_from_headers(sys.argv[1]))
