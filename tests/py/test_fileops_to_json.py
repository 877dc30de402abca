"""copy, archive, extract and mkset had no library JSON: the CLI wrote it
with its own code (and the copy's rate as speed_mb_per_min, the archive's
as mib_per_s). Now each handle has ssd_X_to_json(handle, flags, &out), as
every other handle, through the library's one writer: the CLI prints it,
and every rate is bw_bps (bytes/s)."""
import json
import subprocess

import pytest

from ssdcore._ffi import ffi, lib

KEYS = {
    "copy": {"src", "dst", "list_only", "dirs", "files", "bytes", "times", "bw_bps", "workers",
             "robocopy_exit", "failures"},
    "archive": {"operation", "archive", "tree", "files", "dirs", "symlinks", "data_bytes",
                "archive_bytes", "total_s", "read_s", "codec_s", "write_s", "sync_s", "bw_bps",
                "skipped"},
    "fileset": {"kind", "dir", "size_bytes", "seed", "files", "dirs", "bytes", "total_s"},
}
KEYS["extract"] = KEYS["archive"]


def to_json(kind, h, flags=0):
    out = ffi.new("char **")
    rc = getattr(lib, f"ssd_{kind}_to_json")(h, flags, out)
    text = ffi.string(out[0]).decode() if out[0] != ffi.NULL else None
    if out[0] != ffi.NULL:
        lib.ssd_free(out[0])
    return rc, text


def handle(kind):
    p = ffi.new(f"ssd_{kind} **")
    assert getattr(lib, f"ssd_{kind}_create")(p) == 0
    return ffi.gc(p[0], getattr(lib, f"ssd_{kind}_free"))


def test_each_handle_gives_its_last_run_as_json(tmp_path):
    s, c, a, x = handle("fileset"), handle("copy"), handle("archive"), handle("extract")
    for kind, h in (("fileset", s), ("copy", c), ("archive", a), ("extract", x)):
        assert to_json(kind, h) == (lib.SSD_ESTATE, None), kind  # no run yet
        assert to_json(kind, h, 1 << 12)[0] == lib.SSD_EINVAL  # a flag it does not know
    assert lib.ssd_fileset_set_option(s, b"kind", b"program") == 0
    assert lib.ssd_fileset_set_option(s, b"size", b"1m") == 0
    sr = ffi.new("ssd_fileset_result *", {"size": ffi.sizeof("ssd_fileset_result")})
    assert lib.ssd_fileset_run(s, str(tmp_path / "set").encode(), sr) == 0
    cr = ffi.new("ssd_copy_result *", {"size": ffi.sizeof("ssd_copy_result")})
    assert lib.ssd_copy_run(c, str(tmp_path / "set").encode(), str(tmp_path / "cp").encode(),
                            cr) == 0
    ar = ffi.new("ssd_archive_result *", {"size": ffi.sizeof("ssd_archive_result")})
    assert lib.ssd_archive_run(a, str(tmp_path / "set").encode(),
                               str(tmp_path / "a.7z").encode(), ar) == 0
    xr = ffi.new("ssd_archive_result *", {"size": ffi.sizeof("ssd_archive_result")})
    assert lib.ssd_extract_run(x, str(tmp_path / "a.7z").encode(), str(tmp_path / "x").encode(),
                               xr) == 0
    docs = {}
    for kind, h in (("fileset", s), ("copy", c), ("archive", a), ("extract", x)):
        rc, text = to_json(kind, h)
        assert rc == 0 and "\n" not in text.rstrip("\n"), (kind, text)
        docs[kind] = json.loads(text)
        assert set(docs[kind]) == KEYS[kind], kind
        rc, pretty = to_json(kind, h, lib.SSD_JSON_PRETTY)
        assert rc == 0 and pretty.count("\n") > 5 and json.loads(pretty) == docs[kind], kind
    fs = docs["fileset"]
    assert (fs["kind"], fs["size_bytes"], fs["seed"]) == ("program", 1 << 20, 1)
    assert (fs["files"], fs["bytes"]) == (sr.files, sr.bytes) and isinstance(fs["bytes"], int)
    cp = docs["copy"]
    assert cp["bytes"]["copied"] == cr.bytes.copied == 1 << 20 and cp["failures"] == []
    assert cp["bw_bps"] == pytest.approx(cr.bw_bps) and cp["robocopy_exit"] == cr.exit_bits
    for kind, r in (("archive", ar), ("extract", xr)):
        assert docs[kind]["operation"] == kind and docs[kind]["data_bytes"] == r.data_bytes
        assert docs[kind]["bw_bps"] == pytest.approx(r.bw_bps)
    assert docs["extract"]["tree"] == str(tmp_path / "x")
    # a failed run leaves no results to give
    assert lib.ssd_copy_run(c, str(tmp_path / "nope").encode(), str(tmp_path / "cp2").encode(),
                            cr) < 0
    assert to_json("copy", c) == (lib.SSD_ESTATE, None)


def test_the_cli_prints_the_librarys_json(cli, tmp_path):
    def run(*args):
        r = subprocess.run([cli, *map(str, args), "--json"], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)
    docs = {"fileset": run("mkset", "work", tmp_path / "set", "--size", "1m"),
            "copy": run("copy", tmp_path / "set", tmp_path / "cp"),
            "archive": run("archive", tmp_path / "set", tmp_path / "a.7z"),
            "extract": run("extract", tmp_path / "a.7z", tmp_path / "x")}
    for kind, d in docs.items():
        assert set(d) == KEYS[kind], kind
    assert docs["fileset"]["kind"] == "work" and docs["copy"]["dst"] == str(tmp_path / "cp")
    assert not [k for d in docs.values() for k in d if "mib" in k or "mb_per" in k]
