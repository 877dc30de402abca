"""A drive without a cache has no "after the cache": the compare page's
summary says what its figure is, as the drive's own report does (the
round-22 audit: SSD370 after a fill read "after the cache 283.4 MiB/s")."""
import json
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


def test_compare_bars_and_heads_name_the_speed_of_drives_without_a_cache(tmp_path):
    """Round 23's audit: two cacheless drives after a fill compared; the bar
    chart said "speed after the cache, MiB/s (higher is better)" and the
    summary's head "after the cache", where their reports say "clean-block
    speed". With a drive that has a cache, both names are given."""
    used = _suite(tmp_path, "used", "sim:ssd370,capacity_gb=32", USED)
    used2 = _suite(tmp_path, "used2", "sim:as510s,capacity_gb=32", USED)
    subprocess.run(["ssdcore", "compare", used, used2, "--out", str(tmp_path / "c")],
                   check=True, capture_output=True, timeout=120)
    html = (tmp_path / "c" / "compare.html").read_text()
    assert "after the cache" not in html
    assert "used: clean-block speed, MiB/s" in html
    assert re.search(r"<th>clean-block speed</th>", html)
    text = subprocess.run(["ssdcore", "compare", used, used2, "--out", str(tmp_path / "c")],
                          check=True, capture_output=True, text=True, timeout=120).stdout
    assert "after the cache" not in text and text.count("clean-block speed  ") == 2, text
    doc = json.loads((tmp_path / "c" / "compare.json").read_text())
    assert [f["label"] for f in doc["figures"] if f["key"].endswith(".post_cache_bps")] == \
        ["used: clean-block speed"]
    assert "used: clean-block speed," in (tmp_path / "c" / "compare.csv").read_text()

    # A drive with a cache among them (BX200 opened written full, its
    # static cache flushed: the same test after a sequential fill, or its
    # figures would be a row of their own): the row names both.
    cached = _suite(tmp_path, "cached", "sim:bx200,precondition=seq_fill", USED.replace(
        "precondition kind=seq_fill loops=1\n", ""))
    subprocess.run(["ssdcore", "compare", used, cached, "--out", str(tmp_path / "m")],
                   check=True, capture_output=True, timeout=120)
    html = (tmp_path / "m" / "compare.html").read_text()
    assert "used: speed after the cache or clean-block speed, MiB/s" in html
    assert "<th>after the cache or clean-block speed</th>" in html


def test_a_run_after_a_fill_is_not_barred_against_a_fresh_one(tmp_path):
    """Round 23's audit: the same 20-minute random-write test on SSD370 fresh
    and after a sequential fill had the same conditions ("4K QD32, 20 min,
    whole drive"), so compare barred them as one test: "written -80 %",
    "used state from -94 %", the drive's state said nowhere. The drive's
    preconditioned state is one of the conditions now: the filled run's
    figures are a row of their own, named by it."""
    fresh_text = USED.replace("precondition kind=seq_fill loops=1\n", "trim\n")
    fresh = _suite(tmp_path, "fresh", "sim:ssd370,capacity_gb=32", fresh_text)
    used = _suite(tmp_path, "used", "sim:ssd370,capacity_gb=32", USED)
    full = _suite(tmp_path, "full", "sim:ssd370,capacity_gb=32,precondition=seq_fill",
                  USED.replace("precondition kind=seq_fill loops=1\n", ""))
    subprocess.run(["ssdcore", "compare", fresh, used, full, "--out", str(tmp_path / "c")],
                   check=True, capture_output=True, timeout=120)
    doc = json.loads((tmp_path / "c" / "compare.json").read_text())
    rows = [f for f in doc["figures"] if f["key"] == "write_curves.used.total_bytes"]
    conds = sorted(str(f["conditions"]) for f in rows)
    assert conds == ["4K QD32, 20 min, whole drive",
                     "4K QD32, 20 min, whole drive, after a sequential fill"], conds
    filled = [f for f in rows if "fill" in f["conditions"]][0]
    # The page says the drive's state is one of the conditions.
    assert "threads, a drive filled before the test) is a row of its own" in \
        (tmp_path / "c" / "compare.html").read_text()
    # The two filled runs are one test; the fresh one is not theirs.
    assert filled["values"][0] is None and None not in filled["values"][1:], filled
    # A random fill is named as such.
    rnd = _suite(tmp_path, "rnd", "sim:ssd370,capacity_gb=32",
                 USED.replace("seq_fill", "random_fill"))
    csv = subprocess.run(["ssdcore", "compare", fresh, rnd, "--out", str(tmp_path / "c2"),
                          "--json"], check=True, capture_output=True, text=True, timeout=120)
    assert "20 min, whole drive, after a random fill" in (tmp_path / "c2" / "compare.csv").read_text()


def test_threads_are_not_run_into_the_queue_depth(tmp_path):
    """Round 23's audit: lab2016's rows read "mixed random 4K, 80 % reads,
    QD1 4 threads, 3 min": "QD1 4" at a glance. The threads are a
    condition of their own, after a comma."""
    run = _suite(tmp_path, "mixed", "sim:ssd370",
                 "job name=m group=mixed-rand x=80 pattern=randrw read_pct=80 bs=4k qd=1 "
                 "threads=4 time=5s\n")
    subprocess.run(["ssdcore", "compare", run, run, "--out", str(tmp_path / "c")],
                   check=True, capture_output=True, timeout=120)
    text = (tmp_path / "c" / "compare.csv").read_text()
    assert "QD1, 4 threads, 5 s, whole drive" in text and "QD1 4 threads" not in text, text
