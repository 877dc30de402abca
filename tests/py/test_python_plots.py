"""ssdcore.plot draws what the HTML report draws: the write curve against
data written with dots, the moving average, phases and the cache end; the
cache zoom; the latency spectrum; scaling curves; overlays. Checked on the
artists matplotlib holds, with the Agg backend."""
import io
import struct

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import ssdcore  # noqa: E402
import ssdcore.plot as splot  # noqa: E402

GIB = 2 ** 30


@pytest.fixture(scope="module")
def lab(sim_runs):
    return sim_runs.suite("sim:bx200", "lab2016")


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def test_write_curve_marks_cache_phases_and_average(lab):
    a = lab.analysis("degradation")
    ax = a.plot()
    assert ax.get_xlabel() == "data written, GiB" and ax.get_ylabel() == "MiB/s"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "per sample" in labels and "moving average of 30 samples" in labels
    cache = [t for t in labels if t.startswith("SLC cache")]
    assert cache == [f"SLC cache {a.cache_bytes / GIB:.2f} GiB"]
    dots = [ln for ln in ax.get_lines() if ln.get_label() == "per sample"][0]
    assert len(dots.get_xdata()) == a.samples
    assert dots.get_xdata()[-1] == pytest.approx(a.total_bytes / GIB)
    # One band per phase, the cache end where the analysis puts it.
    assert len(ax.patches) == len(a.phases)
    vlines = [ln for ln in ax.get_lines() if ln.get_label().startswith("SLC cache")]
    assert vlines[0].get_xdata()[0] == pytest.approx(a.cache_bytes / GIB)


def test_cache_zoom_shows_the_cache(lab):
    a = lab.analysis("degradation")
    ax = splot.cache_zoom(a)
    lo, hi = ax.get_xlim()
    assert lo == 0 and hi == pytest.approx(2.5 * a.cache_bytes / GIB)
    # Saved as Jupyter shows it (tight box): the labels of the phases past
    # the zoom must not widen the image (it was 38,531 px wide).
    buf = io.BytesIO()
    ax.figure.savefig(buf, format="png", bbox_inches="tight", dpi=100)
    width, height = struct.unpack(">II", buf.getvalue()[16:24])
    assert width <= ax.figure.get_figwidth() * 100 * 1.2, (width, height)
    texts = [t for t in ax.texts if t.get_visible()]
    assert texts and all(0 <= t.get_position()[0] <= hi for t in texts)


def test_moving_average_never_crosses_a_phase_boundary():
    """As the report (report_chart.c): 30 samples, each window clipped to its
    phase, so the average next to the cache end is the cache's speed, not a
    mix (about 150 MiB/s where every sample was at 320)."""
    t = np.arange(1, 601, dtype=float)
    rate = np.where(t <= 100, 400e6, 60e6)
    a = ssdcore.analyze((t, rate))
    assert len(a.phases) >= 2 and a.cache_bytes
    ax = a.plot()
    avg = [ln for ln in ax.get_lines() if ln.get_label() == "moving average of 30 samples"][0]
    dots = [ln for ln in ax.get_lines() if ln.get_label() == "per sample"][0]
    x, y = np.asarray(avg.get_xdata()), np.asarray(avg.get_ydata())
    want = np.asarray(dots.get_ydata())
    drawn = ~np.isnan(y)
    assert np.allclose(y[drawn], want, rtol=1e-6), np.max(np.abs(y[drawn] - want))
    # And the line breaks where each phase starts, as the report's
    # polylines do: one continuous line drew the cliff as a slope from
    # the cache's last sample to the next phase's first.
    assert np.isnan(y).sum() == len(a.phases) - 1
    for p, gap in zip(a.phases[1:], np.flatnonzero(~drawn)):
        assert x[gap - 1] <= p["start_bytes"] / GIB < x[gap + 1]
    # The rule itself, on a break between samples 2 and 3.
    got = splot._moving_average(np.arange(1.0, 7.0), np.array([1, 1, 1, 5, 5, 5.0]), 5, [3.0])
    assert list(got) == [1, 1, 1, 5, 5, 5]


