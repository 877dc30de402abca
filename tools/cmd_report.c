/* cmd_report.c - `ssdcore report DIR`: render report.html again from a
 * results directory (results.json and its series CSVs). */
#include <stdio.h>

#include <ssdcore.h>

#include "cli.h"

static const char report_usage[] =
    "usage: ssdcore report DIR [--out FILE] [--summary] [--json]\n"
    "\n"
    "Renders DIR/report.html again from DIR/results.json and the series CSVs\n"
    "(after an interrupted run, or with a newer ssdcore); the write-curve\n"
    "analyses are recomputed from the CSVs. A missing CSV keeps the analysis\n"
    "stored in results.json, with a warning and exit status 1.\n"
    "\n"
    "  --out FILE   write the report there instead of DIR/report.html\n"
    "  --summary    print the headline figures\n"
    "  --json       print the results (with the recomputed analyses) as JSON\n";

int cmd_report(int argc, char **argv) {
    const char *out = NULL, *dir;
    int summary = 0, json = 0;
    const struct cli_own own[] = {{"--out", NULL, &out, NULL},
                                  {"-o", NULL, &out, NULL},
                                  {"--summary", &summary, NULL, NULL},
                                  {"--json", &json, NULL, NULL},
                                  {NULL, NULL, NULL, NULL}};
    int status = cli_args("report", report_usage, "DIR", own, argc, argv, &dir);
    if (status >= 0)
        return status;
    status = 0;
    ssd_suite *s = NULL;
    if (ssd_suite_load(&s, dir) < 0) {
        status = s && *ssd_suite_errmsg(s)
                     ? cli_error("report", "%s", ssd_suite_errmsg(s))
                     : cli_error("report", "%s: out of memory loading the results", dir);
        goto done;
    }
    /* A lost CSV: the stored analysis is kept and the report still written,
     * but the directory is damaged. */
    if (*ssd_suite_errmsg(s))
        status = cli_error("report", "warning: %s", ssd_suite_errmsg(s));
    if (ssd_suite_write_report(s, out) < 0) {
        status = cli_error("report", "%s", ssd_suite_errmsg(s));
        goto done;
    }
    char *text = NULL;
    if (json && ssd_suite_to_json(s, 0, &text) == 0)
        cli_print_result(text, 1);
    else if (summary && ssd_suite_summary_text(s, &text) == 0)
        cli_print_lines(stdout, text);
    ssd_free(text);
    if (!json)
        printf("report: %s\n", out ? out : ssd_suite_report_path(s));
done:
    ssd_suite_free(s);
    return status;
}
