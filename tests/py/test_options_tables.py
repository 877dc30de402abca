"""Each handle's option table (ssd_X_options) against everything made from
or checked against it: set_option itself, the CLI's flags and --help,
Python's keyword arguments and docs/options.md. An option added, renamed
or re-ranged in the table that one of them misses fails here."""
import importlib.util
import json
import re
import subprocess

import pytest

import ssdcore
from conftest import ROOT
from ssdcore._ffi import ffi, lib
from ssdcore._util import set_options
from ssdcore.job import _set_job_options

SPEC = importlib.util.spec_from_file_location("options_doc", ROOT / "scripts" / "options_doc.py")
options_doc = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(options_doc)

METAVAR = {"size": "SIZE", "duration": "DURATION", "int": "N", "float": "X", "enum": "WORD",
           "bool": None}
BAD = {"size": "lots", "duration": "soon", "int": "two", "float": "x", "bool": "maybe",
       "enum": "nonsense"}


def run(cli, *args, cwd=None):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=60, cwd=cwd)


def help_entries(text, heading):
    """{flag: (metavar, text)} of the lines under heading in a --help."""
    section = text.split(heading, 1)[1]
    out, flag = {}, None
    for line in section.splitlines()[1:]:
        m = re.match(r"  (--[\w-]+)(?: (\S+))?(?: {2,}(.*))?$", line)
        if m:
            flag = m.group(1)
            out[flag] = [m.group(2), m.group(3) or ""]
        elif flag and line.startswith(" " * 22):
            out[flag][1] += " " + line.strip()
        else:
            break
    return out


def flag(name):
    return "--" + name.replace("_", "-")


# (catalog: its one option, create, is no CLI flag: `catalog add` creates)
HANDLES = ["job", "target", "suite", "replay", "compare", "analysis", "catalog"]
# the fileops handles: (the command, the Python function, what it runs on)
FILEOPS = {"copy": ("copy", "copy_tree", ["src", "dst"]),
           "archive": ("archive", "archive", ["src", "a.7z"]),
           "extract": ("extract", "extract", ["a.7z", "dst"]),
           "fileset": ("mkset", "make_set", ["work", "dst"]),
           "filebench": ("filebench", "filebench", ["dir"])}
# options a command takes as a positional argument, not a flag
POSITIONAL = {"mkset": {"kind"}}
# (command, the heading of a table's flags in its --help, the handle)
HELP_SECTIONS = [("job", "job options", "job"), ("job", "target (", "target"),
                 ("suite", "target (", "target"), ("suite", "suite options", "suite"),
                 ("replay", "target (", "target"), ("replay", "replay options", "replay"),
                 ("compare", "compare options", "compare"),
                 ("analyze", "analysis options (", "analysis")] + [
    (cmd, f"{h} options (", h) for h, (cmd, _, _) in FILEOPS.items()]
# what each command runs on in these tests
OPERANDS = {"job": ["sim:bx200"], "suite": ["sim:bx200"],
            "replay": ["scenario:pcm8-wow", "--target", "sim:bx200"],
            "analyze": [str(ROOT / "tests" / "data" / "series" / "series_v1_cache.csv")],
            **{cmd: pos for cmd, _, pos in FILEOPS.values()}}
# whose refused options are usage errors (exit 2), as they always were
USAGE = {"job", "target", "suite", "replay", "analysis", *FILEOPS}


@pytest.mark.parametrize("handle", HANDLES + list(FILEOPS))
def test_the_table_is_well_formed(handle):
    table = ssdcore.options(handle)
    assert table
    for name, o in table.items():
        assert re.fullmatch(r"[a-z][a-z0-9_]*", name) and o["help"], name
        assert o["min"] <= o["max"], name
        assert (o["type"] == "enum") == bool(o["words"]), name


