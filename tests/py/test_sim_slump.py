"""A slump right after the cache, in the simulator (slump_share,
slump_depth: docs/simulator.md, "A slump after the cache") and as the
analysis tells it (docs/analysis.md, Method step 5): the model's truth and
the analysis agree on the cache, the post-cache level (the level held
after the slump) and the slump (`other`, with the note), on a drive
shaped like the one real log that shows it (the BIWIN X570's fresh 200 GiB
write, datasets/biwin_x570) and on a small slump sweep (fresh drives of
the used-drive sweep's seed 2026, each with a cache slumping; a few
seconds)."""
import json
import subprocess

import pytest

import ssdcore
from used_drive_scoring import drives, score_run, simulate, slump_figures, sweep

GIB = 2 ** 30
MIB = 2 ** 20
SMALL = dict(cap_range=(120, 1000), tick_s=2, interval=(1, 2, 4))
# The BIWIN X570 1 TB's fresh write: 73.9 GiB of cache at 5.07 GB/s, a
# slump of 15.7 GiB (0.21 of the cache) at 832 MiB/s, then 1712 MiB/s held
# (0.49: slump_depth); a dynamic cache, NVMe Gen4.
BIWIN = ("sim:bx200,native_write_lat_us=0,capacity_gb=1000,slc_type=dynamic,slc_gib=74,"
         "slc_wa=1,slc_seq_mibps=5070,native_seq_mibps=1712,fold_mibps=1712,link_mibps=7000,"
         "iops_cap=2000000,noise=0.01,noise_direct=0.05,slump_share=0.21,slump_depth=0.49")


def test_the_slump_is_off_by_default_and_a_key_of_the_uri():
    p = ssdcore.sim.profile("bx200")["params"]
    assert p["slump_share"] == 0 and p["slump_depth"] == 0.5
    with pytest.raises(ssdcore.Error, match="slump_share"):
        ssdcore.sim.profile("bx200,slump_share=-1")


def test_the_truth_says_the_slump_from_python():
    with ssdcore.SimTarget("sim:mp44l-1tb,slump_share=0.2") as t:
        ssdcore.job(t, pattern="write", bs=1 << 20, qd=8, bytes=300 << 30, interval=1)
        tr = ssdcore.sim.truth(t)
        assert tr.slump_bytes == pytest.approx(0.2 * tr.cache_full_at_bytes, rel=0.01)
        assert tr.slump_level_bps == pytest.approx(0.5 * tr.post_cache_level_bps, rel=0.05)
        assert tr.to_frame().regime.tolist() == ["slc", "slump", "native"]
        assert tr.phases[1]["beneath"] == "native"
    with ssdcore.SimTarget("sim:mp44l-1tb") as t:
        ssdcore.job(t, pattern="write", bs=1 << 20, qd=8, bytes=1 << 30, interval=1)
        assert ssdcore.sim.truth(t).slump_bytes is None


def test_a_drive_like_the_biwin_x570_slumps_and_the_analysis_tells_it(tmp_path):
    log = str(tmp_path / "biwin.csv")
    truth, series, _, _ = simulate(BIWIN, "fresh", "fill", log, (1, 1, 5))
    regimes = [p["regime"] for p in truth["phases"]]
    assert regimes[:3] == ["slc", "slump", "native"]
    assert truth["phases"][1]["beneath"] == "native"
    full, slump = truth["cache_full_at_bytes"], truth["slump_bytes"]
    assert slump == pytest.approx(0.21 * full, rel=0.01)
    # The post-cache level is the level held after the slump, not the slump's.
    post = truth["post_cache_level_bps"]
    assert post == pytest.approx(1712 * MIB, rel=0.02)
    assert truth["slump_level_bps"] == pytest.approx(0.49 * post, rel=0.03)
    a = json.loads(subprocess.run(["ssdcore", "analyze", "--json", log], check=True,
                                  capture_output=True, text=True).stdout)
    assert a["cache"]["bytes"] == pytest.approx(full, rel=0.01)
    assert a["post_cache_bps"] == pytest.approx(post, rel=0.02)
    assert [p["regime"] for p in a["phases"]][:3] == ["cache", "other", "direct"]
    assert a["phases"][1]["end_bytes"] - a["phases"][1]["start_bytes"] == pytest.approx(
        slump, rel=0.05)
    assert "slump" in a["regime_note"]


