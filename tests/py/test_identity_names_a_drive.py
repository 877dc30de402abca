"""`identity` names a drive or refuses (issue #26): a character device, a
FIFO or a socket is not reported as the disk holding its node, and an
unknown sim: profile is refused as `job` refuses it."""
import os
import socket
import subprocess

import pytest

import ssdcore


@pytest.fixture
def nodes(tmp_path):
    fifo = tmp_path / "f.fifo"
    os.mkfifo(fifo)
    sock = tmp_path / "s.sock"
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(sock))
    yield {"character device": "/dev/null", "FIFO": str(fifo), "socket": str(sock)}
    s.close()


def test_a_node_that_is_no_drive_is_refused(cli, nodes):
    for kind, path in nodes.items():
        r = subprocess.run([cli, "identity", path], capture_output=True, text=True, timeout=20)
        assert r.returncode == 1 and not r.stdout, (path, r.stdout)
        assert f"{path}: is a {kind}" in r.stderr, r.stderr
        with pytest.raises(ValueError) as e:
            ssdcore.drive.identity(path)
        assert f"is a {kind}" in str(e.value)


def test_an_unknown_sim_profile_is_refused_as_job_refuses_it(cli):
    for uri, what in (("sim:nope", "unknown profile 'nope'"),
                      ("sim:bx200,slc_gib=abc", "slc_gib")):
        r = subprocess.run([cli, "identity", uri], capture_output=True, text=True)
        j = subprocess.run([cli, "job", uri, "--pattern", "read"], capture_output=True,
                           text=True)
        # a usage error (2), as every command that takes a target (exit 1 before round 21)
        assert r.returncode == j.returncode == 2, (r.stdout, j.stdout)
        assert what in r.stderr and what in j.stderr and uri in r.stderr, r.stderr
        with pytest.raises(ssdcore.Error) as e:
            ssdcore.drive.identity(uri)
        assert what in str(e.value)
    assert ssdcore.drive.identity("sim:bx200,slc_gb=6")["profile"] == "bx200"
