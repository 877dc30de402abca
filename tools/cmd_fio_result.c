/* cmd_fio_result.c - `ssdcore fio-result FILE... [--json]`: summary figures
 * and latency percentiles from fio JSON output, clat checked against lat. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "cli.h"

/* A figure the file did not give is "n/a", never "nan". */
static const char *figure(char buf[32], double v, int decimals) {
    if (isfinite(v))
        snprintf(buf, 32, "%.*f", decimals, v);
    else
        snprintf(buf, 32, "n/a");
    return buf;
}

static const char usage[] =
    "usage: ssdcore fio-result FILE... [--json]\n\n"
    "Summary figures and latency percentiles of fio JSON output, per job and\n"
    "direction. clat_ns is rejected when inconsistent with lat_ns. Exits 1 when\n"
    "a job failed (fio's \"error\", also in the output).\n";

int cmd_fio_result(int argc, char **argv) {
    const char *cmd = "fio-result";
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    ssd_fio_result **r = calloc((size_t)argc, sizeof *r);
    int json, nfiles = 0, status = -1;
    if (!files || !r)
        status = cli_error(cmd, "out of memory for the argument list");
    else
        status = cli_json_args(cmd, usage, argc, argv, "FILE...", &json, files);
    if (status >= 0)
        goto out;
    status = 0;
    while (files[nfiles])
        nfiles++;
    /* Read everything first: no partial output on a bad file. */
    for (int i = 0; i < nfiles && !status; i++) {
        if (ssd_fio_result_open(&r[i], files[i]) < 0)
            status = cli_error(cmd, "%s", ssd_fio_result_errmsg(r[i]));
    }
    int failed = 0;
    ssd_json *w = NULL; /* one file: its object; several: an array of them, one a line */
    ssd_json_create(&w, SSD_JSON_COMPACT);
    if (nfiles > 1)
        ssd_json_begin_array(w, NULL);
    for (int i = 0; i < nfiles && !status; i++) {
        if (json) {
            char *s = NULL;
            if (ssd_fio_result_to_json(r[i], 0, &s) < 0) {
                status = cli_error(cmd, "out of memory writing the fio results as JSON");
                break;
            }
            ssd_json_newline(w);
            ssd_json_begin_object(w, NULL);
            ssd_json_str(w, "source", files[i]);
            ssd_json_raw(w, "jobs", s);
            ssd_json_end_object(w);
            ssd_free(s);
        }
        if (!json)
            printf("%s:\n", files[i]);
        for (size_t k = 0; k < ssd_fio_result_count(r[i]); k++) {
            struct ssd_fio_job j = {.size = sizeof j};
            ssd_fio_result_entry(r[i], k, &j);
            failed += j.error != 0;
            if (json)
                continue;
            char bw[32], iops[32], mean[32], p50[32], p99[32], p999[32];
            printf("  %-12s %-5s %10s MB/s %10s IOPS  lat mean %s us  p50 %s  p99 "
                   "%s  p99.9 %s (%s%s)\n",
                   j.name, j.ddir, figure(bw, j.bw_bps / 1e6, 1), figure(iops, j.iops, 0),
                   figure(mean, j.lat_mean_us, 1), figure(p50, j.lat_p50_us, 1),
                   figure(p99, j.lat_p99_us, 1), figure(p999, j.lat_p999_us, 1), j.lat_source,
                   j.clat_inconsistent ? "; clat_ns inconsistent, ignored" : "");
            if (j.error)
                printf("  %-12s FAILED: error %d (%s)\n", j.name, j.error,
                       j.error > 0 ? strerror(j.error) : "unknown");
        }
    }
    if (nfiles > 1)
        ssd_json_end_array(w);
    cli_json_put(w, !status && json);
    if (!status && failed)
        status = cli_error(cmd,
                           "%d job %s failed (fio \"error\" set): the figures are not "
                           "a valid measurement",
                           failed, failed > 1 ? "entries" : "entry");
out:
    for (int i = 0; r && i < nfiles; i++)
        ssd_fio_result_free(r[i]);
    free(r);
    free(files);
    return status;
}
