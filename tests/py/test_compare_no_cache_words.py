"""A drive without a cache has no "after the cache": the compare page's
summary says what its figure is, as the drive's own report does (the
round-22 audit: SSD370 after a fill read "after the cache 283.4 MiB/s")."""
import re
import subprocess

USED = """\
precondition kind=seq_fill loops=1
job name=used log=used pattern=randwrite bs=4k qd=32 time=20m
analyze used
"""
FRESH = """\
job name=fresh log=fresh pattern=write bs=128k qd=32 time=60s
analyze fresh
"""


def _suite(base, name, target, text):
    (base / f"{name}.suite").write_text(text)
    subprocess.run(["ssdcore", "suite", target, "--suite-file", str(base / f"{name}.suite"),
                    "--out", str(base / name), "--no-progress"],
                   check=True, capture_output=True, timeout=300)
    return str(base / name)


def _summary_rows(html):
    """The summary table's drive rows as text, in the order compared."""
    table = html[html.index("after the cache"):]
    table = table[:table.index("</table>")]
    return [re.sub(r"<[^>]+>", " ", r) for r in table.split("<tr")[1:]]


def test_compare_summary_names_the_speed_of_a_drive_without_a_cache(tmp_path):
    used = _suite(tmp_path, "used", "sim:ssd370,capacity_gb=32", USED)
    fresh = _suite(tmp_path, "fresh", "sim:bx200,capacity_gb=120", FRESH)
    subprocess.run(["ssdcore", "compare", used, fresh, "--out", str(tmp_path / "c")],
                   check=True, capture_output=True, timeout=120)
    rows = _summary_rows((tmp_path / "c" / "compare.html").read_text())
    assert len(rows) == 2, rows
    assert "SSD370" in rows[0] and "MiB/s (no cache: the speed before the used state)" in rows[0]
    # A drive with a cache keeps the plain figure.
    assert "no cache:" not in rows[1] and "MiB/s" in rows[1]
