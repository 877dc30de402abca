"""#24: `compare --catalog --drive ssd370` silently took the newest of
several runs. It now says which run it took and of how many, and the user
chooses by run id (catalog id or run_id prefix), suite or date."""
import json
import subprocess

import pytest

import ssdcore


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    base = tmp_path_factory.mktemp("pick")
    db = str(base / "c.sqlite")
    # ssd370 twice (quick, then a one-job suite file), bx200 once.
    suite = base / "one.suite"
    suite.write_text("job name=seq-read pattern=read bs=256k qd=1 time=1s span=64m\n")
    dirs = {}
    for name, target, args in (("s-quick", "sim:ssd370", ["--suite", "quick"]),
                               ("s-file", "sim:ssd370", ["--suite-file", str(suite)]),
                               ("bx", "sim:bx200", ["--suite", "quick"])):
        dirs[name] = base / name
        subprocess.run(["ssdcore", "suite", target, *args, "--out", str(dirs[name]),
                        "--no-progress"], check=True, capture_output=True)
        ssdcore.catalog.add(dirs[name], db)
    return db, dirs, base


def _run(cli, *args):
    return subprocess.run([cli, "compare", *args], capture_output=True, text=True)


def test_compare_says_which_run_it_took_and_of_how_many(catalog, cli):
    db, dirs, base = catalog
    r = _run(cli, "--catalog", db, "--drive", "ssd370", "--drive", "bx200", "--out",
             str(base / "o1"))
    assert r.returncode == 0, r.stderr
    line = [ln for ln in r.stdout.splitlines() if '"ssd370"' in ln][0]
    assert str(dirs["s-file"]) in line and "the newest of 2 matching runs" in line
    assert "--run" in line
    bx = [ln for ln in r.stdout.splitlines() if '"bx200"' in ln][0]
    assert "newest of" not in bx and "quick" in bx


def test_the_user_chooses_by_suite_run_or_date(catalog, cli):
    db, dirs, base = catalog
    r = _run(cli, "--catalog", db, "--drive", "ssd370", "--suite", "quick", "--out",
             str(base / "o2"))
    assert r.returncode == 0, r.stderr
    doc = json.loads((base / "o2" / "compare.json").read_text())
    assert [d["dir"] for d in doc["drives"]] == [str(dirs["s-quick"])]
    run_id = json.loads((dirs["s-quick"] / "results.json").read_text())["run_id"]
    r = _run(cli, "--catalog", db, "--run", run_id[:8], "--run", "3", "--out", str(base / "o3"))
    assert r.returncode == 0, r.stderr
    doc = json.loads((base / "o3" / "compare.json").read_text())
    assert [d["dir"] for d in doc["drives"]] == [str(dirs["s-quick"]), str(dirs["bx"])]
    assert doc["drives"][0]["run_id"] == run_id
    started = doc["drives"][0]["started"]
    r = _run(cli, "--catalog", db, "--drive", "ssd370", "--date", started[:10], "--out",
             str(base / "o4"))
    assert r.returncode == 0, r.stderr
    r = _run(cli, "--catalog", db, "--drive", "ssd370", "--date", "1999-01-01", "--out",
             str(base / "o5"))
    assert r.returncode == 1 and '"ssd370", started 1999-01-01' in r.stderr
    r = _run(cli, "--catalog", db, "--drive", "ssd370", "--suite", "lab2016", "--out",
             str(base / "o6"))
    assert r.returncode == 1 and "suite lab2016" in r.stderr
    r = _run(cli, "--suite", "quick", "--out", str(base / "o7"), str(dirs["bx"]))
    assert r.returncode == 2 and "--catalog" in r.stderr


def test_python_picks_the_same_way(catalog):
    db, dirs, _ = catalog
    res = ssdcore.catalog.compare(["ssd370"], catalog=db, suite="quick")
    assert isinstance(res, ssdcore.results.CompareResult)
    assert res["drives"][0]["dir"] == str(dirs["s-quick"])
    assert "run " in res.picked[0] and "quick" in res.picked[0]
    res = ssdcore.catalog.compare(["ssd370"], catalog=db)
    assert "the newest of 2 matching runs" in res.picked[0]
    assert res.drives == ["Transcend SSD370 256 GB"] and res.picked[0] in repr(res)
    with pytest.raises(ssdcore.Error):
        ssdcore.catalog.compare([], catalog=db, runs=["deadbeef"])


def test_drive_and_run_picks_keep_their_order_and_o_is_out(catalog, cli):
    """--drive and --run are one list of picks in the order given; -o DIR
    is --out DIR; --label repeats, one per run, and a run directory given
    after "--" counts like any other."""
    db, dirs, base = catalog
    r = _run(cli, "--catalog", db, "--run", "3", "--drive", "ssd370", "--suite", "quick",
             "-o", str(base / "o8"), "--label", "B", "--label=S")
    assert r.returncode == 0, r.stderr
    doc = json.loads((base / "o8" / "compare.json").read_text())
    assert [(d["dir"], d["label"]) for d in doc["drives"]] == [(str(dirs["bx"]), "B"),
                                                               (str(dirs["s-quick"]), "S")]
    r = _run(cli, "--out", str(base / "o9"), "--highlight", "2", str(dirs["bx"]), "--",
             str(dirs["s-quick"]))
    assert r.returncode == 0, r.stderr
    doc = json.loads((base / "o9" / "compare.json").read_text())
    assert len(doc["drives"]) == 2 and doc["highlight"] == doc["drives"][1]["label"]


def test_two_picks_of_one_run_are_said(catalog, cli):
    """Round 23's audit: `--drive ssd370 --drive ssd370` (a user after the
    drive's fresh and used runs) took the newest run twice and compared it
    with itself, every figure 0 %, saying only which run each took. It
    says the two are one run."""
    db, dirs, base = catalog
    r = _run(cli, "--catalog", db, "--drive", "ssd370", "--drive", "ssd370", "--out",
             str(base / "o-same"))
    assert r.returncode == 0, r.stderr
    assert "compare: picks 1 and 2 (--drive or --run, in order) are the same run: it is " \
        "compared with itself (choose another with --run, --suite or --date)" in r.stdout, \
        r.stdout
    r = _run(cli, "--catalog", db, "--drive", "ssd370", "--drive", "bx200", "--out",
             str(base / "o-other"))
    assert "same run" not in r.stdout
