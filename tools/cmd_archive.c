/* cmd_archive.c - `ssdcore archive SRC ARCHIVE`: 7-Zip-style packing. */
#include <stdio.h>

#include <ssdcore.h>

#include "commands.h"
#include "fo_cli.h"

static const char usage_text[] =
    "usage: ssdcore archive SRC ARCHIVE [options]\n"
    "Packs the tree SRC into ARCHIVE through libarchive (entries relative to SRC).\n"
    "  --json                print the result as JSON\n" FO_CLI_NO_PROGRESS_HELP;

FO_CLI_SPEC(archive_cli, archive, "archive", usage_text, 2, "SRC ARCHIVE", 0, NULL);

int cmd_archive(int argc, char **argv) {
    const char *cmd = "archive";
    const char *pos[2] = {NULL, NULL};
    int json = 0;
    ssd_archive *a = NULL;
    if (ssd_archive_create(&a) < 0)
        return cli_error(cmd, "out of memory creating the archive writer");
    const struct fo_cli_own own[] = {
        {"--json", &json, NULL, NULL}, FO_CLI_NO_PROGRESS, {NULL, NULL, NULL, NULL}};
    int status = fo_cli_args(&archive_cli, a, own, argc, argv, pos);
    if (status >= 0) {
        ssd_archive_free(a);
        return status;
    }
    fo_cli_progress_start(!json && fo_cli_progress_wanted());
    ssd_archive_set_option(a, "progress_interval", FO_CLI_PROGRESS_INTERVAL);
    ssd_archive_set_progress(a, fo_cli_progress, NULL);
    ssd_archive_result r = {.size = sizeof r};
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
    char *text = NULL;
    if (json) {
        int jrc = ssd_archive_to_json(a, SSD_JSON_COMPACT, &text);
        status = fo_cli_put_json(cmd, jrc, text);
    } else {
        fo_cli_print_archive_result(stdout, "archive", &r);
        status = 0;
    }
    /* like tar's "socket ignored": said, not fatal */
    for (size_t i = 0; i < ssd_archive_skipped_count(a); i++)
        fprintf(stderr, "ssdcore archive: left out %s: no data an archive can hold\n",
                fo_cli_safe(ssd_archive_skipped(a, i)));
    if (r.skipped > ssd_archive_skipped_count(a))
        fprintf(stderr, "ssdcore archive: ... %llu special files left out in all\n",
                (unsigned long long)r.skipped);
    ssd_archive_free(a);
    return status;
}
