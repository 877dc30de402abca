/* cmd_trace.c - `ssdcore trace` (info, convert, generate, scenarios,
 * record) and `ssdcore replay`. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <ssdcore.h>

#include "cli.h"

/* A new trace handle in *tr (NULL when out of memory), loaded from path
 * when path is given: 0, or the error's exit status. A built-in trace the command line names
 * (scenario:NAME, filetest:NAME[@SET_SIZE]) that does not exist, or a bad set size, is a usage
 * error (2, with the Try line), as trace generate's unknown SCENARIO is; a file that cannot be read
 * is a failure (1). */
static int load(const char *cmd, const char *operand, ssd_trace **tr, const char *path,
                const char *format) {
    if (ssd_trace_create(tr))
        return cli_error(cmd, "out of memory creating the trace handle");
    int rc = path ? ssd_trace_load(*tr, path, format) : 0;
    if (rc >= 0)
        return 0;
    int builtin = (!format || !strcmp(format, "auto")) &&
                  (!strncmp(path, "scenario:", 9) || !strncmp(path, "filetest:", 9));
    return builtin && rc == SSD_EINVAL
               ? cli_usage_error(cmd, "%s: %s", operand, ssd_trace_errmsg(*tr))
               : cli_error(cmd, "%s", ssd_trace_errmsg(*tr));
}

/* The formats a trace is read in (--format, --from). */
static const char trace_formats[] = "auto csv iolog blkparse";

/* A seed a verb's --seed gave (*u is left when it gave none): 0, or the
 * usage error's status. */
static int parse_seed(const char *cmd, const char *text, uint64_t *u) {
    if (text && ssd_parse_size(text, u))
        return cli_usage_error(cmd, "--seed: '%s' is not a whole number", text);
    return 0;
}

static const char info_usage[] =
    "usage: ssdcore trace info TRACE [--format csv|iolog|blkparse] [--json]\n"
    "\n"
    "The characteristics of a trace: I/O count, read/write mix, sizes, span,\n"
    "queue depth, duration. TRACE is an ssdcore trace CSV, a fio iolog (v2, v3)\n"
    "or blkparse text (detected unless --format says), scenario:NAME, or\n"
    "filetest:NAME[@SET_SIZE].\n"
    "  --json   print them as JSON\n";

static int trace_info(int argc, char **argv) {
    const char *format = NULL, *path;
    int json_out = 0;
    const struct cli_own own[] = {{"--format", NULL, &format, NULL},
                                  {"--json", &json_out, NULL, NULL},
                                  {NULL, NULL, NULL, NULL}};
    int status = cli_args("trace info", info_usage, "TRACE", own, argc - 1, argv + 1, &path);
    if (status >= 0 || (format && (status = cli_word_value("trace info", "--format", "format",
                                                           format, trace_formats))))
        return status;
    ssd_trace *tr = NULL;
    status = load("trace info", "TRACE", &tr, path, format);
    char *json = NULL;
    if (!status && ssd_trace_to_json(tr, SSD_JSON_COMPACT, &json) == 0)
        cli_print_result(json, json_out);
    ssd_free(json);
    ssd_trace_free(tr);
    return status;
}

static const char convert_usage[] =
    "usage: ssdcore trace convert IN --out OUT [--from csv|iolog|blkparse] [--to csv|iolog3]\n"
    "                             [--file NAME] [--json]\n"
    "\n"
    "Converts a trace (IN as for 'ssdcore trace info') to an ssdcore trace CSV or\n"
    "a fio iolog v3 (--file NAME: the file fio opens). Prints what it wrote (as\n"
    "JSON with --json). OUT may also follow IN without --out (IN OUT).\n";

