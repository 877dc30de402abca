"""The analysis on real fio logs of a Samsung 970 EVO Plus 2TB, each run right
after a blkdiscard (datasets/samsung_970evoplus, MIT, copied unchanged, two
of them xz-compressed): a 60 s and two 2-hour 4 MiB QD32 runs (sequential
and random), the same two 2-hour runs again at QD64 with 50 ms windows, and
eight 1-hour QD1 runs. The verdicts that agree with what the source and the
drive's maker say are pinned here, with the two that did not until 4 Dec
2026 (the QD1 128 KiB run's "cache", the used state's start level and its
return; docs/analysis.md, "Public real logs")."""
import functools
import hashlib
import lzma
import pathlib
import statistics

import pytest

import ssdcore

GIB = 2**30
MIB = 2**20
# The source: "samsung 970 evo plus 2TB".
CAPACITY = 2 * 10**12
# The maker: Intelligent TurboWrite of the 2TB models, 6 GB + 72 GB.
TURBOWRITE = 78 * 10**9
HEADER = "Block Size (KB),Throughput (MiB/s),Time (ms),"
# File, block size (KiB), fio's log_avg_msec (README.md, the table).
RUNS = {
    "slc60": ("SLC_cache/fio_results_write.csv", 4096, 100),
    "rand2h": ("performance_drop/fio_results_randwrite_4096_32.csv", 4096, 500),
    "seq2h": ("performance_drop/fio_results_write_4096_32.csv", 4096, 500),
    # The source's last runs (commit 02f4040): QD64, 50 ms windows, each
    # after a blkdiscard and 20 minutes of idle; kept xz-compressed.
    "rand_qd64_2h": ("performance_drop/fio_results_randwrite.csv.xz", 4096, 50),
    "seq_qd64_2h": ("performance_drop/fio_results_write.csv.xz", 4096, 50),
}
for _bs in (4, 128, 512, 1024):
    RUNS[f"rand_qd1_{_bs}k"] = ("block_size/fio_results_randwrite_3600.csv", _bs, 1000)
    RUNS[f"seq_qd1_{_bs}k"] = ("block_size/fio_results_write_3600.csv", _bs, 1000)
QD32 = ("slc60", "rand2h", "seq2h")
QD64 = ("rand_qd64_2h", "seq_qd64_2h")
# The git blob ids of the compressed files' contents at the source's commit
# 02f40403dd39fd898308715bc83094e0188079c9 (README.md).
SOURCE_BLOBS = {
    "rand_qd64_2h": "a6836bd2416c8a4702e30a93b027a42f76272654",
    "seq_qd64_2h": "ec64fff59018cf4ce3e72daecedca3bd13fe4b74",
}


def text_of(path):
    """A file's text, decompressed when it is kept as .xz (lossless)."""
    if path.suffix == ".xz":
        return lzma.decompress(path.read_bytes()).decode()
    return path.read_text()


def plain_file(path, tmp):
    """The file as the source has it: an .xz file decompressed into tmp."""
    if path.suffix != ".xz":
        return path
    out = tmp / path.stem
    out.write_bytes(lzma.decompress(path.read_bytes()))
    return out


def read_run(path, bs, window_ms):
    """One run of the source's CSV as (t_s, bytes): each row is fio's mean
    MiB/s over the window that ends at its time (README.md, "Format").
    New lists on each call; a file's conversion is made once per process
    (_read_run: the runs fixture converts the 13 runs for each of its two
    params, and the block_size files hold four runs each, a whole parse
    per run: 0.44 s of CPU a pass)."""
    t, b = _read_run(str(path), bs, window_ms)
    return list(t), list(b)


@functools.lru_cache(maxsize=None)
def _read_run(path, bs, window_ms):
    path = pathlib.Path(path)
    lines = _lines(path)
    assert lines[0] == HEADER
    rows = []
    for line in lines[1:]:
        f = line.split(",")
        if int(f[0]) == bs:
            rows.append((float(f[2]) / 1000, float(f[1]) * MIB * window_ms / 1000))
    # The window is the rows' spacing: the conversion's bytes are right.
    steps = [b[0] - a[0] for a, b in zip(rows, rows[1:])]
    assert statistics.median(steps) == pytest.approx(window_ms / 1000, rel=0.01)
    return tuple(t for t, _ in rows), tuple(b for _, b in rows)


