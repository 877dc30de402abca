"""Trace readers and writers: every checked-in sample parses to what it
says, each format's bad lines are refused naming the line, and a trace
written as CSV or fio iolog v3 reads back the same."""
import json
import subprocess

import pytest

import ssdcore
from conftest import ROOT

DATA = ROOT / "tests" / "data" / "traces"


def test_csv_sample_reads_ops_offsets_lengths_and_completions():
    tr = ssdcore.Trace(DATA / "sample.csv")
    assert tr.format == "csv"
    assert list(tr) == [(0.0, "R", 1048576, 4096, 0.0002),
                        (0.00005, "W", 2097152, 131072, 0.0009),
                        (0.001, "T", 0, 1048576, None),
                        (0.002, "F", 0, 0, 0.0025)]
    assert tr.max_overlap == 2  # the read and the write overlap


def test_fio_iolog_v2_waits_become_issue_times():
    tr = ssdcore.Trace(DATA / "iolog_v2.log")
    assert tr.format == "iolog2"
    # the 50 us wait is below fio's 100 us floor and is discarded, as in fio
    assert [(round(t, 6), op, off, ln) for t, op, off, ln, _ in tr] == [
        (0.0, "R", 0, 4096), (0.001, "W", 8192, 8192), (0.001, "T", 65536, 4096),
        (0.001, "F", 0, 0)]


def test_fio_write_iolog_v3_sample():
    tr = ssdcore.Trace(DATA / "fio_write_iolog_v3.log")
    assert tr.format == "iolog3"
    lines = [ln.split() for ln in (DATA / "fio_write_iolog_v3.log").read_text().splitlines()[1:]]
    ios = [(int(f[0]) * 1e-6, f[2][0].upper(), int(f[3]), int(f[4])) for f in lines if len(f) == 5]
    assert [(op, off, ln) for _, op, off, ln, _ in tr] == [io[1:] for io in ios]
    assert [io[0] for io in tr] == pytest.approx([io[0] for io in ios])


def test_blkparse_sample_uses_dispatches_and_matches_completions():
    tr = ssdcore.Trace(DATA / "blkparse.txt")
    assert tr.format == "blkparse"
    got = [(op, off, ln) for _, op, off, ln, _ in tr]
    assert got == [("W", 0, 65536), ("R", 2048 * 512, 4096), ("T", 4096 * 512, 2048 * 512),
                   ("F", 0, 0)]
    assert tr[0][4] == pytest.approx(0.00039)  # C at 0.0004, D at 0.00001
    assert tr.max_overlap == 2


@pytest.mark.parametrize("text, where, what", [
    ("# ssdcore-trace 1\nt_s,op,offset,length\n0,R,0,4096\n0.1,X,0,4096\n", ":4:", "op"),
    ("# ssdcore-trace 1\nt_s,op,offset,length\n0,R,zero,4096\n", ":3:", "offset"),
    ("# ssdcore-trace 1\nt_s,op,offset,length\n1,R,0,4096\n0.5,R,0,4096\n", ":4:", "before"),
    ("# ssdcore-trace 1\nt_s,op,offset,length\n0,R,0,0\n", ":3:", "length 0"),
    ("# ssdcore-trace 1\nt_s,op,offset\n", ":2:", "length"),
    ("# ssdcore-trace 2\n", ":1:", "version"),
    ("# ssdcore-trace 1\nt_s,op,offset,length\n0,R,0\n", ":3:", "fields"),
    ("fio version 3 iolog\n0 /f add\n5 /f read 0\n", ":3:", "fields"),
    ("fio version 3 iolog\n0 /f add\nx /f read 0 4096\n", ":3:", "timestamp"),
    ("fio version 3 iolog\n1 /f wait 100 0\n", ":2:", "wait"),
    ("fio version 2 iolog\n/f rename 0 4096\n", ":2:", "action"),
    ("fio version 2 iolog\n/f read 0 4096\n/g read 0 4096\n", ":3:", "second file"),
    ("fio version 1 iolog\n", ":1:", "version"),
    ("  7,5 0 1 0.000000000 1 D W 0 + 8 [a]\n  7,5 0 2 bogus\n", ":2:", "blkparse"),
    ("  7,5 0 1 0.000000000 1 D W x + 8 [a]\n", ":1:", "sector"),
    ("hello\n", ":1:", "not a trace"),
])
def test_bad_lines_are_refused_naming_the_line(text, where, what):
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.Trace.parse(text, name="t")
    assert e.value.name == "SSD_EFORMAT"
    assert f"t{where}" in e.value.detail and what in e.value.detail, e.value.detail


def test_nul_bytes_and_unknown_format_are_refused():
    with pytest.raises(ssdcore.Error, match="NUL"):
        ssdcore.Trace.parse(b"# ssdcore-trace 1\n\0", name="t")
    with pytest.raises(ssdcore.Error, match="unknown trace format"):
        ssdcore.Trace.parse("x", format="xml")


@pytest.mark.parametrize("fmt", ["csv", "iolog3"])
def test_written_trace_reads_back(tmp_path, fmt):
    tr = ssdcore.Trace.scenario("pcm8-excel", seed=3)
    tr.save(tmp_path / "t", format=fmt, file="/tmp/x")
    back = ssdcore.Trace(tmp_path / "t")
    assert len(back) == len(tr)
    tol = 1e-9 if fmt == "csv" else 1e-6  # iolog3 keeps microseconds
    for a, b in zip(tr, back):
        assert a[1:4] == b[1:4]
        assert abs(a[0] - b[0]) <= tol


