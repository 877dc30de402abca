"""The analysis on fio-plot's real logs of four SATA SSDs (datasets/fioplot,
BSD 3-Clause, copied unchanged): what it reads must match the totals fio
itself wrote beside each log (its JSON output of the same run). The source
says nothing about a cache, so no verdict is asserted (docs/analysis.md,
"Public real logs")."""
import json

import pytest

import ssdcore

DRIVES = ["INTEL_D3-S4610_SSDSC2KG48", "KINGSTONDC500M", "SAMSUNG_860_PRO", "SAMSUNG_PM883"]


@pytest.fixture(scope="module")
def fioplot(datasets_dir):
    d = datasets_dir / "fioplot" / "IBM_M1015"
    if not d.exists():
        pytest.fail(f"{d} missing: the datasets/ folder of the repository is incomplete")
    return d


@pytest.mark.parametrize("drive", DRIVES)
def test_log_totals_match_fios_own_json(fioplot, drive):
    d = fioplot / drive
    r = ssdcore.analyze(str(d / "randwrite-iodepth-32-numjobs-1_bw.1.log"))
    w = json.loads((d / "randwrite-32-1.json").read_text())["jobs"][0]["write"]
    # fio's totals of the same run: bytes written, run time, mean bandwidth.
    # The log's last 250 ms row may be missing (239 rows), so 1 %.
    assert r["total_bytes"] == pytest.approx(w["io_bytes"], rel=0.01)
    assert r["duration_s"] == pytest.approx(w["runtime"] / 1000, rel=0.01)
    assert r["consistency"]["mean_bps"] == pytest.approx(w["bw"] * 1024, rel=0.01)
    assert r["samples"] >= 239
    # A 4 KiB random-write run at queue depth 32 through a SATA link: the
    # analysis' level is the drive's, not a unit slip (KiB/s read as B/s).
    assert 150 * 2**20 < r["phases"][0]["level_bps"] < 300 * 2**20


def test_all_four_analyse_in_one_batch(fioplot):
    paths = [str(fioplot / d / "randwrite-iodepth-32-numjobs-1_bw.1.log") for d in DRIVES]
    df = ssdcore.analyze_many(paths).frame
    assert len(df) == 4
    assert (df["samples"] >= 239).all()
