"""`compare` of any number of runs (issue 26): past 64 runs the legend code
read past a 64-entry array (an ASan stack-buffer-overflow; phantom legend
entries in a release build) and the write curves left drives out; past 256
the bars did."""
import re
import subprocess

import pytest


@pytest.mark.parametrize("n", [65, 300])
def test_compare_draws_every_run(cli, small_write_run, tmp_path, n):
    out = tmp_path / "cmp"
    p = subprocess.run([cli, "compare", *[str(small_write_run)] * n, "--out", str(out)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert f"({n} drives)" in p.stdout
    page = (out / "compare.html").read_text()
    # One write curve per run, and its legend entry; nothing beyond them.
    curves = re.findall(r'<g data-key="d(\d+)" data-drive="d\1"><polyline', page)
    assert sorted(map(int, curves)) == list(range(n))
    legend = re.findall(r'<li><button type="button" data-key="d(\d+)"', page)
    assert sorted(map(int, legend)) == list(range(n))
    # Every bar chart has a row per run.
    for fig in re.findall(r'<figure class="bars">(.*?)</figure>', page, re.S):
        assert len(re.findall(r'<g data-drive="d\d+" data-tip=', fig)) == n
    assert len((out / "compare.csv").read_text().splitlines()) > n

