"""NVMe-speed file scenarios (issue 25, docs/traces.md "NVMe-speed file
traces"): the file tests recorded again at the queue depths ext4 issues, a
50 GB copy onto, inside and off the drive (copy50g), and a PCMark 10 Full
System Drive-like score from bandwidth and access time (fsd)."""
import json
import math
import os
import subprocess

import pytest

import ssdcore
from conftest import ROOT
from test_file_traces import _recorder_unavailable, _trace_csv

MiB = 1 << 20


def _filetests():
    return {t["name"]: t for t in ssdcore.trace.filetests()}


def test_nvme_recordings_keep_the_queue_depth_ext4_issued():
    """Each test recorded twice: through the single-threaded recorder (one
    I/O in flight) and through the multi-threaded one on a direct-I/O loop
    device, where ext4's writeback and the 8-worker copy keep many in
    flight. The same work either way: bytes within 10 %."""
    tests = _filetests()
    nvme = sorted(n for n in tests if n.startswith("nvme-"))
    assert len(nvme) == 8, nvme
    for name in nvme:
        fast, slow = ssdcore.Trace.filetest(name), ssdcore.Trace.filetest(name[5:])
        a, b = fast.summary(), slow.summary()
        assert b["max_overlap"] == 1, name
        assert a["max_overlap"] >= 8, (name, a["max_overlap"])
        for key in ("read_bytes", "write_bytes"):
            assert abs(a[key] - b[key]) <= 0.1 * max(b[key], 64 * MiB), (name, key, a[key], b[key])
    # The ISO set's re-recording sits on a 3 GiB device so that 50 GB of it
    # (47 recordings side by side) fit a 240 GB drive.
    assert tests["nvme-iso-copy"]["device_bytes"] == 3 << 30


def test_copy_halves_keep_the_writes_or_the_reads(tmp_path):
    whole = ssdcore.Trace.filetest("nvme-iso-copy")
    to = ssdcore.Trace.filetest("nvme-iso-copy_to")
    frm = ssdcore.Trace.filetest("nvme-iso-copy_from")
    assert {io[1] for io in to} <= {"W", "T", "F"} and {io[1] for io in frm} == {"R"}
    assert len(to) + len(frm) == len(whole)
    s, st, sf = whole.summary(), to.summary(), frm.summary()
    assert st["write_bytes"] == s["write_bytes"] and sf["read_bytes"] == s["read_bytes"]
    # Halves repeat to a set size like the whole test does.
    rec = _filetests()["nvme-iso-copy"]["set_bytes"]
    assert len(ssdcore.Trace.filetest("nvme-iso-copy_to", 3 * rec)) == 3 * len(to)
    with pytest.raises(ssdcore.Error, match="NAME_to and NAME_from"):
        ssdcore.Trace.filetest("nvme-iso-copy_sideways")
    suite = tmp_path / "up.suite"
    suite.write_text("replay trace=filetest:nvme-iso-copy_up\n")
    bad = subprocess.run(["ssdcore", "suite", "sim:bx200", "--suite-file", str(suite), "--out",
                          str(tmp_path / "x")], capture_output=True, text=True)
    assert bad.returncode != 0 and "unknown file test 'nvme-iso-copy_up'" in bad.stderr, bad.stderr


