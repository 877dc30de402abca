/* cmd_version.c - `ssdcore version [--json]`. */
#include <stdio.h>

#include <ssdcore.h>

#include "cli.h"

static const char usage[] = "usage: ssdcore version [--json]\n"
                            "\n"
                            "Prints the version of ssdcore (the library the tool runs with).\n"
                            "  --json   print it as JSON\n";

int cmd_version(int argc, char **argv) {
    int json, rc = cli_json_args("version", usage, argc, argv, "", &json, NULL);
    if (rc >= 0)
        return rc;
    if (json) {
        ssd_json *w = cli_json_begin(0);
        ssd_json_str(w, "version", ssd_version_string());
        ssd_json_u64(w, "version_number", ssd_version_number());
        ssd_json_end_object(w);
        cli_json_put(w, 1);
    } else
        printf("ssdcore %s\n", ssd_version_string());
    return 0;
}
