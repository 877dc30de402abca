/*
 * ssdcore/drive.h - who the drive under test is: model, serial, firmware,
 * capacity, sector sizes, rotational flag, transport and link, and its
 * temperature, from sysfs and the standard ioctls (ATA IDENTIFY through
 * HDIO_GET_IDENTITY where the kernel permits it). results.json records this
 * as target.drive, and each step's temperature before and after.
 *
 * Everything is optional: a member the system does not expose is null, and
 * not knowing is never a failure. SSD_SYSFS_ROOT in the environment points
 * the reader at another sysfs tree (for tests); default "/sys".
 */
#ifndef SSDCORE_DRIVE_H
#define SSDCORE_DRIVE_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The identity of the drive behind target as a JSON object in a malloc'd
 * string (ssd_free):
 *   {"source": "sysfs" | "sim" | null, "via": "device" | "file" | "sim",
 *    "device": "nvme0n1", "partition": "nvme0n1p2" | null,
 *    "backing_file": the file behind a loop device | null,
 *    "model", "vendor", "serial", "serial_hashed": bool, "firmware",
 *    "capacity_bytes", "logical_sector_bytes", "physical_sector_bytes",
 *    "rotational": bool, "transport": "nvme" | "sata" | "usb" | "virtio" |
 *    "scsi" | "mmc" | "loop" | ..., "link": "PCIe 4.0 x4 (16.0 GT/s)" |
 *    "SATA 6.0 Gbps", "temperature_c", "profile" (sim only)}; a sim: drive's
 *    capacity_bytes is its profile's user capacity (sim show's user_bytes).
 * target is a block device path, a regular file (the device its filesystem
 * is on), or a sim: URI (the profile). hash_serial non-zero replaces the
 * serial by "sha256:" and the first 16 hex digits of its SHA-256, so runs
 * of one drive still match without publishing its serial. flags: enum
 * ssd_json_flags (base.h), SSD_JSON_TEXT too: the text `ssdcore identity`
 * prints (ssd_json_restyle's), with no serial_hashed line where there is no
 * serial. Thread-safe.
 * Returns 0, SSD_EINVAL (target or out NULL, an unknown flag; a character device, FIFO,
 * socket or directory, which names no drive; a sim: spec that does not
 * resolve, as ssd_target_open refuses it), SSD_ERANGE (a sim: value out of
 * range), -errno (target cannot be stat'ed) or SSD_ENOMEM. On failure *out
 * holds a malloc'd one-line message naming the target and what is wrong
 * (NULL when out of memory, target or out is NULL, or a flag is unknown):
 * free it with ssd_free() either way.
 */
SSD_API int ssd_drive_identity_json(const char *target, int hash_serial, int flags, char **out);

/* The drive's temperature in degrees Celsius from hwmon (NVMe composite
 * sensor, or drivetemp for SATA). Returns 0, SSD_ENODATA (no sensor:
 * sim targets, virtual disks, no drivetemp module), -errno or SSD_EINVAL.
 * Thread-safe. */
SSD_API int ssd_drive_temperature(const char *target, double *celsius);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_DRIVE_H */
