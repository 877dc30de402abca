"""The regime note is up to 354 characters (560 before round 24). On a terminal `ssdcore analyze`
wraps it at the terminal's width under its own column, as the other
lines' values sit (the round-23 audit: one line the terminal broke
mid-word); piped, it stays one line, for grep and scripts."""
import fcntl
import os
import pty
import struct
import subprocess
import termios

import pytest


@pytest.fixture(scope="module")
def bare_log(cli, tmp_path_factory):
    """A fresh BX200's minute, its metadata stripped: with the capacity
    alone the past is unknown, and the cache gets the long note."""
    d = tmp_path_factory.mktemp("wrap")
    log = d / "x.csv"
    subprocess.run([cli, "job", "sim:bx200", "--pattern", "randwrite", "--qd", "32", "--time",
                    "1m", "--log", str(log), "--no-progress"], check=True, capture_output=True)
    bare = d / "bare.csv"
    bare.write_text("".join(ln for ln in log.read_text().splitlines(True)
                            if not ln.startswith("#")))
    return bare


def run_on_terminal(args, cols):
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, cols, 0, 0))
    p = subprocess.Popen(args, stdout=slave, stderr=subprocess.DEVNULL)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed its end
            break
        if not chunk:
            break
        out += chunk
    p.wait()
    os.close(master)
    return out.decode().replace("\r\n", "\n")


def note_lines(text):
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("  note:"))
    j = i + 1
    while j < len(lines) and lines[j].startswith(" " * 15) and lines[j][15] != " ":
        j += 1
    return lines[i:j]


def test_on_a_terminal_the_note_wraps_under_its_column(cli, bare_log):
    args = [cli, "analyze", str(bare_log), "--capacity", "240057409536"]
    piped = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    (one,) = note_lines(piped)  # piped: one line
    assert len(one) > 200, one
    wrapped = note_lines(run_on_terminal(args, 80))
    assert len(wrapped) > 3 and all(len(ln) < 80 for ln in wrapped), wrapped
    assert all(ln.startswith(" " * 15) for ln in wrapped[1:]), wrapped
    # the same words, no word cut
    assert " ".join(ln[15:] for ln in wrapped) == one[15:]
