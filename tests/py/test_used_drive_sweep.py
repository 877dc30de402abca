"""Issue 21's proof on used drives, small: 50 random simulated drives
(consumer-like and enterprise-like), each fresh after a TRIM, sequentially
filled and randomly filled, each state with the whole-drive fill, the
2-hour 4K QD32 test and WSAT, analysed by `ssdcore analyze --json` from
each log alone (its metadata carries the capacity, written_before_bytes and
precondition) and scored against the model's regimes. Targets: at least
99 % of the runs labelled right, no false cache, every visible used-state
onset within 5 %. bench/used_drive_sweep.py runs the same with 200 drives.

The preconditioned states fail until the used-drive analysis (a fast start
that ends once the clean blocks run out is the used state's onset, never a
cache) lands, and fresh drives miss the 99 % by a few runs; they are strict
xfails, so the day a state meets the targets its mark must go."""
import pytest

from used_drive_scoring import STATES, sweep, table

SMALL = dict(cap_range=(120, 1000), tick_s=2, interval=(1, 2, 4))
PENDING = pytest.mark.xfail(strict=True, reason="used-drive analysis lands in branch usedcache")
# Fresh drives miss the 99 % too (measured 3 Dec: 146 of 150 runs; used
# states found late on enterprise drives, a dynamic cache's folding
# missed): issue 21 item 7's targets hold for every state.
FRESH_PENDING = pytest.mark.xfail(strict=True, reason="fresh drives: 146 of 150 right today "
                                  "(issue 21 item 7)")


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    return sweep(50, 2026, str(tmp_path_factory.mktemp("used")), **SMALL)


def test_the_sweep_covers_every_kind_state_and_workload(rows):
    assert len(rows) == 50 * 9
    kinds = {r["kind"] for r in rows}
    assert "enterprise" in kinds and len(kinds - {"enterprise"}) >= 2
    # The preconditioned states reach the used state: most runs there have a
    # visible used-state onset to find (the clean blocks the idle after the
    # fill prepared, then GC).
    for state in STATES[1:]:
        onsets = [r for r in rows if r["state"] == state and r["onset_err"] is not None]
        assert len(onsets) >= 50, (state, len(onsets))


@pytest.mark.parametrize("state", [
    pytest.param("fresh", marks=FRESH_PENDING),
    pytest.param("seq_fill", marks=PENDING),
    pytest.param("random_fill", marks=PENDING),
])
def test_used_drive_targets(rows, state):
    cells = [c for c in table(rows) if c["state"] == state]
    runs = sum(c["runs"] for c in cells)
    right = sum(c["right"] for c in cells)
    bad = [f"{r['drive']} {r['kind']} {r['workload']}: {'; '.join(r['problems'])}"
           for r in rows if r["state"] == state and r["problems"]]
    assert right >= 0.99 * runs, f"{right} of {runs} labelled right:\n" + "\n".join(bad[:15])
    assert sum(c["false_caches"] for c in cells) == 0
    errs = [r["onset_err"] for r in rows if r["state"] == state and r["onset_err"] is not None]
    assert all(e <= 0.05 for e in errs), sorted(errs)[-5:]
