/* drive_health.h - internal: reading the drive's counters (drive_health.c). */
#ifndef SSD_DRIVE_HEALTH_H
#define SSD_DRIVE_HEALTH_H

#include <stdint.h>

#include "ssdcore/health.h"

/* *h from an NVMe SMART / health log page (02h). */
void ssd__health_from_nvme_log(const uint8_t log[512], ssd_health *h);
/* *h from ATA SMART READ DATA; -1 when it holds none of the attributes read. */
int ssd__health_from_ata_smart(const uint8_t data[512], ssd_health *h);
/* The block target's health op: NVMe, else ATA through SG_IO, else
 * available 0 with why naming both refusals. */
int ssd__block_health(ssd_target *t, ssd_health *h);
/* Media over host bytes written from before to after; NaN when unknown. */
double ssd__health_wa(const ssd_health *before, const ssd_health *after);

#endif
