/* cmd_copy.c - `ssdcore copy SRC DST`: Robocopy-like tree copy. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <ssdcore.h>

#include "cli.h"

static const char usage_text[] =
    "usage: ssdcore copy SRC DST [options]\n"
    "Copies the tree SRC into DST the way Robocopy /E does, the Linux way.\n"
    "  --json                print the summary as JSON\n" CLI_NO_PROGRESS_HELP
    "  -v, --verbose         print every decision (new file, newer, extra...)\n"
    "  --robocopy-exit       exit with Robocopy's bits (below) instead of 0/1/2\n"
    "Exit status: 0 done, 1 a file or dir failed or the copy stopped, 2 usage\n"
    "error. With --robocopy-exit, Robocopy's bits: 1 files copied, 2 extras,\n"
    "4 mismatches, 8 failures, 16 fatal error (0 nothing to do; usage error 16).\n";

/* Robocopy's spellings and the negations of what is on by default. */
static const struct cli_alias aliases[] = {{"mir", "mirror", "1"},
                                           {"list", "list_only", "1"},
                                           {"-l", "list_only", "1"},
                                           {"no-recursive", "recursive", "0"},
                                           {"mt", "workers", NULL},
                                           {"xo", "exclude_older", "1"},
                                           {"xn", "exclude_newer", "1"},
                                           {"xc", "exclude_changed", "1"},
                                           {"tolerance", "mtime_tolerance", NULL},
                                           {"no-xattrs", "xattrs", "0"},
                                           {"-j", "unbuffered", "1"},
                                           {"buffer", "buffer_size", NULL},
                                           {"no-splice", "splice", "0"},
                                           {"no-write-behind", "write_behind", "0"},
                                           {"r", "retries", NULL},
                                           {"w", "wait", NULL},
                                           {NULL, NULL, NULL}};

static void fmt_bytes(char *out, size_t n, uint64_t v) {
    static const char units[] = "kmgt";
    if (v < 1024) {
        snprintf(out, n, "%llu", (unsigned long long)v);
        return;
    }
    double d = (double)v;
    int u = -1;
    while (d >= 1024 && u < 3) {
        d /= 1024;
        u++;
    }
    snprintf(out, n, "%.3f %c", d, units[u]);
}

