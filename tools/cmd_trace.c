/* cmd_trace.c - `ssdcore trace` (info, convert, generate, scenarios,
 * record) and `ssdcore replay`. */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <ssdcore.h>

#include "cli_target.h"
#include "commands.h"

extern char **environ;

static int load(const char *cmd, ssd_trace *tr, const char *path, const char *format) {
    int rc;
    if (!strncmp(path, "scenario:", 9))
        rc = ssd_trace_generate(tr, path + 9, 1, 0);
    else if (!strncmp(path, "filetest:", 9)) {
        /* filetest:NAME or filetest:NAME@SET_SIZE */
        char name[64];
        uint64_t set_bytes = 0;
        const char *at = strchr(path + 9, '@');
        size_t n = at ? (size_t)(at - path - 9) : strlen(path + 9);
        if (n >= sizeof name)
            return cli_usage_error(cmd, "%s: no such file test (ssdcore trace filetests)", path);
        memcpy(name, path + 9, n);
        name[n] = 0;
        if (at && (ssd_parse_size(at + 1, &set_bytes) || !set_bytes))
            return cli_usage_error(cmd, "%s: '%s' is not a set size like 8g", path, at + 1);
        rc = ssd_trace_filetest(tr, name, set_bytes);
    } else
        rc = ssd_trace_load(tr, path, format);
    return rc < 0 ? cli_error(cmd, "%s", ssd_trace_errmsg(tr)) : 0;
}

static int trace_info(int argc, char **argv) {
    const char *format = NULL;
    if (argc == 4 && !strncmp(argv[3], "--format=", 9))
        format = argv[3] + 9;
    else if (argc != 3)
        return cli_usage_error("trace", "usage: ssdcore trace info TRACE [--format=F]");
    ssd_trace *tr;
    if (ssd_trace_create(&tr))
        return cli_error("trace", "out of memory");
    int status = load("trace", tr, argv[2], format);
    char *json = NULL;
    if (!status && ssd_trace_summary_json(tr, &json) == 0)
        puts(json);
    ssd_free(json);
    ssd_trace_free(tr);
    return status;
}

static int trace_convert(int argc, char **argv) {
    static const struct option opts[] = {{"from", required_argument, NULL, 'f'},
                                         {"to", required_argument, NULL, 't'},
                                         {"file", required_argument, NULL, 'n'},
                                         {NULL, 0, NULL, 0}};
    const char *from = NULL, *to = "csv", *file = NULL;
    int c;
    optind = 2;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        if (c == 'f')
            from = optarg;
        else if (c == 't')
            to = optarg;
        else if (c == 'n')
            file = optarg;
        else
            return cli_usage_error("trace", "bad arguments (see ssdcore trace --help)");
    }
    if (optind + 2 != argc)
        return cli_usage_error("trace", "usage: ssdcore trace convert IN OUT [--from F] [--to "
                                        "csv|iolog3] [--file NAME]");
    ssd_trace *tr;
    if (ssd_trace_create(&tr))
        return cli_error("trace", "out of memory");
    int status = load("trace", tr, argv[optind], from);
    if (!status && ssd_trace_save(tr, argv[optind + 1], to, file) < 0)
        status = cli_error("trace", "%s", ssd_trace_errmsg(tr));
    if (!status)
        printf("%zu I/Os (%s) -> %s (%s)\n", ssd_trace_count(tr), ssd_trace_format(tr),
               argv[optind + 1], to);
    ssd_trace_free(tr);
    return status;
}

static int trace_generate(int argc, char **argv) {
    static const struct option opts[] = {{"out", required_argument, NULL, 'o'},
                                         {"seed", required_argument, NULL, 's'},
                                         {"span", required_argument, NULL, 'p'},
                                         {NULL, 0, NULL, 0}};
    const char *out = NULL;
    uint64_t seed = 1, span = 0;
    int c;
    optind = 2;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        if (c == 'o')
            out = optarg;
        else if (c == 's') {
            if (ssd_parse_size(optarg, &seed))
                return cli_usage_error("trace", "--seed: '%s' is not a number", optarg);
        } else if (c == 'p') {
            if (ssd_parse_size(optarg, &span))
                return cli_usage_error("trace", "--span: '%s' is not a size", optarg);
        } else
            return cli_usage_error("trace", "bad arguments (see ssdcore trace --help)");
    }
    if (optind + 1 != argc || !out)
        return cli_usage_error("trace", "usage: ssdcore trace generate SCENARIO --out T.csv "
                                        "[--seed N] [--span SIZE]");
    ssd_trace *tr;
    if (ssd_trace_create(&tr))
        return cli_error("trace", "out of memory");
    int status = 0;
    if (ssd_trace_generate(tr, argv[optind], seed, span) < 0 ||
        ssd_trace_save(tr, out, "csv", NULL) < 0)
        status = cli_error("trace", "%s", ssd_trace_errmsg(tr));
    ssd_trace_free(tr);
    return status;
}

