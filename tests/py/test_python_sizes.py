"""Sizes and durations in Python are parsed as the CLI parses them (one C
parser): binary units whatever the spelling, so "4KB" is not 4000."""
import pytest

import ssdcore


@pytest.mark.parametrize("text,want", [
    ("4096", 4096), ("4k", 4096), ("4K", 4096), ("4KB", 4096), ("4KiB", 4096), ("4kib", 4096),
    ("1g", 1 << 30), ("1GB", 1 << 30), ("1GiB", 1 << 30), ("1.5g", 3 << 29), ("512B", 512),
    ("2t", 2 << 40), ("240e9", 240 * 10 ** 9), (7, 7),
])
def test_parse_size_is_binary_in_every_spelling(text, want):
    assert ssdcore.parse_size(text) == want


@pytest.mark.parametrize("bad", ["", "4x", "-1", "1.3b", "k", "99999999999p"])
def test_parse_size_names_what_is_wrong(bad):
    with pytest.raises(ValueError, match="parse_size: .* is not a size"):
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
    r = ssdcore.job("sim:bx200", pattern="write", bs="128KB", qd=4, bytes="64MB")
    assert r["write"]["bytes"] == ssdcore.parse_size("64MB") == 64 << 20
