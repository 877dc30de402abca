/* cmd_filebench.c - `ssdcore filebench DIR`: METHODOLOGY.md tests 9 and 10. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore.h>

#include "cli.h"

static const char usage_text[] =
    "usage: ssdcore filebench DIR [options]\n"
    "Makes a file set under DIR/ssdcore-filebench (on the filesystem under test),\n"
    "then times copy, archive and extract inside it, caches dropped before each\n"
    "step (drop_caches when root, posix_fadvise always) and data synced before\n"
    "each clock stops. Prints the results (MiB/s per step).\n"
    "  --out FILE            also write the results JSON to FILE\n"
    "  --json                print the results as JSON\n" CLI_NO_PROGRESS_HELP;

CLI_FILEOPS_SPEC(filebench_cli, filebench, "filebench", usage_text, "DIR", 0, NULL);

int cmd_filebench(int argc, char **argv) {
    const char *cmd = "filebench";
    const char *dir = NULL, *output = NULL;
    int json_out = 0;
    ssd_filebench *b = NULL;
    if (ssd_filebench_create(&b) < 0)
        return cli_error(cmd, "out of memory creating the file benchmark");
    const struct cli_own own[] = {{"--json", &json_out, NULL, NULL},
                                  {"--out", NULL, &output, NULL},
                                  CLI_NO_PROGRESS,
                                  {NULL, NULL, NULL, NULL}};
    /* before the parse, so that --progress-interval wins */
    ssd_filebench_set_option(b, "progress_interval", CLI_PROGRESS_INTERVAL);
    int status = cli_parse(&filebench_cli, b, own, argc, argv, &dir), rc;
    FILE *outf = NULL;
    char *json = NULL;
    if (status >= 0)
        goto out;
    status = 1;
    /* A results file that cannot be written is found before the run, not
     * after minutes of work (and not after the JSON went to stdout). */
    struct stat ost;
    int out_existed = output && stat(output, &ost) == 0;
    /* Appending JSON to a block device writes into the disk (rule 6 of
     * docs/crash-safety.md): the results go to a file, a pipe or a tty. */
    if (out_existed && S_ISBLK(ost.st_mode)) {
        cli_error(cmd, "%s: is a block device, not a file for the results", output);
        goto out;
    }
    if (output && !(outf = fopen(output, "a"))) {
        cli_error(cmd, "%s: cannot write the results: %s", output, strerror(errno));
        goto out;
    }
    /* Each part's progress on a terminal (stderr); Ctrl-C stops cleanly. */
    cli_progress_start(&filebench_cli, b, cli_progress_wanted());
    rc = ssd_filebench_run(b, dir);
    cli_progress_end();
    if (rc < 0) {
        if (outf && !out_existed)
            unlink(output); /* (closed below) */
        /* Ctrl-C, SIGTERM or SIGHUP: said as copy, archive and mkset say it,
         * not as an error of the step it stopped. */
        status = cli_fileops_done(&filebench_cli, b, rc, 0,
                                  "interrupted: no results; the scratch tree under %s is "
                                  "removed unless --keep",
                                  dir);
        goto out;
    }
    if ((rc = ssd_filebench_to_json(b, SSD_JSON_COMPACT, &json)) < 0) {
        cli_error(cmd, "results: %s", ssd_strerror(rc));
        goto out;
    }
    if (outf) {
        int bad_out = ftruncate(fileno(outf), 0) < 0 || fputs(json, outf) < 0;
        FILE *f = outf;
        outf = NULL;
        if (fclose(f) != 0 || bad_out) {
            cli_error(cmd, "%s: cannot write the results", output);
            goto out;
        }
    }
    cli_print_result(json, json_out);
    status = 0;
out:
    if (outf)
        fclose(outf);
    ssd_free(json);
    ssd_filebench_free(b);
    return status;
}
