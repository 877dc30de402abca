"""The Python examples run: every notebook in examples/notebooks executes
(nbclient) and is stored without outputs; examples/python is mypy --strict
clean and mypy catches a wrong argument type against ssdcore's annotations;
the README's Python snippets run; every docstring example in the package
passes as a doctest."""
import doctest
import importlib
import json
import os
import pathlib
import re
import subprocess
import sys

import pytest

import ssdcore
from conftest import ROOT

NOTEBOOKS = sorted((ROOT / "examples" / "notebooks").glob("*.ipynb"))
MYPY_INI = """[mypy]
strict = True
[mypy-ssdcore.*]
follow_imports = silent
"""


def test_there_are_the_four_notebooks():
    names = [p.stem for p in NOTEBOOKS]
    assert names == ["01_quick_start_sim", "02_batch_fio_logs", "03_compare_drives",
                     "04_copy_and_archive"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_stored_without_outputs(path):
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, \
                f"{path.name}: strip outputs before committing"


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path, tmp_path, monkeypatch):
    nbformat = pytest.importorskip("nbformat", reason="the [test] extra")
    nbclient = pytest.importorskip("nbclient", reason="the [test] extra")
    pytest.importorskip("ipykernel", reason="the [test] extra")
    # The kernel is this interpreter and inherits PYTHONPATH (the build tree).
    monkeypatch.setenv("MPLBACKEND", "Agg")
    # The notebooks write their runs and files where a user's would go,
    # tempfile.mkdtemp() (01 a simulated run, 04 a 30 MB file set), and
    # leave them for the reader to look at: here under tmp_path, which
    # pytest removes after a pass (in /tmp, every test command left 32 MB).
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    nb = nbformat.read(str(path), as_version=4)
    # A notebook's own code (module __main__) that uses a deprecated name,
    # keyword or shape fails, as the scripts run with -W error.
    nb.cells.insert(0, nbformat.v4.new_code_cell(
        "import warnings\n"
        "warnings.filterwarnings('error', category=DeprecationWarning, module='__main__')"))
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert not errors


def mypy(config, *args, **kw):
    """Runs mypy with its cache in the user's cache directory (beside
    ccache's, ~/.cache/ssdcore/mypy/CONFIG), shared by every clone and
    session. In the build tree a fresh clone read the stubs of numpy, pandas
    and matplotlib anew (the two mypy tests: 10.2 s of CPU against 5.8 s
    with the cache). mypy checks each cached module's size and hash, so a
    changed or other clone's file is read anew; a file lock keeps two
    sessions (other clones) from writing the cache at once. Each
    configuration (config: a name) has a cache of its own: a module's cache
    entry records the options it was checked with, and the two tests' (the
    installed package seen by a user's strict mypy, the package's own
    pyproject settings) invalidated each other's numpy, pandas and
    matplotlib entries in one shared directory, so each run read them anew:
    3.0 and 3.9 s of CPU, 0.4 s each with a cache of its own. A new
    configuration's cache starts as a copy of another's (on an empty cache,
    as on CI, the second run then reads the stubs from the first's: 3.5 s
    of CPU instead of 9)."""
    import fcntl
    import shutil
    home = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    base = pathlib.Path(home) / "ssdcore" / "mypy"
    cache = base / config
    base.mkdir(parents=True, exist_ok=True)
    with open(base.parent / "mypy.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not cache.exists():
            ver = "%d.%d" % sys.version_info[:2]  # mypy's subdirectory
            seeds = [d for d in sorted(base.iterdir()) if (d / ver).is_dir()]
            if seeds:
                shutil.copytree(seeds[0], cache, symlinks=True)
        return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), *args],
                              capture_output=True, text=True, timeout=600, **kw)


@pytest.mark.slow
def test_examples_are_mypy_strict_clean(build_dir, tmp_path):
    pytest.importorskip("mypy", reason="the [test] extra")
    ini = tmp_path / "mypy.ini"
    ini.write_text(MYPY_INI)
    env = dict(os.environ, MYPYPATH=str(build_dir / "python"))
    # One mypy run checks the examples and a file with a wrong argument
    # type (a second run cost a mypy start, about 0.7 s of CPU): the one
    # error must be that file's, so an error in an example still fails.
    bad = tmp_path / "bad.py"
    bad.write_text('import ssdcore\nssdcore.job("sim:bx200", qd="lots")\n')
    examples = sorted((ROOT / "examples" / "python").glob("*.py"))
    r = mypy("installed", "--config-file", str(ini), str(ROOT / "examples" / "python"), str(bad),
             env=env)
    errors = [line for line in r.stdout.splitlines() if ": error:" in line]
    assert r.returncode == 1 and len(errors) == 1, r.stdout + r.stderr
    # (the file's name: mypy may report the path a cached run of the same
    # module had)
    where, line = errors[0].split(":")[:2]
    assert pathlib.Path(where).name == bad.name and line == "2", r.stdout
    assert 'Argument "qd" to "job" has incompatible type "str"' in errors[0]
    assert f"(checked {len(examples) + 1} source files)" in r.stdout, r.stdout


