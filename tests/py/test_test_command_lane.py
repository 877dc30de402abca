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


def test_the_lane_starts_before_the_venv_and_its_fuzz_waits_for_the_build():
    """The lane needs the Debian packages but not .venv: it starts before
    the set-up of .venv (a fresh clone's single pip process, with a CPU
    idle), and its fuzz stage, whose seeds the -Werror build's CLI makes,
    waits for that build's end."""
    text = (ROOT / "scripts" / "test.sh").read_text()
    at = text.index
    assert at("SSD_SETUP_ONLY=debs") < at("lane=$!") < at("SSD_SETUP_ONLY=python") \
        < at("BUILD_DIR=build bash scripts/build.sh") < at('touch "$logs/build.done"')
    lane = text[at("sanitizer_lane() {"):at("lane=$!")]
    assert lane.index('"$logs/build.done"') < lane.index("bash scripts/fuzz.sh")
    assert 'rm -f "$logs/lane.times" "$logs/lane.cpu" "$logs/build.done"' in text


def test_setup_runs_either_half_alone(tmp_path):
    """SSD_SETUP_ONLY=debs checks the Debian packages and leaves .venv
    alone; =python checks no Debian package."""
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "setup.sh").write_text((ROOT / "scripts" / "setup.sh").read_text())
    fake = tmp_path / "fakebin"
    fake.mkdir()
    calls = tmp_path / "dpkg-calls"
    (fake / "dpkg-query").write_text(f'#!/bin/sh\necho "$@" >> {calls}\necho "install ok installed"\n')
    (fake / "dpkg-query").chmod(0o755)
    env = {"PATH": f"{fake}:/usr/bin:/bin", "PYTHON": "false"}
    subprocess.run(["bash", "scripts/setup.sh"], cwd=tmp_path, check=True,
                   env={**env, "SSD_SETUP_ONLY": "debs"})
    assert calls.read_text().count("\n") >= 20 and not (tmp_path / ".venv").exists()
    # .venv as a ready one of another checkout (a link): nothing to do there
    other = tmp_path / "other-venv"
    (other / "bin").mkdir(parents=True)
    (other / "bin" / "python").write_text("#!/bin/sh\nexit 1\n")
    (other / "bin" / "python").chmod(0o755)
    setup = (ROOT / "scripts" / "setup.sh").read_text()
    reqs = re.search(r'^reqs="([^"]*)"', setup, re.M).group(1)
    (other / ".ssdcore-requirements").write_text(reqs + "\n")
    (tmp_path / ".venv").symlink_to(other)
    calls.unlink()
    subprocess.run(["bash", "scripts/setup.sh"], cwd=tmp_path, check=True,
                   env={**env, "SSD_SETUP_ONLY": "python", "SSD_SETUP_NO_BUILD": "1"})
    assert not calls.exists()


def test_valgrind_and_the_format_check_run_once_by_the_lane_or_after_pytest():
    """The whole commands under valgrind run the -Werror build's CLI and the
    format check reads only the sources: the lane runs them after its wait
    for that build, beside pytest (in the CPU its workers leave idle),
    unless the main line, done with pytest first (a busy machine starves
    the niced lane), has claimed them. Each runs once; the tally still
    counts valgrind's commands, and a failure in the lane fails the
    command (its status)."""
    text = (ROOT / "scripts" / "test.sh").read_text()
    at = text.index
    lane = text[at("sanitizer_lane() {"):at("lane=$!")]
    main = text[at("lane=$!"):]
    assert lane.index('"$logs/build.done"') < lane.index("late_checks ")
    assert main.index("tests/py | tee") < main.index("late_checks ") < main.index('wait "$lane"')
    checks = text[at("late_checks() {"):at("check_format() {")]
    assert checks.index('mkdir "$logs/late-checks.claim"') < checks.index("valgrind_smoke.sh")
    assert 'rm -rf "$logs/late-checks.claim"' in text[:at("lane=$!")]
    assert text.count("valgrind_smoke.sh") == 1 and text.count("\n    check_format\n") == 1
    assert "count valgrind.log" in main and 'if [ "$lane_rc" -ne 0 ]' in main


def test_late_checks_run_once_whoever_comes_first(tmp_path):
    """Two callers at once: one runs the checks, the other skips them."""
    text = (ROOT / "scripts" / "test.sh").read_text()
    fn = text[text.index("late_checks() {"):text.index("check_format() {")]
    script = (f"logs={tmp_path}\nstage() {{ :; }}\ncheck_format() {{ echo fmt-$1; }}\n"
              + fn.replace("bash scripts/valgrind_smoke.sh build", "echo valgrind")
              .replace("check_format\n", "check_format $1\n")
              + "late_checks a > $logs/a.out & late_checks b > $logs/b.out & wait\n")
    subprocess.run(["bash", "-c", script], check=True)
    outs = [(tmp_path / f"{w}.out").read_text() for w in "ab"]
    assert sorted(outs) == ["", "valgrind\nfmt-" + ("a" if outs[0] else "b") + "\n"]
    assert (tmp_path / "late-checks.claim" / "by").read_text().strip() in ("a", "b")
