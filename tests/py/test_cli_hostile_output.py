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


def test_json_stays_utf8_for_paths_that_are_not(cli, tmp_path):
    # A path with a byte that is not UTF-8 went into the JSON raw, so no
    # JSON parser (nor ssdcore.job() itself) could read the result.
    import json
    d = os.path.join(os.fsencode(tmp_path), "bad\udcffdir-ünï".encode("utf-8", "surrogateescape"))
    os.mkdir(d)
    src = os.path.join(d, b"src")
    os.mkdir(src)
    with open(os.path.join(src, b"a"), "wb") as f:
        f.write(b"x")
    target = os.path.join(d, b"t.bin")
    cmds = [[b"job", b"--target", target, b"--size-file", b"1m", b"--bytes", b"4k", b"--json",
             b"--buffered"],
            [b"copy", src, os.path.join(d, b"cp"), b"--json"],
            [b"archive", src, os.path.join(d, b"a.7z"), b"--json"],
            [b"sim", b"truth", b"sim:bx200", b"--json"]]
    for args in cmds:
        p = subprocess.run([os.fsencode(cli), *args], capture_output=True, timeout=60)
        assert p.returncode < 8, p.stderr
        r = json.loads(p.stdout.decode("utf-8"))  # strict: raises on a raw 0xff
        text = json.dumps(r, ensure_ascii=False)
        assert args[0] == b"sim" or ("\ufffd" in text and "ünï" in text)
    import ssdcore
    r = ssdcore.job(os.fsdecode(target), bytes="4k", buffered=True)
    assert r["bytes"] == 4096
