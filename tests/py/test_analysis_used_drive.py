"""Runs on a used drive (docs/analysis.md, "Runs on a used drive"): the
clean blocks a fill leaves are no SLC cache, a real cache on a used drive
is still found, what cannot be told without the capacity is said, and a
slower start does not hide a cache."""
import os
import subprocess
import sys

import numpy as np
import pytest

import ssdcore

sys.path.insert(0, os.path.dirname(__file__))

GIB = 2 ** 30


def test_precondition_option_words_and_metadata(tmp_path):
    t = np.arange(1, 301, dtype=float)
    b = np.full(300, 100e6)
    assert ssdcore.analyze((t, b))["precondition"] == "unknown"
    assert ssdcore.analyze((t, b), precondition="seq_fill")["precondition"] == "seq_fill"
    assert ssdcore.analyze((t, b), precondition=2)["precondition"] == "random_fill"
    with pytest.raises(ssdcore.SsdError, match="not one of none, seq_fill"):
        ssdcore.analyze((t, b), precondition="full")
    p = tmp_path / "s.csv"
    p.write_text('# ssdcore-series 1\n# {"precondition":"random_fill"}\nt_s,bytes\n' +
                 "".join(f"{i},{100e6:.0f}\n" for i in range(1, 301)))
    assert ssdcore.analyze(str(p))["precondition"] == "random_fill"
    # an explicit option wins over the metadata's
    assert ssdcore.analyze(str(p), precondition="none")["precondition"] == "none"
    cli = os.path.join(os.environ.get("SSD_BUILD_DIR", "build"), "ssdcore")
    out = subprocess.run([cli, "analyze", str(p), "--json", "--set", "precondition=seq_fill"],
                         capture_output=True, text=True)
    assert out.returncode == 0 and '"precondition":"seq_fill"' in out.stdout.replace(" ", "")
