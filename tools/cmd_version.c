/* cmd_version.c - `ssdcore version [--json]`. */
#include <stdio.h>

#include <ssdcore.h>

#include "commands.h"

static const char usage[] = "usage: ssdcore version [--json]\n"
                            "\n"
                            "Prints the version of ssdcore (the library the tool runs with).\n"
                            "  --json   print it as JSON\n";

int cmd_version(int argc, char **argv) {
    int json, rc = cli_json_args("version", usage, argc, argv, 1, "", &json);
    if (rc >= 0)
        return rc;
    if (json) {
        struct ssd__jw w;
        ssd__jw_init(&w, SSD__JW_SPACED);
        ssd__jw_begin_object(&w);
        ssd__jw_kstr(&w, "version", ssd_version_string());
        ssd__jw_ku64(&w, "version_number", ssd_version_number());
        ssd__jw_end_object(&w);
        cli_json_put(&w);
    } else
        printf("ssdcore %s\n", ssd_version_string());
    return 0;
}