/* ---- record ---------------------------------------------------------------- */

static int spawn(pid_t *pid, char *const argv[]) {
    return posix_spawnp(pid, argv[0], NULL, NULL, argv, environ);
}

static int wait_status(pid_t pid) {
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
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

static int trace_record(int argc, char **argv) {
    const char *dev = NULL, *out = NULL;
    int i = 2;
    for (; i < argc && strcmp(argv[i], "--"); i++) {
        if (!strcmp(argv[i], "--device") && i + 1 < argc)
            dev = argv[++i];
        else if (!strcmp(argv[i], "--out") && i + 1 < argc)
            out = argv[++i];
        else
            return cli_usage_error("trace",
                                   "record: unexpected '%s' (usage: ssdcore trace "
                                   "record --device DEV --out T.csv -- COMMAND...)",
                                   argv[i]);
    }
    if (!dev || !out || i + 1 >= argc)
        return cli_usage_error("trace", "usage: ssdcore trace record --device DEV --out T.csv -- "
                                        "COMMAND...");
    char **cmdv = argv + i + 1;
    struct stat st;
    if (stat(dev, &st) < 0)
        return cli_error("trace", "record: %s: %s", dev, strerror(errno));
    if (!S_ISBLK(st.st_mode))
        return cli_error("trace", "record: %s is not a block device", dev);
    const char *why = tracing_unavailable();
    if (why)
        return cli_error("trace", "record: %s", why);
    char dir[] = "/tmp/ssdcore-record-XXXXXX";
    if (!mkdtemp(dir))
        return cli_error("trace", "record: cannot make a temporary directory: %s", strerror(errno));
    int status = 0;
    pid_t bt;
    char *btv[] = {"blktrace", "-d", (char *)dev, "-D", dir, "-o", "rec", NULL};
    if (spawn(&bt, btv)) {
        status = cli_error("trace", "record: cannot run blktrace (Debian package blktrace): %s",
                           strerror(errno));
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
        int st2;
        if (!ready && waitpid(bt, &st2, WNOHANG) == bt) {
            (void)st2;
            status = cli_error("trace",
                               "record: blktrace could not trace %s (its message is above): "
                               "block tracing is unavailable here",
                               dev);
            goto out;
        }
        if (!ready)
            nanosleep(&(struct timespec){0, 10000000}, NULL);
    }
    if (!ready) {
        kill(bt, SIGINT);
        wait_status(bt);
        status = cli_error("trace", "record: blktrace did not start tracing %s within 3 s", dev);
        goto out;
    }
    pid_t child;
    int cmd_status = -1;
    if (spawn(&child, cmdv) == 0)
        cmd_status = wait_status(child);
    sync();
    nanosleep(&(struct timespec){0, 200000000}, NULL);
    kill(bt, SIGINT);
    wait_status(bt);
    if (cmd_status < 0) {
        status = cli_error("trace", "record: cannot run %s: %s", cmdv[0], strerror(errno));
        goto out;
    }
    char parsed[sizeof dir + 16];
    snprintf(parsed, sizeof parsed, "%s/parsed.txt", dir);
    char *bpv[] = {"blkparse", "-q", "-i", "rec", "-D", dir, "-o", parsed, NULL};
    pid_t bp;
    if (spawn(&bp, bpv) || wait_status(bp) != 0) {
        status = cli_error("trace", "record: blkparse failed on the recording in %s", dir);
        goto out;
    }
    ssd_trace *tr;
    if (ssd_trace_create(&tr)) {
        status = cli_error("trace", "out of memory");
        goto out;
    }
    if (ssd_trace_load(tr, parsed, "blkparse") < 0 || ssd_trace_save(tr, out, "csv", NULL) < 0)
        status = cli_error("trace", "record: %s", ssd_trace_errmsg(tr));
    else
        printf("%zu I/Os recorded on %s while '%s' ran (exit %d) -> %s\n", ssd_trace_count(tr), dev,
               cmdv[0], cmd_status, out);
    ssd_trace_free(tr);
    if (!status && cmd_status)
        status = cli_error("trace", "record: the command exited with status %d", cmd_status);
out:;
    /* Remove the raw recording. */
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char p[sizeof dir + 300];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    if (d)
        closedir(d);
    rmdir(dir);
    return status;
}

int cmd_trace(int argc, char **argv) {
    const char *sub = argc > 1 ? argv[1] : "";
    if (!strcmp(sub, "info"))
        return trace_info(argc, argv);
    if (!strcmp(sub, "convert"))
        return trace_convert(argc, argv);
    if (!strcmp(sub, "generate"))
        return trace_generate(argc, argv);
    if (!strcmp(sub, "record"))
        return trace_record(argc, argv);
    if (!strcmp(sub, "scenarios")) {
        for (int i = 0; i < ssd_trace_scenario_count(); i++)
            printf("%-22s %s\n", ssd_trace_scenario_name(i), ssd_trace_scenario_describe(i));
        return 0;
    }
    if (!strcmp(sub, "filetests")) {
        for (int i = 0; i < ssd_trace_filetest_count(); i++) {
            uint64_t set = 0, dev = 0;
            const char *name = ssd_trace_filetest_name(i);
            if (ssd_trace_filetest_sizes(name, &set, &dev)) {
                printf("%-16s (its recorded sizes are missing: a damaged build)\n", name);
                continue;
            }
            printf("%-16s recorded with a %llu MiB set on a %llu MiB ext4 loop device\n", name,
                   (unsigned long long)(set >> 20), (unsigned long long)(dev >> 20));
        }
        return 0;
    }
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h")) {
        puts("usage: ssdcore trace info TRACE               characteristics as JSON\n"
             "       ssdcore trace convert IN OUT [--from csv|iolog|blkparse] [--to csv|iolog3]\n"
             "                                   [--file NAME]   (iolog3: the file fio opens)\n"
             "       ssdcore trace generate SCENARIO --out T.csv [--seed N] [--span SIZE]\n"
             "       ssdcore trace scenarios           the built-in application scenarios\n"
             "       ssdcore trace filetests           the built-in recorded file tests\n"
             "       ssdcore trace record --device DEV --out T.csv -- COMMAND...\n"
             "TRACE is an ssdcore trace CSV, a fio iolog (v2, v3) or blkparse text (detected),\n"
             "scenario:NAME, or filetest:NAME[@SET_SIZE] (a recorded file test, repeated to\n"
             "SET_SIZE). record runs blktrace on DEV while COMMAND runs; where the kernel\n"
             "refuses block tracing, scripts/record_file_traces.sh records through FUSE.");
        return 0;
    }
    return cli_usage_error("trace",
                           "unknown subcommand '%s' (info, convert, generate, "
                           "scenarios, filetests, record; see ssdcore trace --help)",
                           sub);
}

