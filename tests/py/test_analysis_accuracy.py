"""Accuracy of the cache, no-cache and recovery answers on generated curves
with known truth (tests/py/synth_curves.py): the figures docs/analysis.md
reports are the ones asserted here."""
import numpy as np

import ssdcore
import synth_curves as S


def test_cache_size_within_3_percent_median_and_8_percent_worst():
    errs = []
    for name, curve, truth in S.cache_scenarios():
        r = ssdcore.analyze(S.generate(curve))
        assert r["cache"] is not None, f"{name}: cache missed"
        assert r["cache"]["censored"] == "none", name
        errs.append(abs(r["cache"]["bytes"] / truth - 1))
    errs = np.array(errs)
    assert np.median(errs) <= 0.03, np.median(errs)
    assert errs.max() <= 0.08, errs.max()


def test_no_false_cache_on_cacheless_noisy_bimodal_dipping_drives():
    false = [name for name, curve in S.cacheless_scenarios()
             if ssdcore.analyze(S.generate(curve))["cache"] is not None]
    assert false == []


def test_recovery_within_10_percent():
    for name, fresh, idle, truth in S.recovery_scenarios():
        r = ssdcore.analyze(S.generate(idle), reference=S.generate(fresh))
        got = r["recovery"]["recovered_bytes"]
        assert abs(got / truth - 1) <= 0.10, (name, got, truth)


def test_recovery_skips_gc_dips_inside_the_recovered_stretch():
    # A dip (with the climb back) is not the end of the recovered writes.
    # The after-idle run's own cache is the same stretch, placed the same way.
    for name, fresh, idle, truth in S.recovery_dip_scenarios():
        r = ssdcore.analyze(S.generate(idle), reference=S.generate(fresh))
        got = r["recovery"]["recovered_bytes"]
        assert abs(got / truth - 1) <= 0.10, (name, got, truth)
        assert r["cache"] is not None, name
        assert abs(r["cache"]["bytes"] / truth - 1) <= 0.10, (name, r["cache"]["bytes"], truth)


def test_two_step_drive_reports_the_second_step_not_a_new_cache():
    c = S.Curve([(0.0, 500e6), (120 * S.GiB, 300e6), (260 * S.GiB, 90e6)], duration_s=4000,
                noise_cv=0.08, seed=5)
    r = ssdcore.analyze(S.generate(c))
    assert abs(r["cache"]["bytes"] / (120 * S.GiB) - 1) < 0.03
    assert len(r["steps"]) == 1
    assert abs(r["steps"][0]["start_bytes"] / (260 * S.GiB) - 1) < 0.03
    assert abs(r["steps"][0]["level_bps"] / 90e6 - 1) < 0.1


def test_burst_back_to_cache_speed_is_reported_not_called_a_cache():
    c = S.Curve([(0.0, 400e6), (2 * S.GiB, 60e6), (40 * S.GiB, 400e6), (44 * S.GiB, 60e6)],
                duration_s=3600, noise_cv=0.05, seed=9)
    r = ssdcore.analyze(S.generate(c))
    assert abs(r["cache"]["bytes"] / (2 * S.GiB) - 1) < 0.03
    assert r["bursts_total"] >= 1
    b = max(r["bursts"], key=lambda x: x["bytes"])
    assert abs(b["start_bytes"] / (40 * S.GiB) - 1) < 0.03
    assert abs(b["bytes"] / (4 * S.GiB) - 1) < 0.1


def test_series_sampled_per_chunk_written():
    chunk = np.full(400, 256 * 2.0 ** 20)
    pos = np.cumsum(chunk)
    rate = np.where(pos <= 10 * S.GiB, 1.2e9, 3e8) * np.exp(0.05 * np.random.default_rng(3).standard_normal(400))
    r = ssdcore.analyze(ssdcore.Series.from_chunks(chunk, rate))
    assert abs(r["cache"]["bytes"] / (10 * S.GiB) - 1) < 0.03


def test_steady_state_snia_rule_is_reached_after_the_drop_settles():
    c = S.Curve([(0.0, 400e6), (20 * S.GiB, 60e6)], duration_s=3600, noise_cv=0.05, seed=2)
    r = ssdcore.analyze(S.generate(c))
    ss = r["steady_state"]
    assert ss["reached"] and ss["rolling_reached"]
    assert ss["start_bytes"] >= 20 * S.GiB * 0.9
    assert ss["range_ratio"] <= 0.2 and ss["slope_ratio"] <= 0.1
    # The rolling variant may start anywhere, so never later.
    assert ss["rolling_start_s"] <= ss["start_s"]


def test_periodic_dips_measured_and_random_stalls_or_noise_are_not_dips():
    for name, curve in S.cacheless_scenarios():
        d = ssdcore.analyze(S.generate(curve))["consistency"]["dips"]
        if name.startswith("dips"):
            assert d is not None, name
            assert abs(d["period_s"] - curve.dip_period_s) <= 1
            assert abs(d["depth"] - curve.dip_depth) <= 0.05
            assert abs(d["duty"] - curve.dip_duty) <= 0.03
        else:
            assert d is None, (name, d)
