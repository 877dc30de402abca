import os
import pathlib
import re
import shutil
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# What a C program linking libssdcore.a statically also needs: the
# pkg-config modules the library links (CMakeLists.txt's SSD_LINK_DEPS;
# libarchive is loaded when an archive is first packed or unpacked).
STATIC_DEPS = ("liburing", "sqlite3", "libzstd")
DATASETS = ROOT / "datasets"
# filebench, run as root, writes "3" to /proc/sys/vm/drop_caches before each
# step: the whole machine's page cache emptied three times a run, some forty
# runs a session (the CLI, Python, the notebooks and examples), and every
# worker then reading its modules and files from the disk again (about 3 s
# of system time in six filebench files alone). The tests point it at
# /dev/null (SSD_DROP_CACHES, fileops/filebench.c): the same code runs, open
# and write included, and reports "drop_caches" as before;
# test_fileops_sets_and_bench.py checks the "3" is written, and the C
# test_suite's filebench step and scripts/record_file_traces.sh still drop
# the real caches.
os.environ.setdefault("SSD_DROP_CACHES", os.devnull)


@pytest.fixture(scope="session")
def build_dir():
    """The CMake build tree the tests run against (scripts/test.sh sets it)."""
    return pathlib.Path(os.environ.get("SSD_BUILD_DIR", ROOT / "build"))


@pytest.fixture(scope="session")
def cli(build_dir):
    """Path of the ssdcore executable under test."""
    exe = build_dir / "ssdcore"
    assert exe.exists(), f"{exe} missing: build first (scripts/build.sh)"
    return str(exe)


@pytest.fixture
def c_example(build_dir, tmp_path):
    """c_example("sim_truth") builds examples/sim_truth.c against the public
    headers and the static library (warnings are errors) and returns the
    executable's path; the test is skipped without cc or libssdcore.a."""
    import subprocess

    cc = shutil.which("cc")
    lib = build_dir / "libssdcore.a"
    if not cc or not lib.exists():
        pytest.skip("needs cc and the static library")

    def build(name):
        deps = subprocess.run(["pkg-config", "--libs", *STATIC_DEPS],
                              capture_output=True, text=True, check=True).stdout.split()
        exe = tmp_path / name
        subprocess.run([cc, "-Wall", "-Wextra", "-Werror", str(ROOT / "examples" / f"{name}.c"),
                        "-I", str(ROOT / "libssdcore" / "include"), str(lib), *deps, "-lm",
                        "-lpthread", "-ldl", "-o", str(exe)], check=True)
        return exe
    return build


@pytest.fixture(scope="session")
def small_write_run(cli, tmp_path_factory):
    """The results directory of a 2 s logged write and its analysis on
    sim:bx200, run by the CLI once per session (per xdist worker): the
    smallest run `report` and `compare` draw. Read-only: copy it before
    writing into it. Its suite file is small_write_suite."""
    import subprocess

    base = tmp_path_factory.mktemp("small-write-run")
    (base / "s.suite").write_text(
        "job name=w pattern=write bs=1m time=2s interval=50ms log=degradation\n"
        "analyze degradation\n")
    subprocess.run([cli, "suite", "sim:bx200", "--suite-file", str(base / "s.suite"), "--out",
                    str(base / "run")], check=True, capture_output=True, timeout=60)
    return base / "run"


@pytest.fixture(scope="session")
def small_write_suite(small_write_run):
    """The suite file small_write_run was run from (read-only)."""
    return small_write_run.parent / "s.suite"


@pytest.fixture
def workdir(build_dir, request):
    """An empty directory for one test on the build tree's disk (O_DIRECT
    fails on tmpfs), removed after it."""
    d = build_dir / f"pytest-{request.module.__name__}" / request.node.name
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    yield d
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture(scope="module")
def module_tmp(tmp_path_factory, request):
    """module_tmp("name"): a new directory for the file's tests to share
    (as tmp_path_factory.mktemp gives), removed when the file's tests end
    unless one of them failed (as pytest keeps only failed tests' tmp_path).
    For a module fixture that writes much (simulated runs, a venv): pytest
    removes its session's directories only after a session that passed, and
    under xdist a session with a failure kept every worker's mktemp dirs
    (364 MB, most of it the used-drive sweep's 450 runs)."""
    made = []
    failed = request.session.testsfailed

    def mk(name):
        made.append(tmp_path_factory.mktemp(name))
        return made[-1]
    yield mk
    if request.session.testsfailed == failed:
        for d in made:
            shutil.rmtree(d, ignore_errors=True)


@pytest.fixture(scope="session")
def datasets_dir():
    """The real logs the tests use, kept in the repository with their provenance."""
    return DATASETS


@pytest.fixture(autouse=True, scope="session")
def sigint_raises_keyboardinterrupt():
    """The Ctrl-C tests send SIGINT to this process and expect
    KeyboardInterrupt. A shell starts a background job with SIGINT ignored,
    and Python then keeps it ignored: install Python's default handler for
    the session (children started by the tests inherit it too)."""
    import signal
    old = signal.getsignal(signal.SIGINT)
    if old is not signal.default_int_handler:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    if old is not signal.default_int_handler and old is not None:
        signal.signal(signal.SIGINT, old)


