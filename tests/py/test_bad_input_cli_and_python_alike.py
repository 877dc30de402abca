"""Issue 2's bad-input list, from the CLI and from Python alike: unaligned
sizes with O_DIRECT, zero and negative sizes, a missing target, a read-only
target, a span larger than the target, an unknown pattern. Each is refused
before any I/O with a message naming what is wrong, and the Python error
carries the same code the C API returns."""
import subprocess

import pytest

import ssdcore


# (CLI arguments, Python keywords, needle in the message, Python error name)
CASES = [
    (["--bs", "1000"], dict(bs=1000), "not a multiple of the target's", "SSD_EALIGN"),
    (["--offset", "1000"], dict(offset=1000), "offset 1000 is not a multiple", "SSD_EALIGN"),
    (["--bs", "0"], dict(bs=0), "option bs", "SSD_ERANGE"),
    (["--bs", "-4k"], dict(bs="-4k"), "option bs", "SSD_EINVAL"),
    (["--span", "0"], dict(span=0), "option span", "SSD_ERANGE"),
    (["--bytes", "-1m"], dict(bytes="-1m"), "option bytes", "SSD_EINVAL"),
    (["--time", "-5"], dict(time=-5), "option time", "SSD_EINVAL"),
    (["--qd", "-1"], dict(qd=-1), "option qd", "SSD_ERANGE"),
    (["--span", "1g"], dict(span="1g"), "larger than the target", "SSD_ERANGE"),
    (["--offset", "3m", "--span", "2m"], dict(offset="3m", span="2m"), "larger than the target",
     "SSD_ERANGE"),
    (["--pattern", "randomread"], dict(pattern="randomread"), "unknown pattern 'randomread'",
     "SSD_EINVAL"),
]


@pytest.mark.parametrize("args,kw,needle,name", CASES, ids=[" ".join(c[0]) for c in CASES])
def test_bad_job_input_is_refused_alike_from_cli_and_python(cli, workdir, args, kw, needle, name):
    f = workdir / "t.bin"
    r = subprocess.run([cli, "job", str(f), "--size-file", "4m", "--time", "0.2", *args],
                       capture_output=True, text=True, timeout=60)
    # a value the option refuses is a usage error (2); one the target
    # refuses once it is open, a failure (1)
    usage = needle.startswith(("option ", "unknown pattern"))
    assert r.returncode == (2 if usage else 1), r.stderr
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.job(f, size="4m", **{"time": 0.2, **kw})
    assert needle in e.value.detail and e.value.name == name
    if needle.startswith("option "):
        # Python names the key, the CLI the flag: what follows is the same
        key = needle.split()[1]
        detail = e.value.detail.split(f"option {key}: ", 1)[1]
        assert r.stderr.startswith(f"ssdcore job: --{key}: {detail}\n"), (r.stderr, detail)
    else:
        assert needle in r.stderr
    assert r.stdout == ""


@pytest.mark.parametrize("size,name", [("0", "SSD_ERANGE"), ("0k", "SSD_ERANGE"),
                                       ("-1", "SSD_EINVAL"), ("-8g", "SSD_EINVAL")])
def test_zero_or_negative_target_size_is_refused_naming_the_option(cli, workdir, size, name):
    # Zero used to mean "no size": a new file was then called missing ("give
    # a size") although one was given, and an existing file silently kept
    # its own size.
    new, old = workdir / "new.bin", workdir / "old.bin"
    old.write_bytes(bytes(1 << 20))
    for f in (new, old):
        r = subprocess.run([cli, "job", str(f), "--size-file", size, "--time", "0.2"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and r.stdout == ""
        assert r.stderr.startswith("ssdcore job: --size-file: "), r.stderr
        with pytest.raises(ssdcore.Error) as e:
            ssdcore.job(f, size=size, time=0.2)
        assert e.value.name == name and "option size" in e.value.detail
    assert not new.exists() and old.stat().st_size == 1 << 20


def test_missing_target_is_named_from_cli_and_python(cli, workdir):
    f = workdir / "missing.bin"
    r = subprocess.run([cli, "job", str(f), "--time", "0.2"], capture_output=True, text=True)
    assert r.returncode == 1 and "missing.bin: no such file" in r.stderr
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.job(f, time=0.2)
    assert e.value.name == "ENOENT" and "missing.bin: no such file" in e.value.detail


def test_writes_to_a_read_only_target_are_refused_from_python(workdir):
    f = workdir / "t.bin"
    ssdcore.Target(f, size="1m").close()
    before = f.read_bytes()
    for pattern in ("write", "randwrite", "rw", "randrw"):
        with pytest.raises(ssdcore.Error) as e:
            ssdcore.job(f, read_only=True, pattern=pattern, time=0.2)
        assert e.value.name == "SSD_EUNSAFE" and "read-only" in e.value.detail
    assert f.read_bytes() == before
    r = ssdcore.job(f, read_only=True, pattern="randread", time=0.2)
    assert r["read"]["ios"] > 0


def test_log_that_cannot_be_created_is_refused_alike_before_the_layout(cli, workdir):
    # the library refuses it when the option is set (the CLI and Python each
    # had a copy of this check): the new file target is never laid out
    f, log = workdir / "new.bin", workdir / "no-such-dir" / "s.csv"
    r = subprocess.run([cli, "job", str(f), "--size-file", "4m", "--time", "0.2", "--log",
                        str(log)], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (1, "")
    assert r.stderr == f"ssdcore job: log {log}: cannot create: No such file or directory\n"
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.job(f, size="4m", time=0.2, log=log)
    assert e.value.name == "ENOENT" and f"log {log}: cannot create" in e.value.detail
    assert not f.exists()
