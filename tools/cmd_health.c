/* cmd_health.c - `ssdcore health TARGET [--json]`: the drive's own counters
 * (host and media bytes written, errors, thermal throttling). */
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include <ssdcore.h>

#include "cli.h"

static const char health_usage[] =
    "usage: ssdcore health TARGET [--json]\n"
    "\n"
    "Prints the drive's health counters: the NVMe SMART / health log, the SATA\n"
    "SMART attributes, or a sim: drive's model counters. Counters the drive does\n"
    "not expose are left out (null is never printed as 0); a target without\n"
    "counters (a file, a loop device) says \"not available\" and why.\n"
    "\n"
    "  --json  print the counters as a JSON object\n";

int cmd_health(int argc, char **argv) {
    const char *target;
    int json, rc = cli_json_args("health", health_usage, argc, argv, "TARGET", &json, &target);
    if (rc >= 0)
        return rc;
    int status;
    ssd_target *t = cli_open_target("health", target, 0, 0, 0, &status);
    if (!t)
        return status;
    ssd_health h = {.size = sizeof h};
    char *text = NULL;
    if (ssd_target_health(t, &h) < 0)
        status = cli_error("health", "%s", ssd_target_errmsg(t));
    if (!status && ssd_health_to_json(&h, SSD_JSON_COMPACT, &text) < 0)
        status = cli_error("health", "out of memory");
    if (status)
        goto out;
    if (json)
        cli_print_result(text, 1);
    else if (!h.available)
        printf("health counters not available: %s\n", h.why);
    else {
        static const struct {
            const char *label;
            size_t off;
            double unit;
        } rows[] = {
#define R(label, name, unit) {label, offsetof(ssd_health, name), unit}
            R("host written, GiB", host_written_bytes, 1073741824.0),
            R("host read, GiB", host_read_bytes, 1073741824.0),
            R("host write commands", host_write_commands, 1),
            R("host read commands", host_read_commands, 1),
            R("media (NAND) written, GiB", media_written_bytes, 1073741824.0),
            R("media errors", media_errors, 1),
            R("reallocated sectors", reallocated_sectors, 1),
            R("warning temp. time, min", warning_temp_minutes, 1),
            R("critical temp. time, min", critical_temp_minutes, 1),
            R("thermal T1 transitions", thermal_t1_transitions, 1),
            R("thermal T2 transitions", thermal_t2_transitions, 1),
            R("thermal T1 time, s", thermal_t1_seconds, 1),
            R("thermal T2 time, s", thermal_t2_seconds, 1),
            R("temperature, C", temperature_c, 1),
            R("percentage used", percentage_used, 1),
#undef R
        };
        printf("source: %s\n", h.source);
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            double v = *(const double *)((const char *)&h + rows[i].off) / rows[i].unit;
            if (isfinite(v))
                printf("  %-28s %.6g\n", rows[i].label, v);
        }
        if (isfinite(h.media_written_bytes) && h.host_written_bytes > 0)
            printf("  %-28s %.3f\n", "write amplification (life)",
                   h.media_written_bytes / h.host_written_bytes);
    }
out:
    ssd_free(text);
    ssd_target_free(t);
    return status;
}
