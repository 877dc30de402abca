import subprocess

import pytest

import ssdcore


def test_version_matches_cli(cli):
    out = subprocess.run([cli, "version"], capture_output=True, text=True, check=True).stdout
    assert out.strip() == f"ssdcore {ssdcore.version()}"


def test_unknown_command_is_a_usage_error(cli):
    r = subprocess.run([cli, "frobnicate"], capture_output=True, text=True)
    assert r.returncode == 2
    assert "unknown command 'frobnicate'" in r.stderr
    assert r.stdout == ""


def test_check_raises_with_name_and_detail():
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.check(ssdcore.lib.SSD_EFORMAT)
    assert e.value.name == "SSD_EFORMAT"
    assert "malformed" in str(e.value)
    assert ssdcore.check(3) == 3
