"""Progress from copy_tree/archive/extract: dicts on the calling thread, and
a way to stop (an exception in the callback, Ctrl-C) that leaves no partial
file behind."""
import os
import shutil
import signal
import threading

import pytest

import ssdcore
from fileops_helpers import make_tree

COPY = ("copy", "--robocopy-exit")  # these tests pin Robocopy's exit bits


def flat_tree(root, n=30, size=200_000):
    os.makedirs(root)
    for i in range(n):
        with open(os.path.join(root, f"f{i:03d}"), "wb") as f:
            f.write(bytes([i]) * size)
    return n


# What an interrupted mkset leaves on purpose so that a re-run resumes the
# set (docs/crash-safety.md): a marker, not a file of the set.
MKSET_MARKER = ".ssdcore-mkset-unfinished"


def assert_no_partial(src, dst):
    """Every file present in dst is a complete copy of its source."""
    present = 0
    for dirpath, _, files in os.walk(dst):
        for name in files:
            if name == MKSET_MARKER:
                continue
            d = os.path.join(dirpath, name)
            s = os.path.join(src, os.path.relpath(d, dst))
            with open(s, "rb") as a, open(d, "rb") as b:
                assert a.read() == b.read(), f"{d} left partial"
            present += 1
    return present


class Recorder:
    def __init__(self, fail_at=None, exc=None):
        self.calls = []
        self.threads = set()
        self.fail_at = fail_at
        self.exc = exc

    def __call__(self, p):
        self.calls.append(p)
        self.threads.add(threading.get_ident())
        if self.fail_at is not None and len(self.calls) >= self.fail_at:
            if self.exc is KeyboardInterrupt:
                signal.raise_signal(signal.SIGINT)  # what Ctrl-C does
            raise self.exc("stop here")


def test_progress_dicts_come_on_the_calling_thread(tmp_path):
    src = tmp_path / "src"
    make_tree(src)
    total = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(src) for f in fs
                if not os.path.islink(os.path.join(d, f)))
    for run in (lambda cb: ssdcore.copy_tree(src, tmp_path / "dst", progress=cb, sync="none"),
                lambda cb: ssdcore.archive(src, tmp_path / "a.7z", progress=cb, sync="none"),
                lambda cb: ssdcore.extract(tmp_path / "a.7z", tmp_path / "out", progress=cb,
                                           sync="none")):
        rec = Recorder()
        run(rec)
        assert rec.calls, "at least the final progress is delivered"
        assert rec.threads == {threading.get_ident()}
        for p in rec.calls:
            assert {"files", "bytes", "elapsed_s"} <= set(p) and "elapsed" not in p
            assert p["elapsed_s"] >= 0
        files = [p["files"] for p in rec.calls]
        assert files == sorted(files)
        assert rec.calls[-1]["bytes"] >= total - 100  # copy counts link targets too
        assert rec.calls[-1]["files"] >= 4


def test_exception_in_copy_callback_stops_the_copy_and_propagates(tmp_path):
    src, dst = tmp_path / "src", tmp_path / "dst"
    n = flat_tree(src)
    rec = Recorder(fail_at=1, exc=ValueError)
    with pytest.raises(ValueError, match="stop here"):
        ssdcore.copy_tree(src, dst, progress=rec, progress_interval=0, workers=2, sync="none")
    assert len(rec.calls) == 1, "not called again once it raised"
    assert assert_no_partial(src, dst) < n


def test_ctrl_c_stops_a_copy_with_keyboard_interrupt(tmp_path):
    src, dst = tmp_path / "src", tmp_path / "dst"
    n = flat_tree(src)
    rec = Recorder(fail_at=1, exc=KeyboardInterrupt)
    with pytest.raises(KeyboardInterrupt):
        ssdcore.copy_tree(src, dst, progress=rec, progress_interval=0, workers=2, sync="none")
    assert assert_no_partial(src, dst) < n


def test_ctrl_c_reaches_a_copy_without_a_progress_callable(tmp_path):
    """No user callback: SIGINT from another thread still stops the copy,
    because the library calls back into Python every interval."""
    src, dst = tmp_path / "src", tmp_path / "dst"
    flat_tree(src, n=40, size=1 << 20)
    main = threading.get_ident()
    # The signal is sent as soon as the copy has written something; a copy
    # that wins the race ends normally and the test has nothing to check.
    stop = threading.Event()

    def watcher():
        while not stop.is_set():
            if os.path.isdir(dst) and os.listdir(dst):
                signal.pthread_kill(main, signal.SIGINT)
                return
            stop.wait(0.001)

    t = threading.Thread(target=watcher)
    t.start()
    interrupted = False
    try:
        ssdcore.copy_tree(src, dst, progress_interval=0.01, workers=1, sync="file")
    except KeyboardInterrupt:
        interrupted = True
    finally:
        stop.set()
        t.join()
    assert_no_partial(src, dst)
    if not interrupted:
        pytest.skip("the copy finished before the signal arrived")


