"""The results catalog under hostile and careless use (issue #26): another
schema, runs that share a second or a long name, a run catalogued while it
ran, a reused results directory, a creation killed part-way or raced, and
catalog paths with '#', '%' or nothing there."""
import fcntl
import json
import os
import sqlite3
import subprocess

import pytest

import ssdcore


def _suite(out, target="sim:bx200"):
    ssdcore.suite(target, out, suite="quick", report=False)
    return json.loads((out / "results.json").read_text())


def _write(d, doc):
    d.mkdir(parents=True, exist_ok=True)
    (d / "results.json").write_text(json.dumps(doc))


def _add(cli, db, *dirs):
    return subprocess.run([cli, "catalog", "add", *map(str, dirs), "--catalog", str(db)],
                          capture_output=True, text=True)


def _rows(db):
    with sqlite3.connect(db) as c:
        return c.execute("SELECT dir, status, target, suite FROM runs ORDER BY id").fetchall()


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    base = tmp_path_factory.mktemp("hc")
    return {"bx200": _suite(base / "bx200"), "ssd370": _suite(base / "ssd370", "sim:ssd370")}


def test_another_schema_is_refused_by_name_not_read_after_free(cli, tmp_path, run):
    doc = dict(run["bx200"], schema="ssdcore-results/2")
    _write(tmp_path / "v2", doc)
    r = _add(cli, tmp_path / "c.sqlite", tmp_path / "v2")
    assert r.returncode == 1, (r.returncode, r.stderr)
    assert '"ssdcore-results/2"' in r.stderr and "v2/results.json" in r.stderr
    assert "expected \"ssdcore-results/1\"" in r.stderr
    # escape sequences in the schema are not sent to the terminal
    _write(tmp_path / "esc", dict(doc, schema="\x1b]0;owned\x07x"))
    r = _add(cli, tmp_path / "c.sqlite", tmp_path / "esc")
    assert r.returncode == 1 and "\x1b" not in r.stderr


def test_every_run_has_its_own_id_and_runs_in_one_second_are_all_kept(cli, tmp_path, run):
    a, b = _suite(tmp_path / "a"), _suite(tmp_path / "b")
    assert len(a["run_id"]) == 32 and a["run_id"] != b["run_id"]
    # two runs of one host, target and suite started in the same second
    doc = run["bx200"]
    _write(tmp_path / "s1", dict(doc, run_id="1" * 32))
    _write(tmp_path / "s2", dict(doc, run_id="2" * 32))
    db = tmp_path / "c.sqlite"
    r = _add(cli, db, tmp_path / "s1", tmp_path / "s2")
    assert r.returncode == 0 and r.stdout.count("added") == 2, r.stdout + r.stderr
    assert len(_rows(db)) == 2
    # results written before run_id: told apart by their directories, and
    # names longer than any fixed buffer do not collide on a shared prefix
    old = {k: v for k, v in doc.items() if k != "run_id"}
    _write(tmp_path / "o1", old)
    _write(tmp_path / "o2", old)
    long = "x" * 5000
    _write(tmp_path / "l1", dict(old, suite=long + "1"))
    _write(tmp_path / "l2", dict(old, suite=long + "2"))
    r = _add(cli, db, *(tmp_path / n for n in ("o1", "o2", "l1", "l2")))
    assert r.returncode == 0 and r.stdout.count("added") == 4, r.stdout + r.stderr
    assert len(_rows(db)) == 6
    r = _add(cli, db, *(tmp_path / n for n in ("s1", "s2", "o1", "o2", "l1", "l2")))
    assert r.stdout.count("already in the catalog") == 6, r.stdout


def test_a_run_catalogued_while_running_is_updated_when_it_ends(cli, tmp_path, run):
    d = tmp_path / "r"
    doc = run["bx200"]
    running = dict(doc, status="running", complete=False, finished=None,
                   headline={"seq_read_bps": 1.0})
    _write(d, running)
    db = tmp_path / "c.sqlite"
    with open(d / ".ssdcore.lock", "w") as lock:  # the run still holds its directory
        fcntl.flock(lock, fcntl.LOCK_EX)
        r = _add(cli, db, d)
        assert r.returncode == 0 and "added" in r.stdout
        assert _rows(db)[0][1] == "running"
    _write(d, doc)
    r = _add(cli, db, d)
    assert r.returncode == 0 and "updated" in r.stdout, r.stdout
    assert [x[1] for x in _rows(db)] == ["complete"]
    figs = ssdcore.catalog.figures(db).to_frame()
    v = figs[figs.figure == "seq_read_bps"].value.iloc[0]
    assert v == pytest.approx(doc["headline"]["seq_read_bps"]) and v != 1.0
    assert _add(cli, db, d).stdout.strip().endswith("already in the catalog")
    # a run that says running but whose directory nobody holds was killed
    _write(tmp_path / "k", dict(running, run_id="3" * 32))
    assert ssdcore.catalog.add(tmp_path / "k", db).status == "added"
    assert _rows(db)[-1][1] == "interrupted"


