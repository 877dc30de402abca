/* cmd_identity.c - `ssdcore identity TARGET`: who the drive is (model,
 * serial, firmware, capacity, sectors, transport, link, temperature). */
#include <stdio.h>
#include <string.h>

#include <ssdcore.h>

#include "cli_target.h"
#include "commands.h"
#include "fo_cli.h"

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

static const struct fo_cli_spec identity_cli = {
    .cmd = "identity", .usage = identity_usage, .npos = 1, .operands = "TARGET"};

/* The text leaves out nulls, so a drive without a serial shows no serial
 * line; a "serial_hashed: false" about it would name what is not there.
 * Only the text: --json keeps both members (the schema). The library
 * writes them side by side in compact JSON. */
static void drop_serial_hashed_without_serial(char *json) {
    static const char pair[] = "\"serial\":null,\"serial_hashed\":false";
    static const char hashed[] = ",\"serial_hashed\":false";
    char *at = strstr(json, pair);
    if (!at)
        return;
    at += sizeof pair - sizeof hashed;
    memmove(at, at + sizeof hashed - 1, strlen(at + sizeof hashed - 1) + 1);
}

int cmd_identity(int argc, char **argv) {
    const char *target;
    int hash = 0, json_out = 0;
    const struct fo_cli_own own[] = {{"--hash-serial", &hash, NULL, NULL},
                                     {"--json", &json_out, NULL, NULL},
                                     {NULL, NULL, NULL, NULL}};
    int status = fo_cli_args(&identity_cli, NULL, own, argc, argv, &target);
    if (status >= 0)
        return status;
    if ((status = cli_target_check("identity", "TARGET", target)))
        return status;
    char *json = NULL;
    int rc = ssd_drive_identity_json(target, hash, SSD_JSON_COMPACT, &json);
    if (rc < 0) {
        status = json ? cli_error("identity", "%s", json)
                      : cli_error("identity", "%s: %s", target, ssd_strerror(rc));
        ssd_free(json);
        return status;
    }
    if (!json_out)
        drop_serial_hashed_without_serial(json);
    cli_print_result(json, json_out);
    ssd_free(json);
    return 0;
}