def test_exception_in_extract_callback_removes_the_file_being_written(tmp_path):
    src = tmp_path / "src"
    flat_tree(src, n=5, size=3 << 20)  # several data blocks per file
    arc = tmp_path / "a.tar"
    ssdcore.archive(src, arc, format="tar", sync="none")
    rec = Recorder(fail_at=1, exc=RuntimeError)
    with pytest.raises(RuntimeError):
        ssdcore.extract(arc, tmp_path / "out", progress=rec, progress_interval=0, sync="none")
    assert assert_no_partial(src, tmp_path / "out") < 5


@pytest.mark.parametrize("fmt", ["7z", "tar"])
def test_exception_in_archive_callback_leaves_no_half_archive(tmp_path, fmt):
    src = tmp_path / "src"
    flat_tree(src, n=5, size=3 << 20)
    arc = tmp_path / f"a.{fmt}"
    rec = Recorder(fail_at=1, exc=RuntimeError)
    with pytest.raises(RuntimeError):
        ssdcore.archive(src, arc, format=fmt, progress=rec, progress_interval=0, sync="none")
    assert not arc.exists()
    assert os.listdir(tmp_path) == ["src"]  # no 7z staging file either


def test_ctrl_c_stops_the_cli_copy_cleanly(build_dir, cli):
    import shutil
    import subprocess
    import time
    work = build_dir / "pytest-ctrl-c"  # on the disk: /tmp may be a fast tmpfs
    shutil.rmtree(work, ignore_errors=True)
    src, dst = work / "src", work / "dst"
    try:
        _cli_ctrl_c(cli, src, dst)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _cli_ctrl_c(cli, src, dst):
    import subprocess
    import time
    flat_tree(src, n=60, size=2 << 20)
    p = subprocess.Popen([cli, *COPY, str(src), str(dst), "--workers", "1", "--sync", "file"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    while p.poll() is None and not (dst.is_dir() and os.listdir(dst)):
        time.sleep(0.001)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    if p.returncode in (0, 1):
        pytest.skip("the copy finished before the signal arrived")
    assert p.returncode == 16, out + err
    assert "interrupted" in err
    assert assert_no_partial(src, dst) < 60


def test_cli_mkset_ctrl_c_leaves_no_partial_file(cli, build_dir, tmp_path):
    """mkset takes a progress callback now: Ctrl-C stops it and removes the
    file being written; every file left is whole (the same bytes as a
    complete set with the same kind, size and seed)."""
    import subprocess
    import time
    work = build_dir / "pytest-mkset-ctrl-c"  # on the disk: /tmp may be a fast tmpfs
    shutil.rmtree(work, ignore_errors=True)
    try:
        cut = work / "cut"
        p = subprocess.Popen([cli, "mkset", "work", str(cut), "--size", "256m", "--sync", "none"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # Signalled once a few files exist: the ones before the last are whole.
        while p.poll() is None and sum(len(f) for _, _, f in os.walk(cut)) < 3:
            time.sleep(0.001)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
        if p.returncode == 0:
            pytest.skip("the set was complete before the signal arrived")
        assert p.returncode == 1 and "interrupted" in err and "none partial" in err, err
        full = tmp_path / "full"
        ssdcore.make_set("work", full, size="256m", sync="none")
        assert (cut / MKSET_MARKER).exists(), "an interrupted set is marked unfinished"
        assert 0 < assert_no_partial(full, cut) < sum(len(f) for _, _, f in os.walk(full))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_cli_filebench_ctrl_c_says_interrupted_and_leaves_nothing(cli, build_dir):
    """filebench stopped by Ctrl-C while it makes its set says so as copy,
    archive and mkset do (exit 1, "interrupted: ..."), not as an error of the
    step it stopped ("stopped by the progress callback"); its scratch tree
    and the results file it opened are gone."""
    import subprocess
    import time
    work = build_dir / "pytest-filebench-ctrl-c"  # on the disk: /tmp may be a fast tmpfs
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    try:
        out = work / "results.json"
        p = subprocess.Popen([cli, "filebench", str(work), "--out", str(out), "--size", "2g"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        scratch = work / "ssdcore-filebench"
        # A 2 GiB set takes seconds to make: signalled once a few files exist.
        while p.poll() is None and sum(len(f) for _, _, f in os.walk(scratch)) < 3:
            time.sleep(0.001)
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=120)
        assert p.returncode == 1, err
        assert "interrupted: no results" in err and "progress callback" not in err, err
        assert not scratch.exists() and not out.exists()
    finally:
        shutil.rmtree(work, ignore_errors=True)
