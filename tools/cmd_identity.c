/* cmd_identity.c - `ssdcore identity TARGET`: who the drive is (model,
 * serial, firmware, capacity, sectors, transport, link, temperature). */
#include <getopt.h>
#include <stdio.h>

#include <ssdcore.h>

#include "commands.h"

static const char identity_usage[] =
    "usage: ssdcore identity TARGET [--hash-serial] [--json]\n"
    "\n"
    "Prints the identity of the drive behind TARGET (what results.json records\n"
    "as target.drive): a block device, a regular file (the device its\n"
    "filesystem is on; a loop device is followed to its backing file), or a\n"
    "sim: URI. Members the system does not expose are null.\n"
    "\n"
    "  --hash-serial  print the serial as sha256: and a 16-digit prefix\n"
    "  --json         print it as JSON\n";

int cmd_identity(int argc, char **argv) {
    static const struct option opts[] = {{"hash-serial", no_argument, NULL, 's'},
                                         {"json", no_argument, NULL, 'j'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int hash = 0, json_out = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'h') {
            fputs(identity_usage, stdout);
            return 0;
        }
        if (c == 's')
            hash = 1;
        else if (c == 'j')
            json_out = 1;
        else
            return cli_getopt_error("identity", argv, "h", opts);
    }
    if (cli_operands("identity", argc, argv, "TARGET"))
        return 2;
    char *json = NULL;
    int rc = ssd_drive_identity_json(argv[optind], hash, &json);
    if (rc < 0) {
        int status = json ? cli_error("identity", "%s", json)
                          : cli_error("identity", "%s: %s", argv[optind], ssd_strerror(rc));
        ssd_free(json);
        return status;
    }
    cli_print_result(json, json_out);
    ssd_free(json);
    return 0;
}