@functools.lru_cache(maxsize=4)
def _lines(path):
    """text_of(path)'s lines, split once for the runs a file holds."""
    return tuple(text_of(path).splitlines())


def one_run_file(path, bs, out):
    """The lines of one run of a block_size file (four runs, one after the
    other), unchanged, as the file the reader asks for: one run a file."""
    lines = path.read_text().splitlines(keepends=True)
    out.write_text(lines[0] + "".join(x for x in lines[1:] if int(x.split(",")[0]) == bs))
    return out


# Each verdict holds both for the logs converted here and for the files read
# as they are (the speed-per-interval CSV reader, docs/analysis.md
# "Inputs"); the block_size files split into one file a run first.
@pytest.fixture(scope="module", params=["converted", "file"])
def runs(datasets_dir, request, tmp_path_factory):
    d = datasets_dir / "samsung_970evoplus"
    if not d.exists():
        pytest.fail(f"{d} missing: the datasets/ folder of the repository is incomplete")
    tmp = tmp_path_factory.mktemp("runs")
    out = {}
    for name, (rel, bs, win) in RUNS.items():
        series = read_run(d / rel, bs, win)
        if request.param == "file":
            series = str(plain_file(d / rel, tmp) if name in QD32 + QD64
                         else one_run_file(d / rel, bs, tmp / f"{name}.csv"))
        # blkdiscard before every run: nothing written before it.
        out[name] = ssdcore.analyze(series, capacity_bytes=CAPACITY, written_before_bytes=0,
                                    precondition="none")
    return out


@pytest.mark.parametrize("name", QD64)
def test_the_compressed_files_are_the_sources_bytes(datasets_dir, name):
    # xz is lossless: the content is the source's file to the byte (its git
    # blob id at the commit the README names).
    data = lzma.decompress((datasets_dir / "samsung_970evoplus" / RUNS[name][0]).read_bytes())
    blob = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
    assert blob == SOURCE_BLOBS[name]


@pytest.mark.parametrize("name", QD32 + QD64)
def test_the_file_reads_as_the_conversion(datasets_dir, name, tmp_path):
    rel, bs, win = RUNS[name]
    path = plain_file(datasets_dir / "samsung_970evoplus" / rel, tmp_path)
    t, b = read_run(path, bs, win)
    s = ssdcore.Series.open(path)
    assert s.format == "rate-csv"
    assert list(s.t_s) == t
    # The reader's interval is the rows' own spacing (fio's ms jitter, and
    # the 2 h runs' last, shorter window), the conversion's fio's window:
    # the same bytes but for those.
    assert sum(s.bytes) == pytest.approx(sum(b), rel=0.001)
    a = ssdcore.analyze(path, capacity_bytes=CAPACITY, written_before_bytes=0,
                        precondition="none")
    c = ssdcore.analyze((t, b), capacity_bytes=CAPACITY, written_before_bytes=0,
                        precondition="none")
    assert a["cache"]["bytes"] == pytest.approx(c["cache"]["bytes"], rel=0.005)
    assert len(a["phases"]) == len(c["phases"])
    assert (a["gc"] is None) == (c["gc"] is None)


def test_a_file_of_several_runs_is_refused_where_the_next_run_starts(datasets_dir):
    # block_size files hold four 1 h runs, their times restarting at 1 s.
    path = datasets_dir / "samsung_970evoplus" / "block_size" / "fio_results_write_3600.csv"
    first = 1 + sum(1 for x in path.read_text().splitlines()[1:] if x.startswith("4,"))
    with pytest.raises(ssdcore.FormatError, match=rf"fio_results_write_3600.csv:{first + 1}: "
                       r"Time \(ms\): 1 s does not follow.*one run a file"):
        ssdcore.Series.open(path)


def test_every_run_is_read_whole(runs):
    # 60 s, 2 h and 1 h runs: the logs' last window may be short.
    for name, r in runs.items():
        want = 60 if name == "slc60" else 7200 if name.endswith("2h") else 3600
        assert r["duration_s"] == pytest.approx(want, abs=2), name


