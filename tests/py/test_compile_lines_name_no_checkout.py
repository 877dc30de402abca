"""No compile line of the build names the checkout inside a -D, but
tests/c/data_dirs.c's: ccache (scripts/test.sh sets CCACHE_BASEDIR) makes
the paths of -I and of the source relative to the checkout, so another
clone's objects hit, but not a path inside a macro's value. With the test
data directories' -D on every C test file, a fresh clone's test command
compiled all 47 test files anew, in the -O2 and the ASan build (about 65 s
of CPU; docs/testing.md, round 50). A test file that needs a data file
takes its path from data_dirs.h at run time."""
import re

import pytest

from conftest import ROOT

ALLOWED = {"tests/c/CMakeFiles/ssd_test_data_dirs.dir"}


def test_no_define_holds_the_checkouts_path(build_dir):
    flags = list(build_dir.rglob("CMakeFiles/*/flags.make"))
    if not flags:
        pytest.skip("not a Makefiles build (flags.make)")  # Ninja keeps them in build.ninja
    named = []
    for f in flags:
        target = str(f.parent.relative_to(build_dir))
        for line in f.read_text().splitlines():
            if line.startswith("C_DEFINES") and str(ROOT) in line and target not in ALLOWED:
                named.append(f"{target}: {line}")
    assert not named, "\n".join(named)
    # the one that may, does (else the check above looks at nothing)
    own = build_dir / "tests/c/CMakeFiles/ssd_test_data_dirs.dir/flags.make"
    if own.exists():
        assert re.search(r'SSD_TEST_DATA_DIR=\\"' + re.escape(str(ROOT)), own.read_text())
