"""The API convention (ssdcore/base.h), checked over every handle the public
headers declare, not over a hand list: a new handle that breaks a rule fails
here without anyone remembering to add it to a test.

For every `typedef struct ssd_X ssd_X;` in libssdcore/include/ssdcore/*.h:
- it is freed by ssd_X_free, and free(NULL) is a no-op;
- it has ssd_X_errmsg, and errmsg(NULL) is the static "no handle";
- its functions (ssd_X_*) are declared in the header that declares it;
and no public header keeps a deprecated name.
The exceptions are listed below with their reasons."""
import re
import shutil
import subprocess

import pytest

from conftest import ROOT

INCLUDE = ROOT / "libssdcore" / "include"

# Handles whose only failures are EINVAL and ENOMEM keep no message (as
# HdrHistogram's hdr_histogram does): there is nothing to name.
NO_ERRMSG = {"ssd_hist": "records numbers; fails only with SSD_EINVAL or -ENOMEM",
             "ssd_json": "writes text; fails only with SSD_EINVAL or SSD_ENOMEM"}

# A target or series operation built on a higher box lives with that box
# (scripts/check_layers.py checks it by symbol): the target box sits below
# job, health and sim (tests/py/test_check_layers.py), so its
# header cannot declare a function it could not implement.
ELSEWHERE = {
    "ssd_target_fill": "job.h",  # a job that writes the fill
    "ssd_target_precondition": "job.h",  # jobs that precondition
    "ssd_target_health": "health.h",  # the health box reads the counters
    # the open dispatch knows every kind, sim: included (sim/target_uri.c)
    "ssd_target_open": "sim.h",
    # the readers of logged formats (datasets/series_open.c)
    "ssd_series_load": "datasets.h",
    "ssd_series_parse": "datasets.h",
}


def _strip_comments(text):
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def _headers():
    return {h.name: _strip_comments(h.read_text()) for h in sorted((INCLUDE / "ssdcore").glob("*.h"))}


def _handles(headers):
    out = {}
    for name, text in headers.items():
        for m in re.finditer(r"typedef struct (ssd_\w+) \1;", text):
            out[m.group(1)] = name
    return out


def _functions(headers):
    out = {}
    for name, text in headers.items():
        for m in re.finditer(r"\bSSD_API\b[^;(]*?\b(ssd_\w+)\s*\(", text):
            out.setdefault(m.group(1), set()).add(name)
    return out


def test_the_headers_declare_the_handles_we_know():
    # guards the parsing below: a regex that matched nothing would pass all
    handles = _handles(_headers())
    assert {"ssd_target", "ssd_job", "ssd_catalog", "ssd_replay", "ssd_hist"} <= set(handles)
    assert len(handles) >= 16


def test_a_rate_in_a_public_struct_is_named_bps():
    """ssd_copy_result and ssd_archive_result named their rate bytes_per_s
    while every other struct (fio_result, job, analysis) says bw_bps,
    level_bps...: one spelling of the unit (issue 22, round 25's audit)."""
    for name, text in _headers().items():
        assert not re.findall(r"\b\w+_per_s\b|\w+_mibs\b", text), name


def test_every_handle_has_free_and_errmsg_in_its_header():
    headers = _headers()
    funcs = _functions(headers)
    wrong = []
    for h, header in _handles(headers).items():
        if header not in funcs.get(h + "_free", ()):
            wrong.append(f"{h}: no {h}_free in {header}")
        if h not in NO_ERRMSG and header not in funcs.get(h + "_errmsg", ()):
            wrong.append(f"{h}: no {h}_errmsg in {header}")
    assert not wrong, "\n".join(wrong)


# ssdcore/base.h: every handle has ssd_X_set_option (a handle with no
# options refuses every key in the words of all: "unknown trace option 'x'")
# and ssd_X_to_json (flags before its char **). Exceptions, with reasons:
NO_SET_OPTION = {
    "ssd_hist": "records numbers: it has nothing to set",
    "ssd_json": "the writer itself: its one setting, the style, is create's flags",
}
NO_TO_JSON = {
    "ssd_hist": "records numbers; its percentiles go into the JSON of what owns it",
    "ssd_json": "the writer itself: ssd_json_finish hands over the document",
}