static int trace_convert(int argc, char **argv) {
    const char *cmd = "trace convert", *from = NULL, *to = "csv", *file = NULL, *out = NULL;
    const char *pos[2];
    int json = 0;
    const struct cli_own own[] = {{"--from", NULL, &from, NULL}, {"--to", NULL, &to, NULL},
                                  {"--file", NULL, &file, NULL}, {"--out", NULL, &out, NULL},
                                  {"--json", &json, NULL, NULL}, {NULL, NULL, NULL, NULL}};
    /* The output is --out OUT, as for every command that writes one
     * (trace generate too); the older IN OUT still reads the same. */
    int status = cli_args(cmd, convert_usage, "IN [OUT]", own, argc - 1, argv + 1, pos);
    if (status < 0 && out && pos[1])
        status = cli_usage_error(cmd, "unexpected argument '%s' (--out names OUT)", pos[1]);
    else if (status < 0 && !out && !pos[1])
        status = cli_usage_error(cmd, "missing --out OUT");
    if (status < 0 && out)
        pos[1] = out;
    if (status >= 0 ||
        (from &&
         (status = cli_word_value("trace convert", "--from", "format", from, trace_formats))) ||
        (status = cli_word_value("trace convert", "--to", "format", to, "csv iolog3")))
        return status;
    ssd_trace *tr = NULL;
    status = load("trace convert", "IN", &tr, pos[0], from);
    if (!status && ssd_trace_save(tr, pos[1], to, file) < 0)
        status = cli_error("trace convert", "%s", ssd_trace_errmsg(tr));
    if (!status && json) {
        ssd_json *w = cli_json_begin(0);
        ssd_json_str(w, "in", pos[0]);
        ssd_json_str(w, "from", ssd_trace_format(tr));
        ssd_json_str(w, "out", pos[1]);
        ssd_json_str(w, "to", to);
        ssd_json_u64(w, "ios", ssd_trace_count(tr));
        ssd_json_end_object(w);
        cli_json_put(w, 1);
    } else if (!status)
        printf("%zu I/Os (%s) -> %s (%s)\n", ssd_trace_count(tr), ssd_trace_format(tr), pos[1], to);
    ssd_trace_free(tr);
    return status;
}

static const char generate_usage[] =
    "usage: ssdcore trace generate SCENARIO --out T.csv [--seed N] [--span SIZE]\n"
    "\n"
    "Writes a built-in application scenario ('ssdcore trace scenarios') as an\n"
    "ssdcore trace CSV; --span places it in the first SIZE of the target.\n";

static int trace_generate(int argc, char **argv) {
    const char *cmd = "trace generate", *out = NULL, *seed_text = NULL, *span_text = NULL, *name;
    uint64_t seed = 1, span = 0;
    const struct cli_own own[] = {{"--out", NULL, &out, NULL},
                                  {"--seed", NULL, &seed_text, NULL},
                                  {"--span", NULL, &span_text, NULL},
                                  {NULL, NULL, NULL, NULL}};
    int status =
        cli_args("trace generate", generate_usage, "SCENARIO", own, argc - 1, argv + 1, &name);
    if (status >= 0)
        return status;
    if ((status = parse_seed(cmd, seed_text, &seed)) ||
        (span_text && (status = cli_size_value(cmd, "--span", span_text, &span))))
        return status;
    if (!out)
        return cli_usage_error(cmd, "missing --out T.csv");
    /* an unknown scenario is a usage error, as mkset's unknown set is */
    char names[1024] = "";
    for (size_t i = 0, used = 0; i < ssd_trace_scenario_count() && used < sizeof names; i++)
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? " " : "",
                                 ssd_trace_scenario_name(i));
    if ((status = cli_word_value(cmd, "SCENARIO", "scenario", name, names)))
        return status;
    ssd_trace *tr = NULL;
    if (!(status = load(cmd, "SCENARIO", &tr, NULL, NULL)) &&
        (ssd_trace_generate(tr, name, seed, span) < 0 || ssd_trace_save(tr, out, "csv", NULL) < 0))
        status = cli_error(cmd, "%s", ssd_trace_errmsg(tr));
    ssd_trace_free(tr);
    return status;
}

/* ---- record ---------------------------------------------------------------- */

/* Starts argv[0] (PATH searched); 0, or an errno value when it could not
 * be run. The child gets death_sig when ssdcore dies however it dies (even
 * SIGKILL), so a tracer is never left running as an orphan. */
