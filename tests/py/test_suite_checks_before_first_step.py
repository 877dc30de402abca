"""What a suite refuses before its first step (issue 14 items 11 and 12): a
log named like the target, a target that is one of the run's outputs, a
filebench dir= that does not exist, writes to a file ssdcore did not create.
Each refusal names the suite file and line, and nothing is created."""
import hashlib
import os
import subprocess

import ssdcore


def run(cli, *args):
    return subprocess.run([cli, *map(str, args)], capture_output=True, text=True, timeout=120)


def suite_file(tmp_path, text, name="s.suite"):
    p = tmp_path / name
    p.write_text(text)
    return p


LONG = ("job name=w pattern=randwrite bs=64k time=0.1s log=w\n"
        "idle 1h\n" * 1 +
        "job name=r pattern=randread time=0.1s log=r\n")


def test_log_named_like_the_target_is_refused_before_the_first_step(cli, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    target = out / "late.csv"
    ssdcore.Target(target, size="4m").close()
    s = suite_file(tmp_path, LONG + "job name=late pattern=randwrite time=0.1s log=late\n")
    r = run(cli, "suite", target, "--suite-file", s, "--out", out)
    assert r.returncode == 1
    assert f"{s}:4: log=late writes {out}/late.csv, which is the target itself" in r.stderr, \
        r.stderr
    assert not (out / "results.json").exists()  # refused before anything ran


def test_a_target_that_is_the_runs_results_json_is_refused(cli, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    target = out / "results.json"
    ssdcore.Target(target, size="4m").close()
    before = hashlib.sha256(target.read_bytes()).hexdigest()
    r = run(cli, "suite", target, "--suite-file", suite_file(tmp_path, LONG), "--out", out)
    assert r.returncode == 1
    assert "the target is the run's own results.json" in r.stderr, r.stderr
    assert hashlib.sha256(target.read_bytes()).hexdigest() == before


def test_filebench_dir_of_a_suite_file_is_checked_before_the_first_step(cli, tmp_path):
    out = tmp_path / "out"
    s = suite_file(tmp_path, LONG + f"filebench dir={tmp_path}/nowhere set=work size=1m\n")
    r = run(cli, "suite", tmp_path / "t.bin", "--size-file", "4m", "--suite-file", s,
            "--out", out)
    assert r.returncode == 1
    assert f"{s}:4: filebench dir={tmp_path}/nowhere: No such file or directory" in r.stderr, \
        r.stderr
    assert not out.exists()
    assert not (tmp_path / "t.bin").exists()  # refused before the target was laid out


def test_a_suite_on_a_user_file_needs_destroy_data(cli, tmp_path):
    target = tmp_path / "user.img"
    target.write_bytes(os.urandom(4 << 20))
    before = hashlib.sha256(target.read_bytes()).hexdigest()
    s = suite_file(tmp_path, "job name=r pattern=randread time=0.1s\n"
                             "trim\n"
                             "job name=w pattern=randwrite time=0.1s\n")
    out = tmp_path / "out"
    r = run(cli, "suite", target, "--suite-file", s, "--out", out)
    assert r.returncode == 1
    assert f"{s}:2: 'trim' writes, but {target} is an existing file ssdcore did not create" \
        in r.stderr, r.stderr
    assert "--destroy-data" in r.stderr
    assert not out.exists()
    try:
        ssdcore.suite(target, tmp_path / "out2", suite_file=s)
    except ssdcore.Error as e:
        assert "did not create" in str(e)
    else:
        raise AssertionError("the Python suite() wrote to a user's file")
    assert hashlib.sha256(target.read_bytes()).hexdigest() == before
    # A suite that only reads runs on it, and leaves it as it was.
    ro = suite_file(tmp_path, "job name=r pattern=randread time=0.1s log=r\n", "ro.suite")
    r = run(cli, "suite", target, "--suite-file", ro, "--out", tmp_path / "out3")
    assert r.returncode == 0, r.stderr
    assert hashlib.sha256(target.read_bytes()).hexdigest() == before
    # With the flag, it is the user's decision.
    r = run(cli, "suite", target, "--suite-file", s, "--out", out, "--destroy-data")
    assert r.returncode == 0, r.stderr
    assert hashlib.sha256(target.read_bytes()).hexdigest() != before
