"""examples/sim_truth.c builds against the public headers and reports the
ground truth of a simulated drive."""
import subprocess


def test_sim_truth_example_reports_idle_recovery(c_example):
    exe = c_example("sim_truth")
    out = subprocess.run([str(exe), "sim:ssd370,precondition=random_fill", "900"],
                         capture_output=True, text=True, check=True).stdout
    assert "idle 900 s recovered 2.70 GiB" in out
    r = subprocess.run([str(exe), "sim:bx200,slc_wa=0"], capture_output=True, text=True)
    assert r.returncode == 1 and "key slc_wa" in r.stderr