# ---------------------------------------------------------------------------
# Test-suite speed (docs/testing.md): shared simulator runs, the slow marker,
# and the order the tests are handed out in.

def _shared_root(tmp_path_factory):
    """A directory shared by every xdist worker of this session (and by the
    one process without xdist), under pytest's own base temp."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # .../pytest-N/popen-gwK -> .../pytest-N
    root = base / "shared-sim-runs"
    root.mkdir(exist_ok=True)
    return root


def _snapshot(d):
    """Every file under d with its size and modification time: a shared run
    directory must look the same after each test that was handed it."""
    out = {}
    for p in sorted(d.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(d))] = (st.st_size, st.st_mtime_ns)
    return out


class SimRuns:
    """Suites on simulated drives, each run once per test session and shared
    by every test and every xdist worker that asks for it (a sim: target runs
    in virtual time and is deterministic, so one run serves them all). The
    first worker to ask runs it under a file lock; the others wait and read it.

    The directories are READ-ONLY to tests: a test that writes next to a run
    (report(dir), a damaged copy) copies it first (shutil.copytree). An
    autouse check fails the test that changed one."""

    def __init__(self, root):
        self.root = root
        self.handed = {}  # path -> snapshot taken when it was made

    def _key(self, target, suite):
        return re.sub(r"[^A-Za-z0-9.-]+", "_", f"{target}-{suite}")

    def path(self, target, suite):
        """The results directory of `suite` run on `target` (with its report)."""
        import fcntl
        import json

        import ssdcore

        key = self._key(target, suite)
        out = self.root / key
        done = self.root / f"{key}.done"
        with open(self.root / f"{key}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            if not done.exists():
                shutil.rmtree(out, ignore_errors=True)
                calls = []
                t0 = time.monotonic()
                res = ssdcore.suite(target, out, suite=suite, progress=calls.append)
                wall = time.monotonic() - t0
                with open(out / "results.json") as f:
                    assert json.load(f) == res, "ssdcore.suite() returned other than results.json"
                (self.root / f"{key}.progress.json").write_text(
                    json.dumps({"wall_s": wall, "calls": calls}))
                done.write_text(json.dumps(_snapshot(out)))
        if out not in self.handed:
            import json
            self.handed[out] = {k: tuple(v) for k, v in json.loads(done.read_text()).items()}
        return out

    def suite(self, target, suite):
        """The run's results as ssdcore.suite() returned them (a new
        SuiteResult on each call: change it freely; never the directory)."""
        import json

        import ssdcore
        out = self.path(target, suite)
        with open(out / "results.json") as f:
            return ssdcore.results.SuiteResult(json.load(f), str(out))

    def progress(self, target, suite):
        """What the run's progress callback was called with, and its wall time."""
        import json
        self.path(target, suite)
        return json.loads((self.root / f"{self._key(target, suite)}.progress.json").read_text())

    def apps(self, target, timing=None):
        """ssdcore.apps(target, timing=timing), replayed once per session
        (about 1.7 s of CPU each): a new dict on each call."""
        import fcntl
        import json

        import ssdcore

        # No timing is the library's as-recorded (replay/app_score.c): one run
        # for both spellings.
        key = self._key(target, f"apps-{timing or 'as-recorded'}")
        out = self.root / f"{key}.json"
        with open(self.root / f"{key}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not out.exists():
                tmp = out.with_suffix(".tmp")
                tmp.write_text(json.dumps(ssdcore.apps(target, timing=timing)))
                tmp.rename(out)
        return json.loads(out.read_text())

    def changed(self):
        """The shared directories this process handed out that a test changed."""
        return [str(d) for d, snap in self.handed.items() if _snapshot(d) != snap]


@pytest.fixture(scope="session")
def sim_runs(tmp_path_factory):
    """Shared suite runs on simulated drives: sim_runs.path("sim:bx200",
    "lab2016") is its results directory, sim_runs.suite(...) its SuiteResult.
    Read-only: copy a directory before writing into it."""
    return SimRuns(_shared_root(tmp_path_factory))


@pytest.fixture(autouse=True)
def _shared_runs_stay_unchanged(request):
    """Fails a test that wrote into a shared run directory (the other tests
    that read it, maybe at the same time on another worker, would see it)."""
    yield
    if "sim_runs" in request.fixturenames:
        changed = request.getfixturevalue("sim_runs").changed()
        assert not changed, (f"{request.node.nodeid} changed the shared run directories "
                             f"{changed}: copy them (shutil.copytree) before writing")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Tests marked slow run first (the order is otherwise kept): under
    xdist (scripts/test.sh: --dist loadfile) the files that hold them are
    handed out first, so no worker ends the run alone on a long file."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
