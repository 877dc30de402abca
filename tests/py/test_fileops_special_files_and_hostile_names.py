"""Archive reports the FIFOs, sockets and devices it cannot store instead
of dropping them silently, and hostile file names never put raw control
characters on the terminal (issue 14 #13)."""
import os
import socket
import stat
import subprocess

import ssdcore


def make_specials(src):
    src.mkdir()
    (src / "plain.txt").write_text("data")
    os.mkfifo(src / "pipe")
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(src / "sock"))
    s.close()
    if os.geteuid() == 0:
        os.mknod(src / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))


def test_archive_names_what_it_leaves_out(tmp_path, cli):
    src = tmp_path / "src"
    make_specials(src)
    n = 3 if os.geteuid() == 0 else 2
    r = subprocess.run([cli, "archive", src, tmp_path / "a.7z"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert f"{n} special files left out" in r.stdout
    assert "pipe (FIFO)" in r.stderr and "sock (socket)" in r.stderr
    res = ssdcore.archive(src, tmp_path / "b.tar.zst", format="tar.zst")
    assert res.files == 1 and res.skipped == n
    assert "pipe (FIFO)" in res.skipped_entries and "sock (socket)" in res.skipped_entries
    if n == 3:
        assert "null (character device)" in res.skipped_entries


def test_control_characters_in_names_are_escaped_on_the_terminal(tmp_path, cli):
    src = tmp_path / "src"
    src.mkdir()
    evil = b"\x1b]0;pwned\x07\x1b[2J\x9b31m" + b"name"
    p = os.fsencode(src) + b"/" + evil
    with open(p, "wb") as f:
        f.write(b"x")
    os.mkfifo(os.fsencode(src) + b"/fifo\x1b[1A")
    outs = []
    r = subprocess.run([cli, "copy", src, tmp_path / "dst", "-v"], capture_output=True)
    outs.append(r.stdout + r.stderr)
    r = subprocess.run([cli, "archive", src, tmp_path / "a.tar", "--format", "tar"],
                       capture_output=True)
    outs.append(r.stdout + r.stderr)
    r = subprocess.run([cli, "archive", src, tmp_path / "a.7z"], capture_output=True)
    outs.append(r.stdout + r.stderr)  # 7z refuses the non-UTF-8 name, naming it
    for out in outs:
        assert b"\x1b" not in out and b"\x07" not in out and b"\x9b" not in out, out
    assert b"\\x1b]0;pwned\\x07" in outs[0]
    assert b"fifo\\x1b[1A" in outs[1]
    assert b"\\x9b31mname" in outs[2]
