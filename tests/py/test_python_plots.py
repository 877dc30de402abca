"""ssdcore.plot draws what the HTML report draws: the write curve against
data written with dots, the moving average, phases and the cache end; the
cache zoom; the latency spectrum; scaling curves; overlays. Checked on the
artists matplotlib holds, with the Agg backend."""
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
    assert "per sample" in labels and "30 s moving average" in labels
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
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["after fill", "after idle"]


def test_a_json_only_analysis_says_why_it_cannot_be_drawn():
    a = ssdcore.AnalysisResult({"phases": [], "cache": None})
    with pytest.raises(ValueError, match="no samples"):
        a.plot()
