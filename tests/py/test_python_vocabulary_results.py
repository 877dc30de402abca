"""One-row result frames type each column by its unit (issue #22 item 8):
FillResult's level_pct was an object column after fill(t, bytes=...),
DriveIdentity's missing members too; now float64 with NaN, Int64,
boolean and string columns."""
import contextlib
import warnings

import ssdcore
from ssdcore.results import DriveIdentity, FillResult


@contextlib.contextmanager
def _quiet():
    """A context in which any warning is an error: the new shapes are silent."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def _no_object_columns(df):
    assert not [c for c in df.columns if df[c].dtype == object], df.dtypes


def test_fill_level_pct_is_a_float_column_when_bytes_were_asked():
    with _quiet(), ssdcore.SimTarget("sim:bx200") as t:
        by_bytes = ssdcore.fill(t, bytes="64m")
    with _quiet(), ssdcore.SimTarget("sim:bx200") as t:
        by_level = ssdcore.fill(t, 1)
    assert isinstance(by_bytes, FillResult) and by_bytes.level_pct is None
    f = by_bytes.to_frame()
    assert f["level_pct"].dtype == "float64" and f["level_pct"].isna().all()
    assert str(f["fill_bytes"].dtype) == "Int64" and f["fill_bytes"].iloc[0] == 64 << 20
    assert by_level.to_frame()["level_pct"].dtype == "float64"
    _no_object_columns(f)


def test_drive_identity_frame_types_missing_members():
    d = DriveIdentity({"model": "X", "transport": "sim", "capacity_bytes": 10 ** 9})
    f = d.to_frame()
    _no_object_columns(f)
    assert str(f["rotational"].dtype) == "boolean" and f["serial"].isna().all()
