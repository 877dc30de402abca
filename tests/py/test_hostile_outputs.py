"""What an output may replace (docs/crash-safety.md): never an input of the
same command, a device node, a non-regular file or a file ssdcore did not
create, unless the user says so. One library function decides this for
every writer; each case here lost data before it did (issue 26)."""
import os
import shutil
import stat
import subprocess

import pytest

import ssdcore


def run(cli, *args, ok=True):
    p = subprocess.run([cli, *map(str, args)], capture_output=True, text=True, timeout=60)
    assert (p.returncode == 0) == ok, (args, p.returncode, p.stderr)
    return p


def nodes(tmp_path):
    """Special files to write over: a FIFO always; as root (which can
    mknod) also a block and a character device node. Their numbers name no
    device (7, 250 and 1, 250 are unused), so nothing real is at stake."""
    out = {}
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    out["FIFO"] = fifo
    if os.geteuid() == 0:
        for kind, mode, dev in (("block device", stat.S_IFBLK, os.makedev(7, 250)),
                                ("character device", stat.S_IFCHR, os.makedev(1, 250))):
            p = tmp_path / kind.split()[0]
            os.mknod(p, mode | 0o600, dev)
            out[kind] = p
    return out


@pytest.fixture(scope="module")
def results(small_write_run, tmp_path_factory):
    # (A copy: the tests try to write into it.)
    base = tmp_path_factory.mktemp("run")
    shutil.copytree(small_write_run, base / "run")
    return base / "run"


@pytest.fixture
def trace(cli, tmp_path):
    t = tmp_path / "t.csv"
    run(cli, "trace", "generate", "game-level", "--out", t, "--span", "64m")
    return t


def same_node(path, before):
    st = os.lstat(path)
    return (stat.S_IFMT(st.st_mode), st.st_rdev, st.st_ino) == before


def ident(path):
    st = os.lstat(path)
    return (stat.S_IFMT(st.st_mode), st.st_rdev, st.st_ino)


@pytest.mark.parametrize("opt", ["--record", "--log"])
def test_replay_never_writes_over_its_own_trace(cli, trace, tmp_path, opt):
    # `replay --record T` / `--log T` replaced the trace it only reads with a
    # small CSV; a second name (hard link, ./) must not slip past either.
    before = trace.read_bytes()
    os.link(trace, tmp_path / "hard.csv")
    for out in (trace, tmp_path / "hard.csv", f"./{trace.name}"):
        p = subprocess.run([cli, "replay", trace.name, "--target", "sim:bx200", opt, str(out)],
                           capture_output=True, text=True, timeout=60, cwd=tmp_path)
        assert p.returncode != 0
        assert "which this command reads" in p.stderr, p.stderr
        assert trace.read_bytes() == before


def test_replay_output_over_the_trace_refused_from_python(trace):
    before = trace.read_bytes()
    with pytest.raises(ssdcore.Refused, match="which this command reads"):
        ssdcore.replay(str(trace), "sim:bx200", record=str(trace))
    assert trace.read_bytes() == before


def test_replay_and_convert_never_replace_a_node(cli, trace, tmp_path):
    # `replay --log DEV` wrote into a block device without --destroy-data;
    # `replay --record DEV` and `trace convert IN DEV` renamed a regular
    # file over the node.
    for kind, node in nodes(tmp_path).items():
        before = ident(node)
        for args in (["replay", trace, "--target", "sim:bx200", "--log", node],
                     ["replay", trace, "--target", "sim:bx200", "--record", node],
                     ["replay", trace, "--target", "sim:bx200", "--record", node,
                      "--destroy-data"],
                     ["trace", "convert", trace, node],
                     ["trace", "convert", trace, node, "--to", "iolog3"]):
            p = run(cli, *args, ok=False)
            assert f"is a {kind}, not a regular file" in p.stderr, (args, p.stderr)
            assert same_node(node, before), args


@pytest.mark.parametrize("name", ["results.json", "degradation.csv"])
def test_report_never_replaces_its_own_inputs(cli, results, name):
    # `ssdcore report DIR --out DIR/results.json` replaced the run's only
    # results.json (or its raw series) with HTML, exit 0.
    before = (results / name).read_bytes()
    p = run(cli, "report", results, "--out", results / name, ok=False)
    assert "which this command reads" in p.stderr
    assert (results / name).read_bytes() == before
    with pytest.raises(ssdcore.Refused):
        ssdcore.report(results, out=results / name)
    assert (results / name).read_bytes() == before


def test_report_never_replaces_a_node(cli, results, tmp_path):
    # As root, `report --out /dev/null` replaced the /dev entry for every
    # process until reboot; here on nodes made in a temporary directory.
    for kind, node in nodes(tmp_path).items():
        before = ident(node)
        p = run(cli, "report", results, "--out", node, ok=False)
        assert f"is a {kind}, not a regular file" in p.stderr
        assert same_node(node, before)
    d = tmp_path / "adir"
    d.mkdir()
    p = run(cli, "report", results, "--out", d, ok=False)
    assert "is a directory" in p.stderr