@pytest.mark.parametrize("name", QD32 + QD64)
def test_the_turbowrite_cache_is_found_at_qd32_and_qd64(runs, name):
    # The source's SLC_cache run ("show slcCache run out performance") and
    # all four 2 h runs start with the same cache: 3 GB/s (the maker: up to
    # 3,300 MB/s) for about the maker's 78 GB, then about half the speed.
    c = runs[name]["cache"]
    assert c is not None and c["censored"] == "none"
    assert c["bytes"] == pytest.approx(TURBOWRITE, rel=0.10)
    assert 2.9e9 < c["level_bps"] < 3.3e9
    assert 1.8 < c["drop_ratio"] < 2.2
    assert runs[name]["post_cache_bps"] == pytest.approx(1.55 * GIB, rel=0.06)


def test_the_three_qd32_runs_agree_on_the_cache(runs):
    sizes = [runs[n]["cache"]["bytes"] for n in QD32]
    assert max(sizes) / min(sizes) < 1.01


def test_the_qd64_runs_find_the_qd32_runs_cache(runs):
    # Two more runs of the same drive at twice the depth, each after a
    # blkdiscard and 20 minutes of idle: the same cache (83.6-84.5 GB in
    # all five, the QD64 runs' 50 ms windows a finer edge).
    qd32 = statistics.mean(runs[n]["cache"]["bytes"] for n in QD32)
    for n in QD64:
        assert runs[n]["cache"]["bytes"] == pytest.approx(qd32, rel=0.02), n


def test_the_random_run_reaches_its_used_state_once_the_capacity_is_written(runs):
    # 2 h of 4 MiB random writes after a blkdiscard: the drive falls to
    # about 170 MiB/s once the capacity and its spare area (the drive's
    # 2 TiB of flash less the 2 TB it exports) are written, never before.
    r = runs["rand2h"]
    gc = r["gc"]
    assert gc is not None
    assert 1.0 * CAPACITY < gc["start_bytes"] < 1.15 * CAPACITY
    assert gc["level_bps"] < 0.15 * r["post_cache_bps"]
    assert r["folding"] is None
    # The cache stays a cache: the used-drive rule must not veto it.
    assert r["cache"]["bytes"] == pytest.approx(TURBOWRITE, rel=0.10)


def test_the_qd64_random_run_falls_where_the_qd32_run_fell(runs):
    # The same 2 h of 4 MiB random writes at twice the depth, another run
    # (20 minutes of idle after its blkdiscard, not 10): the clean blocks
    # run out at the same bytes written, whatever the depth.
    r, r32 = runs["rand_qd64_2h"], runs["rand2h"]
    gc = r["gc"]
    assert gc is not None
    assert 1.0 * CAPACITY < gc["start_bytes"] < 1.15 * CAPACITY
    assert gc["start_bytes"] == pytest.approx(r32["gc"]["start_bytes"], rel=0.01)
    assert gc["level_bps"] < 0.15 * r["post_cache_bps"]
    assert r["folding"] is None
    assert r["cache"]["bytes"] == pytest.approx(TURBOWRITE, rel=0.10)


@pytest.mark.parametrize("name", ["rand2h", "rand_qd64_2h"])
def test_the_used_state_comes_back_as_fios_second_pass_ends(runs, name):
    # fio's random map writes every block once a pass: its second pass ends
    # at 2 x 2 TB (3.64 TiB), after which the drive writes at full speed
    # again for about 200 GiB, at either depth.
    tr = runs[name]["gc"]["trend"]
    top = [q for q in tr if 3.69 * 2**40 < q["bytes"] < 3.84 * 2**40]
    assert top and all(q["level_bps"] > 1.5 * GIB for q in top)


@pytest.mark.parametrize("name", ["seq2h", "seq_qd64_2h"])
def test_sequential_overwrites_never_reach_a_used_state(runs, name):
    # 11 TiB sequential, 5.5 times the capacity: whole blocks are
    # overwritten in order, nothing to collect; the speed stays.
    r = runs[name]
    assert r["total_bytes"] > 5 * CAPACITY
    assert r["gc"] is None and r["folding"] is None
    assert len(r["phases"]) == 2
    ss = r["steady_state"]
    assert ss["reached"]
    assert ss["mean_bps"] == pytest.approx(r["post_cache_bps"], rel=0.02)


