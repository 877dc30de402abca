"""A post-cache speed that slides steadily has no levels: the segmentation
cuts it into a staircase of long steps, which used to come out as 2-6
phases after the cache, each a "step", the last one "folding". One line
fits the slide as well as any two levels, so it is one phase."""
import ssdcore
import synth_curves as S


def test_a_steady_slide_after_the_cache_is_one_phase_with_no_steps():
    for name, curve, truth in S.slide_scenarios():
        r = ssdcore.analyze(S.generate(curve))
        assert r["cache"] is not None, name
        assert abs(r["cache"]["bytes"] / truth - 1) < 0.01, name
        assert len(r["phases"]) == 2, (name, [p["level_bps"] for p in r["phases"]])
        assert r["steps"] == [] and r["folding"] is None, name
        # The post-cache speed is the level right after the drop (the first
        # stretch of the slide), above the slide's median, below its start.
        assert r["phases"][1]["level_bps"] < r["post_cache_bps"] < 200e6, name
        assert r["phases"][1]["slope_bps_per_gib"] < 0, name


def test_a_real_step_after_a_slide_is_still_a_step():
    # A slide, then a lasting 2x step down (folding): the step stays.
    GiB = 2 ** 30
    for seed in (1, 2, 3):
        c = S.Curve([(0.0, 400e6), (20 * GiB, 200e6), (250 * GiB, 60e6)], duration_s=3000,
                    noise_cv=0.05, slope=-1.0, seed=seed)
        r = ssdcore.analyze(S.generate(c))
        assert r["folding"] is not None, seed
        assert abs(r["folding"]["start_bytes"] / (250 * GiB) - 1) < 0.01, (seed, r["folding"])
