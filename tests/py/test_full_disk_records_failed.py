"""A disk too small for even the space a run keeps in reserve (issue #26):
results.json could not be rewritten, so it says "running"; the run notes
how it ended in its lock file instead, and every reader shows it failed,
and why, never killed."""
import json
import subprocess

import pytest

import ssdcore
from tmpfs_mount import small_tmpfs

SUITE = ("job name=a pattern=randwrite time=1s log=a\n"
         "job name=b pattern=randwrite time=2h interval=1s log=b\n"
         "job name=c pattern=randread time=1s\n")


@pytest.mark.parametrize("size", ["20k", "32k", "48k"])
def test_a_run_that_could_not_save_its_end_is_read_as_failed(cli, tmp_path, size):
    with small_tmpfs(tmp_path / "mnt", size) as mnt:
        (tmp_path / "s.txt").write_text(SUITE)
        out = mnt / "o"
        r = subprocess.run([cli, "suite", "sim:bx200", "--suite-file", str(tmp_path / "s.txt"),
                            "--out", str(out), "--no-report"], capture_output=True, text=True,
                           timeout=120)
        assert r.returncode == 1 and "No space left on device" in r.stderr, r.stderr
        doc = json.loads((out / "results.json").read_text())
        if doc["status"] != "running":
            pytest.skip(f"results.json was saved on a {size} tmpfs: nothing to read back")
        s = subprocess.run([cli, "report", str(out), "--summary", "--out",
                            str(tmp_path / "r.html")], capture_output=True, text=True)
        assert "failed after" in s.stdout and "killed" not in s.stdout, s.stdout + s.stderr
        j = subprocess.run([cli, "report", str(out), "--json", "--out", str(tmp_path / "r2.html")],
                           capture_output=True, text=True)
        res = json.loads(j.stdout)
        assert res["status"] == "failed" and res["killed"] is False
        assert "No space left on device" in res["error"]
        assert ssdcore.report(out, tmp_path / "r3.html")["status"] == "failed"
        db = tmp_path / "c.sqlite"
        assert ssdcore.catalog.add(out, db).status == "added"
        assert [r["status"] for r in ssdcore.catalog.runs(db).runs] == ["failed"]
        # the next run there starts clean: no stale note
        (tmp_path / "ok.txt").write_text("job name=r pattern=read time=1s\n")
        subprocess.run(["rm", "-rf", str(out)])
        r = subprocess.run([cli, "suite", "sim:bx200", "--suite-file", str(tmp_path / "ok.txt"),
                            "--out", str(out), "--no-report"], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert json.loads((out / "results.json").read_text())["status"] == "complete"