def user_mypy(build_dir, path, text):
    """mypy --strict, as a user runs it on the installed package, over a
    file of ``text`` at ``path``."""
    pytest.importorskip("mypy", reason="the [test] extra")
    ini = path.parent / "mypy.ini"
    ini.write_text(MYPY_INI)
    path.write_text(text)
    return mypy("installed", "--config-file", str(ini), str(path),
                env=dict(os.environ, MYPYPATH=str(build_dir / "python")))


USER_OLD_AND_MISSPELT = """\
import ssdcore
import ssdcore.analysis
from ssdcore.catalog import ad
t = ssdcore.SimTarget("sim:bx200")
ssdcore.sim.turth(t)
ssdcore.anlyze("x.csv")
def bw(r: ssdcore.results.JobResult) -> float:
    return r.bw_bps
def cache(r: ssdcore.results.AnalysisResult) -> str:
    return r.cache_bytes
truth: float = ssdcore.sim_truth(t)
ssdcore.catalog.catalog_add("run", "c.sqlite").changed
ssdcore.analysis.analyze_many(["x.csv"])
ssdcore.drive.drive_identity("sim:bx200").model
ssdcore.trace_scenarios()[0]["describe"]
ssdcore.analyze("x.csv", capacity="240g")
ssdcore.analyze_many(["x.csv"], capacity=1e9)
ssdcore.fill(t, level=90)
ssdcore.read_fio_json("f.json", as_frame=True)
ssdcore.replay("scenario:pcm8-word", "sim:bx200", target_options={"size": "1g"})
ssdcore.fsd("sim:bx200", target_options={"size": "1g"})
ssdcore.analyze("x.csv", capacity_bytes="240g", penalty=3, min_phase_samples=5)
ssdcore.replay("scenario:pcm8-word", "sim:bx200", size="1g", qd=4, interval="500ms")
ssdcore.apps("sim:bx200", size=1 << 30, destroy_data=True)
ssdcore.analyze("x.csv", penalty="3")
ssdcore.replay("scenario:pcm8-word", "sim:bx200", qd="4")
"""


@pytest.mark.slow
def test_mypy_refuses_a_misspelt_name_and_the_old_ones(build_dir, tmp_path):
    """A module __getattr__ made every name Any to mypy:
    ``ssdcore.sim.turth(t)`` passed --strict. mypy sees no __getattr__: the
    misspelt names, the old names (gone: ``ssdcore.sim_truth``...), the
    old keywords (capacity=, level=, as_frame=, target_options=) and the
    wrong types are the errors; the options keywords are typed by their
    table (a text for a number is an error)."""
    r = user_mypy(build_dir, tmp_path / "user.py", USER_OLD_AND_MISSPELT)
    errors = sorted(int(line.split(":")[1]) for line in r.stdout.splitlines()
                    if ": error:" in line)
    # 3: ad, 5: turth, 6: anlyze, 10: an Optional[int] is no str,
    # 11-15: the old names, 16-21: the old keywords, 25, 26: a text for a
    # float, for an int
    assert errors == [3, 5, 6, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 25, 26], \
        r.stdout + r.stderr
    assert r.stdout.count('Unexpected keyword argument') == 6, r.stdout


USER_JOB_SUITE_OPTIONS = """\
import ssdcore
t = ssdcore.Target("sim:bx200", size="1g", layuot="random")
ssdcore.job("sim:bx200", "randwrite", tme="2s")
ssdcore.job("sim:bx200", threads="2", time="2s")
ssdcore.job(t, pattern="write", bytes="1g", coverage=True, interval="500ms", log="w.csv",
            reference={"cache_bytes": 1}, precondition="seq_fill", layout="random")
ssdcore.precondition("sim:bx200", "seq_fill", sise="1g")
ssdcore.precondition("sim:bx200", "seq_fill", size="1g", destroy_data=True)
ssdcore.suite("sim:bx200", "out", red_only=True)
ssdcore.suite("sim:bx200", "out", size="1g", read_only="yes")
ssdcore.suite_steps("sim:bx200", "quick", size="1g", fitrim="off")
ssdcore.suite_steps("sim:bx200", "quick", sacle=0.1)
ssdcore.copy_tree("a", "b", workers=4, mirror=True, sync="file", wait="2s")
ssdcore.copy_tree("a", "b", mirorr=True)
ssdcore.archive("a", "a.7z", level="9")
"""


