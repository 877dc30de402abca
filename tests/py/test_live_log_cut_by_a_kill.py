"""A kill can cut a series log's last row: one write(2) per row is copied
into the page cache a folio at a time, and SIGKILL stops it between two, so
a row that straddles a 4 KiB file offset is left half written (round 43: a
killed replay's `r.csv:607: truncated last line (1 of 16 fields)`). The
reader drops that row of a live log, with a note, and reads the rest: a
killed run's log is analysed, not refused. Here the cut is made by hand
where the kernel makes it, so the test does not depend on a kill's timing."""
import json
import subprocess

import pytest

import ssdcore


def _cut_log(cli, tmp_path, inside_last_field=False):
    """A real job log, cut at the 4 KiB offset inside a row (short of its
    last field, or with inside_last_field inside that field, every field
    there): its path, the number of whole rows kept, the cut line's number
    and field count, the header's field count, and the whole log read."""
    log = tmp_path / "j.csv"
    r = subprocess.run([cli, "job", "--target", "sim:bx200", "--pattern", "randwrite", "--time",
                        "2s", "--interval", "10ms", "--log", str(log)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    data = log.read_bytes()
    assert data.startswith(b"# ssdcore-series 1\n")
    nheader = len(data.split(b"\n")[2].split(b","))  # magic, metadata, header
    # The first page boundary inside a row short of its last field; for a
    # cut inside the last field, the same kill one byte before that row's
    # last character (the row then has every field and parses).
    for cut in range(4096, len(data), 4096):
        lines = data[:cut].split(b"\n")
        nfields = len(lines[-1].split(b","))
        if lines[-1] and nfields < nheader:
            break
    else:
        pytest.fail("no page boundary inside a row")
    if inside_last_field:
        cut = data.index(b"\n", cut) - 1  # "35.0" cut to "35"
        while not data[cut - 1:cut].isdigit():
            cut -= 1
        lines = data[:cut].split(b"\n")
        nfields = len(lines[-1].split(b","))
        assert nfields == nheader and lines[-1][-1:].isdigit()
    head = data[:cut]
    whole = sum(1 for ln in lines[:-1] if ln[:1].isdigit())
    out = tmp_path / "cut.csv"
    out.write_bytes(head)
    return out, whole, len(lines), nfields, nheader, ssdcore.Series.open(str(log))


@pytest.mark.parametrize("inside_last_field", [False, True])
def test_python_reads_the_whole_rows_and_names_the_cut_one(cli, tmp_path, inside_last_field):
    # Cut inside its last field, the row parses as a smaller number: only
    # the missing newline tells, and the row is dropped all the same.
    path, whole, lineno, nf, nh, full = _cut_log(cli, tmp_path, inside_last_field)
    s = ssdcore.Series.open(str(path))
    assert len(s) == whole
    assert (s.t_s == full.t_s[:whole]).all() and (s.bytes == full.bytes[:whole]).all()
    assert s.note == (f"{path}:{lineno}: last line cut short ({nf} of {nh} fields, no newline: "
                      "a run killed while writing it); dropped")


def test_cli_analyzes_the_cut_log_and_says_what_it_dropped(cli, tmp_path):
    path, whole, lineno, nf, nh, _ = _cut_log(cli, tmp_path)
    p = subprocess.run([cli, "analyze", str(path), "--json"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["samples"] == whole
    assert f"cut.csv:{lineno}: last line cut short ({nf} of {nh} fields" in d["input_note"]
    p = subprocess.run([cli, "analyze", str(path)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "last line cut short" in p.stdout and "dropped" in p.stdout


@pytest.mark.parametrize("header", ["t_s,bytes,ops", "pos_bytes,mib_s,note"])
def test_other_csvs_cut_short_are_still_refused(cli, tmp_path, header):
    # Only a live log (its magic line first) is written row by row; any
    # other file's cut last line is damage, as before.
    f = tmp_path / "other.csv"
    f.write_text(f"{header}\n1048576,100,5\n2097152,100")
    with pytest.raises(ssdcore.Error, match="truncated last line"):
        ssdcore.Series.open(str(f))
