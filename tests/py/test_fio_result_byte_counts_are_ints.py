"""fio results' byte counts are exact integers, in the CLI's JSON and in
Python: io_bytes was a double written with 10 significant digits, so a real
92,471,427,072-byte SPDK run came back as 92471427070.0."""
import json
import subprocess

import ssdcore

REAL = ("nvmebenchmarks", "spdk", "nvme-b", "lbaf0", "write", "131072bs", "1zone", "32.json")
IO_BYTES = 92471427072  # the file's "io_bytes" of the write direction


def _path(datasets_dir):
    return datasets_dir.joinpath(*REAL)


def test_python_reads_io_bytes_as_the_exact_int(datasets_dir):
    rows = ssdcore.read_fio_json(_path(datasets_dir)).jobs
    w = [r for r in rows if r["ddir"] == "write"]
    assert len(w) == 1
    assert w[0]["io_bytes"] == IO_BYTES and type(w[0]["io_bytes"]) is int
    df = ssdcore.read_fio_json(_path(datasets_dir)).to_frame()  # a total is total_bytes
    assert df["total_bytes"].dtype.kind in "iu" and int(df["total_bytes"].iloc[0]) == IO_BYTES


def test_the_cli_json_writes_io_bytes_as_an_integer(cli, datasets_dir):
    p = subprocess.run([cli, "fio-result", str(_path(datasets_dir)), "--json"],
                       capture_output=True, text=True, check=True)
    assert f'"io_bytes":{IO_BYTES},' in p.stdout.replace(" ", "")
    jobs = json.loads(p.stdout)["jobs"]
    assert [j["io_bytes"] for j in jobs] == [IO_BYTES]
