"""Every profile figure in docs/simulator.md, re-measured in the review's own
test (bench/sim_profile_figures.py runs them) and held to its band; and the
table in the docs is exactly what the bench prints now, so it cannot drift."""
import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The module's fixture runs every profile's review test (4 s of CPU).
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def figures():
    spec = importlib.util.spec_from_file_location("sim_profile_figures",
                                                  ROOT / "bench" / "sim_profile_figures.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod, mod.rows()


def test_every_seed_figure_is_within_its_band(figures):
    _, rows = figures
    assert len(rows) >= 35
    assert {r.profile for r in rows} >= {"bx200", "ssd370", "ssd370-1tb", "as510s", "vector180",
                                         "mp44l-1tb", "s660-2tb", "ct100-2tb"}
    bad = [f"{r.profile}: {r.figure}: {r.value:.4g} not in [{r.lo:.4g}, {r.hi:.4g}] "
           f"({r.measured}; review: {r.seed})" for r in rows if not r.ok()]
    assert not bad, "\n".join(bad)


def test_docs_table_is_the_bench_output(figures):
    mod, rows = figures
    doc = (ROOT / "docs" / "simulator.md").read_text()
    table = mod.table(rows)
    assert table in doc, ("docs/simulator.md's profile table differs from "
                          "`python3 bench/sim_profile_figures.py`; paste its output")
