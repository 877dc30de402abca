"""Preconditioned drives (issue 21 item 5): how the drive was preconditioned
before a job travels with its log (`precondition` in the series metadata, as
`written_before_bytes` does), so an analysis of the CSV alone knows it."""
import json
import subprocess

import pytest

import ssdcore


def metadata(csv):
    with open(csv) as f:
        f.readline()
        return json.loads(f.readline()[1:])


def cli(*args, check=True):
    return subprocess.run(["ssdcore", *map(str, args)], check=check, capture_output=True,
                          text=True)


@pytest.mark.parametrize("state", ["none", "seq_fill", "random_fill", "unknown"])
def test_a_job_records_its_precondition_in_the_log(tmp_path, state):
    log = tmp_path / "x.csv"
    ssdcore.job("sim:bx200", pattern="randwrite", time="5s", log=str(log), precondition=state,
                written_before="480g")
    m = metadata(log)
    assert m["precondition"] == state
    assert m["written_before_bytes"] == 480 * 2 ** 30


def test_the_cli_records_it_and_refuses_a_state_it_does_not_know(tmp_path):
    log = tmp_path / "x.csv"
    cli("job", "--target", "sim:bx200", "--pattern", "randwrite", "--time", "2s", "--log", log,
        "--precondition", "seq_fill")
    assert metadata(log)["precondition"] == "seq_fill"
    r = cli("job", "--target", "sim:bx200", "--time", "2s", "--precondition", "full",
            check=False)
    assert r.returncode != 0 and "precondition" in r.stderr and "seq_fill" in r.stderr


def test_a_job_that_was_not_told_says_nothing(tmp_path):
    log = tmp_path / "x.csv"
    ssdcore.job("sim:bx200", pattern="randwrite", time="2s", log=str(log))
    assert "precondition" not in metadata(log)
