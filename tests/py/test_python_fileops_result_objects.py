"""copy_tree, archive, extract and make_set return result objects like
every other call (the library's figures as a dict, attributes with units,
a short repr, to_frame(), summary(), plot()), not bare dataclasses
without frames or plots; plot() works headless (Agg)."""
import json
import os

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import ssdcore  # noqa: E402
from ssdcore.results import Result  # noqa: E402


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("fileops_results")
    s = ssdcore.make_set("program", d / "set", size="2m", seed=3)
    c = ssdcore.copy_tree(d / "set", d / "copy", workers=2)
    os.mkfifo(d / "set" / "pipe")  # archive leaves it out and names it
    a = ssdcore.archive(d / "set", d / "set.zip", format="zip")
    x = ssdcore.extract(d / "set.zip", d / "out")
    return {"set": s, "copy": c, "archive": a, "extract": x}


@pytest.mark.parametrize("name", ["set", "copy", "archive", "extract"])
def test_each_is_a_result_with_repr_frame_summary_and_plot(runs, name):
    r = runs[name]
    assert isinstance(r, Result) and isinstance(r, dict)
    json.dumps(r.to_dict())  # the raw figures are plain JSON types
    text = repr(r)
    assert text.startswith(f"<{type(r).__name__} ") and 2 <= len(text.splitlines()) <= 9
    assert "MiB/s" in text and "<table>" in r._repr_html_()
    s = r.summary()
    assert len(s) == 1 and s["bw_bps"][0] == pytest.approx(r.bw_bps) and r.bw_bps > 0
    assert len(r.to_frame()) >= 1
    fig, ax = plt.subplots()
    assert r.plot(ax=ax) is ax
    bars = [p.get_width() for p in ax.patches]
    assert bars and all(b >= 0 for b in bars) and ax.get_xlabel() == "seconds"
    assert "MiB/s" in ax.get_title()
    plt.close(fig)


def test_make_set_figures(runs):
    s = runs["set"]
    assert type(s) is ssdcore.fileops.FilesetResult
    assert s.set == "program" and s.total_bytes == 2 << 20 and type(s.total_bytes) is int
    assert s.bw_bps == pytest.approx(s.total_bytes / s.total_s)
    assert s.to_frame()["total_bytes"][0] == 2 << 20
    assert s.to_dict()["total_bytes"] == 2 << 20 and not hasattr(s, "as_dict")


def test_copy_frame_is_robocopys_table(runs):
    c = runs["copy"]
    n = runs["set"].files
    assert c.files.copied == n and c.files.failed == 0 and c.robocopy_exit & 1
    assert c.bytes.copied == c["bytes"]["copied"] == 2 << 20 and type(c.bytes.copied) is int
    df = c.to_frame()
    assert list(df["row"]) == ["dirs", "files", "bytes"]
    assert list(df.columns) == ["row", "total", "copied", "skipped", "mismatch", "failed",
                                "extras"]
    assert int(df.set_index("row").loc["bytes", "copied"]) == 2 << 20
    s = c.summary()
    assert s["files_copied"][0] == n and s["copied_bytes"][0] == 2 << 20
    assert set(c.parts_s()) == {"scan + copy", "sync", "purge extras", "failed attempts"}


def test_archive_and_extract_say_which_they_are(runs):
    a, x = runs["archive"], runs["extract"]
    assert (a.operation, x.operation) == ("archive", "extract")
    assert a.data_bytes == x.data_bytes == 2 << 20 and type(a.data_bytes) is int
    assert a.skipped == 1 and a.skipped_entries == ("pipe (FIFO)",)
    assert x.skipped_entries == ()
    assert list(a.to_frame()["part"]) == ["read", "codec", "write", "sync"]
    assert repr(a).startswith("<ArchiveResult archive: ") and "extract" in repr(x)


# The keys each result had when Python built it from the C structs.
OLD_KEYS = {
    "copy": {"dirs", "files", "bytes", "total_s", "copy_s", "sync_s", "failed_s", "extras_s",
             "bw_bps", "robocopy_exit", "first_error", "workers", "failures"},
    "archive": {"operation", "files", "dirs", "symlinks", "data_bytes", "archive_bytes",
                "total_s", "read_s", "codec_s", "write_s", "sync_s", "bw_bps", "skipped",
                "skipped_entries"},
    "set": {"set", "files", "dirs", "total_bytes", "total_s", "bw_bps"},
}
OLD_KEYS["extract"] = OLD_KEYS["archive"]


def test_each_is_the_librarys_json_with_the_keys_it_had(runs):
    """One producer: the results are ssd_X_to_json's (what `ssdcore copy
    --json`... print: the paths, the set's seed), no longer a dict Python
    built from the structs, and keep every key they had, with its value."""
    for name, keys in OLD_KEYS.items():
        assert keys <= set(runs[name]), (name, keys - set(runs[name]))
    c, a, x, s = runs["copy"], runs["archive"], runs["extract"], runs["set"]
    assert c["src"].endswith("set") and c["dst"].endswith("copy") and c["list_only"] is False
    assert "times" not in c and c["copy_s"] <= c["total_s"] == round(c.total_s, 6)
    assert c["failures"] == [] and c.first_error == 0 and c.workers == 2
    assert a["archive"].endswith("set.zip") and a["tree"].endswith("set")
    assert x["tree"].endswith("out") and x["operation"] == "extract"
    assert (s["seed"], s["size_bytes"], s["set"]) == (3, 2 << 20, "program")
    assert "kind" not in s and "bytes" not in s and s.total_bytes == 2 << 20
