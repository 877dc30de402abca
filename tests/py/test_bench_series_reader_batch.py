"""bench/series_reader.py's batch part runs end to end on a few small
inputs (it compared two BatchResults with an `equals` they do not have,
and failed before timing anything)."""
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_the_batch_part_runs_and_prints_its_table(tmp_path, build_dir):
    env = dict(os.environ, PATH=f"{build_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "series_reader.py"), "--logs", "3",
                        "--distinct", "1", "--repeats", "1", "--parts", "batch",
                        "--data", str(tmp_path)],
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "analyze_many(workers=2):" in r.stdout and "| analyze_many, workers=1 |" in r.stdout
    assert not (tmp_path / "series_1m.csv").exists(), "the batch part needs no 1M-sample file"
