"""Tree copy through the CLI and Python: Robocopy's behaviour and summary."""
import json
import os
import subprocess
import threading

import pytest

import ssdcore
from fileops_helpers import make_tree, snapshot
import tmpfs_mount


def run_cli(cli, *args):
    # these tests pin Robocopy's exit bits, which copy gives under --robocopy-exit
    if args[0] == "copy":
        args = ("copy", "--robocopy-exit", *args[1:])
    return subprocess.run([cli, *map(str, args)], capture_output=True, text=True)


def test_copy_makes_an_identical_tree_and_leaves_the_source_alone(tmp_path, cli):
    src, dst = tmp_path / "src", tmp_path / "dst"
    make_tree(src)
    before = snapshot(src)
    r = run_cli(cli, "copy", src, dst, "--json")
    assert r.returncode == 1, r.stderr          # bit 1: files copied
    out = json.loads(r.stdout)
    assert out["files"]["copied"] == 5 and out["files"]["failed"] == 0
    assert out["dirs"]["total"] == 5
    assert out["robocopy_exit"] == 1
    assert snapshot(dst) == snapshot(src)
    assert snapshot(src) == before


def test_summary_has_robocopys_shape(tmp_path, cli):
    src = tmp_path / "src"
    make_tree(src)
    r = run_cli(cli, "copy", src, tmp_path / "dst")
    lines = r.stdout.splitlines()
    header = next(ln for ln in lines if "Total" in ln)
    assert header.split() == ["Total", "Copied", "Skipped", "Mismatch", "FAILED", "Extras"]
    for label in ("Dirs :", "Files :", "Bytes :", "Times :", "Speed :", "Ended :"):
        assert any(ln.strip().startswith(label) for ln in lines), label
    files = next(ln for ln in lines if ln.strip().startswith("Files :")).split()
    assert files[2:] == ["5", "5", "0", "0", "0", "0"]
    assert any("MegaBytes/min." in ln for ln in lines)


def test_mirror_purges_extras_and_reports_exit_bit_2(tmp_path, cli):
    src, dst = tmp_path / "src", tmp_path / "dst"
    make_tree(src)
    before = snapshot(src)
    ssdcore.copy_tree(src, dst)
    (dst / "stale.tmp").write_bytes(b"x" * 10)
    (dst / "olddir" / "sub").mkdir(parents=True)
    (dst / "olddir" / "sub" / "f").write_bytes(b"y")
    r = run_cli(cli, "copy", src, dst, "--json")
    assert r.returncode == 2                    # extras only, nothing copied
    assert (dst / "stale.tmp").exists()
    r = run_cli(cli, "copy", src, dst, "--mir", "--list", "--json")
    assert r.returncode == 2 and (dst / "stale.tmp").exists()
    r = run_cli(cli, "copy", src, dst, "--mir", "--json")
    out = json.loads(r.stdout)
    assert r.returncode == 2
    assert out["files"]["extras"] == 2 and out["dirs"]["extras"] == 2
    assert not (dst / "stale.tmp").exists() and not (dst / "olddir").exists()
    assert snapshot(dst) == snapshot(src) == before
    assert run_cli(cli, "copy", src, dst, "--mir").returncode == 0


def test_list_only_reports_and_changes_nothing(tmp_path, cli):
    src, dst = tmp_path / "src", tmp_path / "dst"
    make_tree(src)
    r = run_cli(cli, "copy", src, dst, "--list")
    assert r.returncode == 1
    assert "new file" in r.stdout and "readme.txt" in r.stdout
    assert not dst.exists()


def test_unreadable_entry_fails_alone_with_exit_bit_8(tmp_path, cli):
    src, dst = tmp_path / "src", tmp_path / "dst"
    make_tree(src)
    os.mkfifo(src / "docs" / "pipe")            # root reads anything; a FIFO has no data
    before = snapshot(src)
    r = run_cli(cli, "copy", src, dst, "--json")
    out = json.loads(r.stdout)
    assert r.returncode == 1 | 8
    assert out["files"]["failed"] == 1 and out["files"]["copied"] == 5
    assert any("docs/pipe" in f for f in out["failures"])
    assert (dst / "docs" / "photo.jpg").read_bytes() == (src / "docs" / "photo.jpg").read_bytes()
    assert "failed" in r.stderr
    assert snapshot(src) == before


def test_a_read_error_fails_that_file_alone_and_leaves_no_partial_copy(tmp_path):
    # fault_read is a test hook (no CLI flag, not in --help or the docs):
    # tests reach it through the API's keyword, as job's fail_io
    src, dst = tmp_path / "src", tmp_path / "dst"
    make_tree(src)
    before = snapshot(src)
    r = ssdcore.copy_tree(src, dst, fault_read="notes.md")
    assert r.files.failed == 1 and r.files.copied == 4
    assert r.robocopy_exit == 1 | 8
    assert any("notes.md" in f and "Input/output error" in f for f in r.failures)
    assert not (dst / "docs" / "deep" / "notes.md").exists()
    assert (dst / "docs" / "photo.jpg").read_bytes() == (src / "docs" / "photo.jpg").read_bytes()
    assert snapshot(src) == before


