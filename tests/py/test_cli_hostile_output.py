"""Output that cannot be written is an error, not a silent success."""
import os
import subprocess

import pytest


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", [["version"], ["sim", "list"],
                                  ["job", "--target", "sim:bx200", "--time", "1", "--json"],
                                  ["sim", "truth", "sim:bx200"]])
def test_a_full_stdout_fails_the_command(cli, args):
    # "ssdcore ... --json > out.json" on a full disk used to exit 0 with a
    # truncated or empty file.
    with open("/dev/full", "w") as full:
        p = subprocess.run([cli, *args], stdout=full, stderr=subprocess.PIPE, text=True,
                           timeout=60)
    assert p.returncode != 0
    assert "writing the output failed" in p.stderr and "No space left" in p.stderr
