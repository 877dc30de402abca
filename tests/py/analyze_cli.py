"""`ssdcore analyze --json` as the analysis tests run it, and the regimes
they read of its verdict (one copy, shared by the fill-reference tests)."""
import json
import subprocess


def cli(*args):
    """The verdict of ``ssdcore analyze --json ARGS...``, parsed."""
    out = subprocess.run(["ssdcore", "analyze", "--json", *map(str, args)], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def regimes(a):
    """The regimes of a verdict's phases, in order."""
    return [p["regime"] for p in a["phases"]]
