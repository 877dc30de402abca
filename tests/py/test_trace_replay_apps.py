"""The `apps` replays on four sim profiles in both timings hold the reviews'
contrasts (its own file: about 8 s of CPU, so xdist can run it beside the
other replay tests in test_trace_replay.py)."""
import pytest

import ssdcore


@pytest.mark.slow
def test_apps_scores_reproduce_the_reviews_contrasts(sim_runs):
    """Seed 001: the SSD370 is weak on random reads, so it is slower than
    the BX200 on the random-read-heavy traces in either timing. Seed 000:
    the BX200's 2 GB cache decides its write-heavy traces: with the think
    time removed (no-idle) Photoshop heavy's 5.6 GB of writes overrun it and
    the BX200 is last of these four by the score; with the recorded think
    time (PCMark 8's way) the cache empties between bursts. docs/traces.md
    sets these beside the reviews."""
    profiles = ("bx200", "ssd370", "as510s", "vector180")
    bw, score = {}, {}
    for timing in ("no-idle", "as-recorded"):
        for p in profiles if timing == "no-idle" else ("bx200", "ssd370"):
            r = sim_runs.apps(f"sim:{p}", timing=timing)  # ssdcore.apps(), once per session
            assert r["timing"] == timing
            bw[timing, p] = {t["name"]: t["bw_bps"] for t in r["traces"]}
            score[timing, p] = r["score_bps"]
            assert len(r["traces"]) == ssdcore.lib.ssd_trace_scenario_count()
            # the JSON names each trace's text as every other producer does
            assert all("description" in t and "describe" not in t for t in r["traces"])
        for name in ("pcm8-wow", "pcm8-bf3", "pcm8-aftereffects"):
            assert bw[timing, "ssd370"][name] < bw[timing, "bx200"][name]
    assert min(profiles, key=lambda p: score["no-idle", p]) == "bx200"
    assert bw["no-idle", "bx200"]["pcm8-photoshop-heavy"] < \
        0.5 * bw["no-idle", "ssd370"]["pcm8-photoshop-heavy"]
    assert bw["as-recorded", "bx200"]["pcm8-photoshop-heavy"] > \
        3 * bw["no-idle", "bx200"]["pcm8-photoshop-heavy"]
