/* cmd_catalog.c - `ssdcore catalog add|list`: keep every suite run in one
 * SQLite file and find it again by drive. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "cli.h"

static const char catalog_about[] =
    "Keeps suite runs in a results catalog (one SQLite file; default\n"
    "$SSDCORE_CATALOG, else $XDG_DATA_HOME/ssdcore/catalog.sqlite, else\n"
    "~/.local/share/ssdcore/catalog.sqlite). Compare catalogued drives with\n"
    "  ssdcore compare --catalog PATH --drive A --drive B --out DIR\n"
    "'ssdcore catalog COMMAND --help' describes each.\n";

static const char add_usage[] =
    "usage: ssdcore catalog add RUN_DIR... [--catalog PATH] [--json]\n"
    "\n"
    "Adds suite runs (results directories) to the catalog. Adding a run that is\n"
    "already there changes nothing; a run that changed since (catalogued while\n"
    "it ran) is updated.\n"
    "  --catalog PATH   the catalog file (default: see 'ssdcore catalog --help')\n"
    "  --json           print what became of each run as JSON\n";

static const char list_usage[] =
    "usage: ssdcore catalog list [--drive TEXT] [--json] [--catalog PATH]\n"
    "\n"
    "Prints the runs (oldest first) whose drive, model, serial or target contains\n"
    "TEXT (all without --drive): id, start, the drive as compare names it\n"
    "(\"Transcend SSD370 256 GB\"), the target it ran on (sim:ssd370, /dev/sdb),\n"
    "suite, status and directory.\n"
    "  --catalog PATH   the catalog file (default: see 'ssdcore catalog --help')\n"
    "  --json           print them as JSON\n";

int cli_catalog_open(const char *cmd, const char *path, int create, ssd_catalog **out) {
    int rc = ssd_catalog_create(out);
    if (!rc)
        rc = ssd_catalog_set_option(*out, "create", create ? "1" : "0");
    if (!rc)
        rc = ssd_catalog_open(*out, path);
    if (rc >= 0)
        return 0;
    cli_error(cmd, "%s", *out ? ssd_catalog_errmsg(*out) : "out of memory");
    ssd_catalog_free(*out);
    *out = NULL;
    return 1;
}

/* catalog add and catalog list: one command line but for --drive. */
static int catalog_verb(int argc, char **argv) {
    const char *path = NULL, *drive = NULL;
    int json = 0, add = !strcmp(argv[1], "add"), list = !add;
    const char *cmd = add ? "catalog add" : "catalog list";
    const struct cli_spec spec = {
        .cmd = cmd, .usage = add ? add_usage : list_usage, .operands = add ? "RUN_DIR..." : NULL};
    /* add takes no --drive: its list ends before it */
    const struct cli_own own[] = {{"--catalog", NULL, &path, NULL},
                                  {"--json", &json, NULL, NULL},
                                  {add ? NULL : "--drive", NULL, &drive, NULL},
                                  {NULL, NULL, NULL, NULL}};
    const char **runs = calloc((size_t)argc + 1, sizeof *runs);
    if (!runs)
        return cli_error(cmd, "out of memory for the command line");
    int status = cli_parse(&spec, NULL, own, argc - 1, argv + 1, runs);
    if (status < 0 && list && runs[0])
        status = cli_usage_error(cmd, "unexpected argument '%s' (to choose runs: --drive TEXT)",
                                 runs[0]);
    if (status >= 0) {
        free(runs);
        return status;
    }
    ssd_catalog *cat = NULL;
    if ((status = cli_catalog_open(cmd, path, add, &cat)))
        goto done;
    if (add) {
        ssd_json *w = NULL;
        if (json) {
            char *def = NULL;
            if (!path)
                ssd_catalog_default_path(&def);
            w = cli_json_begin(0);
            ssd_json_str(w, "catalog", path ? path : def);
            ssd_free(def);
            ssd_json_begin_array(w, "runs");
        }
        for (int i = 0; runs[i]; i++) {
            int rc = ssd_catalog_add(cat, runs[i]);
            const char *what = rc == 1 ? "added" : rc == 2 ? "updated" : "unchanged";
            if (rc < 0) {
                status = cli_error(cmd, "%s", ssd_catalog_errmsg(cat));
                what = "failed";
            } else if (!json)
                printf("%s: %s\n", runs[i], rc == 0 ? "already in the catalog" : what);
            ssd_json_begin_object(w, NULL);
            ssd_json_str(w, "dir", runs[i]);
            ssd_json_str(w, "result", what);
            ssd_json_end_object(w);
        }
        if (json) {
            ssd_json_end_array(w);
            ssd_json_end_object(w);
            cli_json_put(w, 1);
        }
        goto done;
    }
    char *text = NULL;
    if (ssd_catalog_list(cat, drive, json ? "json" : "text", &text, NULL) < 0) {
        status = cli_error(cmd, "%s", ssd_catalog_errmsg(cat));
        goto done;
    }
    if (json)
        cli_print_result(text, 1);
    else
        cli_print_lines(stdout, text);
    ssd_free(text);
done:
    ssd_catalog_free(cat);
    free(runs);
    return status;
}

int cmd_catalog(int argc, char **argv) {
    static const struct cli_verb verbs[] = {
        {"add", catalog_verb, "add suite runs to the catalog"},
        {"list", catalog_verb, "the runs in the catalog, by drive"}};
    return cli_verbs("catalog", catalog_about, verbs, 2, argc, argv);
}
