"""Symlink chains that resolve outside DST are refused (issue 14 #2).

Each link target used to be checked as text on its own, so `d/up -> ..`,
then `l1 -> d/up/..` (which the kernel follows to DST/..) extracted with
exit 0. Now every link is resolved against what is already extracted, and a
'..' after a name a later entry could still replace is refused too."""
import io
import os
import subprocess
import tarfile

import pytest

import ssdcore


def make_tar(path, entries):
    with tarfile.open(path, "w") as tf:
        for name, kind, link in entries:
            info = tarfile.TarInfo(name)
            info.type = kind
            info.linkname = link
            data = b"data" if kind == tarfile.REGTYPE else b""
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data) if data else None)


def escapes(dst):
    """Symlinks under dst whose resolution leaves dst (checked by the kernel)."""
    root = os.path.realpath(dst)
    bad = []
    for dirpath, dirnames, filenames in os.walk(dst):
        for name in dirnames + filenames:
            p = os.path.join(dirpath, name)
            if os.path.islink(p):
                r = os.path.realpath(p)
                if r != root and not r.startswith(root + os.sep):
                    bad.append((p, r))
    return bad


S, D, F = tarfile.SYMTYPE, tarfile.DIRTYPE, tarfile.REGTYPE

# Each case is hostile: extracted naively, a link ends outside DST.
HOSTILE = {
    "issue-chain": [("d", D, ""), ("d/up", S, ".."), ("l1", S, "d/up/.."), ("l2", S, "l1/.."),
                    ("l3", S, "l2/.."), ("l4", S, "l3/.."), ("l5", S, "l4/.."),
                    ("l6", S, "l5/..")],
    "dot-then-up": [("a", S, "."), ("b", S, "a/..")],
    "up-before-link-exists": [("a", S, "x/.."), ("x", S, ".")],
    "deep-link-to-root": [("p/q", D, ""), ("p/q/top", S, "../.."), ("esc", S, "p/q/top/..")],
    "through-link-into-dir": [("d/e", D, ""), ("d/e/r", S, "../.."), ("d/e/x", S, "r/../..")],
    "replaced-link": [("k", D, ""), ("k/m", D, ""), ("p", S, "k/m"), ("q", S, "p/.."),
                      ("p", S, ".")],
    "file-then-link": [("f", F, ""), ("g", S, "f/.."), ("f", S, ".")],
}

# Safe links that must still extract: relative, inside, chains without ".."
# after a link, ".." over real directories only.
SAFE = [("lib", D, ""), ("lib/x", D, ""), ("lib/libfoo.so.1.2", F, ""),
        ("lib/libfoo.so.1", S, "libfoo.so.1.2"), ("lib/libfoo.so", S, "libfoo.so.1"),
        ("lib/x/up", S, "../libfoo.so"), ("lib/x/two", S, "../../lib/x"),
        ("top", S, "lib/x/up"), ("dangling", S, "nowhere/else"), ("self", S, "self")]


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_symlink_chain_leaving_dst_is_refused(tmp_path, cli, case):
    arc = tmp_path / "chain.tar"
    make_tar(arc, HOSTILE[case])
    dst = tmp_path / "dst"
    r = subprocess.run([cli, "extract", str(arc), str(dst)], capture_output=True, text=True)
    assert r.returncode == 1, (case, r.stdout, r.stderr)
    assert "refused" in r.stderr and "symlink" in r.stderr
    assert escapes(dst) == []
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.extract(arc, tmp_path / "dst2")
    assert e.value.name == "SSD_EHOSTILE"
    assert escapes(tmp_path / "dst2") == []


def test_the_issue_chain_really_escapes_when_extracted_naively(tmp_path):
    # The reproduction itself: made by hand, the chain ends at "/", which is
    # what the test above keeps from happening.
    dst = tmp_path / "naive"
    (dst / "d").mkdir(parents=True)
    os.symlink("..", dst / "d" / "up")
    os.symlink("d/up/..", dst / "l1")
    for i in range(2, 7):
        os.symlink(f"l{i - 1}/..", dst / f"l{i}")
    assert escapes(dst) != []


def test_refusal_is_the_same_with_absolute_symlinks_allowed(tmp_path):
    arc = tmp_path / "chain.tar"
    make_tar(arc, HOSTILE["issue-chain"])
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.extract(arc, tmp_path / "dst", allow_absolute_symlinks=True)
    assert e.value.name == "SSD_EHOSTILE" and "l1" in str(e.value)
    # a relative link going through an (allowed) absolute one is refused
    arc2 = tmp_path / "via-abs.tar"
    make_tar(arc2, [("abs", S, str(tmp_path)), ("rel", S, "abs/x")])
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.extract(arc2, tmp_path / "dst2", allow_absolute_symlinks=True)
    assert e.value.name == "SSD_EHOSTILE" and "absolute symlink" in str(e.value)


def test_safe_relative_links_and_chains_still_extract(tmp_path):
    arc = tmp_path / "safe.tar"
    make_tar(arc, SAFE)
    dst = tmp_path / "dst"
    res = ssdcore.extract(arc, dst)
    assert res.symlinks == 7
    assert escapes(dst) == []
    assert (dst / "top").read_bytes() == b"data"
    assert os.readlink(dst / "lib" / "x" / "two") == "../../lib/x"


def test_a_symlink_entry_without_a_target_is_a_format_error(tmp_path, cli):
    # found by fuzz_extract: a tar symlink with an empty link name reached the
    # chain check as a NULL target (undefined behaviour)
    arc = tmp_path / "empty-link.tar"
    make_tar(arc, [("a", S, "")])
    r = subprocess.run([cli, "extract", str(arc), str(tmp_path / "dst")], capture_output=True,
                       text=True)
    assert r.returncode == 1 and "symlink entry without a target" in r.stderr