@pytest.mark.parametrize("cmd,heading,handle", HELP_SECTIONS)
def test_every_option_and_only_those_are_cli_flags_with_their_help(cli, cmd, heading, handle):
    help_ = run(cli, cmd, "--help")
    assert help_.returncode == 0
    entries = help_entries(help_.stdout, heading)
    entries.pop("--target", None)  # the URI, not an option of the handle
    table = ssdcore.options(handle)
    shown = {name: o for name, o in table.items()
             if not o["test_hook"] and name not in POSITIONAL.get(cmd, ())}
    assert set(entries) == {flag(n) for n in shown}
    for name, o in shown.items():
        meta, text = entries[flag(name)]
        assert meta == METAVAR.get(o["type"], o["unit"].upper()), name
        assert text.startswith(o["help"]), (name, text)
        if o["default"] and o["type"] != "bool":
            assert f"default {o['default']}" in text, (name, text)
        for w in o["words"]:
            assert w in text, (name, w)
    for name, o in table.items():  # a test hook is no flag
        if o["test_hook"]:
            p = run(cli, cmd, *OPERANDS[cmd], flag(name) + "=1")
            assert p.returncode == 2 and "unknown option" in p.stderr


@pytest.mark.parametrize("cmd,handle", [("job", "job"), ("job", "target"), ("suite", "target"),
                                        ("suite", "suite"), ("replay", "replay"),
                                        ("analyze", "analysis")] + [
    (cmd, h) for h, (cmd, _, _) in FILEOPS.items()])
def test_every_flag_reaches_set_option_under_its_key(cli, tmp_path, cmd, handle):
    # a bad value comes back in the library's words, naming the flag (the
    # key with - for _); a boolean flag takes no value (alone, it sets 1)
    out = ["--out", str(tmp_path / "o")] if cmd == "suite" else []
    for name, o in ssdcore.options(handle).items():
        if o["test_hook"] or o["type"] == "text" or name in POSITIONAL.get(cmd, ()):
            continue
        if o["type"] == "bool":
            p = run(cli, cmd, *OPERANDS[cmd], flag(name) + "=" + BAD["bool"], *out)
            assert p.returncode == 2 and "takes no value" in p.stderr, p.stderr
            continue
        p = run(cli, cmd, *OPERANDS[cmd], flag(name), BAD[o["type"]], *out, cwd=tmp_path)
        assert p.returncode == (2 if handle in USAGE else 1) and p.stdout == "", (name, p.stderr)
        assert p.stderr.startswith(f"ssdcore {cmd}: {flag(name)}: "), (name, p.stderr)
    assert not (tmp_path / "o").exists()


def test_defaults_and_every_key_are_accepted_by_python_and_run(tmp_path):
    table = ssdcore.options("job")
    kw = {name: o["default"] for name, o in table.items() if o["default"]}
    fresh = tmp_path / "fresh.csv"  # a reference: a fresh run's log
    ssdcore.job("sim:bx200", pattern="randwrite", qd=32, time="5s", log=fresh)
    kw.update(time="1s", log=tmp_path / "s.csv", precondition=table["precondition"]["words"][-1],
              reference=fresh, idle_before="0", written_since_idle="0")
    assert set(kw) | {"span"} == set(table)  # every key but span passes through here
    r = ssdcore.job("sim:bx200", **kw)
    assert r["workload"]["block_size"] == ssdcore.parse_size(table["bs"]["default"])
    assert r["workload"]["queue_depth"] == int(table["qd"]["default"])
    assert (tmp_path / "s.csv").exists()
    with pytest.raises(TypeError, match="unknown job option"):
        ssdcore.job("sim:bx200", frobnicate=1)


def test_every_target_key_is_a_python_keyword_and_takes_its_default():
    kw = {n: o["default"] for n, o in ssdcore.options("target").items() if o["default"]}
    assert len(kw) >= 5
    ssdcore.Target("sim:bx200", **kw).close()
    # and ssdcore.job() hands them to the target it opens
    with pytest.raises(ssdcore.InvalidArgument, match="option layout: unknown layout"):
        ssdcore.job("sim:bx200", time=0.1, layout="sometimes")
    assert ssdcore.job("sim:bx200", time=1, **kw)["runtime_s"] > 0