def test_outputs_never_replace_a_file_ssdcore_did_not_write(cli, results, trace, tmp_path):
    mine = tmp_path / "notes.txt"
    mine.write_text("my notes, not a report\n")
    for args in (["report", results, "--out", mine],
                 ["trace", "convert", trace, mine],
                 ["replay", trace, "--target", "sim:bx200", "--log", mine],
                 ["job", "--target", "sim:bx200", "--time", "1", "--log", mine]):
        p = run(cli, *args, ok=False)
        assert "ssdcore did not create" in p.stderr, (args, p.stderr)
        assert mine.read_text() == "my notes, not a report\n"
    # The user says so: --destroy-data lifts it where a command has it.
    run(cli, "job", "--target", "sim:bx200", "--time", "1", "--log", mine, "--destroy-data")
    assert mine.read_text().startswith("# ssdcore-series 1")
    # Its own outputs are replaced as before (a report rendered again), and
    # an empty file holds nothing to lose.
    out = tmp_path / "r.html"
    out.write_text("")
    run(cli, "report", results, "--out", out)
    run(cli, "report", results, "--out", out)
    assert out.read_text().startswith("<!DOCTYPE html>")
    conv = tmp_path / "c.csv"
    run(cli, "trace", "convert", trace, conv)
    run(cli, "trace", "convert", trace, conv)


def test_suite_never_replaces_a_special_results_json(cli, small_write_suite, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    os.mkfifo(out / "results.json")
    p = run(cli, "suite", "sim:bx200", "--suite-file", small_write_suite, "--out", out,
            ok=False)
    assert "is a FIFO, not a regular file" in p.stderr
    assert stat.S_ISFIFO(os.lstat(out / "results.json").st_mode)


def test_compare_never_replaces_a_runs_results(cli, results, tmp_path):
    # compare --out into a directory whose compare.csv is the user's own.
    out = tmp_path / "cmp"
    out.mkdir()
    (out / "compare.csv").write_text("mine\n")
    p = run(cli, "compare", results, "--out", out, ok=False)
    assert "ssdcore did not create" in p.stderr
    assert (out / "compare.csv").read_text() == "mine\n"
    run(cli, "compare", results, "--out", tmp_path / "ok")
    run(cli, "compare", results, "--out", tmp_path / "ok")


def test_archive_never_replaces_a_node_or_a_file_it_did_not_write(cli, tmp_path):
    # `archive DIR DIR/notes.txt` replaced the notes (an input, left out of
    # the archive as "the old archive") with an empty archive, and an
    # archive named after a device node replaced the node.
    src = tmp_path / "src"
    src.mkdir()
    (src / "notes.txt").write_text("my notes\n")
    p = run(cli, "archive", src, src / "notes.txt", ok=False)
    assert "ssdcore did not create" in p.stderr
    assert (src / "notes.txt").read_text() == "my notes\n"
    for kind, node in nodes(tmp_path).items():
        before = ident(node)
        p = run(cli, "archive", src, node, ok=False)
        assert f"is a {kind}, not a regular file" in p.stderr
        assert same_node(node, before)
    # Its own archives are replaced as before, in every format.
    for name, fmt in (("a.7z", "7z"), ("a.zip", "zip"), ("a.tar.zst", "tar.zst"),
                      ("a.tar", "tar")):
        run(cli, "archive", src, tmp_path / name, "--format", fmt)
        run(cli, "archive", src, tmp_path / name, "--format", fmt)


def test_filebench_output_never_appends_to_a_block_device(cli, tmp_path):
    node = nodes(tmp_path).get("block device")
    if node is None:  # mknod needs root; the FIFO cases above still run
        return
    (tmp_path / "d").mkdir()
    p = run(cli, "filebench", tmp_path / "d", "--out", node, ok=False)
    assert "is a block device" in p.stderr
    assert stat.S_ISBLK(os.lstat(node).st_mode)


def test_python_trace_knows_its_source_and_never_saves_over_it(trace, tmp_path):
    t = ssdcore.Trace(str(trace))
    assert t.source == str(trace)
    before = trace.read_bytes()
    with pytest.raises(ssdcore.Refused, match="which this command reads"):
        t.save(trace)
    assert trace.read_bytes() == before
    assert ssdcore.Trace.scenario("game-level").source is None
    t.save(tmp_path / "copy.csv")
    assert ssdcore.Trace(str(tmp_path / "copy.csv")).source == str(tmp_path / "copy.csv")


def test_extract_and_copy_never_replace_a_node_at_the_destination(cli, tmp_path):
    # Extracting or copying a file named like a node that is already at the
    # destination renamed the file over the node (as root, into /dev, for
    # every process).
    src = tmp_path / "src"
    src.mkdir()
    for node in nodes(tmp_path).values():  # the names nodes() uses
        (src / node.name).write_text("data\n")
    run(cli, "archive", src, tmp_path / "a.7z")
    for cmd in (["extract", tmp_path / "a.7z"], ["copy", src]):
        dst = tmp_path / f"dst-{cmd[0]}"
        dst.mkdir()
        made = nodes(dst)
        before = {k: ident(p) for k, p in made.items()}
        p = run(cli, *cmd, dst, ok=False)
        assert "an output never replaces one" in p.stdout + p.stderr, (cmd, p.stderr)
        for k, path in made.items():
            assert same_node(path, before[k]), (cmd, k)
