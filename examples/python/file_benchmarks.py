"""The file tests of the methodology (tests 9 and 10): make a file set,
copy it Robocopy-style, pack it with 7-Zip Deflate and unpack it, on the
filesystem under test; MiB/s per step.

    python examples/python/file_benchmarks.py DIR [SIZE]
"""
from __future__ import annotations

import os
import sys
import tempfile
from typing import List

import ssdcore


def main(argv: List[str]) -> int:
    directory = argv[0] if argv else tempfile.mkdtemp(prefix="ssdcore-fb-")
    os.makedirs(directory, exist_ok=True)
    size = argv[1] if len(argv) > 1 else "64m"
    result = ssdcore.filebench(directory, set="work", size=size)
    print(result)
    print(result.to_frame()[["step", "runtime_s", "total_bytes", "bw_bps"]].to_string())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
