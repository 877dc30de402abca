"""`ssdcore analyze --json` as the analysis tests run it, and the regimes
they read of its verdict (one copy, shared by the fill-reference tests);
a job and its analysis through the C API alone (shared by the context
tests)."""
import json
import subprocess

from ssdcore._ffi import ffi, lib


def cli(*args):
    """The verdict of ``ssdcore analyze --json ARGS...``, parsed."""
    out = subprocess.run(["ssdcore", "analyze", "--json", *map(str, args)], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def regimes(a):
    """The regimes of a verdict's phases, in order."""
    return [p["regime"] for p in a["phases"]]


def c_job(t, opts):
    """A job on the C target handle t with the options opts, run."""
    jp = ffi.new("ssd_job **")
    assert lib.ssd_job_create(jp, t) == 0
    j = ffi.gc(jp[0], lib.ssd_job_free)
    for k, v in opts.items():
        assert lib.ssd_job_set_option(j, k.encode(), str(v).encode()) == 0, \
            ffi.string(lib.ssd_job_errmsg(j))
    assert lib.ssd_job_run(j) == 0, ffi.string(lib.ssd_job_errmsg(j))
    return j


def c_analysis(j):
    """The analysis (parsed JSON) of the C job j's writes: ssd_job_series,
    its samples with the job's metadata, then ssd_analysis_run."""
    sp = ffi.new("ssd_series **")
    assert lib.ssd_job_series(j, lib.SSD_DIR_WRITE, sp) == 0
    s = ffi.gc(sp[0], lib.ssd_series_free)
    ap = ffi.new("ssd_analysis **")
    assert lib.ssd_analysis_create(ap) == 0
    a = ffi.gc(ap[0], lib.ssd_analysis_free)
    assert lib.ssd_analysis_run(a, s, ffi.NULL) == 0, ffi.string(lib.ssd_analysis_errmsg(a))
    js = ffi.new("char **")
    assert lib.ssd_analysis_to_json(a, ffi.NULL, 0, js) == 0
    out = json.loads(ffi.string(js[0]).decode())
    lib.ssd_free(js[0])
    return out
