import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# What a C program linking libssdcore.a statically also needs: the
# pkg-config modules CMakeLists.txt checks for (its SSD_DEPS).
STATIC_DEPS = ("liburing", "libarchive", "sqlite3", "libzstd")
DATASETS = ROOT / "datasets"


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
def workdir(build_dir, request):
    """An empty directory for one test on the build tree's disk (O_DIRECT
    fails on tmpfs), removed after it."""
    d = build_dir / f"pytest-{request.module.__name__}" / request.node.name
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    yield d
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