def test_every_handle_has_set_option_and_to_json_in_its_header():
    headers = _headers()
    funcs = _functions(headers)
    handles = _handles(headers)
    assert {"ssd_trace", "ssd_catalog", "ssd_series", "ssd_fio_result"} <= set(handles)
    wrong = []
    for h, header in sorted(handles.items()):
        if h not in NO_SET_OPTION and header not in funcs.get(h + "_set_option", ()):
            wrong.append(f"{h}: no {h}_set_option in {header}")
        if h not in NO_TO_JSON and header not in funcs.get(h + "_to_json", ()):
            wrong.append(f"{h}: no {h}_to_json in {header}")
    assert not wrong, "\n".join(wrong)


def test_every_handles_functions_live_in_its_header():
    headers = _headers()
    handles = _handles(headers)
    by_length = sorted(handles, key=len, reverse=True)  # ssd_fio_result before ssd_fio
    wrong = []
    for f, where in _functions(headers).items():
        owner = next((h for h in by_length if f.startswith(h + "_")), None)
        if owner is None:
            continue
        expected = ELSEWHERE.get(f, handles[owner])
        if where != {expected}:
            wrong.append(f"{f} is declared in {sorted(where)}, belongs in {expected}")
    assert not wrong, "\n".join(wrong)


# A handle read from files has one function that reads them (ssd_X_open or
# ssd_X_load); how to read them is options, not more openers (the series
# had four: open, open_many, open_ex, open_columns; the catalog had open and
# open_existing, now its create option). Exceptions:
MORE_OPENERS: dict = {}


def test_a_handle_has_one_opener():
    headers = _headers()
    handles = _handles(headers)
    by_length = sorted(handles, key=len, reverse=True)
    openers = {}
    for f in _functions(headers):
        owner = next((h for h in by_length if f.startswith(h + "_")), None)
        if owner and re.match(r"(open|load)(_\w+)?$", f[len(owner) + 1:]):
            openers.setdefault(owner, []).append(f)
    assert "ssd_series" in openers and "ssd_trace" in openers
    wrong = [f"{h}: {', '.join(sorted(fs))}" for h, fs in sorted(openers.items())
             if len(fs) > 1 and h not in MORE_OPENERS]
    assert not wrong, "\n".join(wrong)


def _prototypes(headers):
    """{name: parameter list} of every public function."""
    out = {}
    for text in headers.values():
        for m in re.finditer(r"\bSSD_API\b[^;(]*?\b(ssd_\w+)\s*\(([^;]*?)\)\s*;", text):
            out[m.group(1)] = [" ".join(a.split()) for a in m.group(2).split(",")]
    return out


def _json_producers(protos):
    """Every public function that hands over a JSON document: ssd_X_to_json
    and the other ssd_*_json, and the functions a header documents as
    returning one through char ** (out_json)."""
    return {f: args for f, args in protos.items()
            if any(re.match(r"char \*\*", a) for a in args)
            and (f.endswith("_json") or any(a.endswith("out_json") for a in args))}


def test_every_json_producer_takes_flags_before_its_out_argument():
    # ssdcore/base.h: ssd_X_to_json(const ssd_X *, [what,] int flags, char **out)
    producers = _json_producers(_prototypes(_headers()))
    assert {"ssd_job_to_json", "ssd_compare_to_json", "ssd_trace_to_json",
            "ssd_health_delta_json", "ssd_drive_identity_json"} <= set(producers)
    wrong = []
    for f, args in sorted(producers.items()):
        out = next(i for i, a in enumerate(args) if re.match(r"char \*\*", a))
        if out == 0 or args[out - 1] != "int flags":
            wrong.append(f"{f}({', '.join(args)}): no `int flags` before the char ** out")
    assert not wrong, "\n".join(wrong)


# Counts and indices are size_t, as the lengths of the arrays they count
# (ssd_trace_count, ssd_series_count, ssd_X_options(&n)...). Exceptions:
COUNT_NOT_SIZE_T = {
    "ssd_hist_count": "the number of values recorded, a 64-bit counter like the buckets', "
                      "not a length to index",
}
INDEX_NAMES = {"i", "index"}
COUNT_MEMBERS = {"n", "count", "step", "steps", "first", "last", "index", "samples"}


def _returns(headers):
    """{name: return type} of every public function."""
    out = {}
    for text in headers.values():
        for m in re.finditer(r"\bSSD_API\s+([^;(]*?)\b(ssd_\w+)\s*\(", text):
            out[m.group(2)] = " ".join(m.group(1).split())
    return out