def test_cli_convert_and_info(cli, tmp_path):
    out = tmp_path / "v2.csv"
    r = subprocess.run([cli, "trace", "convert", str(DATA / "iolog_v2.log"), str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([cli, "trace", "info", str(out), "--json"], capture_output=True, text=True)
    info = json.loads(r.stdout)
    assert (info["reads"], info["writes"], info["trims"], info["flushes"]) == (1, 1, 1, 1)
    r = subprocess.run([cli, "trace", "info", str(DATA / "README.md")], capture_output=True,
                       text=True)
    assert r.returncode == 1 and r.stdout == ""
    assert "README.md:1: not a trace" in r.stderr


def test_scenarios_follow_their_published_figures():
    """Counts exactly, byte volumes within 15 % of the published MB."""
    published = {  # seq reads, random reads, seq writes, random writes, MB read, MB written
        "pcm8-bf3": (5782, 43487, 218, 431, 887, 28),
        "pcm8-photoshop-heavy": (4277, 18655, 44742, 2065, 468, 5640),
        "pcm8-excel": (72, 3148, 119, 87, 73, 15),
    }
    for name, (sr, rr, sw, rw, rmb, wmb) in published.items():
        s = ssdcore.Trace.scenario(name).summary()
        assert s["reads"] == sr + rr and s["writes"] == sw + rw
        assert s["read_bytes"] / 1e6 == pytest.approx(rmb, rel=0.15)
        assert s["write_bytes"] / 1e6 == pytest.approx(wmb, rel=0.15)
    a = list(ssdcore.Trace.scenario("pcm8-word", seed=5))
    assert a == list(ssdcore.Trace.scenario("pcm8-word", seed=5))
    assert a != list(ssdcore.Trace.scenario("pcm8-word", seed=6))
    with pytest.raises(ssdcore.Error, match="pcm8-bf3"):
        ssdcore.Trace.scenario("pcm9")


def test_repr_says_what_the_trace_holds():
    tr = ssdcore.Trace.parse("# ssdcore-trace 1\nt_s,op,offset,length\n0,W,0,1048576\n"
                             "0.5,R,0,1048576\n")
    r = repr(tr)
    assert r.startswith("<Trace 2 I/Os (") and "1.0 MiB read" in r and "0.5 s>" in r
    assert repr(ssdcore.Trace.filetest("iso-copy")).startswith("<Trace 3330 I/Os (recorded), 1.00")


def test_trace_verbs_and_replay_share_one_flag_grammar(cli, tmp_path):
    """The trace verbs' flags and replay's own flags are read by one parser:
    --flag VALUE and --flag=VALUE, numbers and sizes with units, a usage
    error naming what was typed."""
    def run(*args):
        return subprocess.run([cli, *map(str, args)], capture_output=True, text=True)

    out = tmp_path / "t.csv"
    assert run("trace", "generate", "pcm8-excel", f"--out={out}", "--seed=7", "--span",
               "1g").returncode == 0
    info = run("trace", "info", out, "--format=csv", "--json")
    assert info.returncode == 0 and json.loads(info.stdout)["ios"] > 0, info.stderr
    conv = run("trace", "convert", out, tmp_path / "t.iolog", "--to=iolog3", "--file", "/dev/x")
    assert conv.returncode == 0 and "(iolog3)" in conv.stdout, conv.stderr
    for args, msg in [(["trace", "generate", "pcm8-excel", "--out", out, "--seed", "x"],
                       "--seed: 'x' is not a whole number"),
                      (["trace", "generate", "pcm8-excel", "--out", out, "--span=1q"],
                       "--span: '1q' is not a size"),
                      (["trace", "info", out, out], "unexpected argument"),
                      (["trace", "convert", out], "missing --out OUT"),
                      (["trace", "record", "--device", "/dev/null", "--out", out, "ls", "--",
                        "ls"], "unexpected argument 'ls' (the command goes after --)"),
                      (["trace", "record", "--out", out, "--", "ls"], "missing --device"),
                      (["replay", "--fsd", "--scale=20"], "--scale: '20' is not a number in"),
                      (["replay", "--apps", "--seed", "x"], "--seed: 'x' is not a whole number"),
                      (["replay", "--apps", "--json=1"], "option '--json' takes no value")]:
        r = run(*args)
        assert r.returncode == 2 and not r.stdout and msg in r.stderr, (args, r.stderr)


def test_trace_info_text_reads_like_the_python_summary(cli):
    """`ssdcore trace info` printed "duration_s: 0.0025" and raw byte counts
    (and 0.44000000000000006) where TraceSummary's repr gives units."""
    r = subprocess.run([cli, "trace", "info", str(DATA / "sample.csv")], capture_output=True,
                       text=True, check=True)
    assert "write_bytes: 128 KiB (131072 bytes)\n" in r.stdout
    assert "duration_s: 0.0025 s\n" in r.stdout and "idle_share: 0.44\n" in r.stdout
    js = json.loads(subprocess.run([cli, "trace", "info", str(DATA / "sample.csv"), "--json"],
                                   capture_output=True, text=True, check=True).stdout)
    assert js["write_bytes"] == 131072 and js["idle_share"] == pytest.approx(0.44)
