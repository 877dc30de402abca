"""The compare page shows every figure as the run's report does: in the
label table's unit and format (figure_labels.c), "50.1 MiB/s" where the
report says 50.1, never "50.07" by significant digits of its own."""
import html
import re
import subprocess


def test_every_figure_on_the_compare_page_reads_as_in_the_report(cli, sim_runs, tmp_path):
    run = sim_runs.path("sim:bx200", "quick")
    summary = subprocess.run([cli, "report", str(run), "--summary", "--out",
                              str(tmp_path / "r.html")], capture_output=True,
                             text=True)
    assert summary.returncode == 0, summary.stderr
    reported = set(re.findall(r"(?:^|\s)(-?[0-9][0-9.]*)(?=\s)", summary.stdout))
    r = subprocess.run([cli, "compare", str(run), "--out", str(tmp_path / "c")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    page = html.unescape((tmp_path / "c" / "compare.html").read_text())
    # The every-figure table's measured cells, and the summary's.
    cells = re.findall(r'data-state="measured">(?:at least |at most )?(-?[0-9][0-9.]*)', page)
    assert len(cells) > 20
    shown = [v for v in cells if v not in reported]
    assert not shown, f"figures the report shows otherwise: {shown}"