@pytest.mark.parametrize("bs", [128, 512, 1024])
def test_qd1_random_runs_fall_where_the_qd32_run_fell(runs, bs):
    r = runs[f"rand_qd1_{bs}k"]
    assert r["gc"] is not None
    assert r["gc"]["start_bytes"] == pytest.approx(runs["rand2h"]["gc"]["start_bytes"], rel=0.02)


def test_qd1_4k_runs_write_too_little_to_drop(runs):
    # 4 KiB at QD1: about 270 MiB/s, under 1 TiB in the hour: one level.
    for name in ("rand_qd1_4k", "seq_qd1_4k"):
        r = runs[name]
        assert r["total_bytes"] < 0.55 * CAPACITY
        assert r["cache"] is None and r["gc"] is None
        assert len(r["phases"]) == 1


@pytest.mark.parametrize("bs", [4, 128, 512, 1024])
def test_qd1_sequential_runs_have_no_cache_and_no_used_state(runs, bs):
    # At QD1 the host, not the drive, sets the speed (1.4-1.6 GiB/s at
    # most, under the cache's 3 GB/s): neither the cache nor a used state
    # shows.
    r = runs[f"seq_qd1_{bs}k"]
    assert r["cache"] is None and r["gc"] is None and r["folding"] is None


def test_qd1_128k_random_run_has_no_cache(runs):
    # 1.54 GiB/s is the QD1 host limit, not the drive's cache (78 GB at
    # 3 GB/s, its QD32 runs): 753-945 s at 978 MiB/s is a slump the level
    # comes back from (1.53 GiB/s for 617 GiB, to the used state). It was
    # "cache 1.13 TiB at 1.54 GiB/s, then 1.6x slower" and "folding from
    # 2.03 TiB at 138 MiB/s" (a cache that ended cannot come back at its
    # own speed while the host keeps writing).
    r = runs["rand_qd1_128k"]
    assert r["cache"] is None and r["folding"] is None
    assert r["gc"]["start_bytes"] == pytest.approx(runs["rand2h"]["gc"]["start_bytes"], rel=0.02)


def test_the_used_state_starts_at_the_level_the_drive_falls_to(runs):
    # 0.5 s windows: 1.6 GiB/s, then 1074, 1651, 896, 1018, 768, 569, 281,
    # 224, 216 MiB/s... The level just after the onset is the drive's
    # after the fall (170-220 MiB/s), not a median of the windows that
    # straddle it (it was 894 MiB/s, "falling to 281").
    gc = runs["rand2h"]["gc"]
    assert 160 * MIB < gc["start_level_bps"] < 230 * MIB
    assert gc["end_level_bps"] > gc["start_level_bps"]  # rising, not falling
    assert gc["trend"][0]["level_bps"] == gc["start_level_bps"]
    assert gc["trend"][-1]["level_bps"] == gc["end_level_bps"]


def test_the_return_inside_the_used_state_is_drawn_and_told_as_it_is(runs):
    # The used state climbs back to 1.6 GiB/s as fio's second pass ends
    # (3.64 TiB), holds it for 215 GiB, then falls to 170 MiB/s again. The
    # trend follows it (it had no point between 2.76 and 3.88 TiB), and
    # each phase there starts and ends at its own levels: phases 7 and 8
    # (medians 1.19 and 1.59 GiB/s) read "312 -> 289" and "289 -> 266
    # MiB/s" off the trend.
    r = runs["rand2h"]
    f = r.to_frame()
    tr = r["gc"]["trend"]
    top = [q for q in tr if 3.65 * 2**40 < q["bytes"] < 3.84 * 2**40]
    assert top and all(q["level_bps"] > 1.5 * GIB for q in top)
    for _, p in f[f.sliding].iterrows():
        lo, hi = sorted((p.start_level_bps, p.end_level_bps))
        # Each sliding phase's ends bracket its median, within a step.
        assert lo / 1.3 < p.level_bps < hi * 1.3, (p.start_bytes, p.level_bps, lo, hi)
    back = f[(f.level_bps > 1.5 * GIB) & f.sliding]
    assert len(back) == 1
    assert back.start_level_bps.iloc[0] > 1.5 * GIB and back.end_level_bps.iloc[0] > 1.5 * GIB
    # The phase after it starts where the drive fell to, not on the way.
    after = f[f.start_bytes == back.end_bytes.iloc[0]]
    assert after.start_level_bps.iloc[0] < 300 * MIB
