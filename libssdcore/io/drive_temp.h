/* drive_temp.h - internal: the drive's temperature while a job runs, the
 * series' temp_c column (drive_temp.c). */
#ifndef SSD_DRIVE_TEMP_H
#define SSD_DRIVE_TEMP_H

#include <limits.h>
#include <stdint.h>

#include "ssdcore/target.h"

enum ssd__temp_kind { SSD__TEMP_NONE, SSD__TEMP_HEALTH, SSD__TEMP_HWMON };

struct ssd__temp_src {
    enum ssd__temp_kind kind;
    int is_sim;                /* read at every interval: the model's clock, not the wall's */
    char source[32];           /* "nvme smart log", "ata smart", "hwmon", "sim model"; "" none */
    char input[PATH_MAX + 64]; /* hwmon: the temp1_input file */
    double last_c;             /* the last reading, NaN when it failed */
    uint64_t last_ns;          /* when it was taken (monotonic), 0 never */
};

/* Finds where t's temperature can be read: the drive's health log (NVMe
 * SMART / health log composite temperature, ATA SMART 194 or 190, the sim
 * model; ssd_target_health), else the hwmon sensor of the disk under the
 * target (a file's filesystem's disk too). src->kind is SSD__TEMP_NONE
 * when there is none; nothing fails. */
void ssd__temp_probe(ssd_target *t, struct ssd__temp_src *src);

/* The temperature now in degrees Celsius, NaN when unknown (no source, or
 * the reading failed). Real drives are read at most once a second (their
 * sensors update about that often, and a SMART read is an admin command
 * beside the I/O): in between, the last reading is returned. */
double ssd__temp_read(ssd_target *t, struct ssd__temp_src *src);

#endif
