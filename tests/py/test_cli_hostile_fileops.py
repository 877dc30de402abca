"""copy, archive and extract with paths that overlap: never lose the source."""
import subprocess

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
        p = run(cli, "copy", str(src), str(dst), "--mirror")
        assert p.returncode >= 8 and p.stdout == ""
        assert "inside the destination" in p.stderr and str(src) in p.stderr
        assert tree(top) == before
    # Python too
    try:
        ssdcore.copy_tree(src, top, mirror=True)
    except ssdcore.SsdError as e:
        assert "inside the destination" in e.detail
    else:
        raise AssertionError("copy_tree mirrored over its own source")
    assert tree(top) == before
    # Without --mirror nothing is deleted, so it is allowed.
    p = run(cli, "copy", str(src), str(top))
    assert p.returncode < 8, p.stderr
    assert set(before) <= set(tree(top))