static int spawn(pid_t *pid, char *const argv[], int death_sig) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) < 0)
        return errno;
    pid_t parent = getpid();
    *pid = fork();
    if (*pid < 0) {
        int e = errno;
        close(fds[0]);
        close(fds[1]);
        return e;
    }
    if (*pid == 0) {
        close(fds[0]);
        /* The stop signals as they were before ssdcore caught them. */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        prctl(PR_SET_PDEATHSIG, death_sig);
        if (getppid() != parent) /* ssdcore died before the prctl */
            _exit(127);
        execvp(argv[0], argv);
        int e = errno;
        (void)!write(fds[1], &e, sizeof e);
        _exit(127);
    }
    close(fds[1]);
    int e = 0;
    ssize_t n;
    while ((n = read(fds[0], &e, sizeof e)) < 0 && errno == EINTR)
        ;
    close(fds[0]);
    if (n == (ssize_t)sizeof e) { /* exec failed */
        while (waitpid(*pid, NULL, 0) < 0 && errno == EINTR)
            ;
        return e;
    }
    return 0;
}

/* Waits for pid. A stop signal ssdcore caught meanwhile (SIGTERM, SIGHUP,
 * Ctrl-C) is passed on to it, once: the command stops as it would have
 * without ssdcore in between, and the recording of what it did is kept. */
static int wait_status(pid_t pid, int forward) {
    int st, sent = 0;
    while (waitpid(pid, &st, 0) < 0) {
        if (errno != EINTR)
            return -1;
        if (forward && !sent && cli_stop_signal()) {
            kill(pid, cli_stop_signal());
            sent = 1;
        }
    }
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

/* Tracing needs debugfs: mount it when it is not there yet. */
static const char *tracing_unavailable(void) {
    struct stat st;
    if (stat("/sys/kernel/debug/block", &st) == 0)
        return NULL;
    if (mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL) == 0 &&
        stat("/sys/kernel/debug/block", &st) == 0)
        return NULL;
    return "block tracing is unavailable here: /sys/kernel/debug/block is missing and debugfs "
           "could not be mounted (needs root and a kernel with CONFIG_BLK_DEV_IO_TRACE)";
}

static const char record_usage[] =
    "usage: ssdcore trace record --device DEV --out T.csv [--json] -- COMMAND...\n"
    "\n"
    "Runs blktrace on the block device DEV while COMMAND runs and writes what\n"
    "it issued as an ssdcore trace CSV (root; where the kernel refuses block\n"
    "tracing, scripts/record_file_traces.sh records through FUSE). Prints what\n"
    "it recorded (as JSON with --json).\n";

static const struct cli_spec record_cli = {.cmd = "trace record", .usage = record_usage};

