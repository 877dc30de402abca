"""ssdcore's exceptions follow Python's habits: one public base class
(ssdcore.Error), subclasses that are also the built-in a user catches
(FileNotFoundError, ValueError, PermissionError...), picklable across
processes, one message without repetition, the public name in tracebacks."""
import pickle
import traceback
from concurrent.futures import ProcessPoolExecutor

import pytest

import ssdcore


def _read(path):
    return ssdcore.read_series(path)


def test_missing_file_is_a_file_not_found_error(tmp_path):
    with pytest.raises(FileNotFoundError) as e:
        ssdcore.read_series(tmp_path / "missing.csv")
    err = e.value
    assert isinstance(err, ssdcore.Error)
    assert not hasattr(ssdcore, "SsdError")  # no release had it: one name, Error
    assert err.errno == 2 and err.name == "ENOENT" and err.code == -2
    assert "missing.csv" in str(err)
    # The strerror text is in the detail already: said once, not twice.
    assert str(err).lower().count("no such file") == 1
    assert not str(err).startswith("[Errno")


def test_bad_option_values_are_value_errors():
    with pytest.raises(ValueError) as e:
        ssdcore.job("sim:bx200", time=-5)
    assert isinstance(e.value, ssdcore.InvalidArgument) and "option time" in str(e.value)
    with pytest.raises(ValueError):
        ssdcore.job("sim:bx200", qd="lots")


def test_malformed_input_is_a_format_error(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("# ssdcore-series 1\nt_s,bytes\n1,1\n2,nan\n")
    with pytest.raises(ssdcore.FormatError) as e:
        ssdcore.analyze(bad)
    assert isinstance(e.value, ValueError) and "bad.csv:4" in str(e.value)


def test_refused_destruction_is_a_permission_error(tmp_path):
    f = tmp_path / "ro.bin"
    f.write_bytes(b"\0" * 65536)
    with pytest.raises(PermissionError) as e:
        ssdcore.job(f, pattern="randwrite", read_only=True, time=0.1, buffered=True)
    assert isinstance(e.value, ssdcore.Refused)


def test_errors_pickle_with_their_class_message_and_results():
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.job("sim:bx200", time=-5)
    err = e.value
    err.results = {"partial": 1}
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is type(err) and str(back) == str(err)
    assert (back.code, back.name, back.detail) == (err.code, err.name, err.detail)
    assert back.results == {"partial": 1}


def test_a_worker_process_error_arrives_as_itself(tmp_path):
    # It used to arrive as BrokenProcessPool, hiding the message.
    with ProcessPoolExecutor(1) as pool:
        fut = pool.submit(_read, str(tmp_path / "gone.csv"))
        with pytest.raises(FileNotFoundError, match="gone.csv"):
            fut.result()


def test_tracebacks_name_the_public_class(tmp_path):
    try:
        ssdcore.read_series(tmp_path / "x.csv")
    except ssdcore.Error as e:
        text = "".join(traceback.format_exception_only(type(e), e))
    assert text.startswith("ssdcore.NotFound: ") and "_errors" not in text
    classes = [c for c in vars(ssdcore).values()
               if isinstance(c, type) and issubclass(c, ssdcore.Error)]
    assert len(classes) >= 16 and {"NotADirectory", "IsADirectory"} <= {c.__name__ for c in classes}
    for c in classes:
        assert c.__module__ == "ssdcore", c
