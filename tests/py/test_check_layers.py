"""scripts/check_layers.py: the one-way dependency rule of docs/ARCHITECTURE.md,
checked by symbol on the real build and shown to catch a wrong-way use."""
import pathlib
import subprocess
import sys


ROOT = pathlib.Path(__file__).resolve().parents[2]
CHECK = ROOT / "scripts" / "check_layers.py"
BOXES = ["base", "hist", "io", "sim", "series", "analysis", "datasets", "fileops", "replay", "suite",
         "report", "run"]


def run_check(build, root=None):
    args = ["--root", str(root)] if root else []
    return subprocess.run([sys.executable, str(CHECK), *args, str(build)], capture_output=True,
                          text=True)


def test_the_real_build_keeps_every_arrow(build_dir):
    r = run_check(build_dir)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ok" in r.stdout


# (source text, box) -> (the object's bytes, its dependency file's text,
# the fake build's directory its paths are under), of each source that
# includes nothing, from the first fake_build of this file's tests that
# compiled it: most boxes get the same marker source in every fake build,
# and a compile (the cc, cc1 and as processes) cost about 15 ms of CPU, 60
# of them 0.9 s of the file's 3.4. Without -g the object does not depend on
# the source's directory (only its name, x.c, is in it), and the dependency
# file of a source that includes nothing names the object, the source and
# the compiler's stdc-predef.h only: copied with the directory replaced.
# A source with an #include is compiled every time.
COMPILED = {}


def fake_build(tmp_path, sources, include=None):
    """A build tree with one object file per box, compiled from sources[box]
    (with include on the include path), and its dependency file beside it."""
    for box in BOXES:
        src = tmp_path / "src" / box
        src.mkdir(parents=True)
        c = src / "x.c"
        text = sources.get(box, f"int ssd_{box}_marker(void) {{ return 0; }}\n")
        c.write_text(text)
        d = tmp_path / "build" / "CMakeFiles" / f"ssd_{box}.dir" / "src" / box
        d.mkdir(parents=True)
        if "#include" not in text and (text, box) in COMPILED:
            obj, dep, was = COMPILED[(text, box)]
            (d / "x.c.o").write_bytes(obj)
            (d / "x.c.o.d").write_text(dep.replace(was, str(tmp_path)))
            continue
        inc = ["-I", str(include)] if include else []
        subprocess.run(["cc", "-c", *inc, "-MD", "-MF", str(d / "x.c.o.d"), "-o", str(d / "x.c.o"),
                        str(c)], check=True)
        if "#include" not in text:
            COMPILED[(text, box)] = ((d / "x.c.o").read_bytes(), (d / "x.c.o.d").read_text(),
                                     str(tmp_path))
    return tmp_path / "build"


def test_a_lower_box_using_a_higher_one_fails(tmp_path):
    build = fake_build(tmp_path, {
        "io": "int ssd_io_thing(void) { return 1; }\n",
        "base": "int ssd_io_thing(void);\nint ssd_base_use(void) { return ssd_io_thing(); }\n",
    })
    r = run_check(build, root=tmp_path)
    assert r.returncode == 1
    assert "ssd_io_thing" in r.stdout and "base may not use io" in r.stdout


def test_internals_of_fileops_are_off_limits_to_the_suite(tmp_path):
    build = fake_build(tmp_path, {
        "fileops": "int ssd__fo_secret(void) { return 1; }\nint ssd_fo_public(void) { return 2; }\n",
        "suite": "int ssd__fo_secret(void);\nint ssd_fo_public(void);\n"
                 "int ssd_suite_x(void) { return ssd__fo_secret() + ssd_fo_public(); }\n",
    })
    r = run_check(build, root=tmp_path)
    assert r.returncode == 1
    assert "ssd__fo_secret" in r.stdout and "ssd_fo_public" not in r.stdout


def test_the_report_may_not_include_the_runners_state_even_indirectly(tmp_path):
    inc = tmp_path / "inc"
    inc.mkdir()
    (inc / "suite_impl.h").write_text("struct runner { int lock_fd; };\n")
    (inc / "results_model.h").write_text('#include "suite_impl.h"\n')
    build = fake_build(tmp_path, {"report": '#include "results_model.h"\n'
                                            "int ssd_report_x(void) { return 0; }\n"}, include=inc)
    r = run_check(build, root=tmp_path)
    assert r.returncode == 1
    assert "src/report/x.c (report) includes suite_impl.h" in r.stdout


def test_a_build_without_a_box_is_an_error_not_a_pass(tmp_path):
    r = run_check(tmp_path)
    assert r.returncode == 2
    assert "build first" in r.stdout


def test_objects_of_deleted_sources_are_ignored(tmp_path):
    build = fake_build(tmp_path, {
        "io": "int ssd_io_thing(void) { return 1; }\n",
        "base": "int ssd_io_thing(void);\nint ssd_base_use(void) { return ssd_io_thing(); }\n",
    })
    (tmp_path / "src" / "base" / "x.c").unlink()  # moved away since the last build
    r = run_check(build, root=tmp_path)
    assert r.returncode == 0, r.stdout


def test_the_cli_may_use_the_public_api_only(tmp_path):
    # the CLI once wrote its JSON through the library's internal writer
    # (ssd__jw_*), which no public header declares
    build = fake_build(tmp_path, {})
    cli = tmp_path / "src" / "tools"
    cli.mkdir()
    (cli / "cmd_x.c").write_text("void ssd__jw_init(void *w, int style);\nvoid ssd_free(void *p);\n"
                                 "int cmd_x(void) { ssd__jw_init(0, 0); ssd_free(0); return 0; }\n")
    d = build / "CMakeFiles" / "ssdcore_cli.dir" / "src" / "tools"
    d.mkdir(parents=True)
    subprocess.run(["cc", "-c", "-o", str(d / "cmd_x.c.o"), str(cli / "cmd_x.c")], check=True)
    r = run_check(build, root=tmp_path)
    assert r.returncode == 1
    assert "src/tools/cmd_x.c (the CLI) uses ssd__jw_init" in r.stdout
    assert "ssd_free" not in r.stdout


def test_a_public_function_lives_in_the_box_of_its_header(tmp_path):
    # ssd_interrupt was declared in job.h (io) and defined in base/;
    # ssd_target_open in target.h (io) and defined in sim/
    build = fake_build(tmp_path, {})
    inc = tmp_path / "libssdcore" / "include" / "ssdcore"
    inc.mkdir(parents=True)
    (inc / "target.h").write_text("SSD_API int ssd_io_marker(void);\n")
    (inc / "job.h").write_text("/* SSD_API int ssd_sim_marker(void); a comment */\n"
                               "SSD_API int ssd_run_marker(void);\n")
    r = run_check(build, root=tmp_path)
    assert r.returncode == 0, r.stdout
    (inc / "job.h").write_text("SSD_API int ssd_base_marker(void);\n")
    (inc / "gadget.h").write_text("SSD_API int ssd_io_marker(void);\n")
    r = run_check(build, root=tmp_path)
    assert r.returncode == 1
    assert ("ssd_base_marker is declared in job.h (io, run) but defined in src/base/x.c (base)"
            in r.stdout)
    assert "public header gadget.h has no box" in r.stdout