static int trace_record(int argc, char **argv) {
    const char *dev = NULL, *out = NULL, *cmd = "trace record";
    int json = 0;
    const struct cli_own own[] = {{"--device", NULL, &dev, NULL},
                                  {"--out", NULL, &out, NULL},
                                  {"--json", &json, NULL, NULL},
                                  {NULL, NULL, NULL, NULL}};
    const char **pos = calloc((size_t)argc + 1, sizeof *pos);
    if (!pos)
        return cli_error(cmd, "out of memory for the command line");
    int status = cli_parse(&record_cli, NULL, own, argc - 1, argv + 1, pos), npos = 0, dashes = 2;
    const char *first = pos[0];
    while (pos[npos])
        npos++;
    free(pos);
    while (dashes < argc && strcmp(argv[dashes], "--"))
        dashes++;
    if (status >= 0)
        return status;
    if (npos && npos > argc - dashes - 1) /* an operand before "--" */
        return cli_usage_error(cmd, "unexpected argument '%s' (the command goes after --)", first);
    char **cmdv = argv + dashes + 1;
    if (!dev || !out)
        return cli_missing(cmd, "--device DEV or --out T.csv", 0);
    if (!npos)
        return cli_missing(cmd, "'-- COMMAND...'", 0);
    struct stat st;
    if (stat(dev, &st) < 0)
        return cli_error(cmd, "%s: %s", dev, strerror(errno));
    if (!S_ISBLK(st.st_mode))
        return cli_error(cmd, "%s is not a block device", dev);
    const char *why = tracing_unavailable();
    if (why)
        return cli_error(cmd, "%s", why);
    char dir[] = "/tmp/ssdcore-record-XXXXXX";
    if (!mkdtemp(dir))
        return cli_error(cmd, "cannot make a temporary directory: %s", strerror(errno));
    int err;
    status = 0;
    /* SIGTERM, SIGHUP and Ctrl-C stop the command, then the tracer, and the
     * recording so far is kept; blktrace stops cleanly on SIGINT. */
    cli_catch_sigint(NULL, 0);
    pid_t bt;
    char *btv[] = {"blktrace", "-d", (char *)dev, "-D", dir, "-o", "rec", NULL};
    if ((err = spawn(&bt, btv, SIGINT))) {
        status = cli_error(cmd, "cannot run blktrace (Debian package blktrace): %s", strerror(err));
        goto out;
    }
    /* blktrace is ready once its per-CPU files exist. */
    int ready = 0;
    for (int k = 0; k < 300 && !ready; k++) {
        DIR *d = opendir(dir);
        struct dirent *e;
        while (d && (e = readdir(d)))
            ready |= !strncmp(e->d_name, "rec.blktrace.", 13);
        if (d)
            closedir(d);
        if (!ready && waitpid(bt, NULL, WNOHANG) == bt) {
            status = cli_error("trace record",
                               "blktrace could not trace %s (its message is above): "
                               "block tracing is unavailable here",
                               dev);
            goto out;
        }
        if (!ready && !cli_stop_signal())
            nanosleep(&(struct timespec){0, 10000000}, NULL);
        if (cli_stop_signal())
            break;
    }
    if (!ready || cli_stop_signal()) {
        kill(bt, SIGINT);
        wait_status(bt, 0);
        status = cli_stop_signal()
                     ? cli_run_status(cmd, SSD_EINTERRUPTED, "",
                                      "interrupted before the command started")
                     : cli_error(cmd, "blktrace did not start tracing %s within 3 s", dev);
        goto out;
    }
    pid_t child;
    int cmd_status = -1;
    if (!(err = spawn(&child, cmdv, SIGTERM)))
        cmd_status = wait_status(child, 1);
    sync();
    nanosleep(&(struct timespec){0, 200000000}, NULL);
    kill(bt, SIGINT);
    wait_status(bt, 0);
    if (cmd_status < 0) {
        status = cli_error(cmd, "cannot run %s: %s", cmdv[0], strerror(err));
        goto out;
    }
    char parsed[sizeof dir + 16];
    snprintf(parsed, sizeof parsed, "%s/parsed.txt", dir);
    char *bpv[] = {"blkparse", "-q", "-i", "rec", "-D", dir, "-o", parsed, NULL};
    pid_t bp;
    if (spawn(&bp, bpv, SIGTERM) || wait_status(bp, 0) != 0) {
        status = cli_error(cmd, "blkparse failed on the recording in %s", dir);
        goto out;
    }
    ssd_trace *tr = NULL;
    if (!(status = load(cmd, "DEVICE", &tr, parsed, "blkparse")) &&
        ssd_trace_save(tr, out, "csv", NULL) < 0)
        status = cli_error(cmd, "%s", ssd_trace_errmsg(tr));
    else if (!status && json) {
        ssd_json *w = cli_json_begin(0);
        ssd_json_str(w, "device", dev);
        ssd_json_str(w, "command", cmdv[0]);
        ssd_json_u64(w, "command_exit", (uint64_t)cmd_status);
        ssd_json_str(w, "out", out);
        ssd_json_u64(w, "ios", ssd_trace_count(tr));
        ssd_json_end_object(w);
        cli_json_put(w, 1);
    } else if (!status)
        printf("%zu I/Os recorded on %s while '%s' ran (exit %d) -> %s\n", ssd_trace_count(tr), dev,
               cmdv[0], cmd_status, out);
    ssd_trace_free(tr);
    if (!status && cli_stop_signal())
        status = cli_run_status(cmd, SSD_EINTERRUPTED, "",
                                "interrupted: the trace holds what the command did until then");
    else if (!status && cmd_status)
        status = cli_error(cmd, "the command exited with status %d", cmd_status);
out:
    nftw(dir, remove_one, 8, FTW_DEPTH | FTW_PHYS); /* the raw recording goes */
    return status;
}

static const char trace_about[] =
    "TRACE is an ssdcore trace CSV, a fio iolog (v2, v3) or blkparse text (detected),\n"
    "scenario:NAME, or filetest:NAME[@SET_SIZE] (a recorded file test, repeated to\n"
    "SET_SIZE). 'ssdcore trace COMMAND --help' describes each.\n";

