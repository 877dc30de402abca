/* cmd_trim.c - `ssdcore trim`, `idle`, `purge` and `precondition`: the
 * target operations the methodology puts between workloads. */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "cli.h"

static const char trim_usage[] =
    "usage: ssdcore trim TARGET [--offset SIZE] [--length SIZE] [--no-fitrim]\n"
    "                    [--destroy-data] [--json]\n"
    "Discards the range (default: the whole target): BLKDISCARD on a device, a\n"
    "punched hole in a file. The data in the range is lost (a device, or a file\n"
    "ssdcore did not make, needs --destroy-data; a sim: drive does not). A hole reaches the SSD\n"
    "only through a filesystem mounted with discard, or a FITRIM of its free space\n"
    "(as fstrim does; needs root), which follows unless --no-fitrim. Prints how the\n"
    "TRIM reached the drive, or a warning saying why it did not (as JSON with --json:\n"
    "the range trimmed and how it reached the drive).\n";

int cmd_trim(int argc, char **argv) {
    const char *off_s = "0", *len_s = NULL, *target;
    int destroy = 0, no_fitrim = 0, json = 0;
    const struct cli_own own[] = {{"--offset", NULL, &off_s, NULL},
                                  {"--length", NULL, &len_s, NULL},
                                  {"--destroy-data", &destroy, NULL, NULL},
                                  {"--no-fitrim", &no_fitrim, NULL, NULL},
                                  {"--json", &json, NULL, NULL},
                                  {NULL, NULL, NULL, NULL}};
    int status = cli_args("trim", trim_usage, "TARGET", own, argc, argv, &target);
    if (status >= 0)
        return status;
    uint64_t off = 0, len = 0;
    if ((status = cli_size_value("trim", "--offset", off_s, &off)) ||
        (len_s && (status = cli_size_value("trim", "--length", len_s, &len))))
        return status;
    ssd_target *t = cli_open_target("trim", target, 1, destroy, no_fitrim, &status);
    if (!t)
        return status;
    if (!len_s)
        len = off < ssd_target_size(t) ? ssd_target_size(t) - off : 0;
    ssd_trim_reach r = {.size = sizeof r};
    int reached = 0;
    if (ssd_target_trim(t, off, len) < 0) {
        status = cli_error("trim", "%s", ssd_target_errmsg(t));
        goto out;
    }
    reached = ssd_target_trim_reach(t, &r) == 0 && r.reached == 1;
    if (json) {
        ssd_json *w = cli_json_begin(0);
        ssd_json_str(w, "target", target);
        ssd_json_u64(w, "offset_bytes", off);
        ssd_json_u64(w, "trimmed_bytes", len);
        ssd_json_bool(w, "reached_drive", reached);
        ssd_json_str(w, "how", r.how);
        ssd_json_end_object(w);
        cli_json_put(w, 1);
    }
    if (reached && !json)
        printf("TRIM reached the drive: %s\n", r.how);
    else if (!reached)
        fprintf(stderr,
                "ssdcore trim: warning: the TRIM did not reach the drive (%s; %s on %s, "
                "mount options %s)\n",
                r.how, r.fs_type, r.mount_point, r.mount_options);
out:
    ssd_target_free(t);
    return status;
}

int cmd_idle(int argc, char **argv) {
    static const char usage[] =
        "usage: ssdcore idle TARGET DURATION\n"
        "Leaves the target idle (e.g. 15m) so the drive can collect garbage;\n"
        "virtual time on sim: targets. Ctrl-C ends it early.\n";
    const struct cli_own own[] = {{NULL, NULL, NULL, NULL}};
    const char *pos[2];
    int status = cli_args("idle", usage, "TARGET DURATION", own, argc, argv, pos);
    if (status >= 0)
        return status;
    double s;
    const char *target = pos[0], *duration = pos[1];
    if ((status = cli_duration_value("idle", "DURATION", duration, &s)))
        return status;
    ssd_target *t = cli_open_target("idle", target, 0, 0, 0, &status);
    if (!t)
        return status;
    struct sigaction old;
    cli_catch_sigint(&old, 0);
    int rc = ssd_target_idle(t, s);
    sigaction(SIGINT, &old, NULL);
    /* interrupted: 128 + the signal, as for an interrupted job or suite */
    status = cli_run_status("idle", rc, ssd_target_errmsg(t), "interrupted");
    ssd_target_free(t);
    return status;
}

