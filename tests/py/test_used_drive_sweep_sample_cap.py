"""The used-drive sweep survives a run longer than the job's kept samples:
seed 173's drive 121 (a 3.27 TB drive whose whole-drive fill after a random
fill writes at 2.6 MB/s, 1.25 million seconds) stopped the 200-drive sweep
with the job's SSD_ERANGE; the run is now simulated again at a coarser
interval, and any other refusal still stops it."""
import pytest

import ssdcore
import used_drive_scoring as uds

CAP_TEXT = "the job reached 1000000 samples after 1000009 s, the most kept in memory: " \
    "use a longer interval"


def _refusing_below(shortest):
    seen = []

    def run(interval):
        seen.append(interval)
        if interval[0] < shortest:
            raise ssdcore.InvalidArgument(_erange(), CAP_TEXT)
        return interval
    return run, seen


def _erange():
    """SSD_ERANGE's code, found by its name (base.h's error table)."""
    for code in range(-10000, -10100, -1):
        if ssdcore.InvalidArgument(code).name == "SSD_ERANGE":
            return code
    raise AssertionError("no SSD_ERANGE code")


def test_a_run_past_the_sample_cap_is_simulated_again_ten_times_coarser():
    run, seen = _refusing_below(10)
    assert uds.coarser_past_sample_cap(run, (1, 1, 5)) == (10, 10, 50)
    assert seen == [(1, 1, 5), (10, 10, 50)]


def test_a_run_within_the_cap_runs_once_at_its_interval():
    run, seen = _refusing_below(1)
    assert uds.coarser_past_sample_cap(run, (1, 1, 5)) == (1, 1, 5)
    assert seen == [(1, 1, 5)]


def test_another_refusal_is_not_retried():
    def run(interval):
        raise ssdcore.InvalidArgument(_erange(), "bs must be a multiple of 512")
    with pytest.raises(ssdcore.InvalidArgument, match="multiple of 512"):
        uds.coarser_past_sample_cap(run, (1, 1, 5))


def test_the_retries_end():
    run, seen = _refusing_below(10 ** 9)
    with pytest.raises(ssdcore.InvalidArgument, match="samples"):
        uds.coarser_past_sample_cap(run, (1, 1, 5))
    assert len(seen) == uds.SAMPLE_CAP_RETRIES + 1
