/* cmd_identity.c - `ssdcore identity TARGET`: who the drive is (model,
 * serial, firmware, capacity, sectors, transport, link, temperature). */
#include <stdio.h>

#include <ssdcore.h>

#include "cli.h"

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
    const char *target;
    int hash = 0, json_out = 0;
    const struct cli_own own[] = {{"--hash-serial", &hash, NULL, NULL},
                                  {"--json", &json_out, NULL, NULL},
                                  {NULL, NULL, NULL, NULL}};
    int status = cli_args("identity", identity_usage, "TARGET", own, argc, argv, &target);
    if (status >= 0)
        return status;
    if ((status = cli_target_check("identity", "TARGET", target)))
        return status;
    char *json = NULL;
    int rc =
        ssd_drive_identity_json(target, hash, json_out ? SSD_JSON_COMPACT : SSD_JSON_TEXT, &json);
    if (rc < 0) {
        status = json ? cli_error("identity", "%s", json)
                      : cli_error("identity", "%s: %s", target, ssd_strerror(rc));
        ssd_free(json);
        return status;
    }
    fputs(json, stdout);
    if (json_out)
        putchar('\n');
    ssd_free(json);
    return 0;
}
