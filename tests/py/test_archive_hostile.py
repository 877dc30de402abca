"""Hostile archives get a clear error and leave nothing outside DST."""
import io
import os
import subprocess
import tarfile
import zipfile

import pytest

import ssdcore


def add_tar(tf, name, data=b"evil", kind=tarfile.REGTYPE, link=""):
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = link
    info.size = len(data) if kind == tarfile.REGTYPE else 0
    tf.addfile(info, io.BytesIO(data) if kind == tarfile.REGTYPE else None)


@pytest.fixture
def area(tmp_path):
    (tmp_path / "outside").mkdir()
    return tmp_path


def extract_cli(cli, arc, dst):
    return subprocess.run([cli, "extract", str(arc), str(dst)], capture_output=True, text=True)


def assert_refused(r, area, needle):
    assert r.returncode == 1, r.stdout + r.stderr  # failure; the message says why
    assert needle in r.stderr and "refused" in r.stderr
    assert os.listdir(area / "outside") == []
    assert not (area / "evil").exists()


def test_zip_slip_is_refused(cli, area):
    arc = area / "slip.zip"
    with zipfile.ZipFile(arc, "w") as z:
        z.writestr("fine.txt", "ok")
        z.writestr("../evil", "boom")
    assert_refused(extract_cli(cli, arc, area / "dst"), area, "../evil")


def test_absolute_path_is_refused(cli, area):
    arc = area / "abs.tar"
    with tarfile.open(arc, "w") as tf:
        add_tar(tf, str(area / "outside" / "victim"))
    assert_refused(extract_cli(cli, arc, area / "dst"), area, "absolute")


@pytest.mark.parametrize("entries", [
    # a symlink out, then a file written through it
    [("l", tarfile.SYMTYPE, "OUTSIDE"), ("l/victim", tarfile.REGTYPE, "")],
    # a relative link climbing out
    [("d/l", tarfile.SYMTYPE, "../../outside"), ("d/l/victim", tarfile.REGTYPE, "")],
    # a hard link to a file outside
    [("h", tarfile.LNKTYPE, "../outside/victim")],
], ids=["absolute-symlink", "climbing-symlink", "hardlink"])
def test_link_escapes_are_refused(cli, area, entries):
    arc = area / "links.tar"
    with tarfile.open(arc, "w") as tf:
        for name, kind, link in entries:
            add_tar(tf, name, kind=kind, link=link.replace("OUTSIDE", str(area / "outside")))
    r = extract_cli(cli, arc, area / "dst")
    assert_refused(r, area, entries[0][0])


def test_writing_through_an_inside_symlink_is_refused_too(area):
    arc = area / "inside.tar"
    with tarfile.open(arc, "w") as tf:
        add_tar(tf, "real", kind=tarfile.DIRTYPE)
        add_tar(tf, "alias", kind=tarfile.SYMTYPE, link="real")
        add_tar(tf, "alias/file")
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.extract(arc, area / "dst")
    assert e.value.name == "SSD_EHOSTILE" and "alias/file" in str(e.value)


def test_file_replacing_a_symlink_does_not_write_through_it(area):
    target = area / "outside" / "victim"
    target.write_bytes(b"precious")
    arc = area / "replace.tar"
    with tarfile.open(arc, "w") as tf:
        add_tar(tf, "y", data=b"fine")
        # harmless once y is a file (before that, a link through the planted
        # y would resolve outside and be refused)
        add_tar(tf, "x", kind=tarfile.SYMTYPE, link="y")
    dst = area / "dst"
    dst.mkdir()
    os.symlink(target, dst / "y")                              # planted before extraction
    ssdcore.extract(arc, dst)
    assert target.read_bytes() == b"precious"
    assert not (dst / "y").is_symlink() and (dst / "y").read_bytes() == b"fine"