@pytest.mark.slow
def test_mypy_checks_the_keyword_options_of_job_suite_and_precondition(build_dir, tmp_path):
    """job(), suite(), suite_steps(), precondition(), Target() and the file
    operations type their keyword options by the option tables
    (ssdcore._options, PEP 692), as analyze() and replay() do: a misspelt
    key or a wrong type is an error for the user's mypy --strict, not only
    a TypeError when it runs."""
    r = user_mypy(build_dir, tmp_path / "user_options.py", USER_JOB_SUITE_OPTIONS)
    errors = [line for line in r.stdout.splitlines() if ": error:" in line]
    # 2 layuot, 3 tme, 4 a text for an int, 7 sise, 9 red_only, 10 a text
    # for a bool, 12 sacle, 14 mirorr, 15 a text for an int; lines 5-6, 8,
    # 11 and 13 are right
    assert sorted({int(e.split(":")[1]) for e in errors}) == [2, 3, 4, 7, 9, 10, 12, 14, 15], \
        r.stdout + r.stderr
    for key in ("layuot", "tme", "sise", "red_only", "sacle", "mirorr"):
        assert f'Unexpected keyword argument "{key}"' in r.stdout, (key, r.stdout)
    assert 'Argument "threads" to "job" has incompatible type "str"' in r.stdout, r.stdout


@pytest.mark.slow
def test_package_and_examples_are_mypy_strict_clean(build_dir):
    """pyproject.toml's [tool.mypy] (strict) over the whole package
    directory and examples/python: a new module is checked without being
    listed anywhere."""
    pytest.importorskip("mypy", reason="the [test] extra")
    r = mypy("pyproject", "bindings/ssdcore", "examples/python", cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    checked = re.search(r"(\d+) source files", r.stdout)  # "no issues found in 22 source files"
    package = len(list((ROOT / "bindings" / "ssdcore").glob("*.py*")))
    assert checked and int(checked.group(1)) >= package, r.stdout


# quick_start.py exits 1 when the analysis and the run's ground truth
# disagree; after a fill without an idle the BX200's static cache is full,
# and the run's truth is no cache, not the fresh drive's 2 GiB.
@pytest.mark.parametrize("script,args", [("quick_start.py", []),
                                         ("quick_start.py", ["bx200", "seq_fill"]),
                                         ("file_benchmarks.py", ["{tmp}/fb", "4m"])])
def test_python_example_scripts_run(build_dir, tmp_path, script, args):
    # -W: an example that uses a deprecated name, keyword or shape fails.
    r = subprocess.run([sys.executable, "-W", "error::DeprecationWarning",
                        str(ROOT / "examples" / "python" / script),
                        *[a.format(tmp=tmp_path) for a in args]],
                       capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr


def _snippets(doc):
    text = (ROOT / doc).read_text()
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


# The documents whose Python snippets run as written (the others name a
# drive, a mount point or a cluster that a test machine has not got).
@pytest.mark.parametrize("doc,least", [("README.md", 3), ("docs/simulator.md", 1)])
def test_readme_python_snippets_run(tmp_path, monkeypatch, doc, least):
    """Each snippet runs as written, in order, and uses no name, keyword
    or shape that is deprecated: a DeprecationWarning fails it."""
    import warnings
    snippets = _snippets(doc)
    assert len(snippets) >= least
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    ns: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        for i, code in enumerate(snippets):
            exec(compile(code, f"{doc} python snippet {i + 1}", "exec"), ns)


MODULES = ["ssdcore", "ssdcore._errors", "ssdcore._util", "ssdcore.analysis", "ssdcore.batch", "ssdcore.fileops",
           "ssdcore.job", "ssdcore.plot", "ssdcore.progress", "ssdcore.results", "ssdcore.sim",
           "ssdcore.suite"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_pass(name, tmp_path, monkeypatch):
    import matplotlib
    matplotlib.use("Agg")
    import numpy as np
    monkeypatch.chdir(tmp_path)
    mod = importlib.import_module(name)
    res = doctest.testmod(mod, extraglobs={"ssdcore": ssdcore, "np": np},
                          optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert res.failed == 0


@pytest.mark.slow
def test_doctest_modules_passes_on_the_package(build_dir, tmp_path):
    # pytest --doctest-modules runs each docstring with its module's globals
    # only: two examples used ssdcore without importing it.
    pkg = build_dir / "python" / "ssdcore"
    env = dict(os.environ, MPLBACKEND="Agg")
    # Not the outer session's options: PYTEST_ADDOPTS=--basetemp=DIR (how
    # the tests are run on a shared machine) names a parent of tmp_path,
    # the inner run's directory, and pytest refused to start.
    env.pop("PYTEST_ADDOPTS", None)
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "--doctest-modules",
                        "-p", "no:cacheprovider", "--rootdir", str(tmp_path), str(pkg)],
                       capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600)
    assert r.returncode == 0 and " passed" in r.stdout, r.stdout[-3000:]