def test_counts_and_indices_are_size_t():
    headers = _headers()
    returns, protos = _returns(headers), _prototypes(headers)
    assert "ssd_trace_count" in returns and "ssd_suite_step_name" in protos
    wrong = []
    for f, ret in sorted(returns.items()):
        if f.endswith("_count") and ret != "size_t" and f not in COUNT_NOT_SIZE_T:
            wrong.append(f"{f} returns {ret}, not size_t")
    for f, args in sorted(protos.items()):
        for a in args:
            m = re.match(r"(.*?)\s*\b(\w+)$", a)
            if not m:
                continue
            typ, name = " ".join(m.group(1).split()), m.group(2)
            if name in INDEX_NAMES and typ != "size_t":
                wrong.append(f"{f}: index {a}, not size_t")
            if name == "n" and typ not in {"size_t", "size_t *"}:
                wrong.append(f"{f}: count {a}, not size_t")
    for name, text in headers.items():
        for body in re.findall(r"\bstruct \w+ \{(.*?)\}", text, flags=re.S):
            for m in re.finditer(r"^\s*(int|unsigned|long|short)\s+([\w, ]+);", body, flags=re.M):
                for member in (v.strip() for v in m.group(2).split(",")):
                    if member in COUNT_MEMBERS:
                        wrong.append(f"{name}: member {m.group(1)} {member}, not size_t")
    assert not wrong, "\n".join(wrong)


# Structs of the API that are no result of their own, so carry no size.
NOT_VERSIONED = {
    "ssd_copy_counts": "a member of ssd_copy_result, which is versioned",
}


def test_every_public_struct_is_versioned():
    # ssdcore/base.h: result structs start with `size_t size`, which the
    # caller sets for structs passed in and the library for the ones it
    # hands out, so members can be added at the end.
    structs = {}
    for name, text in _headers().items():
        for m in re.finditer(r"(?:typedef )?struct (ssd_\w+) \{(.*?)\}", text, flags=re.S):
            structs[m.group(1)] = (name, m.group(2))
    assert {"ssd_trace_io", "ssd_health", "ssd_sample", "ssd_phase"} <= set(structs)
    wrong = [f"{s} ({h}) does not start with size_t size"
             for s, (h, body) in sorted(structs.items())
             if s not in NOT_VERSIONED and not re.match(r"\s*size_t size;", body)]
    assert not wrong, "\n".join(wrong)


def test_no_public_header_keeps_a_deprecated_name():
    for name, text in _headers().items():
        assert "deprecated" not in text.lower(), name


def test_free_and_errmsg_of_null_for_every_handle(build_dir, tmp_path):
    cc = shutil.which("cc")
    lib = build_dir / "libssdcore.so"
    if not cc or not lib.exists():
        pytest.fail("needs cc and the shared library (scripts/build.sh builds it)")
    headers = _headers()
    funcs = _functions(headers)
    handles = _handles(headers)
    lines = ["#include <stdio.h>", "#include <string.h>", "#include <ssdcore.h>",
             "int main(void) {", "    int bad = 0;"]
    protos = _prototypes(headers)
    for h in sorted(handles):
        lines.append(f"    {h}_free(NULL);")
        if h + "_set_option" in funcs:  # NULL handle: SSD_EINVAL, not a crash
            lines.append(f'    if ({h}_set_option(NULL, "x", "1") != SSD_EINVAL)'
                         f' {{ printf("{h}_set_option(NULL)\\n"); bad = 1; }}')
        if h + "_to_json" in funcs:  # NULL handle: SSD_EINVAL and no text
            nulls = "NULL, " * (len(protos[h + "_to_json"]) - 2)
            lines.append(f"    {{ char *out = (char *)1; if ({h}_to_json({nulls}0, &out) != SSD_EINVAL"
                         f' || out) {{ printf("{h}_to_json(NULL)\\n"); bad = 1; }} }}')
        if h + "_errmsg" in funcs:
            lines.append(f'    if (!{h}_errmsg(NULL) || strcmp({h}_errmsg(NULL), "no handle"))'
                         f' {{ printf("{h}_errmsg(NULL)\\n"); bad = 1; }}')
    lines += ['    printf("checked %d\\n", ' + str(len(handles)) + ");", "    return bad;", "}"]
    src = tmp_path / "convention.c"
    src.write_text("\n".join(lines) + "\n")
    exe = tmp_path / "convention"
    subprocess.run([cc, "-Wall", "-Werror", str(src), "-I", str(INCLUDE), "-L", str(build_dir),
                    "-lssdcore", f"-Wl,-rpath,{build_dir}", "-o", str(exe)], check=True)
    r = subprocess.run([str(exe)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip() == f"checked {len(handles)}"
