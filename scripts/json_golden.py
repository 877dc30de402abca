#!/usr/bin/env python3
"""Captures the JSON text libssdcore's producers write, byte for byte, so a
change that must not alter it (a refactor of a writer) can be checked.

    scripts/json_golden.py --ssdcore OLD/ssdcore --out /tmp/before
    scripts/json_golden.py --ssdcore NEW/ssdcore --out /tmp/after --against /tmp/before

Covers `ssdcore job --json` and the series metadata line (a small file and
sim:bx200), `ssdcore sim show --json` and `sim truth`, `ssdcore analyze
--json` (compact, as every --json) on tests/data/series and on the logs of a suite run, and a
suite's results.json, which embeds the job results, the truth after each
logged job and the compact analysis. Paths are relative and some contain a
quote, a control character, a stray 0xff and UTF-8, to exercise escaping.

Only what varies from run to run is masked (replaced by "#"): the tool
version, wall-clock times, the run id, the host, and on a real file the timing figures
(latencies, rates, samples). Everything on sim: targets runs in virtual time
and is compared whole. Exit status 1 when --against finds a difference.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERIES = os.path.join(ROOT, "tests", "data", "series")
ODD = b'odd "name\x01\xff\xc3\xa9'  # quote, control char, invalid and valid UTF-8

TOOL = ["tool"]
WALL = ["started", "finished", "run_id", "wall_s", "host"]
# The file tests time real files: their seconds and rates vary, and so does
# the archive's size (7-Zip records the files' times).
FILE_TIMING = ["seconds", "make_s", "sync_s", "read_s", "compress_s",
               "write_s", "copy_s", "copy_mibs", "copy_bps", "archive_s", "archive_mibs",
               "archive_bps", "archive_bytes"]
# ... and in each file test step ({"step": ...}), its time and rate, which a
# job on sim: has too and are compared there (a step's time was "seconds"
# before round 21).
FILE_STEP_TIMING = ["runtime_s", "bw_bps"]
TIMING = ["runtime_s", "iops", "bw_bps", "lat_ns", "p99_over_p50", "p99_9_over_p50",
          "max_over_p50", "lat_hist", "samples"]


def skip_value(t, i):
    """Index just past the JSON value that starts at t[i]."""
    if t[i] == '"':
        i += 1
        while t[i] != '"':
            i += 2 if t[i] == "\\" else 1
        return i + 1
    if t[i] in "[{":
        depth = 0
        while True:
            c = t[i]
            if c == '"':
                i = skip_value(t, i)
                continue
            depth += c in "[{"
            depth -= c in "]}"
            i += 1
            if depth == 0:
                return i
    m = re.compile(r"[^,\]}\s]*").match(t, i)
    return m.end()


def mask(text, keys):
    """Replaces the value of every member named in keys, wherever it is
    (with FILE_TIMING, FILE_STEP_TIMING's in the file test steps too)."""
    if not keys:
        return text
    if keys is not FILE_STEP_TIMING and set(FILE_TIMING) <= set(keys):
        out, pos = [], 0
        for m in re.finditer(r'\{"step": ?"', text):
            if m.start() < pos:
                continue
            end = skip_value(text, m.start())
            out += [text[pos:m.start()], mask(text[m.start():end], FILE_STEP_TIMING)]
            pos = end
        text = "".join(out) + text[pos:]
    pat = re.compile(r'"(%s)": ?' % "|".join(map(re.escape, keys)))
    out, pos = [], 0
    for m in pat.finditer(text):
        if m.start() < pos:
            continue
        out.append(text[pos:m.end()])
        out.append('"#"')
        pos = skip_value(text, m.end())
    out.append(text[pos:])
    return "".join(out)


def run(bin_, args, cwd, ok=(0,)):
    r = subprocess.run([bin_] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode not in ok:
        sys.exit("%s failed (%d): %s" % (b" ".join(os.fsencode(a) for a in args),
                                         r.returncode, r.stderr.decode(errors="replace")))
    return r.stdout.decode("utf-8")  # the JSON must be UTF-8: a decode error is a finding


def metadata(path):
    with open(path, "rb") as f:
        return "".join(l.decode("utf-8") for l in f if l.startswith(b"#"))


def synthetic(path, levels, seconds, dip_every=0, gap_every=0):
    """A t_s,bytes series: speed levels [(until_s, bps)], dips to 30 % for
    3 s every dip_every s, no writes for 5 s every gap_every s and then 3 s at
    the first level (the cache the pause gave back), and a fixed
    ripple of +-2 % so that nothing is exactly flat."""
    with open(path, "w") as f:
        f.write("t_s,bytes\n")
        for i in range(seconds):
            bps = next(v for until, v in levels if i < until)
            if dip_every and i % dip_every < 3:
                bps *= 0.3
            if gap_every and i > gap_every and i % gap_every < 3:
                bps = levels[0][1]
            if gap_every and i % gap_every >= gap_every - 5:
                bps = 0
            f.write("%d,%d\n" % (i + 1, bps * (1 + ((i * 7919) % 41 - 20) / 1000)))


EVERY_STEP = """\
trim offset=0 length=1g
idle 30s
job name=fresh pattern=randwrite bs=4k qd=32 time=60s interval=1s log=fresh
idle 1m
job name=again pattern=randwrite bs=4k qd=32 time=30s interval=1s log=again
analyze fresh
analyze again reference=fresh penalty=4
job name=rr-1 group=my-curve x=1 pattern=randread qd=1 time=5s
job name=rr-8 group=my-curve x=8 pattern=randread qd=8 time=5s
replay name=photo group=apps trace=scenario:pcm8-photoshop-heavy timing=no-idle
filebench dir=files set=work size=2m steps=copy,archive
"""


def every_step(bin_, tmp, cases):
    """results.json of cdm5 and of a suite file with every step kind, and the
    latter read back in the states a finished run never writes."""
    run(bin_, ["suite", "sim:bx200", "--suite", "cdm5", "--out", "suite-cdm5"], tmp)
    with open(os.path.join(tmp, "suite-cdm5", "results.json"), encoding="utf-8") as fh:
        cases["suite_cdm5_results"] = mask(fh.read(), TOOL + WALL)
    os.mkdir(os.path.join(tmp, "files"))
    with open(os.path.join(tmp, "every.suite"), "w") as fh:
        fh.write(EVERY_STEP)
    run(bin_, ["suite", "sim:bx200", "--suite-file", "every.suite", "--out", "suite-every"], tmp)
    with open(os.path.join(tmp, "suite-every", "results.json"), encoding="utf-8") as fh:
        cases["suite_every_step_results"] = mask(fh.read(), TOOL + WALL + FILE_TIMING)
    loaded = os.path.join(tmp, "suite-loaded")
    shutil.copytree(os.path.join(tmp, "suite-every"), loaded)
    path = os.path.join(loaded, "results.json")
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    doc["status"], doc["finished"] = "running", None  # nobody holds the lock: killed
    steps = doc["steps"]
    steps[0].update(state="skipped", reason="TRIM refused: \"test\"")
    steps[7].update(state="failed", error="rr-1: the drive went away \"test\"")
    steps[8].update(state="interrupted")
    del steps[5]["analysis"]  # with fresh.csv gone: lost; analyze-again keeps its stored one
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh)
    os.remove(os.path.join(loaded, "fresh.csv"))
    cases["suite_loaded_results"] = mask(run(bin_, ["report", "suite-loaded", "--json"], tmp,
                                             ok=(1,)), TOOL + WALL + FILE_TIMING)


def capture(bin_, out):
    cases = {}
    with tempfile.TemporaryDirectory() as tmp:
        def job(name, args, keys):
            log = os.fsencode(name) + b"-" + ODD + b".csv"
            cases[name] = mask(run(bin_, ["job"] + args + ["--json", "--no-progress", "--log", log], tmp),
                               keys)
            cases[name + ".meta"] = mask(metadata(os.path.join(os.fsencode(tmp), log)), keys)

        f = ODD + b".bin"
        job("job_file_randread", ["--target", f, "--size-file", "8m", "--pattern", "randread",
                                  "--bytes", "2m", "--seed", "3"], TOOL + TIMING)
        job("job_file_write", ["--target", f, "--pattern", "write", "--bs", "64k",
                               "--bytes", "4m", "--interval", "100ms"], TOOL + TIMING)
        job("job_sim_randwrite", ["--target", "sim:bx200", "--pattern", "randwrite", "--qd", "32",
                                  "--time", "120", "--seed", "7"], TOOL)
        job("job_sim_rw", ["--target", "sim:bx200,seed=5", "--pattern", "randrw",
                           "--rwmix-read", "70", "--time", "20", "--interval", "0.5"], TOOL)

        cases["sim_show_bx200"] = run(bin_, ["sim", "show", "bx200", "--json"], tmp)
        cases["sim_show_vector180"] = run(bin_, ["sim", "show", "vector180,seed=9", "--json"], tmp)
        cases["sim_list"] = run(bin_, ["sim", "list"], tmp)  # parses the profile JSON
        cases["sim_truth_fresh"] = run(bin_, ["sim", "truth", "bx200", "--json"], tmp)
        cases["sim_truth_trim_idle"] = run(bin_, ["sim", "truth", "mp44l-1tb", "--trim", "--json",
                                                  "--idle", "10m"], tmp)

        names = sorted(n for n in os.listdir(SERIES) if not n.endswith((".md", ".py")))
        for n in names:
            shutil.copy(os.path.join(SERIES, n), tmp)
        odd = ODD + b".csv"
        shutil.copy(os.path.join(SERIES, "series_v1_cache.csv"), os.path.join(os.fsencode(tmp), odd))
        for n in names:
            cases["analyze_" + n] = run(bin_, ["analyze", "--json", n], tmp)
        cases["analyze_odd_name"] = run(bin_, ["analyze", "--json", odd], tmp)
        cases["analyze_two"] = run(bin_, ["analyze", "--json", "series_v1_cache.csv",
                                          "bytes_sampled.csv"], tmp)
        cases["analyze_reference"] = run(bin_, ["analyze", "--json", "--reference",
                                                "series_v1_cache.csv", "series_v1_minimal.csv"],
                                         tmp)

        synthetic(os.path.join(tmp, "dips.csv"), [(10**9, 1e8)], 600, dip_every=30)
        synthetic(os.path.join(tmp, "steps.csv"), [(60, 4e8), (200, 2e8), (10**9, 8e7)], 500,
                  gap_every=40)
        for n in ("dips.csv", "steps.csv"):
            cases["analyze_" + n] = run(bin_, ["analyze", "--json", n], tmp)
        cases["analyze_reference_without_cache"] = run(
            bin_, ["analyze", "--json", "--reference", "dips.csv", "steps.csv"], tmp)

        for suite in ("quick", "lab2016"):
            d = "suite-" + suite
            run(bin_, ["suite", "sim:bx200", "--suite", suite, "--out", d], tmp)
            with open(os.path.join(tmp, d, "results.json"), encoding="utf-8") as fh:
                cases["suite_%s_results" % suite] = mask(fh.read(), TOOL + WALL)
            for csv in sorted(os.listdir(os.path.join(tmp, d))):
                if csv.endswith(".csv"):
                    cases["suite_%s_analyze_%s" % (suite, csv)] = run(
                        bin_, ["analyze", "--json", csv], os.path.join(tmp, d))
        every_step(bin_, tmp, cases)
        cases["suite_quick_analyze_reference"] = run(
            bin_, ["analyze", "--json", "--reference", "degradation.csv", "recovery-idle.csv"],
            os.path.join(tmp, "suite-quick"))

    os.makedirs(out, exist_ok=True)
    for name, text in cases.items():
        with open(os.path.join(out, name + ".txt"), "w", encoding="utf-8") as fh:
            fh.write(text)
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ssdcore", required=True, help="the ssdcore binary to capture")
    ap.add_argument("--out", required=True, help="directory for one file per case")
    ap.add_argument("--against", help="an earlier --out to compare with, byte for byte")
    a = ap.parse_args()
    cases = capture(os.path.abspath(a.ssdcore), a.out)
    total = sum(len(t) for t in cases.values())
    print("captured %d cases, %d bytes, in %s" % (len(cases), total, a.out))
    if not a.against:
        return 0
    theirs = {n[:-4] for n in os.listdir(a.against) if n.endswith(".txt")}
    differ = []
    for name in sorted(set(cases) | theirs):
        p = os.path.join(a.against, name + ".txt")
        old = open(p, encoding="utf-8").read() if os.path.exists(p) else None
        if old != cases.get(name):
            differ.append(name)
    for name in differ:
        print("DIFFERS: %s (diff %s/%s.txt %s/%s.txt)" % (name, a.against, name, a.out, name))
    print("%d of %d cases identical to %s" % (len(cases) - len(differ),
                                             len(set(cases) | theirs), a.against))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
