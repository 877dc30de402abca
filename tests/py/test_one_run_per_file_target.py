"""One run at a time on a file target (issue #26): a job, replay or suite
on a file another process holds is refused with the reason, instead of both
measuring each other's I/O and leaving the layout mark inconsistent."""
import errno
import fcntl
import os
import subprocess
import time

import pytest

import ssdcore


def test_a_second_run_on_a_held_file_is_refused(cli, tmp_path):
    f = tmp_path / "t.bin"
    t = ssdcore.Target(str(f), size="8m")
    try:
        r = subprocess.run([cli, "job", str(f), "--pattern", "read", "--time", "0.2"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 1 and "in use by another ssdcore" in r.stderr, r.stderr
        assert str(f) in r.stderr
        # this process holding it already: one user, as before
        ssdcore.Target(str(f)).close()
        trace = tmp_path / "t.csv"
        trace.write_text("# ssdcore-trace 1\nt_s,op,offset,length\n0,R,0,4096\n")
        r = subprocess.run([cli, "replay", str(trace), "--target", str(f)],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 1 and "in use" in r.stderr, r.stderr
    finally:
        t.close()
    r = subprocess.run([cli, "job", str(f), "--pattern", "read", "--time", "0.2"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr


def test_two_jobs_started_together_on_a_new_file(cli, tmp_path):
    f = tmp_path / "new.bin"
    cmd = [cli, "job", str(f), "--size-file", "64m", "--pattern", "randwrite", "--time", "4"]
    a = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    end = time.monotonic() + 30
    while not f.exists() and time.monotonic() < end and a.poll() is None:
        time.sleep(0.01)
    b = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    out_a, err_a = a.communicate(timeout=120)
    assert a.returncode == 0, err_a
    assert b.returncode == 1 and "in use by another ssdcore" in b.stderr, (b.returncode, b.stderr)
    # the layout mark is the first job's, whole: a read-only open trusts it
    r = subprocess.run([cli, "job", str(f), "--pattern", "read", "--time", "0.2"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert os.path.getsize(f) == 64 << 20


def test_a_new_file_is_locked_from_the_moment_its_path_appears(cli, tmp_path):
    """A job creating its file makes it unnamed, locks it, then links it in:
    whoever sees the path finds the lock held. Before, a second job that
    looked between the first one's create and its lock took the lock and
    refused the new empty file as one ssdcore did not create (seen once in
    CI by test_two_jobs_started_together_on_a_new_file)."""
    for i in range(5):
        f = tmp_path / f"new{i}.bin"
        a = subprocess.Popen([cli, "job", str(f), "--size-file", "16m", "--pattern", "write",
                              "--time", "0.5"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
        end = time.monotonic() + 30
        fd = -1
        while fd < 0 and time.monotonic() < end and a.poll() is None:
            try:
                fd = os.open(f, os.O_RDONLY)
            except FileNotFoundError:
                pass
        assert fd >= 0, "the job never created its file"
        try:
            with pytest.raises(OSError) as e:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            assert e.value.errno in (errno.EWOULDBLOCK, errno.EAGAIN)
        finally:
            os.close(fd)
        out, err = a.communicate(timeout=120)
        assert a.returncode == 0, err
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
            f"new{j}.bin" for j in range(i + 1)), "a temporary file was left beside it"


# A filesystem without O_TMPFILE (vfat, NFS before 4.x, some FUSE mounts)
# answers it with EOPNOTSUPP; a chroot or sandbox without /proc cannot link
# an unnamed file in through /proc/self/fd. This machine has neither, so a
# preloaded shim gives those answers.
NO_TMPFILE_SHIM = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#define SHIM(name)                                                       \
    int name(const char *path, int flags, ...) {                         \
        int mode = 0;                                                    \
        if (flags & (O_CREAT | O_TMPFILE)) {                             \
            va_list ap;                                                  \
            va_start(ap, flags);                                         \
            mode = va_arg(ap, int);                                      \
            va_end(ap);                                                  \
        }                                                                \
        if (REFUSE_TMPFILE && (flags & O_TMPFILE) == O_TMPFILE) {        \
            errno = EOPNOTSUPP;                                          \
            return -1;                                                   \
        }                                                                \
        int (*real)(const char *, int, ...) = dlsym(RTLD_NEXT, #name);   \
        return real(path, flags, mode);                                  \
    }
SHIM(open)
SHIM(open64)

int linkat(int olddir, const char *old, int newdir, const char *new, int flags) {
    if (!REFUSE_TMPFILE && strncmp(old, "/proc/self/fd/", 14) == 0) {
        errno = ENOENT;
        return -1;
    }
    int (*real)(int, const char *, int, const char *, int) = dlsym(RTLD_NEXT, "linkat");
    return real(olddir, old, newdir, new, flags);
}
"""


PROBE = """
import ctypes, os, sys
try:
    fd = os.open(sys.argv[1], os.O_TMPFILE | os.O_RDWR, 0o644)
except OSError as e:
    sys.exit(print(e.errno))
libc = ctypes.CDLL(None, use_errno=True)
AT_FDCWD, AT_SYMLINK_FOLLOW = -100, 0x400
if libc.linkat(AT_FDCWD, f"/proc/self/fd/{fd}".encode(), AT_FDCWD,
               (sys.argv[1] + "/linked").encode(), AT_SYMLINK_FOLLOW):
    sys.exit(print(ctypes.get_errno()))
print("linked")
"""


@pytest.mark.parametrize("refused", ["O_TMPFILE", "/proc"])
def test_a_new_file_is_created_by_name_where_it_cannot_be_made_unnamed(cli, tmp_path, refused):
    """Without O_TMPFILE, or without /proc to link the unnamed file in
    through, a new file target is created by name, as before the unnamed
    create: the job runs, the file is laid out whole and marked complete,
    and nothing is left beside it."""
    src = tmp_path / "shim.c"
    src.write_text(NO_TMPFILE_SHIM)
    shim = tmp_path / "shim.so"
    subprocess.run(["cc", "-shared", "-fPIC", f"-DREFUSE_TMPFILE={int(refused == 'O_TMPFILE')}",
                    "-o", str(shim), str(src), "-ldl"], check=True)
    env = {**os.environ, "LD_PRELOAD": str(shim)}
    # the shim answers as intended: this probe makes the library's calls
    probe = subprocess.run(["python3", "-c", PROBE, str(tmp_path)], env=env,
                           capture_output=True, text=True)
    want = str(errno.EOPNOTSUPP if refused == "O_TMPFILE" else errno.ENOENT)
    assert probe.stdout.strip() == want, (probe.stdout, probe.stderr)

    d = tmp_path / "data"
    d.mkdir()
    f = d / "new.bin"
    r = subprocess.run([cli, "job", str(f), "--size-file", "16m", "--pattern", "write",
                        "--time", "0.3"], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert [p.name for p in d.iterdir()] == ["new.bin"]
    assert os.path.getsize(f) == 16 << 20
    # marked complete: a read-only job (no size given) trusts it
    r = subprocess.run([cli, "job", str(f), "--pattern", "read", "--time", "0.2"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