static const char scenarios_usage[] = "usage: ssdcore trace scenarios [--json]\n"
                                      "\n"
                                      "The built-in application scenarios (scenario:NAME).\n"
                                      "  --json   print them as JSON\n";

static const char filetests_usage[] =
    "usage: ssdcore trace filetests [--json]\n"
    "\n"
    "The built-in recorded file tests (filetest:NAME[@SET_SIZE]) and the set and\n"
    "device sizes they were recorded with.\n"
    "  --json   print them as JSON\n";

static int scenario_item(ssd_json *w, int json, size_t i) {
    if (!json)
        printf("%-22s %s\n", ssd_trace_scenario_name(i), ssd_trace_scenario_describe(i));
    ssd_json_begin_object(w, NULL);
    ssd_json_str(w, "name", ssd_trace_scenario_name(i));
    ssd_json_str(w, "description", ssd_trace_scenario_describe(i));
    ssd_json_end_object(w);
    return 0;
}

static int trace_scenarios(int argc, char **argv) {
    return cli_list("trace scenarios", scenarios_usage, argc, argv, ssd_trace_scenario_count(),
                    scenario_item);
}

static int filetest_item(ssd_json *w, int json, size_t i) {
    uint64_t set = 0, dev = 0;
    const char *name = ssd_trace_filetest_name(i);
    int damaged = ssd_trace_filetest_sizes(name, &set, &dev) != 0;
    if (!json && damaged)
        printf("%-16s (its recorded sizes are missing: a damaged build)\n", name);
    else if (!json)
        printf("%-16s recorded with a %llu MiB set on a %llu MiB ext4 loop device\n", name,
               (unsigned long long)(set >> 20), (unsigned long long)(dev >> 20));
    ssd_json_begin_object(w, NULL);
    ssd_json_str(w, "name", name);
    damaged ? ssd_json_null(w, "set_bytes") : ssd_json_u64(w, "set_bytes", set);
    damaged ? ssd_json_null(w, "device_bytes") : ssd_json_u64(w, "device_bytes", dev);
    ssd_json_end_object(w);
    return 0;
}

static int trace_filetests(int argc, char **argv) {
    return cli_list("trace filetests", filetests_usage, argc, argv, ssd_trace_filetest_count(),
                    filetest_item);
}

int cmd_trace(int argc, char **argv) {
    static const struct cli_verb verbs[] = {
        {"info", trace_info, "the characteristics of a trace"},
        {"convert", trace_convert, "convert between trace formats (fio iolog, blkparse, CSV)"},
        {"generate", trace_generate, "write a built-in application scenario as a trace CSV"},
        {"scenarios", trace_scenarios, "the built-in application scenarios"},
        {"filetests", trace_filetests, "the built-in recorded file tests"},
        {"record", trace_record, "record a device's I/O with blktrace while a command runs"}};
    return cli_verbs("trace", trace_about, verbs, sizeof verbs / sizeof *verbs, argc, argv);
}

/* ---- replay ---------------------------------------------------------------- */

CLI_HANDLE(replay, replay)

static const char replay_usage[] =
    "usage: ssdcore replay TRACE --target URI [options] [--format csv|iolog|blkparse]\n"
    "              [--json]\n"
    "       ssdcore replay --apps --target URI [--timing T] [--seed N] [--json]\n"
    "       ssdcore replay --fsd --target URI [--scale F] [--seed N] [--json]\n"
    "Replays a trace (ssdcore CSV, fio iolog, blkparse text, scenario:NAME or\n"
    "filetest:NAME[@SET_SIZE]) and prints the results (as JSON with --json);\n"
    "--apps replays every built-in application scenario, as-recorded unless\n"
    "--timing says otherwise (PCMark 8's way: think time stays), and prints\n"
    "per-trace bandwidth and the score (bytes / busy time); --fsd runs the\n"
    "PCMark 10 Full System Drive-like traces (start-ups, applications, 20 GB and\n"
    "2.37 GB copies onto, inside and off the drive, sizes times --scale, and\n"
    "below 1 the applications' think time too: 11.5 minutes at full length) and\n"
    "prints per-trace bandwidth and access time and the combined score\n"
    "(docs/traces.md).\n";