/* ---- replay ---------------------------------------------------------------- */

int cmd_replay(int argc, char **argv) {
    enum {
        O_TIMING = 1,
        O_QD,
        O_OFFSET,
        O_SPAN,
        O_INTERVAL,
        O_ENGINE,
        O_RECORD,
        O_LOG,
        O_WRITTEN_BEFORE,
        O_PRECONDITION,
        O_FORMAT,
        O_APPS,
        O_SEED
    };
    static const struct option opts[] = {
        {"target", required_argument, NULL, CLI_OPT_TARGET},
        {"timing", required_argument, NULL, O_TIMING},
        {"qd", required_argument, NULL, O_QD},
        {"offset", required_argument, NULL, O_OFFSET},
        {"span", required_argument, NULL, O_SPAN},
        {"interval", required_argument, NULL, O_INTERVAL},
        {"engine", required_argument, NULL, O_ENGINE},
        {"record", required_argument, NULL, O_RECORD},
        {"log", required_argument, NULL, O_LOG},
        {"written-before", required_argument, NULL, O_WRITTEN_BEFORE},
        {"precondition", required_argument, NULL, O_PRECONDITION},
        {"format", required_argument, NULL, O_FORMAT},
        {"apps", no_argument, NULL, O_APPS},
        {"seed", required_argument, NULL, O_SEED},
        CLI_TARGET_LONG_OPTS,
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    static const char *const keys[] = {NULL,   "timing",         "qd",          "offset",
                                       "span", "interval",       "engine",      "record",
                                       "log",  "written_before", "precondition"};
    const char *vals[11] = {0}, *format = NULL;
    struct cli_target_args ta = {0};
    int apps = 0, c;
    uint64_t seed = 1;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (cli_target_option(&ta, c, optarg))
            continue;
        if (c >= O_TIMING && c <= O_PRECONDITION)
            vals[c] = optarg;
        else if (c == O_FORMAT)
            format = optarg;
        else if (c == O_APPS)
            apps = 1;
        else if (c == O_SEED) {
            if (ssd_parse_size(optarg, &seed))
                return cli_usage_error("replay", "--seed: '%s' is not a number", optarg);
        } else if (c == 'h') {
            puts("usage: ssdcore replay TRACE --target URI [--timing no-idle|as-recorded|scale=F]\n"
                 "              [--qd recorded|N] [--offset SIZE] [--span SIZE] [--interval T]\n"
                 "              [--engine auto|io_uring|psync] [--record ISSUED.csv]\n"
                 "              [--log SERIES.csv] [--format csv|iolog|blkparse]\n"
                 "              [--written-before SIZE] [--precondition none|seq_fill|...]\n"
                 "              [--size-file SIZE] [--destroy-data] [--buffered]\n"
                 "       ssdcore replay --apps --target URI [--timing T] [--seed N]\n"
                 "Replays a trace (ssdcore CSV, fio iolog, blkparse text, scenario:NAME or\n"
                 "filetest:NAME[@SET_SIZE]) and\n"
                 "prints the results as JSON; --apps replays every built-in application scenario\n"
                 "and prints per-trace bandwidth and the score (bytes / busy time).");
            return 0;
        } else
            return cli_usage_error("replay", "bad arguments (see ssdcore replay --help)");
    }
    const char *trace_path = NULL;
    if (!apps) {
        if (optind >= argc)
            return cli_usage_error("replay", "no TRACE given (see ssdcore replay --help)");
        trace_path = argv[optind++];
    }
    if (!ta.uri) {
        if (optind >= argc)
            return cli_usage_error("replay", "no target: pass --target URI");
        ta.uri = argv[optind++];
    }
    if (optind != argc)
        return cli_usage_error("replay", "unexpected argument '%s'", argv[optind]);
    ssd_target *t;
    int status = cli_target_create("replay", &ta, &t);
    if (status)
        return status;
    cli_catch_sigint(NULL);
    if ((status = cli_target_open("replay", t, ta.uri))) {
        ssd_target_free(t);
        return status;
    }
    if (apps) {
        char *json = NULL, err[600];
        int rc = ssd_replay_apps_json(t, vals[O_TIMING], seed, &json, err, sizeof err);
        if (rc == 0)
            puts(json);
        ssd_free(json);
        ssd_target_free(t);
        return cli_run_status("replay", rc, err, "interrupted");
    }
    ssd_trace *tr = NULL;
    ssd_replay *r = NULL;
    if (ssd_trace_create(&tr)) {
        ssd_target_free(t);
        return cli_error("replay", "out of memory");
    }
    status = load("replay", tr, trace_path, format);
    if (!status && ssd_replay_create(&r, t, tr))
        status = cli_error("replay", "out of memory");
    for (int k = O_TIMING; k <= O_PRECONDITION && !status; k++)
        if (vals[k] && ssd_replay_set_option(r, keys[k], vals[k]) < 0)
            status = cli_usage_error("replay", "--%s: %s", keys[k], ssd_replay_errmsg(r));
    if (!status) {
        int rc = ssd_replay_run(r);
        char *json = NULL;
        if ((rc == 0 || rc == SSD_EINTERRUPTED) && ssd_replay_results_json(r, &json) == 0)
            puts(json);
        ssd_free(json);
        status = cli_run_status("replay", rc, ssd_replay_errmsg(r),
                                "interrupted: the results cover the I/Os completed so far");
    }
    ssd_replay_free(r);
    ssd_trace_free(tr);
    ssd_target_free(t);
    return status;
}
