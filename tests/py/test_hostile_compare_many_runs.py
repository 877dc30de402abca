"""`compare` of any number of runs (issue 26): past 64 runs the legend code
read past a 64-entry array (an ASan stack-buffer-overflow; phantom legend
entries in a release build) and the write curves left drives out; past 256
the bars did."""
import re
import subprocess

import pytest

SUITE = ("job name=w pattern=write bs=1m time=2s interval=50ms log=degradation\n"
         "analyze degradation\n")


@pytest.fixture(scope="module")
def run_dir(cli, tmp_path_factory):
    base = tmp_path_factory.mktemp("run")
    (base / "s.suite").write_text(SUITE)
    subprocess.run([cli, "suite", "sim:bx200", "--suite-file", str(base / "s.suite"), "--out",
                    str(base / "run")], check=True, capture_output=True, timeout=60)
    return base / "run"


@pytest.mark.parametrize("n", [65, 300])
def test_compare_draws_every_run(cli, run_dir, tmp_path, n):
    out = tmp_path / "cmp"
    p = subprocess.run([cli, "compare", *[str(run_dir)] * n, "--out", str(out)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert f"({n} drives)" in p.stdout
    page = (out / "compare.html").read_text()
    # One write curve per run, and its legend entry; nothing beyond them.
    curves = re.findall(r'<g data-key="d(\d+)"><polyline', page)
    assert sorted(map(int, curves)) == list(range(n))
    legend = re.findall(r'<li><button type="button" data-key="d(\d+)"', page)
    assert sorted(map(int, legend)) == list(range(n))
    # Every bar chart has a row per run.
    for fig in re.findall(r'<figure class="bars">(.*?)</figure>', page, re.S):
        assert len(re.findall(r'<g data-tip=', fig)) == n
    assert len((out / "compare.csv").read_text().splitlines()) > n


def test_compare_out_of_memory_names_what_and_where(cli, run_dir, tmp_path):
    # Under memory pressure compare printed an empty message
    # ("ssdcore compare: "). Every failure between "too little memory to
    # start" and "enough" must say what ran short and where.
    import resource

    out = tmp_path / "cmp"
    args = [cli, "compare", *[str(run_dir)] * 100, "--out", str(out)]

    def attempt(kib):
        def limit():
            resource.setrlimit(resource.RLIMIT_AS, (kib << 10, kib << 10))
        return subprocess.run(args, capture_output=True, text=True, timeout=60, preexec_fn=limit)

    lo, hi = 8 << 10, 4 << 20  # KiB: fails at 8 MiB (cannot even load), works at 4 GiB
    assert attempt(hi).returncode == 0
    while hi - lo > 32:
        mid = (lo + hi) // 2
        if attempt(mid).returncode == 0:
            hi = mid
        else:
            lo = mid
    failures = 0
    for kib in range(hi - 16, max(hi - (2 << 10), 8 << 10), -64):
        p = attempt(kib)
        if p.returncode == 127:  # the loader could not map the libraries
            break
        if p.returncode == 0:
            continue
        failures += 1
        msg = p.stderr.strip().splitlines()[-1]
        assert msg.startswith("ssdcore compare: ") and len(msg) > len("ssdcore compare: ") + 3, msg
        assert str(run_dir) in msg or str(out) in msg or "out of memory for" in msg \
            or "creating" in msg, msg
    assert failures > 5
