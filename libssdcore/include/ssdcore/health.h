/*
 * ssdcore/health.h - the drive's own counters: what the host wrote, what the
 * flash programmed (where the drive says), errors and thermal throttling.
 *
 * Read from the NVMe SMART / health log (log page 0x02), the SATA SMART
 * attributes (ATA PASS-THROUGH SMART READ DATA through SG_IO), or, on sim:
 * targets, the model's own counters. A counter the drive does not expose is
 * NaN (null in JSON), never 0. Write amplification is the media (NAND) bytes
 * over the host bytes written between two readings, known only where the
 * drive exposes media writes (always on sim:).
 */
#ifndef SSDCORE_HEALTH_H
#define SSDCORE_HEALTH_H

#include "base.h"
#include "target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ssd_health {
    size_t size;     /* sizeof this struct: see "The API convention" in base.h */
    int available;   /* 1 when the counters below were read */
    char source[32]; /* "nvme smart log", "ata smart", "sim model"; "" when not available */
    char why[256];   /* when not available: why ("file targets have no drive counters") */
    /* counters since the drive was made (sim: since the target was opened);
     * NaN when the drive does not expose them */
    double host_written_bytes;  /* NVMe data units written x 512000; ATA 241 x 512 */
    double host_read_bytes;     /* NVMe data units read x 512000; ATA 242 x 512 */
    double host_write_commands; /* NVMe host write commands */
    double host_read_commands;  /* NVMe host read commands */
    double media_written_bytes; /* flash programmed: ATA 249 (GiB units); sim: the model */
    double media_errors;        /* NVMe media and data integrity errors; ATA 187 */
    double reallocated_sectors; /* ATA 5 */
    double warning_temp_minutes, critical_temp_minutes;    /* NVMe */
    double thermal_t1_transitions, thermal_t2_transitions; /* NVMe thermal management */
    double thermal_t1_seconds, thermal_t2_seconds;
    double temperature_c;   /* NVMe composite temperature; ATA 194 (else 190); sim: the model */
    double percentage_used; /* NVMe endurance estimate used, percent */
} ssd_health;

/* Reads the drive's counters of an open target into *out, whose size the
 * caller sets (the library fills as far as it reaches and keeps it). A
 * target without counters (a file, a loop device, a drive refusing the
 * command) is not an error: out->available is 0 and out->why says why.
 * Returns 0, or SSD_EINVAL for NULL arguments or a size below the first
 * version's, SSD_ESTATE for an unopened target. */
SSD_API int ssd_target_health(ssd_target *t, ssd_health *out);

/* *out (free with ssd_free) = h as a JSON object: "available", "source" or
 * "why", and each counter the drive exposes (the others are left out).
 * flags: enum ssd_json_flags (base.h). Returns 0, SSD_EINVAL (NULL, a size
 * below the first version's or an unknown flag) or SSD_ENOMEM. */
SSD_API int ssd_health_to_json(const ssd_health *h, int flags, char **out);

/* The change from before to after as a JSON object: each counter present in
 * both, and "write_amplification" (media over host bytes written between
 * the two) when both are known and the host wrote something, else null.
 * flags and returns as ssd_health_to_json. */
SSD_API int ssd_health_delta_json(const ssd_health *before, const ssd_health *after, int flags,
                                  char **out);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_HEALTH_H */
