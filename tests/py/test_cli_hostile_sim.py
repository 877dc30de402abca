"""sim: URIs and profile files that are not what they should be."""
import subprocess


def run(cli, *args, timeout=60):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)


def test_profile_file_that_is_a_directory_says_so(cli, tmp_path):
    # It used to say only "read error".
    p = run(cli, "sim", "show", f"bx200,profile={tmp_path}")
    assert p.returncode != 0 and p.stdout == ""
    assert str(tmp_path) in p.stderr and "directory" in p.stderr.lower()
    p = run(cli, "job", "--target", f"sim:file={tmp_path}", "--time", "1")
    assert p.returncode != 0 and "directory" in p.stderr.lower()