def set_option(handle, name, value):
    if handle == "job":
        _set_job_options(None, {name: value})
    elif handle == "target":
        ssdcore.Target("sim:bx200", **{name: value})
    elif handle == "analysis":
        a = ffi.new("ssd_analysis **")
        ssdcore.check(lib.ssd_analysis_create(a))
        a = ffi.gc(a[0], lib.ssd_analysis_free)
        set_options(a, {name: value}, lib.ssd_analysis_set_option, lib.ssd_analysis_errmsg)
    elif handle == "replay":
        ssdcore.replay("scenario:pcm8-wow", "sim:bx200", **{name: value})
    elif handle == "catalog":
        c = ffi.new("ssd_catalog **")
        ssdcore.check(lib.ssd_catalog_create(c))
        c = ffi.gc(c[0], lib.ssd_catalog_free)
        set_options(c, {name: value}, lib.ssd_catalog_set_option, lib.ssd_catalog_errmsg)
    elif handle == "fileset" and name == "kind":  # make_set's first argument
        ssdcore.make_set(value, "dst")
    elif handle in FILEOPS:  # refused before the run looks at its paths
        _, fn, pos = FILEOPS[handle]
        getattr(ssdcore, fn)(*pos, **{name: value})
    else:
        s = ffi.new("ssd_suite **")
        ssdcore.check(lib.ssd_suite_create(s, ssdcore.Target("sim:bx200")._handle()))
        s = ffi.gc(s[0], lib.ssd_suite_free)
        set_options(s, {name: value}, lib.ssd_suite_set_option, lib.ssd_suite_errmsg)


@pytest.mark.parametrize("handle,name", [(h, n) for h in HANDLES + list(FILEOPS)
                                         for n in ssdcore.options(h)])
def test_each_option_refuses_a_bad_value_naming_itself(handle, name):
    o = ssdcore.options(handle)[name]
    if o["type"] == "text":
        return
    with pytest.raises(ssdcore.InvalidArgument, match=f"option {name}: "):
        set_option(handle, name, BAD[o["type"]])
    if o["type"] in ("size", "int", "duration", "float") and o["max"] != float("inf"):
        over = f"{o['max'] * 2:.6f}".rstrip("0").rstrip(".")
        with pytest.raises(ssdcore.Error, match=f"option {name}: .* is outside") as e:
            set_option(handle, name, over)
        assert e.value.name == "SSD_ERANGE"
    if o["type"] in ("size", "int") and o["min"] > 0:
        with pytest.raises(ssdcore.Error, match=f"option {name}: 0 is "):
            set_option(handle, name, "0")


