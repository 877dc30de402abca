"""`ssdcore analyze` on files as users really have them: edited in a
spreadsheet, with odd line endings, or not series at all."""
import json
import subprocess

import pytest


def run(cli, *args, timeout=60):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def base_csv(cli, tmp_path_factory):
    p = tmp_path_factory.mktemp("an") / "base.csv"
    r = run(cli, "job", "--target", "sim:bx200", "--pattern", "randwrite", "--qd", "32",
            "--time", "5m", "--log", str(p))
    assert r.returncode == 0, r.stderr
    return p


def analyze(cli, path):
    r = run(cli, "analyze", str(path), "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_utf8_bom_is_ignored(cli, base_csv, tmp_path):
    # A CSV saved by a spreadsheet starts with a UTF-8 byte-order mark; it
    # used to be refused as "not a recognised series format".
    bom = tmp_path / "bom.csv"
    bom.write_bytes(b"\xef\xbb\xbf" + base_csv.read_bytes())
    a, b = analyze(cli, base_csv), analyze(cli, bom)
    assert b["samples"] == a["samples"] and b["total_bytes"] == a["total_bytes"]
    assert b["cache"] == a["cache"]


def test_fio_log_whose_first_row_is_at_time_zero(cli, tmp_path):
    # The row at t=0 was added into the first interval, doubling it: a
    # constant-rate log showed a fake 2x "SLC cache".
    log = tmp_path / "job_bw.1.log"
    log.write_text("".join(f"{i * 1000}, 300000, 1, 4096, 0\n" for i in range(300)))
    r = analyze(cli, log)
    assert r["samples"] == 300
    assert r["total_bytes"] == 300 * 300000 * 1024
    assert r["cache"] is None
    assert [p["level_bps"] for p in r["phases"]] == [300000 * 1024]


def test_quoted_csv_fields_are_read(cli, base_csv, tmp_path):
    # A CSV written with every field quoted (csv.QUOTE_ALL, some
    # spreadsheets) was refused as "not a recognised series format".
    lines = base_csv.read_text().splitlines()
    quoted = tmp_path / "quoted.csv"
    quoted.write_text("\n".join(lines[:2] + [",".join(f'"{v}"' for v in l.split(","))
                                             for l in lines[2:]]) + "\n")
    a, b = analyze(cli, base_csv), analyze(cli, quoted)
    assert b["samples"] == a["samples"] and b["total_bytes"] == a["total_bytes"]
    assert b["cache"] == a["cache"]


def test_a_stream_of_zeros_is_refused_without_reading_it_all(cli):
    # /dev/zero (or a pipe of binary data) was read up to the 1 GiB limit,
    # about 2 GiB of memory, before being refused.
    import resource

    def limit_memory():  # 512 MiB of address space is plenty for a refusal
        resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20))

    r = subprocess.run([cli, "analyze", "/dev/zero"], capture_output=True, text=True,
                       timeout=60, preexec_fn=limit_memory)
    assert r.returncode == 1 and "NUL byte" in r.stderr and "byte 0" in r.stderr


def test_mixed_job_log_is_analysed_on_its_writes(cli, tmp_path):
    # An ssdcore series CSV of a 50/50 randrw job was analysed on the
    # 'bytes' column (reads + writes): "35.8 GiB written" where 17.9 GiB
    # were, and a doubled cache. --ddir was ignored for these files.
    log = tmp_path / "mixed.csv"
    p = run(cli, "job", "--target", "sim:bx200", "--pattern", "randrw", "--qd", "32",
            "--time", "5m", "--log", str(log))
    assert p.returncode == 0, p.stderr
    rows = [l.split(",") for l in log.read_text().splitlines() if l[:1].isdigit()]
    reads, writes = (sum(float(r[i]) for r in rows) for i in (6, 7))
    assert reads > 0 and writes > 0
    assert analyze(cli, log)["total_bytes"] == pytest.approx(writes, rel=1e-8)
    for ddir, want in (("write", writes), ("read", reads), ("any", reads + writes)):
        r = run(cli, "analyze", str(log), "--ddir", ddir, "--json")
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)["total_bytes"] == pytest.approx(want, rel=1e-8), ddir
    r = run(cli, "analyze", str(log), "--ddir", "trim")
    assert r.returncode != 0 and "trim" in r.stderr


def test_read_only_job_log_says_which_ddir_to_use(cli, tmp_path):
    log = tmp_path / "read.csv"
    p = run(cli, "job", "--target", "sim:bx200", "--pattern", "randread", "--time", "30",
            "--log", str(log))
    assert p.returncode == 0, p.stderr
    r = run(cli, "analyze", str(log))
    assert r.returncode == 1 and "write_bytes is 0" in r.stderr and "ddir read" in r.stderr
    r = run(cli, "analyze", str(log), "--ddir", "read", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["samples"] == 30


def test_source_path_that_is_not_utf8_gives_valid_json(cli, base_csv, tmp_path):
    # The "source" key was written raw: a file name with a stray 0xff byte
    # made the --json output invalid UTF-8. Such a byte is U+FFFD, as in the
    # other JSON writers.
    import os
    raw = os.fsencode(tmp_path) + b"/bad\xff\xc3\xa9.csv"
    with open(raw, "wb") as f:
        f.write(base_csv.read_bytes())
    r = subprocess.run([cli, "analyze", raw, "--json"], capture_output=True, timeout=60)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.decode("utf-8"))  # strict: raises on invalid UTF-8
    assert out["source"] == os.fsdecode(tmp_path) + "/bad\ufffd\u00e9.csv"
    assert out["cache"] == analyze(cli, base_csv)["cache"]
