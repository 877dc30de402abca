"""`ssdcore job` under hostile options: every refusal is one clear line on
stderr with nothing on stdout, and every accepted job reports numbers that
agree with each other."""
import json
import subprocess

import pytest


def run(cli, *args, timeout=60):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)


def job_json(cli, *args):
    p = run(cli, "job", *args, "--json")
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


@pytest.mark.parametrize("budget", ["1", "100", "5000"])
def test_sim_byte_budget_not_a_multiple_of_bs_times_whole_ios(cli, budget):
    # A budget that is not a whole number of blocks still runs whole I/Os;
    # the virtual time must be that of the I/Os done, not of the budget
    # (sim:bx200 --bytes 1 used to report 51 million IOPS in 19 ns).
    ref = job_json(cli, "--target", "sim:bx200,noise=0", "--bytes", "4096")
    r = job_json(cli, "--target", "sim:bx200,noise=0", "--bytes", budget)
    ios = -(-int(budget) // 4096)
    assert r["ios"] == ios and r["bytes"] == ios * 4096
    assert r["runtime_s"] >= 0.99 * ref["runtime_s"] * ios
    assert r["iops"] <= 1.01 * ref["iops"]
    assert abs(r["bw_bps"] * r["runtime_s"] - r["bytes"]) <= 1e-6 * r["bytes"]