def test_a_quantity_in_seconds_or_bytes_takes_its_units_in_every_table(cli):
    """`analyze --ss-round-s 1m` and `--expect-cache-bps 500MiB` were refused
    as "not a number" while job's `--time 1m` and `--rate 500MiB` took them
    (issue 22 round 25 audit): an option in seconds is a duration, one in
    bytes or bytes/s a size, in every table, hence every front end."""
    for h in HANDLES + list(FILEOPS):
        for name, o in ssdcore.options(h).items():
            if o["unit"] == "s":
                assert o["type"] == "duration", (h, name)
            if o["unit"] in ("B", "B/s"):
                assert o["type"] == "size", (h, name)
    series = OPERANDS["analyze"][0]
    # (a 300 s series: rounds of at most 6 s, 5 x 10 of them fit)
    p = run(cli, "analyze", series, "--ss-round-s", "5s", "--expect-cache-bps", "500MiB", "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["steady_state"]["round_s"] == 5
    r = ssdcore.analyze(series, ss_round_s="5000ms", expect_cache_bps="500MiB")
    assert r["steady_state"]["round_s"] == 5


def test_a_percentage_takes_the_percent_sign_its_help_writes(cli):
    """job --help says "--read-pct N ... (0..100%; default 50)" and
    precondition --level takes 90%, but --read-pct 70% was "not a whole
    number" (round 25's audit)."""
    assert "(0..100%; default 50" in " ".join(run(cli, "job", "--help").stdout.split())
    p = run(cli, "job", "sim:bx200", "--pattern", "randrw", "--read-pct", "70%", "--time", "1",
            "--json")
    assert p.returncode == 0 and json.loads(p.stdout)["workload"]["read_pct"] == 70, p.stderr
    for bad, flag in (("70%%", "--read-pct"), ("%", "--read-pct"), ("4%", "--qd")):
        p = run(cli, "job", "sim:bx200", flag, bad)
        assert p.returncode == 2 and f"'{bad}' is not a whole number" in p.stderr, p.stderr


def test_the_series_table_is_series_open_s_keywords_and_analyze_s_flags(cli):
    """docs/options.md lists the series table under Series.open() and
    analyze's --ddir and --per-io-interval: no test held them to it (round
    25's audit). Python's keyword carries its unit (per_io_interval_s, and
    takes "500ms" as the flag does)."""
    import inspect
    keys = set(ssdcore.options("series"))
    params = set(inspect.signature(ssdcore.Series.open).parameters) - {"paths"}
    assert params == keys - {"per_io_interval"} | {"per_io_interval_s"}
    usage = run(cli, "analyze", "--help").stdout
    assert "[--ddir write|read|trim|any]" in usage and "[--per-io-interval DURATION]" in usage
    assert ssdcore.options("series")["ddir"]["words"] == ["read", "write", "trim", "any"]


def test_docs_options_md_is_what_the_tables_make():
    page = (ROOT / "docs" / "options.md").read_text()
    assert page == options_doc.render(page), "run: python scripts/options_doc.py docs/options.md"
    for h in options_doc.HANDLES:
        assert f"<!-- options:{h} -->" in page
        for name, o in ssdcore.options(h).items():
            assert (f"| `{name}` |" in page) != o["test_hook"], name


def test_the_help_ranges_read_as_users_type_them(cli):
    text = run(cli, "job", "--help").stdout
    for want in ("512..64m; default 4k", "10ms..1h; default 1s", "1..1024; default 1"):
        assert want in " ".join(text.split()), want
    # the aliases set the same keys
    p = run(cli, "job", "sim:bx200", "--json", "--rw", "randrw", "--iodepth", "2", "--rwmix-read",
            "70", "--span", "1m", "--fill")
    w = json.loads(p.stdout)["workload"]
    assert (w["pattern"], w["queue_depth"], w["read_pct"], w["coverage"]) == ("randrw", 2, 70,
                                                                               True), w


def test_every_compare_key_is_a_keyword_of_compare():
    import inspect
    params = inspect.signature(ssdcore.compare).parameters
    assert set(ssdcore.options("compare")) <= set(params)


def test_analyze_takes_every_analysis_key_as_a_number_or_its_word(tmp_path):
    # ssdcore.analyze(options=...) hands each key to set_option: the counts
    # as whole numbers, precondition as its word
    series = ROOT / "tests" / "data" / "series" / "series_v1_cache.csv"
    table = ssdcore.options("analysis")
    # (idle_before_s and written_since_idle_bytes have no default: unset,
    # the metadata's, else unknown)
    opts = {n: (o["default"] if o["type"] == "enum" else float(o["default"]))
            for n, o in table.items() if o["default"] != ""}
    assert ssdcore.analyze(str(series), **opts).cache_bytes > 0


@pytest.mark.parametrize("handle", FILEOPS)
def test_the_fileops_functions_take_the_table_keys_and_no_other(handle, tmp_path):
    # each key reaches set_option (a bad value is refused above, naming
    # it); a key of no table is a TypeError, as for any Python function
    _, fn, pos = FILEOPS[handle]
    with pytest.raises(TypeError, match=f"unknown {handle} option"):
        getattr(ssdcore, fn)(*[str(tmp_path / p) for p in pos], frobnicate=1)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("handle,call", [
    ("target", lambda **kw: ssdcore.Target("sim:bx200", **kw)),
    ("replay", lambda **kw: ssdcore.replay("scenario:pcm8-excel", "sim:bx200", **kw)),
    ("copy", lambda **kw: ssdcore.copy_tree("/nonexistent-src", "/nonexistent-dst", **kw)),
])
def test_every_handle_checks_python_keywords_against_its_table(handle, call):
    # one check for every handle (make_handle): a key of no table and a
    # bool for a number are TypeErrors before the library sees them (a
    # replay took qd=True as QD 1)
    with pytest.raises(TypeError, match=f"unknown {handle} option"):
        call(frobnicate=1)
    number = next(k for k, o in ssdcore.options(handle).items()
                  if o["type"] in ("size", "duration", "int", "float"))
    with pytest.raises(TypeError, match=f"{handle} option {number}: expected a number, not True"):
        call(**{number: True})


def test_a_fileops_run_with_every_table_default_is_a_run_with_none(tmp_path):
    # the defaults the table declares are the ones the handles start with
    src = tmp_path / "src"
    ssdcore.make_set("work", src, size="256k", sync="none")
    kw = {n: o["default"] for n, o in ssdcore.options("copy").items() if o["default"]}
    a = ssdcore.copy_tree(src, tmp_path / "a", **kw)
    b = ssdcore.copy_tree(src, tmp_path / "b")
    assert (a.files, a.bytes, a.workers) == (b.files, b.bytes, b.workers)
    kw = {n: o["default"] for n, o in ssdcore.options("archive").items() if o["default"]}
    x = ssdcore.archive(src, tmp_path / "x.7z", **kw)
    y = ssdcore.archive(src, tmp_path / "y.7z")
    assert x.archive_bytes == y.archive_bytes > 0


def test_the_typed_keywords_are_the_tables_keys_with_their_types():
    """analyze(), analyze_many(), job(), precondition(), suite(),
    suite_steps(), Target(), replay(), apps(), fsd() and the file
    operations (copy_tree, archive, extract, make_set, filebench) type their
    keyword options for mypy (ssdcore._options, PEP 692) instead of Any or
    float, so an old keyword (capacity=, target_options=) is an error there:
    each class holds its table's keys, less those the call names, each
    typed by the table's type."""
    import os
    import typing
    from ssdcore import _options as o
    py = {"float": float, "int": int, "bool": bool, "enum": str, "size": o.Size,
          "duration": o.Duration, "text": str}
    path = typing.Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]  # o.PathLike, resolved
    for cls, kinds, named in ((o.AnalysisOptions, ["analysis"],
                               {"capacity_bytes", "written_before_bytes", "precondition",
                                "idle_before_s", "written_since_idle_bytes", "span_bytes"}),
                              (o.TargetOptions, ["target"], set()),
                              (o.ReplayOptions, ["replay", "target"], set()),
                              (o.JobOptions, ["job", "target"],
                               {"pattern", "bs", "qd", "size", "destroy_data", "buffered",
                                "read_only"}),
                              (o.SuiteTargetOptions, ["target"],
                               {"size", "destroy_data", "buffered"}),
                              (o.CopyOptions, ["copy"], set()),
                              (o.ArchiveOptions, ["archive"], set()),
                              (o.ExtractOptions, ["extract"], set()),
                              (o.FilesetOptions, ["fileset"], {"kind"}),
                              (o.FilebenchOptions, ["filebench"], set())):
        table = {k: v for kind in kinds for k, v in ssdcore.options(kind).items()}
        hints = typing.get_type_hints(cls)
        assert set(hints) == set(table) - named, cls.__name__
        for k, t in hints.items():
            want = path if table[k]["unit"] == "path" else py[table[k]["type"]]
            if table[k]["type"] == "text" and table[k]["unit"] != "path":
                want = str  # filebench's steps, copy's fault_read
            if table[k]["unit"] == "json":  # job's reference: a log, or its figures
                want = typing.Union[path, typing.Dict[str, typing.Any]]
            assert t == want, (cls.__name__, k, t)
    # each call's named arguments and its typed keywords are the table's
    # keys (a named one the class repeated would be a mypy error at the def)
    import inspect
    for fn, kinds, cls in ((ssdcore.job, ["job", "target"], o.JobOptions),
                           (ssdcore.suite, ["target"], o.SuiteTargetOptions),
                           (ssdcore.precondition, ["target"], o.TargetOptions)):
        table = {k for kind in kinds for k in ssdcore.options(kind)}
        named = set(inspect.signature(fn).parameters) & table
        assert named | set(typing.get_type_hints(cls)) == table, fn.__name__
