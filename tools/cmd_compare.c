/* cmd_compare.c - `ssdcore compare RUN_DIR... --out DIR`: drives side by
 * side from their results directories, or from the results catalog. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "cli_options.h"
#include "commands.h"

static const char compare_usage[] =
    "usage: ssdcore compare RUN_DIR... --out DIR [--highlight DRIVE] [--label TEXT]...\n"
    "       ssdcore compare --catalog PATH --drive TEXT|--run ID... [--suite NAME]\n"
    "                       [--date YYYY-MM-DD] --out DIR\n"
    "\n"
    "Puts drives side by side: DIR/compare.html (sorted bars per figure with one\n"
    "drive highlighted and the difference against it, QD / block-size / mixed\n"
    "curves overlaid, write curves on shared axes), DIR/compare.json (schema\n"
    "ssdcore-compare/1) and DIR/compare.csv (one row per drive x figure). Runs\n"
    "of different suites compare on the figures they share; a figure a run\n"
    "lacks is shown as missing.\n"
    "\n"
    "  --out DIR          where the three files go (required)\n"
    "  --label TEXT       name the runs in order (default: the drive's model,\n"
    "                     else the target)\n"
    "  --catalog PATH     take the runs from this catalog (ssdcore catalog);\n"
    "  --drive TEXT       ... the newest run whose drive matches TEXT, per --drive;\n"
    "                     compare prints which run it took and of how many\n"
    "  --run ID           ... the run with this catalog id (catalog list) or run_id\n"
    "                     (its first 4+ hex digits), per --run\n"
    "  --suite NAME       ... only runs of this suite (every --drive)\n"
    "  --date PREFIX      ... only runs started on this date (2026-12-03, every --drive)\n"
    "compare options (ssd_compare_set_option's keys, and ssdcore.compare()'s):\n";

static int set_compare(void *c, const char *key, const char *value) {
    return ssd_compare_set_option(c, key, value);
}

static const char *compare_errmsg(const void *c) {
    return ssd_compare_errmsg(c);
}

int cmd_compare(int argc, char **argv) {
    static const struct option own[] = {{"out", required_argument, NULL, 'o'},
                                        {"label", required_argument, NULL, 'l'},
                                        {"catalog", required_argument, NULL, 'c'},
                                        {"drive", required_argument, NULL, 'd'},
                                        {"run", required_argument, NULL, 'r'},
                                        {"suite", required_argument, NULL, 's'},
                                        {"date", required_argument, NULL, 'D'},
                                        {"help", no_argument, NULL, 'h'},
                                        {NULL, 0, NULL, 0}};
    const char *out = NULL, *catalog = NULL;
    size_t nopt, nopts = 0;
    const ssd_option_info *info = ssd_compare_options(&nopt);
    struct cli_table ct = {0};
    struct option *opts = NULL;
    const char *suite = NULL, *date = NULL;
    const char **labels = calloc((size_t)argc + 1, sizeof *labels);
    /* One pick per --drive or --run, in order: drives[i] with runs[i]. */
    const char **drives = calloc((size_t)argc + 1, sizeof *drives);
    const char **runs = calloc((size_t)argc + 1, sizeof *runs);
    char **dirs = NULL;
    int nlabels = 0, ndrives = 0, ndirs = 0, c, status = 0;
    ssd_compare *cmp = NULL;
    if (!labels || !drives || !runs || cli_opts_append(&opts, &nopts, own) ||
        cli_table_add(&ct, info, nopt, 2000, NULL, &opts, &nopts)) {
        status = cli_error("compare", "out of memory for %d arguments", argc);
        goto done;
    }
    optind = 1;
    while ((c = getopt_long(argc, argv, "ho:", opts, NULL)) != -1) {
        if (cli_table_take(&ct, c, optarg))
            continue;
        switch (c) {
        case 'h':
            fputs(compare_usage, stdout);
            cli_table_help(stdout, info, nopt, NULL);
            goto done;
        case 'o':
            out = optarg;
            break;
        case 'l':
            labels[nlabels++] = optarg;
            break;
        case 'c':
            catalog = optarg;
            break;
        case 'd':
            drives[ndrives++] = optarg;
            break;
        case 'r':
            runs[ndrives] = optarg;
            drives[ndrives++] = "";
            break;
        case 's':
            suite = optarg;
            break;
        case 'D':
            date = optarg;
            break;
        default:
            status = cli_getopt_error("compare", argv, "ho:", opts);
            goto done;
        }
    }
    if (!out) {
        status = cli_missing("compare", "--out DIR", 0);
        goto done;
    }
    if (catalog || ndrives || suite || date) {
        if (!catalog || !ndrives || optind != argc) {
            status = cli_usage_error("compare", "--catalog PATH needs --drive TEXT or --run ID "
                                                "(one per run) and no run directories");
            goto done;
        }
        ssd_catalog *cat = NULL;
        int rc = ssd_catalog_open_existing(&cat, catalog);
        if (rc < 0) {
            status = cli_error("compare", "%s", cat ? ssd_catalog_errmsg(cat) : "out of memory");
            ssd_catalog_free(cat);
            goto done;
        }
        dirs = calloc((size_t)ndrives, sizeof *dirs);
        for (int i = 0; dirs && i < ndrives; i++) {
            char *about = NULL;
            if ((rc = ssd_catalog_pick_run(cat, drives[i], runs[i], suite, date, &dirs[i],
                                           &about)) < 0) {
                status = cli_error("compare", "%s", ssd_catalog_errmsg(cat));
                break;
            }
            /* Say which run stands for the drive: the newest of several is
             * a choice the user may not have meant. */
            if (about)
                printf("compare: %s%s\n", about,
                       strstr(about, "the newest of") ? " (choose with --run, --suite or --date)"
                                                      : "");
            ssd_free(about);
            ndirs++;
        }
        ssd_catalog_free(cat);
        if (!dirs)
            status = cli_error("compare", "out of memory for %d drives", ndrives);
        if (status)
            goto done;
    } else if (optind >= argc) {
        status = cli_missing("compare", "RUN_DIR...", 0);
        goto done;
    }
    if (ssd_compare_create(&cmp) < 0) {
        status = cli_error("compare", "out of memory creating the comparison");
        goto done;
    }
    int nruns = dirs ? ndirs : argc - optind;
    if (nlabels && nlabels != nruns) {
        status = cli_usage_error("compare", "%d --label for %d runs: give one per run or none",
                                 nlabels, nruns);
        goto done;
    }
    for (int i = 0; i < nruns; i++) {
        const char *dir = dirs ? dirs[i] : argv[optind + i];
        const char *label = nlabels ? labels[i] : NULL;
        if (ssd_compare_add_run(cmp, dir, label) < 0) {
            status = cli_error("compare", "%s", ssd_compare_errmsg(cmp));
            goto done;
        }
    }
    if ((status = cli_table_apply(&ct, "compare", cmp, set_compare, compare_errmsg, 1)))
        goto done;
    if (ssd_compare_write(cmp, out) < 0) {
        status = cli_error("compare", "%s", ssd_compare_errmsg(cmp));
        goto done;
    }
    char *text = NULL;
    if (ssd_compare_text(cmp, &text) == 0)
        fputs(text, stdout);
    ssd_free(text);
    printf("compare: %s/compare.html (%d drives)\n", out, ssd_compare_drive_count(cmp));
done:
    ssd_compare_free(cmp);
    for (int i = 0; dirs && i < ndrives; i++)
        ssd_free(dirs[i]);
    free(dirs);
    free(labels);
    free(drives);
    free(runs);
    cli_table_free(&ct);
    free(opts);
    return status;
}
