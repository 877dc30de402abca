/* cmd_compare.c - `ssdcore compare RUN_DIR... --out DIR`: drives side by
 * side from their results directories, or from the results catalog. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "cli.h"

static const char compare_usage[] =
    "usage: ssdcore compare RUN_DIR... --out DIR [--highlight DRIVE] [--label TEXT]...\n"
    "                       [--json]\n"
    "       ssdcore compare --catalog PATH --drive TEXT|--run ID... [--suite NAME]\n"
    "                       [--date YYYY-MM-DD] --out DIR [--json]\n"
    "\n"
    "Puts drives side by side: DIR/compare.html (sorted bars per figure with one\n"
    "drive highlighted and the difference against it, QD / block-size / mixed\n"
    "curves overlaid, write curves on shared axes), DIR/compare.json (schema\n"
    "ssdcore-compare/1) and DIR/compare.csv (one row per drive x figure). Runs\n"
    "of different suites compare on the figures they share; a figure a run\n"
    "lacks is shown as missing.\n"
    "\n"
    "  --out DIR          where the three files go (required)\n"
    "  --label TEXT       name the runs in order (default: the drive's name, as\n"
    "                     catalog list gives it: a sim: profile's drive, a real\n"
    "                     drive's model and capacity, else the target)\n"
    "  --catalog PATH     take the runs from this catalog (ssdcore catalog);\n"
    "  --drive TEXT       ... the newest run whose drive, model, serial or target\n"
    "                     contains TEXT, per --drive;\n"
    "                     compare prints which run it took and of how many\n"
    "  --run ID           ... the run with this catalog id (catalog list) or run_id\n"
    "                     (its first 4+ hex digits), per --run\n"
    "  --suite NAME       ... only runs of this suite (every --drive)\n"
    "  --date PREFIX      ... only runs started on this date (2026-12-03, every --drive)\n"
    "  --json             print the files written, the runs taken and the comparison\n"
    "                     (compare.json's document) as JSON\n";

CLI_HANDLE(compare, compare)

static const struct cli_spec compare_cli = {
    .cmd = "compare",
    .usage = compare_usage,
    .operands = "RUN_DIR...",
    .options = ssd_compare_options,
    .heading = "compare options (ssd_compare_set_option's keys, and ssdcore.compare()'s):",
};

int cmd_compare(int argc, char **argv) {
    const char *out = NULL, *catalog = NULL, *suite = NULL, *date = NULL;
    const char **labels = calloc((size_t)argc + 1, sizeof *labels);
    /* One pick per --drive or --run, in order: drives[i] or runs[i]. */
    const char **drives = calloc((size_t)argc + 1, sizeof *drives);
    const char **runs = calloc((size_t)argc + 1, sizeof *runs);
    const char **args = calloc((size_t)argc + 1, sizeof *args);
    char **dirs = NULL;
    char **abouts = NULL; /* which run a --drive or --run took, per pick */
    int nlabels = 0, ndrives = 0, ndirs = 0, status = 0, json = 0;
    struct cli_table given = {0}; /* set once the runs are added: --highlight names one */
    ssd_compare *cmp = NULL;
    const struct cli_own own[] = {
        {"--out", NULL, &out, NULL},         {"-o", NULL, &out, NULL},
        {"--label", &nlabels, labels, NULL}, {"--catalog", NULL, &catalog, NULL},
        {"--drive", &ndrives, drives, NULL}, {"--run", &ndrives, runs, NULL},
        {"--suite", NULL, &suite, NULL},     {"--date", NULL, &date, NULL},
        {"--json", &json, NULL, NULL},       {NULL, NULL, NULL, NULL}};
    if (!labels || !drives || !runs || !args) {
        status = cli_error("compare", "out of memory for %d arguments", argc);
        goto done;
    }
    if ((status = cli_read(&compare_cli, &given, own, argc, argv, args)) >= 0)
        goto done;
    status = 0;
    int nargs = 0;
    while (args[nargs])
        nargs++;
    if (!out) {
        status = cli_missing("compare", "--out DIR", 0);
        goto done;
    }
    if (catalog || ndrives || suite || date) {
        if (!catalog || !ndrives || nargs) {
            status = cli_usage_error("compare", "--catalog PATH needs --drive TEXT or --run ID "
                                                "(one per run) and no run directories");
            goto done;
        }
        ssd_catalog *cat = NULL;
        int rc = 0;
        if ((status = cli_catalog_open("compare", catalog, 0, &cat)))
            goto done;
        dirs = calloc((size_t)ndrives, sizeof *dirs);
        abouts = calloc((size_t)ndrives, sizeof *abouts);
        for (int i = 0; dirs && abouts && i < ndrives; i++) {
            if ((rc = ssd_catalog_pick_run(cat, drives[i] ? drives[i] : "", runs[i], suite, date,
                                           &dirs[i], &abouts[i])) < 0) {
                status = cli_error("compare", "%s", ssd_catalog_errmsg(cat));
                break;
            }
            /* Say which run stands for the drive: the newest of several is
             * a choice the user may not have meant. */
            if (abouts[i] && !json)
                printf("compare: %s%s\n", abouts[i],
                       strstr(abouts[i], "the newest of")
                           ? " (choose with --run, --suite or --date)"
                           : "");
            /* Two picks of one run (--drive X twice, for a drive's fresh
             * and used runs) compare it with itself: say so (round 23's
             * audit). */
            for (int j = 0; dirs[i] && !json && j < i; j++)
                if (dirs[j] && !strcmp(dirs[j], dirs[i])) {
                    printf("compare: picks %d and %d (--drive or --run, in order) are the same "
                           "run: it is compared with itself (choose another with --run, --suite "
                           "or --date)\n",
                           j + 1, i + 1);
                    break;
                }
            ndirs++;
        }
        ssd_catalog_free(cat);
        if (!dirs || !abouts)
            status = cli_error("compare", "out of memory for %d drives", ndrives);
        if (status)
            goto done;
    } else if (!nargs) {
        status = cli_missing("compare", "RUN_DIR...", 0);
        goto done;
    }
    if (ssd_compare_create(&cmp) < 0) {
        status = cli_error("compare", "out of memory creating the comparison");
        goto done;
    }
    int nruns = dirs ? ndirs : nargs;
    if (nlabels && nlabels != nruns) {
        status = cli_usage_error("compare", "%d --label for %d runs: give one per run or none",
                                 nlabels, nruns);
        goto done;
    }
    for (int i = 0; i < nruns; i++) {
        const char *dir = dirs ? dirs[i] : args[i];
        const char *label = nlabels ? labels[i] : NULL;
        if (ssd_compare_add_run(cmp, dir, label) < 0) {
            status = cli_error("compare", "%s", ssd_compare_errmsg(cmp));
            goto done;
        }
    }
    if ((status = cli_table_apply(&given, "compare", cmp, compare_set_option, compare_errmsg, 1)))
        goto done;
    if (ssd_compare_write(cmp, out) < 0) {
        status = cli_error("compare", "%s", ssd_compare_errmsg(cmp));
        goto done;
    }
    char *text = NULL;
    if (json && ssd_compare_to_json(cmp, SSD_JSON_COMPACT, &text) == 0) {
        ssd_json *w = cli_json_begin(0);
        ssd_json_str(w, "out", out);
        ssd_json_u64(w, "drives", ssd_compare_drive_count(cmp));
        ssd_json_begin_array(w, "runs");
        for (int i = 0; i < nruns; i++) {
            ssd_json_begin_object(w, NULL);
            ssd_json_str(w, "dir", dirs ? dirs[i] : args[i]);
            ssd_json_str(w, "picked", abouts ? abouts[i] : NULL);
            ssd_json_end_object(w);
        }
        ssd_json_end_array(w);
        ssd_json_raw(w, "comparison", text);
        ssd_json_end_object(w);
        cli_json_put(w, 1);
    } else if (json) {
        status = cli_error("compare", "%s", ssd_compare_errmsg(cmp));
    } else if (ssd_compare_text(cmp, &text) == 0) {
        fputs(text, stdout);
    }
    ssd_free(text);
    if (!json)
        printf("compare: %s/compare.html (%zu drives)\n", out, ssd_compare_drive_count(cmp));
done:
    cli_table_free(&given);
    ssd_compare_free(cmp);
    for (int i = 0; i < ndrives; i++) {
        ssd_free(dirs ? dirs[i] : NULL);
        ssd_free(abouts ? abouts[i] : NULL);
    }
    free(dirs);
    free(abouts);
    free(labels);
    free(drives);
    free(runs);
    free(args);
    return status;
}