def test_compare_never_shows_another_drives_data_from_a_reused_directory(cli, tmp_path, run):
    d = tmp_path / "bench"
    _write(d, run["bx200"])
    db = tmp_path / "c.sqlite"
    assert _add(cli, db, d).returncode == 0
    _write(d, run["ssd370"])  # the directory is reused for another drive
    r = subprocess.run([cli, "compare", "--catalog", str(db), "--drive", "bx200", "--out",
                        str(tmp_path / "o")], capture_output=True, text=True)
    assert r.returncode == 1 and "reused" in r.stderr and str(d) in r.stderr, r.stderr
    assert not (tmp_path / "o" / "compare.json").exists()
    # the run found there was catalogued, and is the one compared under its name
    r = subprocess.run([cli, "compare", "--catalog", str(db), "--drive", "ssd370", "--out",
                        str(tmp_path / "o2")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    cmp = json.loads((tmp_path / "o2" / "compare.json").read_text())
    assert "ssd370" in json.dumps(cmp["drives"][0]) and "bx200" not in json.dumps(cmp["drives"])
    # the same drive measured again in the same directory: the newer run
    _write(d, run["bx200"])
    newer = dict(run["bx200"], run_id="4" * 32, started="2099-01-01T00:00:00Z")
    assert _add(cli, db, d).returncode == 0
    _write(d, newer)
    out = ssdcore.catalog.compare(["bx200"], catalog=db)
    assert out.drives == ["Crucial BX200 240 GB"]
    assert sum(1 for x in _rows(db) if x[2] == "sim:bx200") == 2


def test_a_creation_killed_part_way_is_completed_and_a_race_is_no_failure(cli, tmp_path, run):
    d = tmp_path / "r"
    _write(d, run["bx200"])
    # what a kill between the tables and user_version left (before the fix)
    db = tmp_path / "half.sqlite"
    with sqlite3.connect(db) as c:
        c.execute("CREATE TABLE runs( id INTEGER PRIMARY KEY, run_key TEXT UNIQUE NOT NULL,"
                  " dir TEXT NOT NULL, drive TEXT, model TEXT, serial TEXT, firmware TEXT,"
                  " capacity_bytes REAL, target TEXT, target_kind TEXT, suite TEXT,"
                  " status TEXT, host TEXT, tool TEXT, started TEXT, finished TEXT,"
                  " added TEXT, headline TEXT)")
    r = _add(cli, db, d)
    assert r.returncode == 0 and "added" in r.stdout, r.stderr
    with sqlite3.connect(db) as c:
        assert c.execute("PRAGMA user_version").fetchone()[0] == 1
        assert c.execute("SELECT count(*) FROM figures").fetchone()[0] > 0
    # a user's own table alongside: still not ours
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as c:
        c.execute("CREATE TABLE runs(x)")
        c.execute("CREATE TABLE mine(x)")
    assert "not an ssdcore catalog" in _add(cli, other, d).stderr
    # eight processes creating one new catalog at once: every one succeeds
    race = tmp_path / "race.sqlite"
    dirs = []
    for i in range(8):
        dirs.append(tmp_path / f"p{i}")
        _write(dirs[-1], dict(run["bx200"], run_id=f"{i:032x}"))
    procs = [subprocess.Popen([cli, "catalog", "add", str(x), "--catalog", str(race)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for x in dirs]
    errs = [p.communicate()[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * 8, errs
    assert len(_rows(race)) == 8


@pytest.mark.parametrize("name", ["c#1.sqlite", "c%41.sqlite", "c?mode=rw.sqlite"])
def test_python_reads_the_catalog_it_is_given_whatever_its_name(tmp_path, run, name):
    d, decoy_dir = tmp_path / "r", tmp_path / "decoy"
    _write(d, run["bx200"])
    _write(decoy_dir, run["ssd370"])
    for decoy in ("c", "cA.sqlite", "c"):  # what a URI would make of the names
        ssdcore.catalog.add(decoy_dir, tmp_path / decoy)
    db = tmp_path / name
    assert ssdcore.catalog.add(d, db).status == "added"
    assert list(ssdcore.catalog.runs(db).to_frame().target) == ["sim:bx200"]
    assert set(ssdcore.catalog.figures(db).to_frame().drive) == {"Crucial BX200 240 GB"}


def test_reading_a_catalog_that_is_not_there_creates_nothing(cli, tmp_path):
    missing = tmp_path / "no" / "such" / "c.sqlite"
    with pytest.raises(FileNotFoundError) as e:
        ssdcore.catalog.runs(missing)
    assert isinstance(e.value, ssdcore.Error) and "no such catalog" in str(e.value)
    with pytest.raises(FileNotFoundError):
        ssdcore.catalog.figures(missing)
    with pytest.raises(FileNotFoundError):
        ssdcore.catalog.compare(["x"], catalog=missing)
    r = subprocess.run([cli, "catalog", "list", "--catalog", str(missing)], capture_output=True,
                       text=True)
    assert r.returncode == 1 and "no such catalog" in r.stderr
    r = subprocess.run([cli, "compare", "--catalog", str(missing), "--drive", "x", "--out",
                        str(tmp_path / "o")], capture_output=True, text=True)
    assert r.returncode == 1 and "no such catalog" in r.stderr
    assert not (tmp_path / "no").exists()


def test_adding_only_runs_that_fail_leaves_no_empty_catalog(cli, tmp_path, run):
    # `catalog add` of a directory without a run failed (exit 1) and left
    # an empty c.sqlite behind, which the next `catalog list` then read as
    # a catalog of no runs. A catalog that already existed stays, and one
    # that got a run stays.
    db = tmp_path / "c.sqlite"
    r = _add(cli, db, tmp_path / "missing")
    assert r.returncode == 1 and "missing" in r.stderr
    assert not db.exists()
    with pytest.raises(FileNotFoundError):
        ssdcore.catalog.add(tmp_path / "missing", db)
    assert not db.exists()
    d = tmp_path / "run"
    _write(d, run["bx200"])
    r = _add(cli, db, tmp_path / "missing", d)
    assert r.returncode == 1 and db.exists() and len(_rows(db)) == 1
    r = _add(cli, db, tmp_path / "missing")
    assert r.returncode == 1 and len(_rows(db)) == 1


@pytest.mark.parametrize("steps", [5, None, "steps", {}])
def test_a_results_file_the_report_refuses_is_refused_by_the_catalog_too(cli, tmp_path, run, steps):
    """The catalog read results.json apart from the one loader and took a
    run whose steps are not an array ("interrupted", no drive), which
    report and compare refuse: every reader now gives the same verdict."""
    doc = dict(run["bx200"], steps=steps)
    _write(tmp_path / "s", doc)
    r = _add(cli, tmp_path / "c.db", tmp_path / "s")
    assert r.returncode == 1 and "no steps array" in r.stderr, r.stderr
    with pytest.raises(ssdcore.Error, match="no steps array"):
        ssdcore.catalog.add(tmp_path / "s", tmp_path / "c.db")
    with pytest.raises(ssdcore.Error, match="no steps array"):
        ssdcore.report(tmp_path / "s")


def test_the_catalog_reads_the_run_through_the_field_list(cli, tmp_path, run):
    """catalog.c read its columns from results.json by hand, beside the one
    list of fields the writer and the loader share (results_fields.c).
    It reads them through that list now: a text the list reads as unknown
    (missing or null, as before; "" too, which was stored as ""; "?", its
    word for no target) is stored as NULL, the other columns as written."""
    doc = dict(run["bx200"], tool="ssdcore 0.0.9", suite=None, suite_file="my.suite")
    doc["host"] = dict(doc["host"], hostname="")
    doc["target"] = {k: v for k, v in doc["target"].items() if k not in ("uri", "drive")}
    _write(tmp_path / "r", doc)
    db = tmp_path / "c.db"
    assert _add(cli, db, tmp_path / "r").returncode == 0
    with sqlite3.connect(db) as c:
        row = c.execute("SELECT drive, model, target, target_kind, suite, host, tool, started,"
                        " finished, capacity_bytes FROM runs").fetchone()
    assert row == (None, None, None, "sim", "my.suite", None, "ssdcore 0.0.9", doc["started"],
                   doc["finished"], float(doc["target"]["size_bytes"])), row
    # the same run again: unchanged, one row
    r = _add(cli, db, tmp_path / "r")
    assert r.returncode == 0 and "already in the catalog" in r.stdout, r.stdout
