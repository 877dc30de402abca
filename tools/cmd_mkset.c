/* cmd_mkset.c - `ssdcore mkset SET DIR`: generate a file set (iso, program, work). */
#include <stdio.h>

#include <ssdcore.h>

#include "cli.h"

static const char usage_text[] =
    "usage: ssdcore mkset SET DIR [options]\n"
    "Generates a deterministic file set in DIR (created; must be empty); SET is\n"
    "  iso      a few multi-GiB incompressible disk images\n"
    "  program  an installed application: thousands of small files, deep tree,\n"
    "           executables, libraries, text, images (partly compressible)\n"
    "  work     documents, photos, PDFs, media, spreadsheets (mixed)\n"
    "  --json                print the result as JSON\n" CLI_NO_PROGRESS_HELP;

CLI_FILEOPS_SPEC(mkset_cli, fileset, "mkset", usage_text, "SET DIR", 1, NULL);

int cmd_mkset(int argc, char **argv) {
    const char *cmd = "mkset";
    const char *pos[2] = {NULL, NULL};
    int json = 0;
    ssd_fileset *s = NULL;
    if (ssd_fileset_create(&s) < 0)
        return cli_error(cmd, "out of memory creating the file set");
    const struct cli_own own[] = {
        {"--json", &json, NULL, NULL}, CLI_NO_PROGRESS, {NULL, NULL, NULL, NULL}};
    /* before the parse, so that --progress-interval wins */
    ssd_fileset_set_option(s, "progress_interval", CLI_PROGRESS_INTERVAL);
    int parsed = cli_parse(&mkset_cli, s, own, argc, argv, pos);
    if (parsed < 0 && ssd_fileset_set_option(s, "kind", pos[0]) < 0)
        parsed = cli_bad_value(cmd, 2, "SET", "kind", ssd_fileset_errmsg(s));
    if (parsed >= 0) {
        ssd_fileset_free(s);
        return parsed;
    }
    /* A progress line on a terminal; Ctrl-C stops cleanly (no partial file). */
    cli_progress_start(&mkset_cli, s, !json && cli_progress_wanted());
    ssd_fileset_result r = {.size = sizeof r};
    int rc = ssd_fileset_run(s, pos[1], &r);
    int status = cli_fileops_done(&mkset_cli, s, rc, json,
                                  "interrupted: %llu files of the set written in %s, none partial",
                                  (unsigned long long)r.files, pos[1]);
    if (status < 0) {
        status = 0;
        printf("%s set in %s: %llu files, %llu dirs, %llu bytes in %.2f s\n", pos[0], pos[1],
               (unsigned long long)r.files, (unsigned long long)r.dirs, (unsigned long long)r.bytes,
               r.total_s);
    }
    ssd_fileset_free(s);
    return status;
}