static const struct cli_spec replay_cli = {
    .cmd = "replay",
    .usage = replay_usage,
    .options = ssd_replay_options,
    .heading =
        "replay options (ssd_replay_set_option's keys, and ssdcore.replay()'s, with _ for -):",
    .target = 1};

int cmd_replay(int argc, char **argv) {
    const char *format = NULL, *scale_text = NULL, *seed_text = NULL, *uri;
    const char **pos = calloc((size_t)argc + 1, sizeof *pos);
    int apps = 0, fsd = 0, json_out = 0, status;
    uint64_t seed = 1;
    const struct cli_own own[] = {{"--format", NULL, &format, NULL},
                                  {"--apps", &apps, NULL, NULL},
                                  {"--fsd", &fsd, NULL, NULL},
                                  {"--scale", NULL, &scale_text, NULL},
                                  {"--seed", NULL, &seed_text, NULL},
                                  {"--json", &json_out, NULL, NULL},
                                  {NULL, NULL, NULL, NULL}};
    struct cli_table rt;
    ssd_target *t = NULL;
    ssd_trace *tr = NULL;
    ssd_replay *r = NULL;
    if (!pos)
        return cli_error("replay", "out of memory for the command line");
    if ((status = cli_read(&replay_cli, &rt, own, argc, argv, pos)) >= 0)
        goto out;
    if ((status = parse_seed("replay", seed_text, &seed)) ||
        (format &&
         (status = cli_word_value("replay", "--format", "format", format, trace_formats))))
        goto out;
    char *end = NULL;
    double scale = scale_text ? strtod(scale_text, &end) : 1;
    if (scale_text && (end == scale_text || *end || !(scale > 0) || scale > 10)) {
        status = cli_usage_error("replay", "--scale: '%s' is not a number in (0, 10]", scale_text);
        goto out;
    }
    const char *trace_path = apps || fsd ? NULL : pos[0];
    if (apps && fsd)
        status = cli_usage_error("replay", "--apps and --fsd: pick one");
    else if (scale != 1 && !fsd)
        status = cli_usage_error("replay", "--scale is for --fsd");
    else if (!apps && !fsd && !trace_path)
        status = cli_missing("replay", "TRACE", 0);
    else
        status = cli_target_operand("replay", pos + (trace_path != NULL), "--target", &uri);
    /* the trace and the replay's options before the target is opened: an
     * unknown scenario or a value an option refuses (--apps --timing too)
     * is a usage error that must not create or lay out a file target first */
    if (status || (status = load("replay", "TRACE", &tr, trace_path, format)) ||
        (status = cli_target_create("replay", &t)))
        goto out;
    if (ssd_replay_create(&r, t, tr))
        status = cli_error("replay", "out of memory creating the replay");
    if (status || (status = cli_table_apply(&rt, "replay", r, replay_set_option, replay_errmsg, 1)))
        goto out;
    cli_catch_sigint(NULL, 0);
    if ((status = cli_target_open("replay", t, uri)))
        goto out;
    if (apps || fsd) {
        char *json = NULL, err[600];
        int rc =
            apps ? ssd_replay_apps_json(t, cli_table_value(&rt, "timing"), seed, SSD_JSON_COMPACT,
                                        &json, err, sizeof err)
                 : ssd_replay_fsd_json(t, scale, seed, SSD_JSON_COMPACT, &json, err, sizeof err);
        if (rc == 0)
            cli_print_result(json, json_out);
        ssd_free(json);
        status = cli_run_status("replay", rc, err, "interrupted");
        goto out;
    }
    int rc = ssd_replay_run(r);
    char *json = NULL;
    if ((rc == 0 || rc == SSD_EINTERRUPTED) && ssd_replay_to_json(r, SSD_JSON_COMPACT, &json) == 0)
        cli_print_result(json, json_out);
    ssd_free(json);
    status = cli_run_status("replay", rc, ssd_replay_errmsg(r),
                            "interrupted: the results cover the I/Os completed so far");
out:
    ssd_replay_free(r);
    ssd_trace_free(tr);
    ssd_target_free(t);
    cli_table_free(&rt);
    free(pos);
    return status;
}
