/* cmd_filebench.c - `ssdcore filebench DIR`: METHODOLOGY.md tests 9 and 10. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore.h>

#include "commands.h"
#include "fo_cli.h"

static const char usage_text[] =
    "usage: ssdcore filebench DIR [options]\n"
    "Makes a file set under DIR/ssdcore-filebench (on the filesystem under test),\n"
    "then times copy, archive and extract inside it, caches dropped before each\n"
    "step (drop_caches when root, posix_fadvise always) and data synced before\n"
    "each clock stops. Prints the results JSON (MiB/s per step).\n"
    "  --set iso|program|work        [work]\n"
    "  --size SIZE                   [8g]\n"
    "  --seed N                      [1]\n"
    "  --steps copy,archive,extract  [all three]\n"
    "  --workers N                   copy workers [8]\n"
    "  --format F --method M --level N   archive settings [7z deflate]\n"
    "  --output FILE                 also write the JSON to FILE\n"
    "  --keep                        keep the scratch tree\n";

int cmd_filebench(int argc, char **argv) {
    const char *cmd = "filebench";
    const char *dir = NULL, *output = NULL;
    int bad = 0;
    ssd_filebench *b = NULL;
    if (ssd_filebench_create(&b) < 0)
        return cli_error(cmd, "out of memory");
    static const char *valued[][2] = {{"--set", "set"},         {"--size", "size"},
                                      {"--seed", "seed"},       {"--steps", "steps"},
                                      {"--workers", "workers"}, {"--format", "format"},
                                      {"--method", "method"},   {"--level", "level"}};
    for (int i = 1; i < argc && !bad; i++) {
        const char *a = argv[i];
        int done = 0;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage_text, stdout);
            ssd_filebench_free(b);
            return 0;
        }
        if (!strcmp(a, "--keep")) {
            ssd_filebench_set_option(b, "keep", "1");
            continue;
        }
        if (!strncmp(a, "--output", 8) && (a[8] == 0 || a[8] == '=')) {
            output = fo_cli_optarg(cmd, argc, argv, &i, "--output", &bad);
            continue;
        }
        for (size_t k = 0; k < sizeof valued / sizeof valued[0] && !done; k++) {
            size_t n = strlen(valued[k][0]);
            if (strncmp(a, valued[k][0], n) || (a[n] && a[n] != '='))
                continue;
            done = 1;
            const char *v = fo_cli_optarg(cmd, argc, argv, &i, valued[k][0], &bad);
            if (v && ssd_filebench_set_option(b, valued[k][1], v) < 0) {
                cli_usage_error(cmd, "%s", ssd_filebench_errmsg(b));
                bad = 1;
            }
        }
        if (done)
            continue;
        if (a[0] == '-' && a[1]) {
            cli_usage_error(cmd, "unknown option '%s' (see --help)", a);
            bad = 1;
        } else if (!dir) {
            dir = a;
        } else {
            cli_usage_error(cmd, "too many arguments");
            bad = 1;
        }
    }
    if (!bad && !dir) {
        cli_usage_error(cmd, "needs DIR (see --help)");
        bad = 1;
    }
    if (bad) {
        ssd_filebench_free(b);
        return 2;
    }
    /* A results file that cannot be written is found before the run, not
     * after minutes of work (and not after the JSON went to stdout). */
    FILE *outf = NULL;
    struct stat ost;
    int out_existed = output && stat(output, &ost) == 0;
    if (output && !(outf = fopen(output, "a"))) {
        cli_error(cmd, "%s: cannot write the results: %s", output, strerror(errno));
        ssd_filebench_free(b);
        return 1;
    }
    int rc = ssd_filebench_run(b, dir);
    if (rc < 0) {
        cli_error(cmd, "%s", ssd_filebench_errmsg(b));
        if (outf) {
            fclose(outf);
            if (!out_existed)
                unlink(output);
        }
        ssd_filebench_free(b);
        return 1;
    }
    if (outf) {
        int bad_out = ftruncate(fileno(outf), 0) < 0 || fputs(ssd_filebench_json(b), outf) < 0;
        if (fclose(outf) != 0 || bad_out) {
            cli_error(cmd, "%s: cannot write the results", output);
            ssd_filebench_free(b);
            return 1;
        }
    }
    fputs(ssd_filebench_json(b), stdout);
    ssd_filebench_free(b);
    return 0;
}
