"""The C tests bound their time through ctest (TIMEOUT), never Criterion's
.timeout: Criterion 2.4's runner races when a test ends just as its timeout
fires. On a loaded machine test_fileops_copy then aborted ("The test has
already ended, invalid state 'timeout'", or a heap error) and counted tests
twice, and a run could hang; a re-run passed."""
import json
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
C_TESTS = ROOT / "tests" / "c"
# .timeout as a designated initializer of TestSuite(...) or Test(...)
TIMEOUT_FIELD = re.compile(r"\.\s*timeout\s*=")


def test_no_criterion_test_sets_a_timeout():
    found = []
    for src in sorted(C_TESTS.glob("*.[ch]")):
        for n, line in enumerate(src.read_text().splitlines(), 1):
            if TIMEOUT_FIELD.search(line):
                found.append(f"{src.name}:{n}: {line.strip()}")
    assert not found, "Criterion .timeout races in its runner; ctest's TIMEOUT bounds the " \
        "C tests (tests/c/CMakeLists.txt):\n" + "\n".join(found)


def test_the_pattern_sees_the_spellings_that_were_used():
    assert TIMEOUT_FIELD.search("TestSuite(copy, .init = setup, .fini = f, .timeout = 60);")
    assert TIMEOUT_FIELD.search("Test(sim_model, x, .timeout=60) {")
    assert not TIMEOUT_FIELD.search("double timeout = 2; /* a test's own wait */")


def test_every_c_test_has_a_ctest_timeout(build_dir):
    out = subprocess.run(["ctest", "--test-dir", str(build_dir), "--show-only=json-v1"],
                         capture_output=True, text=True, check=True).stdout
    tests = {t["name"]: {p["name"]: p["value"] for p in t.get("properties", [])}
             for t in json.loads(out)["tests"]}
    names = {p.stem for p in C_TESTS.glob("test_*.c")}
    assert names and names <= tests.keys(), sorted(names - tests.keys())
    missing = sorted(n for n in names if not tests[n].get("TIMEOUT"))
    assert not missing, f"no ctest TIMEOUT: {missing}"