def test_recorder_keeps_many_ios_in_flight_on_a_direct_io_loop_device(build_dir, tmp_path):
    why = _recorder_unavailable(build_dir)
    if why:
        pytest.skip(why)
    out = tmp_path / "traces"
    env = dict(os.environ, BUILD_DIR=str(build_dir), SETS="iso", NVME="1")
    subprocess.run(["bash", str(ROOT / "scripts/record_file_traces.sh"), str(out), "64m", "512m"],
                   check=True, env=env, timeout=300)
    assert sorted(p.name for p in out.glob("*.zst")) == ["nvme-iso-copy.csv.zst",
                                                         "nvme-iso-mkset.csv.zst"]
    prov = (out / "PROVENANCE-nvme.txt").read_text()
    assert "--threads" in prov and "--direct-io=on" in prov and "NVME=1" in prov
    for name in ("nvme-iso-copy", "nvme-iso-mkset"):
        # Logged at completion, sorted back to issue order by the script:
        # the reader refuses a trace whose times go backwards.
        tr = ssdcore.Trace(str(_trace_csv(tmp_path, out / f"{name}.csv.zst")))
        s = tr.summary()
        assert s["max_overlap"] >= 2, (name, s["max_overlap"])
        assert s["write_bytes"] >= 64 * MiB
    assert s["read_bytes"] < 4 * MiB  # mkset writes the set


def _suite(tmp_path, target, suite, scale):
    out = tmp_path / suite
    r = subprocess.run(["ssdcore", "suite", target, "--suite", suite, "--scale", str(scale),
                        "--out", str(out), "--no-progress"], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads((out / "results.json").read_text()), r.stdout


def test_copy50g_scales_its_set_and_reports_three_copies(tmp_path):
    """--scale 0.02: a 1 GB set (one recording) and 18 s idles. Seed 003:
    budget four-channel NVMe drives copy inside the drive at close to 4
    GB/s; the MP44L's copy moves its reads and writes at 3.5-4.2 GB/s, and
    the BX200 (SATA) copies far slower."""
    res, text = _suite(tmp_path, "sim:mp44l-1tb", "copy50g", 0.02)
    steps = {s["name"]: s for s in res["steps"]}
    for n in ("copy50g-mkset", "copy50g-to", "copy50g-inside", "copy50g-from"):
        assert "set_size=1GB " in steps[n]["line"], steps[n]["line"]
    ft = res["headline"]["file_tests"]["files-copy50g"]
    assert set(ft) == {"copy_to_s", "copy_to_bps", "copy_s", "copy_bps", "copy_from_s",
                       "copy_from_bps"}
    inside = steps["copy50g-inside"]["results"]
    assert 3.5e9 <= inside["bw_bps"] <= 4.2e9, inside["bw_bps"]
    assert inside["qd"] >= 8
    assert "files-copy50g" in text
    sata, _ = _suite(tmp_path / "b", "sim:bx200", "copy50g", 0.02)
    assert sata["headline"]["file_tests"]["files-copy50g"]["copy_bps"] < ft["copy_bps"] / 4


@pytest.fixture(scope="module")
def fsd_mp44l():
    return ssdcore.fsd("sim:mp44l-1tb", scale=0.02)


def test_fsd_score_is_the_geometric_mean_of_bandwidth_and_inverse_access_time(fsd_mp44l):
    """UL's formula: score = geometric mean (bandwidth, 1 / average access
    time); ours over the traces' geometric means, in MB/s and 1/ms."""
    nv = fsd_mp44l
    scored = [t for t in nv["traces"] if t["scored"]]
    assert [t["name"] for t in scored] == ["start-apps", "start-game", "aft", "exc", "ill", "ind",
                                           "pow", "psh", "psl", "cp1", "cp2", "cp3", "cps1",
                                           "cps2", "cps3"]
    gbw = math.exp(sum(math.log(t["bw_bps"]) for t in scored) / len(scored))
    gat = math.exp(sum(math.log(t["access_us"] / 1e6) for t in scored) / len(scored))
    assert nv["bw_bps"] == pytest.approx(gbw, rel=1e-9)
    assert nv["access_us"] == pytest.approx(gat * 1e6, rel=1e-9)
    assert all(type(t["bytes"]) is int for t in nv["traces"])
    assert nv["score"] == pytest.approx(math.sqrt(gbw / 1e6 / (gat * 1e3)), rel=1e-9)
    # Copies run at their recorded depth, applications at QD1.
    assert all(t["qd"] >= 4 for t in scored if t["name"].startswith("cp"))
    sata = ssdcore.fsd("sim:bx200", scale=0.02)
    assert sata["score"] < nv["score"] / 2
    assert sata["access_us"] > nv["access_us"] and sata["bw_bps"] < nv["bw_bps"]
    with pytest.raises(ssdcore.Error, match="scale"):
        ssdcore.fsd("sim:bx200", scale=0)
    cli = subprocess.run(["ssdcore", "replay", "--fsd", "--target", "sim:mp44l-1tb", "--scale",
                          "0.02", "--json"], capture_output=True, text=True, check=True)
    assert json.loads(cli.stdout)["score"] == pytest.approx(nv["score"], rel=1e-9)


def test_fsd_scale_shrinks_the_applications_think_time_too(fsd_mp44l):
    """At full length the applications idle 11.5 minutes whatever the sets'
    size, so a scaled run on a real drive took over 12 minutes: --scale
    scales their think time with the sets (never up), copies stay
    back to back."""
    apps = [t for t in fsd_mp44l["traces"] if t["trace"].startswith("scenario:")]
    assert len(apps) == 9 and {t["timing"] for t in apps} == {"scale=0.02"}
    assert {t["timing"] for t in fsd_mp44l["traces"] if t not in apps} == {"no-idle"}
    # 689 s of recorded application time at scale 1 (their published
    # durations): 13.8 s here, and no more than that plus the busy time.
    runtime = sum(t["runtime_s"] for t in apps)
    assert 0.02 * 680 < runtime < 0.02 * 700 + sum(t["busy_s"] for t in apps)
    for scale, timing in (("1", "as-recorded"), ("2", "as-recorded"), ("0.5", "scale=0.5")):
        steps = subprocess.run(["ssdcore", "suite", "--list", "sim:bx200", "--suite", "fsd",
                                "--scale", scale], capture_output=True, text=True,
                               check=True).stdout
        assert steps.count(f"group=fsd-apps trace=scenario:") == 9
        assert steps.count(f"timing={timing}\n") == 9, steps


def _no_duplicate_keys(pairs):
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)), keys
    return dict(pairs)


