"""Every `docs/NAME.md` the public headers, the Python package, the CLI's
sources and the docs name exists (round 45's audit: ssd_parse_size's
comment sent users to a docs/units.md that never existed)."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
WHERE = ["libssdcore/include/**/*.h", "bindings/ssdcore/*.py", "tools/**/*.c", "README.md",
         "docs/*.md", "examples/**/*.py"]


def test_every_named_doc_exists():
    missing = []
    for pattern in WHERE:
        for f in ROOT.glob(pattern):
            for m in re.finditer(r"\bdocs/[A-Za-z0-9_-]+\.md\b", f.read_text(errors="replace")):
                if not (ROOT / m.group(0)).is_file():
                    missing.append(f"{f.relative_to(ROOT)}: {m.group(0)}")
    assert not missing, missing
