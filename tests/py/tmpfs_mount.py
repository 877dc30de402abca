"""A small tmpfs for the tests that need a real full disk (ENOSPC) or a
read-only filesystem: mounted in the test's own directory, skipped where
mounting needs root we do not have, unmounted even when the test fails."""
import contextlib
import gc
import subprocess
from pathlib import Path
from typing import Iterator, Union

import pytest


@contextlib.contextmanager
def small_tmpfs(where: Union[str, Path], size: str) -> Iterator[Path]:
    mnt = Path(where)
    mnt.mkdir(exist_ok=True)
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mnt)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs (needs root): {r.stderr.strip()}")
    try:
        yield mnt
    finally:
        gc.collect()  # a Target the test left to the GC holds the mount busy
        if subprocess.run(["umount", str(mnt)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(mnt)], capture_output=True)