def test_fsd_suite_headline_matches_the_function(tmp_path, fsd_mp44l):
    res, text = _suite(tmp_path, "sim:mp44l-1tb", "fsd", 0.02)
    json.loads((tmp_path / "fsd" / "results.json").read_text(),
               object_pairs_hook=_no_duplicate_keys)
    # Each set's three copies are file tests of their own group, as lab2016's.
    ft = res["headline"]["file_tests"]
    for group in ("fsd-iso", "fsd-photo"):
        assert set(ft[group]) == {"copy_to_s", "copy_to_bps", "copy_s", "copy_bps",
                                  "copy_from_s", "copy_from_bps"}, ft
    head = res["headline"]["fsd"]
    assert head["traces"] == 15
    ref = fsd_mp44l
    # The suite TRIMs first; on a fresh simulated drive that changes nothing.
    assert head["score"] == pytest.approx(ref["score"], rel=0.02)
    assert "full system drive score" in text
    html = (tmp_path / "fsd" / "report.html").read_text()
    part = html[html.index(">Full System Drive-like score</h2>"):]
    part = part[:part.index("</table>")]
    assert part.count("<tr><td>fsd-") == 15 and f"{head['score']:.1f}" in part
    # compare: the score is a figure where higher is better, in its own section.
    cmp = tmp_path / "cmp"
    subprocess.run(["ssdcore", "compare", str(tmp_path / "fsd"), "--out", str(cmp)],
                   check=True, capture_output=True)
    figs = {f["key"]: f for f in json.loads((cmp / "compare.json").read_text())["figures"]}
    assert figs["fsd.score"]["better"] == "higher"
    assert figs["fsd.score"]["values"] == [head["score"]]
    assert figs["fsd.access_us"]["better"] == "lower"
    assert ">Full System Drive-like (fsd)</h2>" in (cmp / "compare.html").read_text()
