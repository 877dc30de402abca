/* cmd_trim.c - `ssdcore trim` and `ssdcore idle`: the two target operations
 * the methodology puts between workloads. */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <ssdcore.h>

#include "cli_target.h"
#include "commands.h"

int cmd_trim(int argc, char **argv) {
    static const struct option opts[] = {
        {"offset", required_argument, NULL, 'o'},
        {"length", required_argument, NULL, 'l'},
        {"destroy-data", no_argument, NULL, 'D'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *off_s = "0", *len_s = NULL;
    int destroy = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'o')
            off_s = optarg;
        else if (c == 'l')
            len_s = optarg;
        else if (c == 'D')
            destroy = 1;
        else if (c == 'h') {
            puts("usage: ssdcore trim TARGET [--offset SIZE] [--length SIZE] --destroy-data\n"
                 "Discards the range (default: the whole target): BLKDISCARD on a device, a\n"
                 "punched hole in a file. The data in the range is lost.");
            return 0;
        } else
            return cli_getopt_error("trim", argv, "h", opts);
    }
    if (optind + 1 != argc)
        return cli_usage_error("trim", "expected exactly one TARGET");
    if (!destroy)
        return cli_usage_error("trim", "trim destroys data in the range: pass --destroy-data");
    uint64_t off = 0, len = 0;
    if (ssd_parse_size(off_s, &off))
        return cli_usage_error("trim", "--offset: '%s' is not a size", off_s);
    if (len_s && ssd_parse_size(len_s, &len))
        return cli_usage_error("trim", "--length: '%s' is not a size", len_s);
    ssd_target *t;
    if (ssd_target_create(&t))
        return cli_error("trim", "out of memory creating the target handle");
    int status = 0;
    ssd_target_set_option(t, "destroy_data", "1");
    ssd_target_set_option(t, "layout", "never");
    if (ssd_target_open(t, argv[optind]) < 0) {
        status = cli_error("trim", "%s", ssd_target_errmsg(t));
    } else {
        if (!len_s)
            len = off < ssd_target_size(t) ? ssd_target_size(t) - off : 0;
        if (ssd_target_trim(t, off, len) < 0)
            status = cli_error("trim", "%s", ssd_target_errmsg(t));
    }
    ssd_target_free(t);
    return status;
}

int cmd_idle(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        puts("usage: ssdcore idle TARGET DURATION\n"
             "Leaves the target idle (e.g. 15m) so the drive can collect garbage;\n"
             "virtual time on sim: targets. Ctrl-C ends it early.");
        return 0;
    }
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1])
            return cli_usage_error("idle", "unknown option '%s'", argv[i]);
    if (argc != 3)
        return cli_usage_error("idle", "expected TARGET DURATION");
    double s;
    if (ssd_parse_duration(argv[2], &s))
        return cli_usage_error("idle", "'%s' is not a duration (e.g. 15m, 30s)", argv[2]);
    ssd_target *t;
    if (ssd_target_create(&t))
        return cli_error("idle", "out of memory creating the target handle");
    int status = 0;
    ssd_target_set_option(t, "read_only", "1");
    if (ssd_target_open(t, argv[1]) < 0) {
        status = cli_error("idle", "%s", ssd_target_errmsg(t));
    } else {
        struct sigaction old;
        cli_catch_sigint(&old);
        int rc = ssd_target_idle(t, s);
        sigaction(SIGINT, &old, NULL);
        if (rc == SSD_EINTERRUPTED) {
            cli_error("idle", "interrupted");
            status = cli_interrupted_status(); /* as for an interrupted job or suite */
        } else if (rc < 0)
            status = cli_error("idle", "%s", ssd_target_errmsg(t));
    }
    ssd_target_free(t);
    return status;
}
