"""The option tables of docs/options.md, written from the library's own
tables (ssd_X_options, read through ssdcore.options): run it after changing
a table; tests/py/test_options_tables.py fails while the page differs.

    python scripts/options_doc.py docs/options.md   # rewrites the tables in place
"""
import re
import sys

import ssdcore

HANDLES = ("job", "target", "suite", "replay", "compare", "analysis", "series", "catalog", "copy",
           "archive", "extract", "fileset", "filebench")
_SIZE_UNITS = [(1 << 50, "p"), (1 << 40, "t"), (1 << 30, "g"), (1 << 20, "m"), (1 << 10, "k")]
_TIME_UNITS = [(3600, "h"), (60, "m"), (1, "s"), (1e-3, "ms")]


def _number(v, o):
    """A number as a user types it (64m, 10ms), as `ssdcore CMD --help` shows it."""
    units = _SIZE_UNITS if o["type"] == "size" else _TIME_UNITS if o["type"] == "duration" else []
    for scale, unit in units:
        if v >= scale and abs(v / scale - round(v / scale)) < 1e-9:
            return f"{round(v / scale)}{unit}"
    return (f"{v:.0f}" if o["type"] == "int" else f"{v:g}") + ("s" if o["type"] == "duration" and v else "")


def _values(o):
    if o["type"] == "enum":
        return ", ".join(f"`{w}`" for w in o["words"])
    if o["type"] in ("bool", "text"):
        return o["type"] if o["type"] == "bool" else o["unit"] or "text"
    rng = f"{_number(o['min'], o)}..{_number(o['max'], o)}" if o["max"] != float("inf") \
        else f"≥ {_number(o['min'], o)}"
    return f"{o['type']} {rng}" + (f" {o['unit']}" if o["unit"] not in ("", "s", "B") else "")


def table(handle):
    rows = ["| key | values | default | what it does |", "|---|---|---|---|"]
    for name, o in ssdcore.options(handle).items():
        if o["test_hook"]:
            continue
        rows.append(f"| `{name}` | {_values(o)} | {o['default'] or '—'} | "
                    f"{o['help'].replace('|', '/')} |")
    return "\n".join(rows) + "\n"


def render(page):
    """The page with the table between each handle's markers rewritten."""
    for h in HANDLES:
        page = re.sub(rf"(<!-- options:{h} -->\n).*?(<!-- /options:{h} -->)",
                      lambda m, h=h: m.group(1) + table(h) + m.group(2), page, flags=re.S)
    return page


if __name__ == "__main__":
    path = sys.argv[1] if len(sys.argv) > 1 else "docs/options.md"
    with open(path) as f:
        old = f.read()
    with open(path, "w") as f:
        f.write(render(old))