static void fmt_time(char *out, size_t n, double s) {
    long t = (long)(s + 0.5);
    snprintf(out, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

static void print_row(const char *label, const ssd_copy_counts *c, int bytes) {
    uint64_t v[6] = {c->total, c->copied, c->skipped, c->mismatch, c->failed, c->extras};
    printf("%10s :", label);
    for (int i = 0; i < 6; i++) {
        char b[32];
        if (bytes)
            fmt_bytes(b, sizeof b, v[i]);
        else
            snprintf(b, sizeof b, "%llu", (unsigned long long)v[i]);
        printf(" %9s", b);
    }
    printf("\n");
}

static void print_summary(const ssd_copy *c, const char *src, const char *dst,
                          const ssd_copy_result *r) {
    static const char rule[] =
        "------------------------------------------------------------------------------\n";
    printf("%s\n   Source : %s\n", rule, cli_safe(src));
    printf("     Dest : %s\n\n%s\n", cli_safe(dst), rule);
    for (size_t i = 0; i < ssd_copy_failure_count(c); i++)
        printf("    FAILED : %s\n", cli_safe(ssd_copy_failure(c, i)));
    if (ssd_copy_failure_count(c))
        printf("\n%s\n", rule);
    printf("%10s   %9s %9s %9s %9s %9s %9s\n", "", "Total", "Copied", "Skipped", "Mismatch",
           "FAILED", "Extras");
    print_row("Dirs", &r->dirs, 0);
    print_row("Files", &r->files, 0);
    print_row("Bytes", &r->bytes, 1);
    char t[4][48];
    fmt_time(t[0], sizeof t[0], r->total_s);
    fmt_time(t[1], sizeof t[1], r->copy_s);
    fmt_time(t[2], sizeof t[2], r->failed_s);
    fmt_time(t[3], sizeof t[3], r->extras_s);
    printf("%10s : %9s %9s %9s %9s %9s %9s\n\n", "Times", t[0], t[1], "", "", t[2], t[3]);
    printf("%10s : %20.0f Bytes/sec.\n", "Speed", r->bw_bps);
    printf("%10s : %20.3f MegaBytes/min.\n", "Speed", r->bw_bps * 60 / 1048576.0);
    time_t now = time(NULL);
    char when[64];
    strftime(when, sizeof when, "%A, %d %B %Y %H:%M:%S", localtime(&now));
    printf("%10s : %s\n\n", "Ended", when);
}

static void log_decision(void *user, const char *action, const char *rel, uint64_t size) {
    fprintf(user, "%14s %14llu  %s\n", action, (unsigned long long)size, cli_safe(rel));
}

CLI_FILEOPS_SPEC(copy_cli, copy, "copy", usage_text, "SRC DST", 0, aliases);

/* Robocopy's bits only when asked: a script that checks "exit 0" must not
 * take a copy that copied files (bit 1) for a failure. */
static int copy_status(int robocopy_exit, int bits) {
    if (robocopy_exit)
        return bits;
    return bits >= 8 ? 1 : 0;
}

int cmd_copy(int argc, char **argv) {
    const char *cmd = "copy";
    const char *pos[2] = {NULL, NULL};
    int json = 0, verbose = 0, list_only = 0, robocopy_exit = 0;
    ssd_copy *c = NULL;
    /* before the parse, so a usage error knows its exit status */
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        robocopy_exit |= !strcmp(argv[i], "--robocopy-exit");
    if (ssd_copy_create(&c) < 0)
        return copy_status(robocopy_exit, cli_error(cmd, "out of memory creating the copy") * 16);
    const struct cli_own own[] = {{"--json", &json, NULL, NULL},
                                  {"--robocopy-exit", NULL, NULL, NULL},
                                  {"-v", &verbose, NULL, NULL},
                                  {"--verbose", &verbose, NULL, NULL},
                                  {"list_only", &list_only, NULL, "list_only"},
                                  CLI_NO_PROGRESS,
                                  {NULL, NULL, NULL, NULL}};
    /* before the parse, so that --progress-interval wins */
    ssd_copy_set_option(c, "progress_interval", CLI_PROGRESS_INTERVAL);
    int parsed = cli_parse(&copy_cli, c, own, argc, argv, pos);
    if (parsed >= 0) {
        ssd_copy_free(c);
        return parsed == 2 && robocopy_exit ? 16 : parsed;
    }
    cli_progress_start(&copy_cli, c, !json && cli_progress_wanted() && !verbose && !list_only);
    if (verbose || list_only)
        ssd_copy_set_log(c, log_decision, json ? stderr : stdout); /* stdout: the JSON alone */

    ssd_copy_result r = {.size = sizeof r};
    int rc = ssd_copy_run(c, pos[0], pos[1], &r);
    int status = cli_fileops_done(&copy_cli, c, rc, json,
                                  "interrupted: %llu file(s) copied, no partial file left",
                                  (unsigned long long)r.files.copied);
    if (rc < 0) {
        ssd_copy_free(c);
        return copy_status(robocopy_exit, 16);
    }
    if (status < 0)
        print_summary(c, pos[0], pos[1], &r);
    if (r.exit_bits & 8) {
        /* the failure list keeps the whole text; errmsg is cut at 1 KiB */
        const char *first = ssd_copy_failure(c, 0);
        fprintf(stderr, "ssdcore copy: %llu file(s) or dir(s) failed; first: %s\n",
                (unsigned long long)(r.files.failed + r.dirs.failed),
                cli_safe(first ? first : ssd_copy_errmsg(c)));
    }
    ssd_copy_free(c);
    return copy_status(robocopy_exit, status > 0 ? 16 : r.exit_bits);
}
