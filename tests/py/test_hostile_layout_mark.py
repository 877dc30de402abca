"""The layout mark names one file, not an inode number (issue 26). Where
user xattrs are missing the mark is a side file PATH.ssdcore-layout; it
named the inode alone, so a user's new file that reused a deleted target's
inode was written without --destroy-data. And on a filesystem with user
xattrs a side file naming a file's inode made a file without the xattr
ssdcore's."""
import os
import re
import shutil
import subprocess

import pytest

NO_XATTR_SHIM = r"""
#define _GNU_SOURCE
#include <errno.h>
#include <sys/types.h>
/* A filesystem without user xattrs, for the process that preloads this. */
ssize_t getxattr(const char *p, const char *n, void *v, size_t s) {
    (void)p; (void)n; (void)v; (void)s; errno = ENOTSUP; return -1;
}
int fsetxattr(int fd, const char *n, const void *v, size_t s, int f) {
    (void)fd; (void)n; (void)v; (void)s; (void)f; errno = ENOTSUP; return -1;
}
"""


@pytest.fixture(scope="module")
def no_xattr_env(cli, tmp_path_factory):
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    assert cc, "a C compiler builds the fault-injection shim"
    d = tmp_path_factory.mktemp("shim")
    (d / "noxattr.c").write_text(NO_XATTR_SHIM)
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(d / "noxattr.so"), str(d / "noxattr.c")],
                   check=True)
    preload = [str(d / "noxattr.so")]
    # An ASan build wants its runtime first among the preloaded libraries.
    ldd = subprocess.run(["ldd", cli], capture_output=True, text=True).stdout
    asan = re.search(r"(\S*libasan\.so\S*) => (\S+)", ldd)
    if asan:
        preload.insert(0, asan.group(2))
    return dict(os.environ, LD_PRELOAD=":".join(preload))


def job(cli, target, *args, env=None):
    return subprocess.run([cli, "job", str(target), "--pattern", "randwrite", "--time", "0.1",
                           "--buffered", *args], capture_output=True, text=True, timeout=60,
                          env=env)


def test_a_new_file_on_a_deleted_targets_inode_is_the_users(cli, tmp_path, no_xattr_env):
    t = tmp_path / "t.bin"
    side = tmp_path / "t.bin.ssdcore-layout"
    r = job(cli, t, "--size-file", "1m", env=no_xattr_env)
    assert r.returncode == 0, r.stderr
    assert side.exists() and not os.listxattr(t)
    # The mark is trusted for the file it was written for.
    r = job(cli, t, env=no_xattr_env)
    assert r.returncode == 0, r.stderr
    # The target is deleted (its side file stays) and the user's file takes
    # its name and its inode number: the side file names the new inode, as
    # it does when the filesystem hands the freed inode out again.
    t.unlink()
    user = os.urandom(1 << 20)
    t.write_bytes(user)
    mark = side.read_text()
    ino = os.stat(t).st_ino
    side.write_text(re.sub(r"^(ssdcore-layout (?:2 ino=)?)\d+", rf"\g<1>{ino}", mark))
    assert str(ino) in side.read_text()
    r = job(cli, t, env=no_xattr_env)
    assert r.returncode != 0 and "did not create" in r.stderr, r.stderr
    assert t.read_bytes() == user
    r = job(cli, t, "--destroy-data", env=no_xattr_env)  # the user says so
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("line", ["ssdcore-layout {ino} complete {size}",
                                  "ssdcore-layout 2 ino={ino} btime=- gen=- size={size} "
                                  "complete {size}"])
def test_a_side_file_never_marks_a_file_on_an_xattr_filesystem(cli, tmp_path, line):
    t = tmp_path / "t.bin"
    user = os.urandom(1 << 20)
    t.write_bytes(user)
    (tmp_path / "t.bin.ssdcore-layout").write_text(
        line.format(ino=os.stat(t).st_ino, size=1 << 20) + "\n")
    r = job(cli, t)
    assert r.returncode != 0 and "did not create" in r.stderr, r.stderr
    assert t.read_bytes() == user