@pytest.mark.parametrize("fmt", ["7z", "zip", "tar.zst"])
def test_truncated_archives_fail_with_a_format_error(tmp_path, cli, fmt):
    src = tmp_path / "src"
    ssdcore.make_set("work", src, size="2m", seed=3)
    arc = tmp_path / f"a.{fmt}"
    ssdcore.archive(src, arc, format=fmt)
    size = arc.stat().st_size
    os.truncate(arc, size // 2)
    r = extract_cli(cli, arc, tmp_path / "dst")
    assert r.returncode == 1
    assert "corrupt or truncated" in r.stderr or "not a readable archive" in r.stderr
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.extract(arc, tmp_path / "dst2")
    assert e.value.name == "SSD_EFORMAT"


def test_garbage_is_not_an_archive(tmp_path, cli):
    junk = tmp_path / "junk.7z"
    junk.write_bytes(os.urandom(4096))
    r = extract_cli(cli, junk, tmp_path / "dst")
    assert r.returncode == 1 and "junk.7z" in r.stderr


@pytest.mark.parametrize("content", [
    b"root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n",
    b"",
    b"hello world\n",
], ids=["passwd", "empty", "text"])
def test_text_or_empty_file_is_not_an_archive(tmp_path, cli, content):
    # /etc/passwd used to "extract" as 24 empty files (libarchive read it
    # as an mtree spec) and an empty file as an empty archive, exit 0.
    f = tmp_path / "not-an-archive"
    f.write_bytes(content)
    dst = tmp_path / "dst"
    r = extract_cli(cli, f, dst)
    assert r.returncode == 1 and str(f) in r.stderr and r.stdout == ""
    assert not dst.exists() or os.listdir(dst) == []


def test_truncated_7z_message_has_no_null(tmp_path, cli):
    src = tmp_path / "src"
    ssdcore.make_set("work", src, size="200k", seed=3)
    arc = tmp_path / "a.7z"
    ssdcore.archive(src, arc)
    os.truncate(arc, 1000)
    r = extract_cli(cli, arc, tmp_path / "dst")
    assert r.returncode == 1 and "(null)" not in r.stderr and str(arc) in r.stderr


def test_archive_inside_its_source_does_not_contain_itself(tmp_path):
    src = tmp_path / "src"
    ssdcore.make_set("work", src, size="200k", seed=3)
    before = sorted(p.relative_to(src).as_posix() for p in src.rglob("*") if p.is_file())
    arc = src / "self.7z"
    ssdcore.archive(src, arc)
    dst = tmp_path / "dst"
    ssdcore.extract(arc, dst)
    after = sorted(p.relative_to(dst).as_posix() for p in dst.rglob("*") if p.is_file())
    assert after == before


def test_absolute_symlinks_opt_out_stores_links_but_still_never_follows_them(cli, area):
    arc = area / "abs-links.tar"
    outside = str(area / "outside")
    with tarfile.open(arc, "w") as tf:
        add_tar(tf, "lib", kind=tarfile.SYMTYPE, link="/usr/lib/libfoo.so.1")
        add_tar(tf, "out", kind=tarfile.SYMTYPE, link=outside)
        add_tar(tf, "file", data=b"fine")
    # the secure default refuses the first absolute link
    assert_refused(extract_cli(cli, arc, area / "dst0"), area, "lib")
    r = subprocess.run([cli, "extract", "--allow-absolute-symlinks", str(arc),
                        str(area / "dst")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert os.readlink(area / "dst" / "lib") == "/usr/lib/libfoo.so.1"
    assert os.readlink(area / "dst" / "out") == outside
    res = ssdcore.extract(arc, area / "dst2", allow_absolute_symlinks=True)
    assert res.symlinks == 2 and res.files == 1
    assert os.readlink(area / "dst2" / "out") == outside

    # a later entry written through such a link is still refused
    arc2 = area / "through.tar"
    with tarfile.open(arc2, "w") as tf:
        add_tar(tf, "out", kind=tarfile.SYMTYPE, link=outside)
        add_tar(tf, "out/victim")
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.extract(arc2, area / "dst3", allow_absolute_symlinks=True)
    assert e.value.name == "SSD_EHOSTILE" and "out/victim" in str(e.value)
    # and relative links climbing out with ".." stay refused
    arc3 = area / "climb.tar"
    with tarfile.open(arc3, "w") as tf:
        add_tar(tf, "d/l", kind=tarfile.SYMTYPE, link="../../outside")
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.extract(arc3, area / "dst4", allow_absolute_symlinks=True)
    assert e.value.name == "SSD_EHOSTILE"
    assert os.listdir(area / "outside") == []


@pytest.mark.parametrize("fmt", ["7z", "zip", "tar.zst"])
def test_a_name_that_is_not_utf8_is_refused_where_it_cannot_be_stored(tmp_path, cli, fmt):
    # 7z stored U+FFFD for the 0xff (and zip raw bytes flagged as UTF-8, which
    # nothing reads back), exiting 0; tar keeps the raw name.
    src = tmp_path / "s"
    (src / "d").mkdir(parents=True)
    bad = os.fsencode(src / "d") + b"/bad\xffname"
    with open(bad, "wb") as f:
        f.write(b"data")
    arc = tmp_path / ("a." + fmt)
    r = subprocess.run([cli, "archive", str(src), str(arc), "--format", fmt],
                       capture_output=True)
    if fmt == "tar.zst":
        assert r.returncode == 0, r.stderr
        dst = tmp_path / "x"
        r = subprocess.run([cli, "extract", str(arc), str(dst)], capture_output=True)
        assert r.returncode == 0, r.stderr
        assert os.listdir(os.fsencode(dst / "d")) == [b"bad\xffname"]
    else:
        assert r.returncode != 0 and not arc.exists()
        # the 0xff is escaped on the terminal (issue 14 #13)
        assert b"d/bad\\xffname" in r.stderr and b"UTF-8" in r.stderr
        assert fmt.encode() in r.stderr


@pytest.mark.parametrize("size", [1024, 10240, 1 << 20])
def test_a_zero_filled_file_is_not_an_empty_archive(tmp_path, cli, size):
    # issue 14 #13: a zero-filled ".7z" "extracted successfully" with 0 files
    # (libarchive reads zero blocks as an empty tar)
    z = tmp_path / "zeros.7z"
    z.write_bytes(bytes(size))
    r = extract_cli(cli, z, tmp_path / "dst")
    assert r.returncode == 1 and "every byte is zero" in r.stderr and r.stdout == ""
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.extract(z, tmp_path / "dst2")
    assert e.value.name == "SSD_EFORMAT"


def test_an_archive_of_an_empty_directory_still_extracts(tmp_path):
    (tmp_path / "empty").mkdir()
    for fmt in ("7z", "zip", "tar.zst"):
        ssdcore.archive(tmp_path / "empty", tmp_path / f"e.{fmt}", format=fmt, sync="none")
        res = ssdcore.extract(tmp_path / f"e.{fmt}", tmp_path / f"out-{fmt}", sync="none")
        assert res.files == 0
