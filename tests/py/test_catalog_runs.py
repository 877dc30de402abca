"""The results catalog: `ssdcore catalog add|list`, compare from it, and
Python's DataFrames over the same SQLite file."""
import json
import shutil
import sqlite3
import subprocess

import pytest

import ssdcore


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("cat")
    out = {}
    for name, target in (("bx200", "sim:bx200"), ("ssd370", "sim:ssd370")):
        out[name] = base / name
        ssdcore.suite(target, out[name], suite="quick", report=False)
    return out


def test_adding_twice_is_a_no_op(runs, cli, tmp_path):
    db = tmp_path / "sub" / "c.sqlite"
    r = subprocess.run([cli, "catalog", "add", str(runs["bx200"]), "--catalog", str(db)],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "added" in r.stdout
    # again, and from a copy of the directory: the same run
    copy = tmp_path / "moved"
    shutil.copytree(runs["bx200"], copy)
    for d in (runs["bx200"], copy):
        r = subprocess.run([cli, "catalog", "add", str(d), "--catalog", str(db)],
                           capture_output=True, text=True)
        assert r.returncode == 0 and "already in the catalog" in r.stdout
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT count(*) FROM runs").fetchone()[0] == 1
        n = c.execute("SELECT count(*) FROM figures").fetchone()[0]
    head = json.loads((runs["bx200"] / "results.json").read_text())["headline"]
    assert n >= len([k for k, v in head.items() if isinstance(v, (int, float))])
    assert ssdcore.catalog.add(runs["ssd370"], db).status == "added"
    assert ssdcore.catalog.add(runs["ssd370"], db).status == "unchanged"


def test_the_catalog_names_a_drive_as_compare_does_and_renames_old_rows(runs, tmp_path):
    """Round 23's audit: `catalog list` said "sim:ssd370" (the identity's
    model) where `compare` said "Transcend SSD370 256 GB". The drive column
    is compare's name now, the identity stays in model and target; a row
    catalogued before is renamed when its run is added again."""
    db = tmp_path / "c.sqlite"
    ssdcore.catalog.add(runs["ssd370"], db)
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT drive, target FROM runs").fetchone() == \
            ("Transcend SSD370 256 GB", "sim:ssd370")
        c.execute("UPDATE runs SET drive='sim:ssd370'")  # as an older ssdcore named it
    assert ssdcore.catalog.add(runs["ssd370"], db).status == "updated"
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT drive FROM runs").fetchone() == ("Transcend SSD370 256 GB",)
    doc = json.loads((runs["ssd370"] / "results.json").read_text())
    assert ssdcore.compare([runs["ssd370"]]).drives == ["Transcend SSD370 256 GB"]
    assert doc["target"]["uri"] == "sim:ssd370"


def test_list_filters_by_drive(runs, cli, tmp_path):
    db = str(tmp_path / "c.sqlite")
    for d in runs.values():
        ssdcore.catalog.add(d, db)
    r = subprocess.run([cli, "catalog", "list", "--catalog", db, "--drive", "SSD370", "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    assert [x["target"] for x in rows] == ["sim:ssd370"] and rows[0]["status"] == "complete"
    assert ssdcore.catalog.runs(db, drive="SSD370").runs == rows  # one listing, the library's
    r = subprocess.run([cli, "catalog", "list", "--catalog", db], capture_output=True, text=True)
    assert r.returncode == 0 and "sim:bx200" in r.stdout and "sim:ssd370" in r.stdout
    # the drive as compare names it, its identity in the target column
    # (round 23's audit: catalog said "sim:ssd370" where compare said this)
    head, *lines = r.stdout.splitlines()
    assert head.split()[:4] == ["id", "started", "drive", "target"]
    assert "Transcend SSD370 256 GB" in r.stdout and "Crucial BX200 240 GB" in r.stdout
    assert [x["drive"] for x in rows] == ["Transcend SSD370 256 GB"]
    assert ssdcore.catalog.runs(db, drive="Transcend").runs == rows  # found by its name too
    listed = ssdcore.catalog.runs(db)
    assert isinstance(listed, ssdcore.results.CatalogRuns) and "2 runs in" in repr(listed)
    df = listed.to_frame()
    assert list(df.target) == ["sim:bx200", "sim:ssd370"]
    assert str(df.capacity_bytes.dtype) == "Int64"
    assert list(listed.summary().runs) == [1, 1]
    found = ssdcore.catalog.figures(db, drive="bx200")
    figs = found.to_frame()
    assert set(figs.drive) == {"Crucial BX200 240 GB"} and "seq_read_bps" in set(figs.figure)
    wide = found.summary()
    assert len(wide) == 1 and wide["seq_read_bps"].iloc[0] == figs[
        figs.figure == "seq_read_bps"].value.iloc[0]
    v = figs[figs.figure == "seq_read_bps"].value.iloc[0]
    assert v == pytest.approx(json.loads((runs["bx200"] / "results.json").read_text())
                              ["headline"]["seq_read_bps"])
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    ax = found.plot(figure="seq_read_bps")
    assert ax.get_ylabel() == "seq_read_bps" and len(ax.get_lines()) == 1
    with pytest.raises(ValueError, match="seq_read_bps"):
        found.plot()  # the error lists the figures there are
    with pytest.raises(TypeError, match=r"catalog\.figures"):
        listed.plot()


def test_compare_from_the_catalog(runs, cli, tmp_path):
    db = str(tmp_path / "c.sqlite")
    for d in runs.values():
        ssdcore.catalog.add(d, db)
    r = subprocess.run([cli, "compare", "--catalog", db, "--drive", "bx200", "--drive", "ssd370",
                        "--out", str(tmp_path / "o")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    doc = json.loads((tmp_path / "o" / "compare.json").read_text())
    # Called by model, as a directory compare calls them, not by the search text.
    assert [d["label"] for d in doc["drives"]] == ["Crucial BX200 240 GB",
                                                   "Transcend SSD370 256 GB"]
    r = subprocess.run([cli, "compare", "--catalog", db, "--drive", "nosuch", "--out",
                        str(tmp_path / "o2")], capture_output=True, text=True)
    assert r.returncode == 1 and '"nosuch"' in r.stderr
    res = ssdcore.catalog.compare(["ssd370", "bx200"], catalog=db)
    assert set(res.drives) == {"Transcend SSD370 256 GB", "Crucial BX200 240 GB"}


def test_bad_catalogs_and_runs_are_refused_with_the_reason(runs, cli, tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database at all" * 100)
    r = subprocess.run([cli, "catalog", "list", "--catalog", str(junk)], capture_output=True,
                       text=True)
    assert r.returncode == 1 and "junk.sqlite" in r.stderr and "SQLite" in r.stderr
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as c:
        c.execute("CREATE TABLE t(x)")
    r = subprocess.run([cli, "catalog", "list", "--catalog", str(other)], capture_output=True,
                       text=True)
    assert r.returncode == 1 and "not an ssdcore catalog" in r.stderr
    db = str(tmp_path / "c.sqlite")
    (tmp_path / "norun").mkdir()
    r = subprocess.run([cli, "catalog", "add", str(tmp_path / "norun"), "--catalog", db],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "norun/results.json" in r.stderr
    (tmp_path / "notours").mkdir()
    (tmp_path / "notours" / "results.json").write_text('{"schema": "x"}')
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.catalog.add(tmp_path / "notours", db)
    assert "not ssdcore results" in e.value.detail
    r = subprocess.run([cli, "catalog", "frobnicate"], capture_output=True, text=True)
    assert r.returncode == 2 and "frobnicate" in r.stderr


def test_default_path_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SSDCORE_CATALOG", str(tmp_path / "x.sqlite"))
    assert ssdcore.catalog.path() == str(tmp_path / "x.sqlite")
    monkeypatch.delenv("SSDCORE_CATALOG")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert ssdcore.catalog.path() == str(tmp_path / "xdg" / "ssdcore" / "catalog.sqlite")
