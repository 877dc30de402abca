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
        {"offset", required_argument, NULL, 'o'}, {"length", required_argument, NULL, 'l'},
        {"destroy-data", no_argument, NULL, 'D'}, {"no-fitrim", no_argument, NULL, 'F'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0},
    };
    const char *off_s = "0", *len_s = NULL;
    int destroy = 0, no_fitrim = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'o')
            off_s = optarg;
        else if (c == 'l')
            len_s = optarg;
        else if (c == 'D')
            destroy = 1;
        else if (c == 'F')
            no_fitrim = 1;
        else if (c == 'h') {
            puts("usage: ssdcore trim TARGET [--offset SIZE] [--length SIZE] [--no-fitrim]\n"
                 "                    --destroy-data\n"
                 "Discards the range (default: the whole target): BLKDISCARD on a device, a\n"
                 "punched hole in a file. The data in the range is lost. A hole reaches the SSD\n"
                 "only through a filesystem mounted with discard, or a FITRIM of its free space\n"
                 "(as fstrim does; needs root), which follows unless --no-fitrim. Prints how the\n"
                 "TRIM reached the drive, or a warning saying why it did not.");
            return 0;
        } else
            return cli_usage_error("trim", "bad arguments (see ssdcore trim --help)");
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
        return cli_error("trim", "out of memory");
    int status = 0;
    ssd_target_set_option(t, "destroy_data", "1");
    ssd_target_set_option(t, "layout", "never");
    if (no_fitrim)
        ssd_target_set_option(t, "fitrim", "never");
    if (ssd_target_open(t, argv[optind]) < 0) {
        status = cli_error("trim", "%s", ssd_target_errmsg(t));
    } else {
        if (!len_s)
            len = off < ssd_target_size(t) ? ssd_target_size(t) - off : 0;
        ssd_trim_reach r;
        if (ssd_target_trim(t, off, len) < 0)
            status = cli_error("trim", "%s", ssd_target_errmsg(t));
        else if (ssd_target_trim_reach(t, &r) == 0 && r.reached == 1)
            printf("TRIM reached the drive: %s\n", r.how);
        else
            fprintf(stderr,
                    "ssdcore trim: warning: the TRIM did not reach the drive (%s; %s on %s, "
                    "mount options %s)\n",
                    r.how, r.fs_type, r.mount_point, r.mount_options);
    }
    ssd_target_free(t);
    return status;
}

int cmd_idle(int argc, char **argv) {
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        puts("usage: ssdcore idle TARGET DURATION\n"
             "Leaves the target idle (e.g. 15m) so the drive can collect garbage;\n"
             "virtual time on sim: targets. Ctrl-C ends it early.");
        return 0;
    }
    if (argc != 3)
        return cli_usage_error("idle", "expected TARGET DURATION (see ssdcore idle --help)");
    double s;
    if (ssd_parse_duration(argv[2], &s))
        return cli_usage_error("idle", "'%s' is not a duration (e.g. 15m, 30s)", argv[2]);
    ssd_target *t;
    if (ssd_target_create(&t))
        return cli_error("idle", "out of memory");
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
