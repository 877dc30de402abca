"""The Python API with wrong types and values: a clear exception naming
what is wrong, never a silently different target or a huge default run."""
import math

import pytest

import ssdcore


@pytest.mark.parametrize("bad", [None, 5, 1.5])
def test_target_uri_of_the_wrong_type_is_a_type_error(bad):
    # None used to open a file named "None".
    with pytest.raises(TypeError):
        ssdcore.Target(bad)
    with pytest.raises(TypeError):
        ssdcore.job(bad, time=1)


def test_target_uri_with_a_nul_byte_is_refused():
    # "sim:bx200\0junk" used to open sim:bx200: the C string ended early.
    with pytest.raises(ValueError):
        ssdcore.Target("sim:bx200\0junk")
    with pytest.raises(ValueError):
        ssdcore.Target("sim:bx200", size="1g\0junk")


def test_file_operation_options_with_a_nul_byte_are_refused(tmp_path):
    # "8m\0junk" used to reach C as "8m": the file operations encoded their
    # option values with a copy of their own that missed the check.
    with pytest.raises(ValueError, match="NUL"):
        ssdcore.make_set("work", tmp_path / "set", size="8m\0junk")
    with pytest.raises(ValueError, match="NUL"):
        ssdcore.archive(tmp_path, tmp_path / "a.7z", method="deflate\0junk")
    assert not (tmp_path / "set").exists() and not (tmp_path / "a.7z").exists()


def test_target_uri_as_bytes_or_path(tmp_path):
    t = ssdcore.Target(b"sim:bx200")
    assert t.uri == "sim:bx200"
    t = ssdcore.Target(tmp_path / "t.bin", size="1m", buffered=True)
    assert t.uri == str(tmp_path / "t.bin") and t.kind == "file"


def test_trim_beyond_the_end_or_negative_is_a_clear_error():
    t = ssdcore.SimTarget("sim:bx200")
    # offset past the end used to raise OverflowError "can't convert
    # negative number to unsigned" from the computed length.
    with pytest.raises(ssdcore.Error) as e:
        t.trim(offset=t.size_bytes + 4096)
    assert e.value.name == "SSD_ERANGE" and "outside the target" in e.value.detail
    for kw in ({"offset": -1}, {"length": -1}, {"offset": 2**64}):
        with pytest.raises(ValueError, match=next(iter(kw))):
            t.trim(**kw)
    t.trim(offset=t.size_bytes)  # an empty range at the end is fine


def test_make_set_needs_a_kind(tmp_path):
    # None used to generate the default: an 8 GiB "work" set.
    with pytest.raises(TypeError):
        ssdcore.make_set(None, tmp_path / "s")
    assert not (tmp_path / "s").exists()


def test_segment_l2_refuses_nan_and_says_what_is_wrong():
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.segment_l2([1.0, math.nan, 2.0], 1.0)
    assert "y[1]" in e.value.detail
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.segment_l2([1.0, 2.0], -1.0)
    assert "penalty" in e.value.detail
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.segment_l2([1.0, 2.0], 1.0, min_size=0)
    assert "min_size" in e.value.detail


def test_analyze_many_unknown_errors_mode_is_refused(tmp_path):
    with pytest.raises(ValueError, match="errors"):
        ssdcore.analyze_many([tmp_path / "missing.csv"], errors="skip")


@pytest.mark.parametrize("bad", [None, 5])
def test_sim_profile_of_the_wrong_type_is_a_type_error(bad):
    with pytest.raises(TypeError):
        ssdcore.sim.profile(bad)


@pytest.mark.parametrize("bad", [{"qd": 0}, {"pattern": "bogus"}, {"interval": "1ms"},
                                 {"log": "/nonexistent-dir/x.csv"}])
def test_python_job_checks_options_before_laying_out_a_new_file(tmp_path, bad):
    f = tmp_path / "t.bin"
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.job(f, size="64m", time=1, **bad)
    assert str(next(iter(bad.values()))) in str(e.value)
    assert not f.exists()


def test_python_suite_checks_the_suite_before_laying_out_a_new_file(tmp_path):
    bad = tmp_path / "bad.suite"
    bad.write_text("trim\nbogus step\n")
    f = tmp_path / "t.bin"
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.suite(f, tmp_path / "out", suite_file=bad, size="64m")
    assert "bad.suite:2" in e.value.detail
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.suite(f, tmp_path / "out", suite="nope", size="64m")
    assert "nope" in e.value.detail
    assert not f.exists() and not (tmp_path / "out").exists()


@pytest.mark.parametrize("uri", ["sim:bx200", "file"])
def test_closing_a_target_from_a_running_jobs_callback_is_refused(tmp_path, uri):
    # t.close() inside the progress callback freed the target under the
    # running job (use after free; on a file, I/O to a closed descriptor).
    if uri == "file":
        t = ssdcore.Target(tmp_path / "t.bin", size="1m", buffered=True)
    else:
        t = ssdcore.Target(uri)
    errors = []

    def progress(d):
        try:
            t.close()
        except RuntimeError as e:
            errors.append(str(e))

    r = ssdcore.job(t, time=1, interval=0.1, progress=progress)
    assert errors and "running" in errors[0]
    assert r["runtime_s"] > 0 and t.size_bytes > 0  # still open
    t.close()
    with pytest.raises(ValueError):
        t.size_bytes


def test_a_job_on_a_target_already_running_one_is_refused():
    # A nested job from the progress callback restarted the simulated
    # drive's job state under the running one.
    t = ssdcore.SimTarget("sim:bx200")
    errors = []

    def progress(d):
        try:
            ssdcore.job(t, time=1)
        except RuntimeError as e:
            errors.append(str(e))

    r = ssdcore.job(t, time=2, interval=0.1, progress=progress)
    assert errors and "already running" in errors[0]
    assert r["runtime_s"] == pytest.approx(2)
    assert ssdcore.job(t, time=1)["runtime_s"] == pytest.approx(1)  # free again