int cmd_purge(int argc, char **argv) {
    static const char usage[] =
        "usage: ssdcore purge TARGET [--destroy-data] [--json]\n"
        "Purges the target (a sanitize, as SNIA PTS starts each test): secure discard\n"
        "of the whole device (a plain discard where it has none), the whole file\n"
        "punched, a sim: drive back to fresh. All of its data is lost (a device, or\n"
        "a file ssdcore did not make, needs --destroy-data). Prints how (as JSON\n"
        "with --json).\n";
    const char *target;
    int destroy = 0, json = 0;
    const struct cli_own own[] = {{"--destroy-data", &destroy, NULL, NULL},
                                  {"--json", &json, NULL, NULL},
                                  {NULL, NULL, NULL, NULL}};
    int status = cli_args("purge", usage, "TARGET", own, argc, argv, &target);
    if (status >= 0)
        return status;
    ssd_target *t = cli_open_target("purge", target, 1, destroy, 0, &status);
    if (!t)
        return status;
    const char *how = "";
    if (ssd_target_purge(t, &how) < 0)
        status = cli_error("purge", "%s", ssd_target_errmsg(t));
    else if (json) {
        ssd_json *w = cli_json_begin(0);
        ssd_json_str(w, "target", target);
        ssd_json_u64(w, "purged_bytes", ssd_target_size(t));
        ssd_json_str(w, "how", how);
        ssd_json_end_object(w);
        cli_json_put(w, 1);
    } else
        printf("purged %s (%s)\n", target, how);
    ssd_target_free(t);
    return status;
}

static int precondition_progress(void *user, const ssd_progress *p) {
    (void)user;
    fprintf(stderr, "\r  %7.1f s  %8.1f GiB  %9.1f MB/s  ", p->elapsed_s,
            (double)p->bytes / 1073741824.0, p->bw_bps / 1e6);
    fflush(stderr);
    return 0;
}

static const char precondition_usage[] =
    "usage: ssdcore precondition TARGET [--kind seq_fill|random_fill] [--loops N]\n"
    "                            [--destroy-data] [--json] [--no-progress]\n"
    "       ssdcore precondition TARGET --level P% | --bytes SIZE [--destroy-data]\n"
    "Fills the whole target as SNIA PTS preconditions a drive: seq_fill writes it\n"
    "sequentially in 128 KiB blocks at QD32, random_fill in 4 KiB random writes at\n"
    "QD32 (every block once per loop), N times over (default 2). --level 90% (or\n"
    "--bytes SIZE) fills the drive to a level instead, as a suite's `fill` step\n"
    "does: its first P % written once sequentially (kind fill). A sim: drive\n"
    "takes it in bulk in milliseconds; a real one takes hours (a device, or a\n"
    "file ssdcore did not make, needs --destroy-data). Prints the bytes\n"
    "written: what a later run's analysis needs as --written-before. A sim: drive\n"
    "lives only as long as the command: the next command opens a fresh one, so\n"
    "precondition it in the suite file that tests it (`precondition kind=...`)\n"
    "or on a Python ssdcore.Target (a note on stderr says so). The kinds are the\n"
    "words every precondition takes (docs/simulator.md).\n";

