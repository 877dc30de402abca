"""Archive and extract from Python threads: no process-wide state moves
(working directory, umask, TMPDIR) and every result is right."""
import os
import threading

import ssdcore
from fileops_helpers import contents


def test_parallel_archive_and_extract_leave_process_state_alone(tmp_path):
    src = tmp_path / "src"
    ssdcore.make_set("program", src, size="4m", seed=11)
    cwd, tmpdir = os.getcwd(), os.environ.get("TMPDIR")
    old_umask = os.umask(0o027)
    errors = []

    def job(i):
        try:
            fmt = ("7z", "zip", "tar.zst")[i % 3]
            arc = tmp_path / f"a{i}.{fmt}"
            ssdcore.archive(src, arc, format=fmt)
            ssdcore.extract(arc, tmp_path / f"out{i}")
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    try:
        threads = [threading.Thread(target=job, args=(i,)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert os.umask(0o027) == 0o027
        assert os.getcwd() == cwd
        assert os.environ.get("TMPDIR") == tmpdir
    finally:
        os.umask(old_umask)
    assert errors == []
    want = contents(src)
    for i in range(6):
        assert contents(tmp_path / f"out{i}") == want