def test_a_phase_of_one_sample_is_drawn_from_where_its_bytes_start():
    """As the report's ma_lines: a piece of one sample (a short cache at a
    coarse interval) is a line from the sample before it, not a lone
    point, so no phase the analysis found is hidden."""
    x, y = splot._broken_line(np.arange(1.0, 6.0), np.array([1, 2, 3, 4, 5.0]),
                              [(0, 1), (1, 4), (4, 5)])
    assert list(np.nan_to_num(x, nan=-1)) == [0, 1, -1, 2, 3, 4, -1, 4, 5]
    assert list(np.nan_to_num(y, nan=-1)) == [1, 1, -1, 2, 3, 4, -1, 5, 5]


def test_overlay_marks_carry_each_drive_label_and_colour(lab):
    runs = [lab.analysis("degradation"), lab.analysis("recovery-idle")]
    ax = splot.overlay(runs, labels=["after fill", "after idle"])
    lines = {ln.get_label(): ln for ln in ax.get_lines()}
    for i, name in enumerate(["after fill", "after idle"]):
        curve = lines[name]
        marks = [ln for lab_, ln in lines.items() if lab_.startswith(name + ": ")]
        assert any(": SLC cache" in ln.get_label() for ln in marks), list(lines)
        assert all(ln.get_color() == curve.get_color() == splot.PALETTE[i] for ln in marks)
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "after fill: SLC cache 2.01 GiB" in legend or any(
        t.startswith("after fill: SLC cache") for t in legend)


def test_suite_subplot_titles_are_short(lab):
    fig = lab.plot()
    titles = [a.get_title() for a in fig.axes if a.get_visible()]
    assert titles and all("/" not in t and len(t) <= 70 for t in titles), titles
    assert any(t.startswith("degradation: ") for t in titles), titles


def test_write_curve_against_time(lab):
    a = lab.analysis("degradation")
    ax = splot.write_curve(a, x="time")
    assert ax.get_xlabel() == "time, s"
    t = np.asarray(a.t_s, dtype=float)
    assert ax.get_xlim()[1] == pytest.approx(t[-1], rel=0.01)
    cum = np.cumsum(np.asarray(a.bytes, dtype=float))
    cache = [ln for ln in ax.get_lines() if ln.get_label().startswith("SLC cache")][0]
    assert cache.get_xdata()[0] == pytest.approx(np.interp(a.cache_bytes, cum, t))
    with pytest.raises(ValueError, match="x must be"):
        splot.write_curve(a, x="bytes")


def test_latency_spectrum_of_a_job_and_of_a_suite(lab):
    r = ssdcore.job("sim:bx200", pattern="randread", qd=4, time=5)
    ax = r.plot()
    assert ax.get_yscale() == "log" and [t.get_text() for t in ax.get_xticklabels()][3] == "99.9"
    line = ax.get_lines()[0]
    y = line.get_ydata()
    assert np.all(np.diff(y) >= 0)  # latency never falls with the percentile
    assert y[0] == pytest.approx(r["read"]["lat_ns"]["min"] / 1e3, rel=0.05)
    ax2 = splot.latency_spectrum(lab, plt.subplots()[1])
    names = [ln.get_label() for ln in ax2.get_lines()]
    assert "degradation" in names and "rand4k-read-qd1" in names


def test_scaling_curves_from_the_suite(lab):
    ax = splot.scaling(lab, "qd-randread")
    x, y = ax.get_lines()[0].get_data()
    assert list(x) == [1, 2, 4, 8, 16, 32] and np.all(np.diff(y) > 0)
    with pytest.raises(KeyError, match="no scaling group"):
        splot.scaling(lab, "qd-nothing")


def test_suite_figure_and_overlay(lab):
    fig = lab.plot()
    assert len([a for a in fig.axes if a.get_visible()]) >= 5
    ax = splot.overlay([lab.analysis("degradation"), lab.analysis("recovery-idle")],
                       labels=["after fill", "after idle"])
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    # Each run's curve, then its marks named after it.
    assert "after fill" in legend and "after idle" in legend
    assert all(t.startswith(("after fill", "after idle")) for t in legend), legend


def test_a_json_only_analysis_says_why_it_cannot_be_drawn():
    a = ssdcore.results.AnalysisResult({"phases": [], "cache": None})
    with pytest.raises(ValueError, match="no samples"):
        a.plot()
