"""Sizes and durations in Python are parsed as the CLI parses them (one C
parser, docs/options.md#sizes): "4k", "8g" and "8GiB" are binary as fio
reads them, "4KB" and "240GB" decimal as drives are sold, "4kb" refused."""
import pytest

import ssdcore


@pytest.mark.parametrize("text,want", [
    ("4096", 4096), ("4k", 4096), ("4K", 4096), ("4KiB", 4096), ("4kib", 4096),
    ("1g", 1 << 30), ("1GiB", 1 << 30), ("1.5g", 3 << 29), ("512B", 512),
    ("2t", 2 << 40), ("240e9", 240 * 10 ** 9), (7, 7),
    ("4KB", 4000), ("4kB", 4000), ("240GB", 240 * 10 ** 9), ("240GiB", 240 << 30),
    ("240g", 240 << 30),
])
def test_parse_size_binary_unless_a_capital_b_makes_it_decimal(text, want):
    assert ssdcore.parse_size(text) == want


@pytest.mark.parametrize("bad", ["", "4x", "-1", "1.3b", "k", "99999999999p"])
def test_parse_size_names_what_is_wrong(bad):
    with pytest.raises(ValueError, match=r"parse_size: .* is not a size \(like .*4KB = 4000"):
        ssdcore.parse_size(bad)


@pytest.mark.parametrize("bad,binary,decimal", [("4kb", "4KiB", "4kB"), ("8Gb", "8GiB", "8GB")])
def test_parse_size_says_a_small_b_is_ambiguous(bad, binary, decimal):
    """README: "4kb is refused as ambiguous"; the message said "not a size"."""
    with pytest.raises(ValueError, match=rf"parse_size: '{bad}' is ambiguous \(a small b could "
                       rf"be bits\): write {binary} for binary .* or {decimal} for decimal bytes"):
        ssdcore.parse_size(bad)


def test_parse_size_refuses_other_types():
    with pytest.raises(TypeError, match="parse_size"):
        ssdcore.parse_size(True)
    with pytest.raises(TypeError, match="parse_size"):
        ssdcore.parse_size(4.0)


@pytest.mark.parametrize("text,want", [
    ("30", 30.0), ("30s", 30.0), ("500ms", 0.5), ("15m", 900.0), ("2h", 7200.0), ("1.5h", 5400.0),
    (3, 3.0), (0.25, 0.25),
])
def test_parse_duration_as_the_cli(text, want):
    assert ssdcore.parse_duration(text) == want


@pytest.mark.parametrize("bad", ["", "fast", "1x", "-5s", float("nan")])
def test_parse_duration_names_what_is_wrong(bad):
    with pytest.raises(ValueError, match="parse_duration"):
        ssdcore.parse_duration(bad)


def test_a_job_reads_sizes_as_parse_size_does():
    r = ssdcore.job("sim:bx200", pattern="write", bs="128KiB", qd=4, bytes="64MB")
    assert ssdcore.parse_size("64MB") == 64 * 10 ** 6  # rounded up to whole 128 KiB I/Os:
    assert r["write"]["bytes"] == -(-64 * 10 ** 6 // (128 << 10)) * (128 << 10)


def test_capacity_gb_and_g_mean_what_the_docs_say():
    """capacity_bytes= (analysis) and size= (targets) go through the one parser:
    "240GB" is the decimal capacity a drive is sold with, "240g" 240 GiB;
    the library's option message and Python's say the same."""
    from ssdcore.analysis import _capacity_bytes
    assert _capacity_bytes("240GB") == 240 * 10 ** 9
    assert _capacity_bytes("240g") == 240 << 30
    with pytest.raises(ValueError, match="capacity_bytes: '240gb' is ambiguous .* 240GiB .* 240GB"):
        _capacity_bytes("240gb")
    with pytest.raises(ssdcore.InvalidArgument, match="'8gb' is ambiguous .* 8GiB .* 8GB"):
        ssdcore.job("sim:bx200", pattern="read", bytes="8gb")


def test_the_cli_reads_sizes_as_python_does(cli):
    """--bytes 64MB is 64e6 in the CLI as in Python; --bytes 64mb is refused
    by both, with the same examples."""
    import json
    import subprocess
    p = subprocess.run([cli, "job", "sim:bx200", "--pattern", "write", "--bs", "128KiB",
                        "--qd", "4", "--bytes", "64MB", "--json"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    r = ssdcore.job("sim:bx200", pattern="write", bs="128KiB", qd=4, bytes="64MB")
    assert json.loads(p.stdout)["write"]["bytes"] == r["write"]["bytes"]
    p = subprocess.run([cli, "job", "sim:bx200", "--bytes", "64mb"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2
    assert p.stderr.startswith("ssdcore job: --bytes: '64mb' is ambiguous (a small b could be "
                               "bits): write 64MiB for binary (= 64m) or 64MB for decimal "
                               "bytes"), p.stderr


def test_fill_trim_and_idle_take_sizes_and_durations_as_suite_files_do():
    """fill(t, bytes="10g"), t.trim(offset, "1g") and t.idle("15m") read
    text as the suite's `fill bytes=10g`, `trim length=1g` and `idle 15m`
    do; fill's bytes= took only an int, and a size text was a TypeError."""
    t = ssdcore.SimTarget("sim:bx200")
    assert ssdcore.fill(t, bytes="1g")["written_bytes"] == 1 << 30
    assert t.trim("512m", "1GiB")["reached"] is True
    t.idle("15m")
    with pytest.raises(ValueError, match=r"fill: bytes: '1gb' is ambiguous .* 1GiB .* 1GB"):
        ssdcore.fill(t, bytes="1gb")
    with pytest.raises(ValueError, match="trim: length: '1x' is not a size"):
        t.trim(0, "1x")
    with pytest.raises(ValueError, match="parse_duration"):
        t.idle("soon")
    with pytest.raises(TypeError, match="fill: bytes must be a whole number or a size"):
        ssdcore.fill(t, bytes=1.5)
