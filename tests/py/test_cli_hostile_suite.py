"""`ssdcore suite` and `ssdcore report` with results directories and suite
files that are not what they should be."""
import subprocess


def run(cli, *args, timeout=60):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)


def test_out_that_is_a_file_fails_with_nothing_on_stdout(cli, tmp_path):
    # It used to print "quick on sim:bx200: done" and the paths of a
    # results.json and report.html that were never written.
    f = tmp_path / "not-a-dir"
    f.write_text("keep me\n")
    p = run(cli, "suite", "sim:bx200", "--out", str(f))
    assert p.returncode != 0 and p.stdout == ""
    assert str(f) in p.stderr and len(p.stderr.strip().splitlines()) == 1
    assert f.read_text() == "keep me\n"
    p = run(cli, "suite", "sim:bx200", "--out", str(f), "--json")
    assert p.returncode != 0 and p.stdout == ""


def test_suite_file_that_is_a_directory_says_so(cli, tmp_path):
    # It used to say only "read error".
    p = run(cli, "suite", "sim:bx200", "--suite-file", str(tmp_path), "--out",
            str(tmp_path / "out"))
    assert p.returncode != 0 and p.stdout == ""
    assert str(tmp_path) in p.stderr and "directory" in p.stderr.lower()


def test_bad_suite_options_are_refused_before_a_new_file_is_laid_out(cli, tmp_path):
    # A typo in the suite file, --suite, --scale or --out used to be found
    # only after the new file target had been filled with random data.
    bad_suite = tmp_path / "bad.suite"
    bad_suite.write_text("trim\nbogus step\n")
    not_dir = tmp_path / "file"
    not_dir.write_text("x")
    f = tmp_path / "t.bin"
    for args, needle in ((["--suite-file", str(bad_suite)], "bad.suite:2"),
                         (["--suite", "nope"], "nope"), (["--scale", "0"], "scale"),
                         (["--out", str(not_dir)], "not a directory")):
        if "--out" not in args:
            args = args + ["--out", str(tmp_path / "out")]
        p = run(cli, "suite", str(f), "--size-file", "64m", *args)
        assert p.returncode != 0 and p.stdout == "" and needle in p.stderr, p.stderr
        assert not f.exists()
        assert not (tmp_path / "out").exists()


def test_report_summary_says_why_a_write_curve_figure_is_missing(cli, tmp_path):
    # With degradation.csv deleted or corrupt, 'ssdcore report --summary'
    # silently dropped the degradation and recovery lines.
    out = tmp_path / "run"
    p = run(cli, "suite", "sim:bx200", "--out", str(out), "--no-report")
    assert p.returncode == 0, p.stderr
    assert "degradation: " in p.stdout and "analysis failed" not in p.stdout
    (out / "degradation.csv").write_text("garbage\n")
    p = run(cli, "report", str(out), "--summary")
    assert p.returncode == 1 and "degradation.csv" in p.stderr and "kept" in p.stderr
    line = next(l for l in p.stdout.splitlines() if l.strip().startswith("degradation:"))
    # The figures results.json stored, and why they were not recomputed.
    assert "SLC cache 2.0" in line and "degradation.csv" in line
    assert "as results.json stored" in line
