"""ssd_filebench_to_json honours its flags like every producer (issue #22,
one JSON path): SSD_JSON_COMPACT is one line, SSD_JSON_PRETTY the writer's
pretty style. Filebench handed out its own hand-indented layout for both."""
import json
import subprocess

import ssdcore
from ssdcore import ffi, lib


def test_filebench_compact_is_one_line_and_pretty_is_the_shared_style(cli, tmp_path):
    out = tmp_path / "fb.json"
    r = subprocess.run([cli, "filebench", str(tmp_path), "--set", "program", "--size", "1m",
                        "--steps", "copy", "--out", str(out), "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("\n") <= 1, r.stdout[:400]
    doc = json.loads(r.stdout)
    assert doc["steps"][0]["step"] == "copy"
    h = ffi.new("ssd_filebench **")
    assert lib.ssd_filebench_create(h) == 0
    b = ffi.gc(h[0], lib.ssd_filebench_free)
    for k, v in (("set", "program"), ("size", "1m"), ("steps", "copy")):
        assert lib.ssd_filebench_set_option(b, k.encode(), v.encode()) == 0
    assert lib.ssd_filebench_run(b, str(tmp_path).encode()) == 0
    p = ffi.new("char **")
    assert lib.ssd_filebench_to_json(b, lib.SSD_JSON_PRETTY, p) == 0
    text = ffi.string(p[0]).decode()
    lib.ssd_free(p[0])
    assert '\n  "steps": [\n    {\n      "step": "copy",' in text, text[:600]
    assert set(json.loads(text)) == set(doc)
