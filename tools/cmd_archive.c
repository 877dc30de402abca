/* cmd_archive.c - `ssdcore archive SRC ARCHIVE`: 7-Zip-style packing. */
#include <stdio.h>
#include <string.h>

#include <ssdcore.h>

#include "commands.h"
#include "fo_cli.h"

static const char usage_text[] =
    "usage: ssdcore archive SRC ARCHIVE [options]\n"
    "Packs the tree SRC into ARCHIVE through libarchive (entries relative to SRC).\n"
    "  --format 7z|zip|tar.zst|tar   [7z]\n"
    "  --method deflate|lzma2|store|zstd  [deflate: the reviews' 7-Zip method]\n"
    "  --level N                     compression level (0-9; zstd 1-19)\n"
    "  --tmpdir DIR                  7z staging file directory [ARCHIVE's directory,\n"
    "                                so its I/O lands on the drive under test]\n"
    "  --sync fs|none                fsync the archive before the clock stops [fs]\n"
    "  --json                        print the result as JSON\n";

int cmd_archive(int argc, char **argv) {
    const char *cmd = "archive";
    const char *pos[2] = {NULL, NULL};
    int npos = 0, json = 0, bad = 0;
    ssd_archive *a = NULL;
    if (ssd_archive_create(&a) < 0)
        return cli_error(cmd, "out of memory");
    static const char *valued[][2] = {{"--format", "format"},
                                      {"--method", "method"},
                                      {"--level", "level"},
                                      {"--tmpdir", "tmpdir"},
                                      {"--sync", "sync"}};
    for (int i = 1; i < argc && !bad; i++) {
        const char *arg = argv[i];
        int done = 0;
        if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
            fputs(usage_text, stdout);
            ssd_archive_free(a);
            return 0;
        }
        if (!strcmp(arg, "--json")) {
            json = 1;
            continue;
        }
        for (size_t k = 0; k < sizeof valued / sizeof valued[0] && !done; k++) {
            size_t n = strlen(valued[k][0]);
            if (strncmp(arg, valued[k][0], n) || (arg[n] && arg[n] != '='))
                continue;
            done = 1;
            const char *v = fo_cli_optarg(cmd, argc, argv, &i, valued[k][0], &bad);
            if (v && ssd_archive_set_option(a, valued[k][1], v) < 0) {
                cli_usage_error(cmd, "%s", ssd_archive_errmsg(a));
                bad = 1;
            }
        }
        if (done)
            continue;
        if (arg[0] == '-' && arg[1]) {
            cli_usage_error(cmd, "unknown option '%s' (see --help)", arg);
            bad = 1;
        } else if (npos < 2) {
            pos[npos++] = arg;
        } else {
            cli_usage_error(cmd, "too many arguments");
            bad = 1;
        }
    }
    if (!bad && npos != 2) {
        cli_usage_error(cmd, "needs SRC and ARCHIVE (see --help)");
        bad = 1;
    }
    if (bad) {
        ssd_archive_free(a);
        return 2;
    }
    fo_cli_progress_start(!json && fo_cli_progress_wanted());
    ssd_archive_set_option(a, "progress_interval", FO_CLI_PROGRESS_INTERVAL);
    ssd_archive_set_progress(a, fo_cli_progress, NULL);
    ssd_archive_result r;
    int rc = ssd_archive_run(a, pos[0], pos[1], &r);
    fo_cli_progress_end();
    if (rc < 0) {
        if (rc == SSD_EINTERRUPTED && fo_cli_interrupted())
            cli_error(cmd, "interrupted: %s not written", pos[1]);
        else
            cli_error(cmd, "%s", ssd_archive_errmsg(a));
        ssd_archive_free(a);
        return 1;
    }
    fo_cli_print_archive_result(stdout, "archive", pos[1], pos[0], &r, json);
    ssd_archive_free(a);
    return 0;
}
