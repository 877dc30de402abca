"""copy, archive and extract with paths that overlap: never lose the source."""
import subprocess

import pytest

import ssdcore


def run(cli, *args, timeout=60):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)


def tree(d):
    return sorted(p.relative_to(d).as_posix() for p in d.rglob("*"))


def test_mirror_into_a_parent_of_the_source_is_refused(cli, tmp_path):
    # copy set/Work set --mirror deleted everything in set that set/Work
    # lacked, including set/Work itself: the source was lost.
    top = tmp_path / "set"
    ssdcore.make_set("work", top, size="100k", seed=2)
    src = next(p for p in top.iterdir() if p.is_dir())
    before = tree(top)
    for dst in (top, tmp_path):
        p = run(cli, "copy", "--robocopy-exit", str(src), str(dst), "--mirror")
        assert p.returncode >= 8 and p.stdout == ""
        assert "inside the destination" in p.stderr and str(src) in p.stderr
        assert tree(top) == before
    # Python too
    try:
        ssdcore.copy_tree(src, top, mirror=True)
    except ssdcore.Error as e:
        assert "inside the destination" in e.detail
    else:
        raise AssertionError("copy_tree mirrored over its own source")
    assert tree(top) == before
    # Without --mirror nothing is deleted, so it is allowed.
    p = run(cli, "copy", "--robocopy-exit", str(src), str(top))
    assert p.returncode < 8, p.stderr
    assert set(before) <= set(tree(top))


def test_filebench_output_that_cannot_be_written_fails_before_the_run(cli, tmp_path):
    # --out into a missing directory used to be found only after the
    # run, with the JSON already on stdout next to the error.
    out = tmp_path / "missing" / "r.json"
    p = run(cli, "filebench", str(tmp_path), "--size", "1m", "--out", str(out))
    assert p.returncode == 1 and p.stdout == "" and str(out) in p.stderr
    assert not (tmp_path / "ssdcore-filebench").exists()
    good = tmp_path / "r.json"
    good.write_text("old, longer content that must not survive\n" * 10)
    p = run(cli, "filebench", str(tmp_path), "--size", "1m", "--steps", "copy", "--out",
            str(good), "--json")
    assert p.returncode == 0, p.stderr
    assert good.read_text() == p.stdout


def test_non_ascii_names_survive_a_7z_round_trip(cli, tmp_path):
    # In the default 7z format, 'ünï.txt' was stored as '??n??' (the tool
    # runs in the C locale) and the archive then failed to extract.
    src = tmp_path / "src"
    src.mkdir()
    names = ["plain.txt", "ünï.txt", "日本語", "emoji-😀"]
    for n in names:
        (src / n).write_bytes(n.encode() * 10)
    for fmt in ("7z", "zip", "tar.zst"):
        arc = tmp_path / f"a.{fmt}"
        p = run(cli, "archive", str(src), str(arc), "--format", fmt)
        assert p.returncode == 0, p.stderr
        dst = tmp_path / f"x-{fmt}"
        p = run(cli, "extract", str(arc), str(dst))
        assert p.returncode == 0, (fmt, p.stderr)
        assert sorted(x.name for x in dst.iterdir()) == sorted(names), fmt
        for n in names:
            assert (dst / n).read_bytes() == n.encode() * 10


def test_copy_json_stays_valid_with_list_or_verbose(cli, tmp_path):
    # --list and -v printed their decision lines on stdout ahead of the
    # JSON, so 'ssdcore copy A B --list --json' was not JSON.
    import json
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.txt").write_text("a")
    for extra in (["--list"], ["-v"]):
        p = run(cli, "copy", "--robocopy-exit", str(src), str(tmp_path / "dst"), "--json", *extra)
        assert p.returncode < 8, p.stderr
        assert json.loads(p.stdout)["files"]["total"] == 1
        assert "a.txt" in p.stderr
    p = run(cli, "copy", "--robocopy-exit", str(src), str(tmp_path / "dst2"), "--list")
    assert "a.txt" in p.stdout  # without --json the decisions stay on stdout


def test_empty_directory_names_are_refused(cli, tmp_path):
    # 'ssdcore filebench ""' ran the whole 8 GiB benchmark in the current
    # directory; 'ssdcore mkset work ""' said "File name too long".
    for args in (["filebench", "", "--size", "1m"], ["mkset", "work", "", "--size", "1m"]):
        p = subprocess.run([cli, *args], capture_output=True, text=True, timeout=60,
                           cwd=tmp_path)
        assert p.returncode != 0 and p.stdout == "" and "empty directory" in p.stderr
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(ssdcore.Error, match="empty directory"):
        ssdcore.filebench("", size="1m")


@pytest.mark.parametrize("size", ["0", "1", "2p"])
def test_mkset_size_out_of_range_says_the_range(cli, tmp_path, size):
    # It said only "bad value '1' for option 'size'".
    p = run(cli, "mkset", "work", str(tmp_path / "s"), "--size", size)
    assert p.returncode != 0
    assert f"--size: {size} is outside 64 KiB..1 PiB" in p.stderr


@pytest.mark.parametrize("cmd", ["copy", "archive", "extract"])
def test_fileops_errors_escape_control_characters_once(cli, tmp_path, cmd):
    # cli_error escapes every message itself: the commands pass the
    # library's message as it is (they used to escape it first as well)
    missing = str(tmp_path / "gone\x1b[31m")
    p = subprocess.run([cli, cmd, missing, str(tmp_path / "out")], capture_output=True)
    assert p.returncode == 1 and p.stdout == b""
    assert b"\x1b" not in p.stderr and b"gone\\x1b[31m" in p.stderr, p.stderr
    assert b"\\\\x1b" not in p.stderr
