/* cmd_mkset.c - `ssdcore mkset iso|program|work DIR`: generate a file set. */
#include <stdio.h>
#include <string.h>

#include <ssdcore.h>

#include "commands.h"
#include "fo_cli.h"

static const char usage_text[] =
    "usage: ssdcore mkset iso|program|work DIR [--size SIZE] [--seed N] [--sync fs|none] [--json]\n"
    "Generates a deterministic file set in DIR (created; must be empty):\n"
    "  iso      a few multi-GiB incompressible disk images\n"
    "  program  an installed application: thousands of small files, deep tree,\n"
    "           executables, libraries, text, images (partly compressible)\n"
    "  work     documents, photos, PDFs, media, spreadsheets (mixed)\n"
    "  --size SIZE   total bytes [8g]\n"
    "  --seed N      the same kind, size and seed give byte-identical sets [1]\n";

int cmd_mkset(int argc, char **argv) {
    const char *cmd = "mkset";
    const char *pos[2] = {NULL, NULL};
    int npos = 0, json = 0, bad = 0;
    ssd_fileset *s = NULL;
    if (ssd_fileset_create(&s) < 0)
        return cli_error(cmd, "out of memory");
    static const char *valued[][2] = {{"--size", "size"}, {"--seed", "seed"}, {"--sync", "sync"}};
    for (int i = 1; i < argc && !bad; i++) {
        const char *a = argv[i];
        int done = 0;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage_text, stdout);
            ssd_fileset_free(s);
            return 0;
        }
        if (!strcmp(a, "--json")) {
            json = 1;
            continue;
        }
        for (size_t k = 0; k < sizeof valued / sizeof valued[0] && !done; k++) {
            size_t n = strlen(valued[k][0]);
            if (strncmp(a, valued[k][0], n) || (a[n] && a[n] != '='))
                continue;
            done = 1;
            const char *v = fo_cli_optarg(cmd, argc, argv, &i, valued[k][0], &bad);
            if (v && ssd_fileset_set_option(s, valued[k][1], v) < 0) {
                cli_usage_error(cmd, "%s", ssd_fileset_errmsg(s));
                bad = 1;
            }
        }
        if (done)
            continue;
        if (a[0] == '-' && a[1]) {
            cli_usage_error(cmd, "unknown option '%s' (see --help)", a);
            bad = 1;
        } else if (npos < 2) {
            pos[npos++] = a;
        } else {
            cli_usage_error(cmd, "too many arguments");
            bad = 1;
        }
    }
    if (!bad && npos != 2) {
        cli_usage_error(cmd, "needs a set kind and DIR (see --help)");
        bad = 1;
    }
    if (!bad && ssd_fileset_set_option(s, "kind", pos[0]) < 0) {
        cli_usage_error(cmd, "unknown set '%s': iso, program or work", pos[0]);
        bad = 1;
    }
    if (bad) {
        ssd_fileset_free(s);
        return 2;
    }
    ssd_fileset_result r;
    int rc = ssd_fileset_run(s, pos[1], &r);
    if (rc < 0) {
        cli_error(cmd, "%s", ssd_fileset_errmsg(s));
        ssd_fileset_free(s);
        return 1;
    }
    if (json) {
        printf("{\"set\": ");
        fo_cli_json_str(stdout, pos[0]);
        printf(", \"dir\": ");
        fo_cli_json_str(stdout, pos[1]);
        printf(", \"files\": %llu, \"dirs\": %llu, \"bytes\": %llu, \"total_s\": %.6f}\n",
               (unsigned long long)r.files, (unsigned long long)r.dirs, (unsigned long long)r.bytes,
               r.total_s);
    } else {
        printf("%s set in %s: %llu files, %llu dirs, %llu bytes in %.2f s\n", pos[0], pos[1],
               (unsigned long long)r.files, (unsigned long long)r.dirs, (unsigned long long)r.bytes,
               r.total_s);
    }
    ssd_fileset_free(s);
    return 0;
}
