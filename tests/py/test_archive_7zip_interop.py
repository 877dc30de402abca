"""Archives made by ssdcore open in real 7-Zip, and 7-Zip's extract with
ssdcore, with the files coming out identical both ways."""
import json
import os
import shutil
import subprocess

import pytest

import ssdcore
from fileops_helpers import contents, make_tree, snapshot

SEVENZ = shutil.which("7z")
needs_7z = pytest.mark.skipif(SEVENZ is None, reason="7z (p7zip-full or 7zip) not installed")


def regular_files(root):
    """Files and directories only: 7-Zip's handling of symlinks differs by
    version, so interop is judged on data."""
    return {k: v for k, v in contents(root).items() if v[0] != "l"}


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """The tree every test archives or compares with, made once (a 3 MB
    program set and make_tree's entries): the tests only read it, and
    write their archives and extracts under their own tmp_path."""
    src = tmp_path_factory.mktemp("interop") / "src"
    make_tree(src)
    ssdcore.make_set("program", src / "program", size="3m", seed=5)
    return src


def _stats(root):
    return {str(p.relative_to(root)): (p.lstat().st_size, p.lstat().st_mtime_ns)
            for p in sorted(root.rglob("*"))}


@pytest.fixture(autouse=True)
def _tree_stays_unchanged(tree):
    """Fails a test that changed the shared tree (the later ones compare
    their outputs with it): every entry keeps its size and mtime."""
    before = _stats(tree)
    yield
    assert _stats(tree) == before, "a test changed the shared tree"


@needs_7z
@pytest.mark.parametrize("fmt,method,name", [("7z", "deflate", "a.7z"), ("7z", "lzma2", "a.7z"),
                                             ("7z", "store", "a.7z"), ("zip", "deflate", "a.zip")])
def test_ssdcore_archives_pass_7z_test_and_extract_identically(tmp_path, cli, tree, fmt, method,
                                                               name):
    arc = tmp_path / name
    r = subprocess.run([cli, "archive", tree, arc, "--format", fmt, "--method", method, "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["archive_bytes"] == arc.stat().st_size
    t = subprocess.run([SEVENZ, "t", str(arc)], capture_output=True, text=True)
    assert t.returncode == 0 and "Everything is Ok" in t.stdout, t.stdout + t.stderr
    if fmt == "7z":
        listing = subprocess.run([SEVENZ, "l", "-slt", str(arc)], capture_output=True,
                                 text=True).stdout
        expected = {"deflate": "Deflate", "lzma2": "LZMA2", "store": "Copy"}[method]
        methods = {ln.split("=", 1)[1].strip() for ln in listing.splitlines()
                   if ln.startswith("Method = ")}
        assert any(expected in m for m in methods), methods
    out = tmp_path / "by7z"
    x = subprocess.run([SEVENZ, "x", "-y", f"-o{out}", str(arc)], capture_output=True, text=True)
    assert x.returncode == 0, x.stdout + x.stderr
    assert regular_files(out) == regular_files(tree)


@needs_7z
@pytest.mark.parametrize("switches", [["-m0=Deflate"], ["-m0=LZMA2"], ["-tzip", "-mm=Deflate"]])
def test_7z_made_archives_extract_with_ssdcore(tmp_path, cli, tree, switches):
    arc = tmp_path / ("by7z.zip" if "-tzip" in switches else "by7z.7z")
    a = subprocess.run([SEVENZ, "a", *switches, str(arc), "."], cwd=tree, capture_output=True,
                       text=True)
    assert a.returncode == 0, a.stdout + a.stderr
    out = tmp_path / "out"
    r = subprocess.run([cli, "extract", arc, out, "--json"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    assert res["files"] >= 4 and res["data_bytes"] > 0
    assert regular_files(out) == regular_files(tree)


@pytest.mark.slow
@pytest.mark.parametrize("fmt,method", [("7z", "deflate"), ("7z", "lzma2"), ("7z", "store"),
                                        ("zip", "deflate"), ("zip", "store"),
                                        ("tar.zst", "zstd"), ("tar", "store")])
def test_round_trip_keeps_everything(tmp_path, tree, fmt, method):
    arc = tmp_path / f"a.{fmt}"
    w = ssdcore.archive(tree, arc, format=fmt, method=method, level=None)
    assert w.files > 4 and w.symlinks == 1 and w.archive_bytes == arc.stat().st_size
    assert w.read_s >= 0 and w.codec_s >= 0 and w.write_s >= 0
    r = ssdcore.extract(arc, tmp_path / "out")
    assert (r.files, r.data_bytes, r.symlinks) == (w.files, w.data_bytes, 1)
    got, want = snapshot(tmp_path / "out"), snapshot(tree)
    # directory mtimes and modes, file modes, mtimes (seconds) and bytes
    assert got.keys() == want.keys()
    for k in want:
        g, w_ = got[k], want[k]
        assert (g[0], g[2], g[4]) == (w_[0], w_[2], w_[4]), k
        if g[0] != "l":
            assert g[1] & 0o777 == w_[1] & 0o777, k
            assert g[3] // 10**9 == w_[3] // 10**9, k


def test_7z_staging_file_stays_off_tmpdir(tmp_path, cli, tree):
    """libarchive stages 7z data in a temp file; it must land next to the
    archive (the drive under test), not in $TMPDIR: a TMPDIR that does not
    exist must not matter, and must be restored afterwards."""
    env = dict(os.environ, TMPDIR=str(tmp_path / "no-such-dir"))
    r = subprocess.run([cli, "archive", tree, tmp_path / "a.7z"], capture_output=True,
                       text=True, env=env)
    assert r.returncode == 0, r.stderr
    before = os.environ.get("TMPDIR")
    ssdcore.archive(tree, tmp_path / "b.7z")
    assert os.environ.get("TMPDIR") == before
    # an explicit staging directory that cannot be used makes the run fail
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.archive(tree, tmp_path / "c.7z", tmpdir=tmp_path / "nowhere")
    assert "nowhere" in str(e.value)
    assert not (tmp_path / "c.7z").exists()