int cmd_precondition(int argc, char **argv) {
    const char *kind = NULL, *loops_s = "2", *level_s = NULL, *bytes_s = NULL, *target;
    int destroy = 0, json = 0;
    const struct cli_own own[] = {{"--kind", NULL, &kind, NULL},
                                  {"--loops", NULL, &loops_s, NULL},
                                  {"--level", NULL, &level_s, NULL},
                                  {"--bytes", NULL, &bytes_s, NULL},
                                  {"--destroy-data", &destroy, NULL, NULL},
                                  {"--json", &json, NULL, NULL},
                                  CLI_NO_PROGRESS,
                                  {NULL, NULL, NULL, NULL}};
    int status = cli_args("precondition", precondition_usage, "TARGET", own, argc, argv, &target);
    if (status >= 0)
        return status;
    int progress = cli_progress_wanted();
    int fill = level_s || bytes_s;
    if (level_s && bytes_s)
        return cli_usage_error("precondition", "--level and --bytes: give one");
    if (fill && kind && strcmp(kind, "fill"))
        return cli_usage_error("precondition",
                               "--level and --bytes fill the drive (kind fill), "
                               "not kind '%s'",
                               kind);
    if (!fill && kind && !strcmp(kind, "fill"))
        return cli_usage_error("precondition", "kind fill needs --level P%% or --bytes SIZE");
    if (!kind)
        kind = fill ? "fill" : "seq_fill";
    /* the library refuses another kind too, but as a failure (exit 1) */
    if (!fill && (status = cli_word_value("precondition", "--kind", "kind", kind,
                                          "seq_fill random_fill fill")))
        return status;
    double pct = NAN;
    uint64_t fill_bytes = 0;
    if (level_s) {
        char *e;
        errno = 0;
        pct = strtod(level_s, &e);
        if (e == level_s || errno || (*e && strcmp(e, "%")) || !(pct > 0 && pct <= 100))
            return cli_usage_error(
                "precondition", "--level: '%s' is not a percentage in (0, 100] ('90%%')", level_s);
    } else if (bytes_s &&
               (status = cli_size_value("precondition", "--bytes", bytes_s, &fill_bytes))) {
        return status;
    } else if (bytes_s && fill_bytes == 0) {
        return cli_usage_error("precondition", "--bytes: 0 is below 1");
    }
    char *end;
    unsigned long loops = strtoul(loops_s, &end, 10);
    if (end == loops_s || *end || loops < 1 || loops > 64)
        return cli_usage_error("precondition", "--loops: %s is outside 1..64", loops_s);
    ssd_target *t = cli_open_target("precondition", target, 1, destroy, 0, &status);
    if (!t)
        return status;
    uint64_t written = 0;
    struct sigaction old;
    cli_catch_sigint(&old, 0);
    ssd_progress_fn fn = progress ? precondition_progress : NULL;
    uint64_t size = ssd_target_size(t);
    if (level_s)
        fill_bytes = (uint64_t)((double)size * pct / 100.0);
    int rc = fill ? ssd_target_fill(t, fill_bytes, &written, fn, NULL)
                  : ssd_target_precondition(t, kind, (unsigned)loops, &written, fn, NULL);
    sigaction(SIGINT, &old, NULL);
    if (progress)
        fputc('\n', stderr);
    status = cli_run_status("precondition", rc, ssd_target_errmsg(t),
                            "interrupted after %llu bytes", (unsigned long long)written);
    if (!status && json) {
        ssd_json *w = cli_json_begin(0);
        ssd_json_str(w, "kind", kind);
        ssd_json_u64(w, fill ? "fill_bytes" : "loops", fill ? fill_bytes : loops);
        ssd_json_u64(w, "written_bytes", written);
        if (fill)
            ssd_json_num(w, "fill_level_pct", 100.0 * (double)written / (double)size, -1);
        ssd_json_end_object(w);
        cli_json_put(w, 1);
    } else if (!status && fill) {
        printf("fill: wrote %llu bytes (%.1f GiB, %.1f %% of the target)\n",
               (unsigned long long)written, (double)written / 1073741824.0,
               100.0 * (double)written / (double)size);
    } else if (!status) {
        printf("%s x%lu: wrote %llu bytes (%.1f GiB)\n", kind, loops, (unsigned long long)written,
               (double)written / 1073741824.0);
    }
    if (!status && !strncmp(target, "sim:", 4))
        fprintf(stderr,
                "ssdcore precondition: note: a sim: drive lives only as long as this "
                "command; the next command opens a fresh one (a job after this one tests "
                "a fresh drive, whatever its --written-before says). Precondition it in "
                "the suite file that tests it (%s%s) or on a Python ssdcore.Target\n",
                fill ? "fill level=P%" : "precondition kind=", fill ? "" : kind);
    ssd_target_free(t);
    return status;
}
