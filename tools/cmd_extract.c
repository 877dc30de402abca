/* cmd_extract.c - `ssdcore extract ARCHIVE DST`: secure unpacking. */
#include <stdio.h>

#include <ssdcore.h>

#include "commands.h"
#include "fo_cli.h"

static const char usage_text[] =
    "usage: ssdcore extract ARCHIVE DST [options]\n"
    "Unpacks ARCHIVE (7z, zip, tar.*: detected from content) into DST.\n"
    "Absolute paths, '..', paths through symlinks and symlinks pointing out of\n"
    "DST are refused (exit status 1) before anything is written for them.\n"
    "  --json                print the result as JSON\n" FO_CLI_NO_PROGRESS_HELP;

static const struct cli_alias aliases[] = {{"allow-absolute-symlinks", "absolute_symlinks", "1"},
                                           {"no-overwrite", "overwrite", "0"},
                                           {NULL, NULL, NULL}};

FO_CLI_SPEC(extract_cli, extract, "extract", usage_text, 2, "ARCHIVE DST", 0, aliases);

int cmd_extract(int argc, char **argv) {
    const char *cmd = "extract";
    const char *pos[2] = {NULL, NULL};
    int json = 0;
    ssd_extract *x = NULL;
    if (ssd_extract_create(&x) < 0)
        return cli_error(cmd, "out of memory creating the extractor");
    const struct fo_cli_own own[] = {
        {"--json", &json, NULL, NULL}, FO_CLI_NO_PROGRESS, {NULL, NULL, NULL, NULL}};
    int status = fo_cli_args(&extract_cli, x, own, argc, argv, pos);
    if (status >= 0) {
        ssd_extract_free(x);
        return status;
    }
    fo_cli_progress_start(!json && fo_cli_progress_wanted());
    ssd_extract_set_option(x, "progress_interval", FO_CLI_PROGRESS_INTERVAL);
    ssd_extract_set_progress(x, fo_cli_progress, NULL);
    ssd_archive_result r = {.size = sizeof r};
    int rc = ssd_extract_run(x, pos[0], pos[1], &r);
    fo_cli_progress_end();
    if (rc < 0) {
        if (rc == SSD_EINTERRUPTED && fo_cli_interrupted())
            cli_error(cmd, "interrupted: %llu file(s) extracted, no partial file left",
                      (unsigned long long)r.files);
        else
            cli_error(cmd, "%s", ssd_extract_errmsg(x));
        ssd_extract_free(x);
        return 1; /* a hostile archive too: the message says "refused" */
    }
    status = 0;
    if (json) {
        char *text = NULL;
        int jrc = ssd_extract_to_json(x, SSD_JSON_COMPACT, &text);
        status = fo_cli_put_json(cmd, jrc, text);
    } else {
        fo_cli_print_archive_result(stdout, "extract", &r);
    }
    ssd_extract_free(x);
    return status;
}