def test_the_slump_sweep_draws_the_same_drives_as_without():
    plain = list(drives(20, 2026, SMALL["cap_range"], SMALL["tick_s"]))
    slumped = list(drives(20, 2026, SMALL["cap_range"], SMALL["tick_s"], slump=True))
    assert [k for k, _ in plain] == [k for k, _ in slumped]
    for (kind, a), (_, b) in zip(plain, slumped):
        if kind == "enterprise" or kind == "consumer-none":
            assert a == b
        else:
            assert b.startswith(a + ",slump_share=") and ",slump_depth=" in b


def test_a_small_slump_sweep_gets_the_cache_the_post_cache_level_and_the_slump(tmp_path):
    rows = sweep(12, 2026, str(tmp_path), states=("fresh",), slump=True, **SMALL)
    f = slump_figures(rows)
    # Measured 5 Dec 2026 (round 24): 8 runs slumped after a cache found;
    # cache size right 7 (drive 5's 2-hour run reads 13.26 GiB for 14.00:
    # a slump of under a sample in the drop's sample, see
    # docs/analysis.md "A slump right after a cache"), post-cache level 8
    # of 8, the slump told 3 of 4 (2 of 4 before round 24's rule for a
    # slump of a lasting phase: drive 7's fill; drive 1's WSAT run, direct
    # writes then folding and the used state after its slump, is left to
    # the GC-dip rule: docs/analysis.md, "A slump right after a cache").
    # Round 44 (h44fresh's split at the direct writes' upper-half noise):
    # drive 5's WSAT run, whose cache round 43 did not find (the scorer
    # does not ask for it: one 4 s sample and the slump), now finds it,
    # 15.06 +- 3.12 GiB for 14.00, so 9 runs, cache size right 7; both
    # misses are a cache end inside the sample the analysis names, with
    # the truth in the stated range (right by the interval score).
    assert f["runs"] >= 9
    assert f["post_right"] == f["post_asked"] >= 9
    assert f["told_asked"] >= 4 and f["told_right"] >= 3
    assert f["cache_right"] >= f["runs"] - 2
    slumped = [r for r in rows if r.get("slump")]
    assert all(r["right_interval"] for r in slumped
               if all(p.startswith("cache ") for p in r["problems"]))
    assert not any(r["false_cache"] for r in rows)


# Seed 11's drive 81 of the 200-drive fresh slump sweep (--small): a slump
# of 173 s right after a 52 GiB dynamic cache, direct writes at 101 MiB/s,
# folding, then the used state from 318 GiB. Told apart by the rule for a
# slump of a lasting phase, the slump misled the rules after the cache test
# (they read phase 1 as the direct level): "used state at 969.7 GiB", the
# model's at 318.4. A slump under two lasting phases is told only when
# nothing slower follows the level it comes back to.
D81 = ("sim:bx200,native_write_lat_us=0,capacity_gb=290,op_pct=7.36,bits=2,slc_type=dynamic,"
       "slc_seq_mibps=469,slc_rand_iops=81145,native_seq_mibps=190,native_rand_mibps=101.4,"
       "fold_mibps=129,floor_mibps=24.08,gc_gamma=2.41,link_mibps=560,iops_cap=100000,"
       "noise=0.02,noise_direct=0.08,seed=269594484,slc_gb=52,slc_wa=1,dip_duty=0,tick_s=2,"
       "slump_share=0.249,slump_depth=0.75")


def test_a_slump_before_a_used_state_leaves_its_onset(tmp_path):
    log = str(tmp_path / "d81.csv")
    truth, series, _, _ = simulate(D81, "fresh", "wsat", log, (1, 2, 4))
    a = json.loads(subprocess.run(["ssdcore", "analyze", "--json", log], check=True,
                                  capture_output=True, text=True).stdout)
    row = score_run(truth, series, a)
    assert not any(p.startswith("used state") for p in row["problems"]), row["problems"]
    assert a["gc"]["start_bytes"] == pytest.approx(truth["gc_start_bytes"], rel=0.05)
