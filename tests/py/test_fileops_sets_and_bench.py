"""File sets through the CLI and the file benchmark's results JSON."""
import hashlib
import json
import os
import subprocess

import pytest

import ssdcore


def tree_digest(root):
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in sorted(os.walk(root)):
        dirnames.sort()
        for name in sorted(filenames):
            p = os.path.join(dirpath, name)
            h.update(os.path.relpath(p, root).encode())
            with open(p, "rb") as f:
                h.update(f.read())
    return h.hexdigest()


@pytest.mark.parametrize("kind", ["iso", "program", "work"])
def test_mkset_is_deterministic_and_exact(tmp_path, cli, kind):
    runs = {}
    for name, seed in (("a", 9), ("b", 9), ("c", 10)):
        r = subprocess.run([cli, "mkset", kind, tmp_path / name, "--size", "20m", "--seed",
                            str(seed), "--json"], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        assert out["bytes"] == 20 << 20
        runs[name] = tree_digest(tmp_path / name)
    assert runs["a"] == runs["b"]
    assert runs["a"] != runs["c"]


def test_sets_differ_in_shape(tmp_path):
    iso = ssdcore.make_set("iso", tmp_path / "iso", size="24m", seed=1)
    program = ssdcore.make_set("program", tmp_path / "program", size="24m", seed=1)
    work = ssdcore.make_set("work", tmp_path / "work", size="24m", seed=1)
    assert iso.files <= 5
    assert program.files > 3 * work.files > 3 * iso.files
    assert program.dirs > 5
    # byte counts are total_bytes (int), as in every result frame
    for r in (iso, program, work):
        assert r.total_bytes == 24 << 20 and type(r.total_bytes) is int
    # a result object: to_dict() is the one way to a plain dict
    assert iso.to_dict()["total_bytes"] == 24 << 20 and not hasattr(iso, "as_dict")


def test_mkset_refuses_a_non_empty_directory(tmp_path, cli):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "keep").write_text("mine")
    r = subprocess.run([cli, "mkset", "work", tmp_path / "x", "--size", "1m"],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "not empty" in r.stderr
    assert (tmp_path / "x" / "keep").read_text() == "mine"


def test_filebench_reports_every_step(tmp_path, cli):
    out = tmp_path / "results.json"
    r = subprocess.run([cli, "filebench", tmp_path, "--set", "program", "--size", "8m",
                        "--out", out, "--json"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    res = json.loads(out.read_text())
    assert res == json.loads(r.stdout)
    assert res["schema"] == "ssdcore-filebench 1"
    assert res["set"]["bytes"] == 8 << 20
    steps = {s["step"]: s for s in res["steps"]}
    assert set(steps) == {"copy", "archive", "extract"}
    for s in steps.values():
        assert s["bytes"] == 8 << 20 and s["runtime_s"] > 0
        assert s["bw_bps"] == pytest.approx(s["bytes"] / s["runtime_s"], rel=1e-3)
    # unit-named, whole numbers: the size as bytes, not the text given
    assert res["set"]["size_bytes"] == 8 << 20 and res["set"]["seed"] == 1
    assert "size" not in res["set"] and "units" not in res
    assert steps["archive"]["method"] == "deflate" and steps["archive"]["archive_bytes"] > 0
    assert res["cache_drop"] in ("drop_caches", "fadvise")
    assert not (tmp_path / "ssdcore-filebench").exists()


def test_filebench_as_root_drops_caches_through_the_file_it_is_given(tmp_path, cli):
    """As root, each step is preceded by "3" written to the drop_caches file
    (SSD_DROP_CACHES, the kernel's by default: conftest.py gives the tests
    /dev/null); a file it cannot open leaves fadvise alone."""
    drop = tmp_path / "drop_caches"
    drop.write_text("")
    for path, want in ((drop, "drop_caches"), (tmp_path / "missing" / "drop", "fadvise")):
        r = subprocess.run([cli, "filebench", tmp_path, "--set", "program", "--size", "1m",
                            "--json"], capture_output=True, text=True,
                           env=dict(os.environ, SSD_DROP_CACHES=str(path)))
        assert r.returncode == 0, r.stderr
        res = json.loads(r.stdout)
        if os.geteuid() != 0:
            assert res["cache_drop"] == "fadvise"
            continue
        assert res["cache_drop"] == want
    if os.geteuid() == 0:
        assert drop.read_text() == "3"


def test_filebench_from_python_keeps_tree_on_request(tmp_path):
    res = ssdcore.filebench(tmp_path, set="iso", size="4m", steps="copy", keep=True)
    assert [s["step"] for s in res["steps"]] == ["copy"]
    assert (tmp_path / "ssdcore-filebench" / "set").is_dir()
    # the repr's title is short, as CopyResult's: it printed the set's raw dict
    title = repr(res).splitlines()[0]
    files = res["set"]["files"]
    assert title == f"<FilebenchResult iso set ({files} files, 4.00 MiB), 1 step>", title
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.filebench(tmp_path, steps="copy,zip")
    assert "zip" in str(e.value)


def test_filebench_never_deletes_a_users_directory_of_that_name(tmp_path, cli):
    # issue 14 #12: a pre-existing DIR/ssdcore-filebench with the user's
    # files in it was deleted by the run
    mine = tmp_path / "ssdcore-filebench"
    (mine / "thesis").mkdir(parents=True)
    (mine / "thesis" / "draft.tex").write_text("years of work")
    r = subprocess.run([cli, "filebench", tmp_path, "--set", "iso", "--size", "2m",
                        "--steps", "copy"], capture_output=True, text=True)
    assert r.returncode != 0 and r.stdout == ""
    assert "ssdcore-filebench" in r.stderr and "not ssdcore's scratch directory" in r.stderr
    assert (mine / "thesis" / "draft.tex").read_text() == "years of work"
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.filebench(tmp_path, set="iso", size="2m", steps="copy")
    assert e.value.name == "EEXIST"
    assert (mine / "thesis" / "draft.tex").read_text() == "years of work"


def test_filebench_reuses_its_own_kept_directory_and_an_empty_one(tmp_path):
    ssdcore.filebench(tmp_path, set="iso", size="2m", steps="copy", keep=True)
    ssdcore.filebench(tmp_path, set="iso", size="2m", steps="copy")  # its own: replaced
    assert not (tmp_path / "ssdcore-filebench").exists()
    (tmp_path / "ssdcore-filebench").mkdir()  # empty: nothing to lose
    ssdcore.filebench(tmp_path, set="iso", size="2m", steps="copy")
