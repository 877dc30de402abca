"""scripts/test.sh runs its sanitizer lane at a lower priority than the
stages beside it, whatever nice value the command itself was started with:
`renice -n 10` sets a nice value, so under `nice -n 19` (how the command is
timed on a shared machine) it had raised the lane above pytest."""
import re
import subprocess

from conftest import ROOT


def lane_nice(increment):
    """(the shell's nice value, the lane's) with the shell started under
    `nice -n increment` from this process's own."""
    text = (ROOT / "scripts" / "test.sh").read_text()
    lines = [ln.strip() for ln in text.splitlines() if re.match(r"\s*(lane_nice=|renice )", ln)]
    assert any(ln.startswith("renice ") for ln in lines)
    # the lines as the lane's subshell runs them, on a shell of their own
    script = "nice\n" + "\n".join(lines) + "\nnice\n"
    out = subprocess.run(["nice", "-n", str(increment), "bash", "-c", script], check=True,
                         capture_output=True, text=True).stdout.split()
    return int(out[0]), int(out[-1])


def test_the_lane_never_runs_ahead_of_the_stages():
    for increment in (0, 5, 19):
        shell, lane = lane_nice(increment)
        assert lane == min(shell + 10, 19), (shell, lane)