def test_the_fault_hook_is_no_flag_of_copy(tmp_path, cli):
    text = run_cli(cli, "copy", "--help").stdout
    assert "--workers" in text and "--fault" not in text and "fault_read" not in text
    r = subprocess.run([cli, "copy", tmp_path, tmp_path / "dst", "--fault-read", "x"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "unknown option" in r.stderr, r.stderr
    assert not (tmp_path / "dst").exists()


def test_fatal_error_is_exit_16_with_the_path(tmp_path, cli):
    r = run_cli(cli, "copy", tmp_path / "missing", tmp_path / "dst")
    assert r.returncode == 16
    assert "missing" in r.stderr and r.stdout == ""
    assert run_cli(cli, "copy", "--workers", "0", "a", "b").returncode == 16


def test_python_copy_options_and_threads(tmp_path):
    src = tmp_path / "src"
    make_tree(src)
    results = {}

    def job(i):
        results[i] = ssdcore.copy_tree(src, tmp_path / f"dst{i}", workers=2, unbuffered=True,
                                       unbuffered_min="4k")
    threads = [threading.Thread(target=job, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i in range(3):
        assert results[i].files.copied == 5 and results[i].workers == 2
        assert snapshot(tmp_path / f"dst{i}") == snapshot(src)
    again = ssdcore.copy_tree(src, tmp_path / "dst0")
    assert again.files.skipped == 5 and again.robocopy_exit == 0
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.copy_tree(src, tmp_path / "x", workers=0)
    assert "workers" in str(e.value)


@pytest.fixture
def small_tmpfs(tmp_path):
    """A 2 MiB tmpfs: a destination that fills up. Unmounted even on failure."""
    with tmpfs_mount.small_tmpfs(tmp_path / "full", "2m") as mnt:
        yield mnt


def test_full_destination_fails_cleanly(tmp_path, cli, small_tmpfs):
    src = tmp_path / "src"
    src.mkdir()
    for i in range(6):
        (src / f"big{i}.bin").write_bytes(os.urandom(700_000))
    (src / "small.txt").write_bytes(b"fits")
    r = run_cli(cli, "copy", src, small_tmpfs / "dst", "--workers", "2", "--json")
    out = json.loads(r.stdout)
    assert r.returncode & 8, r.stdout
    assert r.returncode & 16 == 0
    assert out["files"]["failed"] >= 3
    assert out["files"]["copied"] + out["files"]["failed"] == 7
    assert any("No space left" in f for f in out["failures"])
    # what was copied is complete; failed files left nothing behind
    for name in os.listdir(small_tmpfs / "dst"):
        assert (small_tmpfs / "dst" / name).read_bytes() == (src / name).read_bytes()


def test_copy_seconds_options_are_durations_with_units(tmp_path):
    # wait and mtime_tolerance went through strtod: "500ms" was refused
    # where every other duration (job time=, sim idle) takes units.
    src = tmp_path / "src"
    src.mkdir()
    (src / "f").write_text("x")
    r = ssdcore.copy_tree(src, tmp_path / "dst", wait="500ms", mtime_tolerance="2s", sync="none")
    assert r.files.copied == 1
    ssdcore.copy_tree(src, tmp_path / "dst2", mtime_tolerance=1e-05, sync="none")
    with pytest.raises(ssdcore.Error):
        ssdcore.copy_tree(src, tmp_path / "dst3", wait="soon")


def test_robocopys_bits_are_named_robocopy_exit(tmp_path, cli):
    """copy's JSON called Robocopy's bits exit_code, though the exit status
    is 0 or 1 unless --robocopy-exit: now robocopy_exit, what that flag
    exits with (the attribute .exit_code is gone)."""
    src, dst = tmp_path / "src", tmp_path / "dst"
    make_tree(src)
    r = run_cli(cli, "copy", src, dst, "--json")  # with --robocopy-exit
    out = json.loads(r.stdout)
    assert "exit_code" not in out and out["robocopy_exit"] == r.returncode == 1
    again = subprocess.run([cli, "copy", str(src), str(dst), "--json"], capture_output=True,
                           text=True)
    assert again.returncode == 0 and json.loads(again.stdout)["robocopy_exit"] == 0
    res = ssdcore.copy_tree(src, tmp_path / "py")
    assert res.robocopy_exit == 1 and "exit_code" not in res
    assert res.summary()["robocopy_exit"][0] == 1 and "exit_code" not in res.summary()
    assert not hasattr(res, "exit_code")
