/* drive_health.c - the drive's own counters (ssdcore/health.h): the NVMe
 * SMART / health log and the SATA SMART attributes of a block device, the
 * model's counters on sim: targets (through the target's health op), and
 * their JSON. A counter the drive does not expose stays NaN: a 0 would claim
 * the drive counted nothing. */
#include <errno.h>
#include <linux/nvme_ioctl.h>
#include <math.h>
#include <scsi/sg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>

#include "drive_health.h"
#include "jsonw.h"
#include "result_size.h"
#include "target_impl.h"

/* The counters in JSON order: key, offset in ssd_health. */
static const struct {
    const char *key;
    size_t off;
} fields[] = {
#define F(name)                                                                                    \
    { #name, offsetof(ssd_health, name) }
    F(host_written_bytes),     F(host_read_bytes),        F(host_write_commands),
    F(host_read_commands),     F(media_written_bytes),    F(media_errors),
    F(reallocated_sectors),    F(warning_temp_minutes),   F(critical_temp_minutes),
    F(thermal_t1_transitions), F(thermal_t2_transitions), F(thermal_t1_seconds),
    F(thermal_t2_seconds),     F(temperature_c),          F(percentage_used),
#undef F
};
#define NFIELDS (sizeof fields / sizeof fields[0])

static double *field(ssd_health *h, size_t i) {
    return (double *)((char *)h + fields[i].off);
}
static double get(const ssd_health *h, size_t i) {
    return *(const double *)((const char *)h + fields[i].off);
}

/* *h with every counter NaN (not exposed), nothing available. */
static void health_clear(ssd_health *h) {
    memset(h, 0, sizeof *h);
    h->size = sizeof *h;
    for (size_t i = 0; i < NFIELDS; i++)
        *field(h, i) = NAN;
}

/* Little-endian unsigned of n bytes (n <= 16; beyond 2^64 only as a double). */
static double le(const uint8_t *p, int n) {
    double v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v * 256 + p[i];
    return v;
}

void ssd__health_from_nvme_log(const uint8_t log[512], ssd_health *h) {
    health_clear(h);
    h->available = 1;
    snprintf(h->source, sizeof h->source, "nvme smart log");
    /* NVMe base specification, SMART / Health Information (log 02h). A data
     * unit is 1000 units of 512 bytes. */
    double kelvin = le(log + 1, 2);
    if (kelvin > 0)
        h->temperature_c = kelvin - 273.15;
    h->percentage_used = log[5];
    h->host_read_bytes = le(log + 32, 16) * 512000.0;
    h->host_written_bytes = le(log + 48, 16) * 512000.0;
    h->host_read_commands = le(log + 64, 16);
    h->host_write_commands = le(log + 80, 16);
    h->media_errors = le(log + 160, 16);
    h->warning_temp_minutes = le(log + 192, 4);
    h->critical_temp_minutes = le(log + 196, 4);
    h->thermal_t1_transitions = le(log + 216, 4);
    h->thermal_t2_transitions = le(log + 220, 4);
    h->thermal_t1_seconds = le(log + 224, 4);
    h->thermal_t2_seconds = le(log + 228, 4);
}

int ssd__health_from_ata_smart(const uint8_t data[512], ssd_health *h) {
    health_clear(h);
    int seen = 0;
    double airflow = NAN;
    /* 30 attributes of 12 bytes from offset 2: id, flags (2), value, worst,
     * raw (6), reserved. */
    for (int i = 0; i < 30; i++) {
        const uint8_t *a = data + 2 + 12 * i;
        double raw = le(a + 5, 6);
        switch (a[0]) {
        case 5:
            h->reallocated_sectors = raw, seen = 1;
            break;
        case 187:
            h->media_errors = raw, seen = 1;
            break;
        case 194:
            h->temperature_c = a[5], seen = 1; /* the low byte is the current reading */
            break;
        case 190: /* airflow temperature: what drives without 194 report */
            airflow = a[5], seen = 1;
            break;
        case 241:
            h->host_written_bytes = raw * 512, seen = 1;
            break;
        case 242:
            h->host_read_bytes = raw * 512, seen = 1;
            break;
        case 249:
            /* "NAND writes, 1 GiB" (Intel, Kingston, Crucial SATA drives);
             * 233's unit differs between vendors, so it is not read. */
            h->media_written_bytes = raw * 1073741824.0, seen = 1;
            break;
        }
    }
    if (!seen)
        return -1;
    if (isnan(h->temperature_c))
        h->temperature_c = airflow;
    h->available = 1;
    snprintf(h->source, sizeof h->source, "ata smart");
    return 0;
}

static int nvme_health(int fd, ssd_health *h, int *err) {
    uint8_t log[512];
    memset(log, 0, sizeof log);
    struct nvme_admin_cmd c;
    memset(&c, 0, sizeof c);
    c.opcode = 0x02; /* Get Log Page */
    c.nsid = 0xffffffff;
    c.addr = (uint64_t)(uintptr_t)log;
    c.data_len = sizeof log;
    c.cdw10 = 0x02 | ((sizeof log / 4 - 1) << 16); /* log 02h, dwords - 1 */
    c.timeout_ms = 5000;
    if (ioctl(fd, NVME_IOCTL_ADMIN_CMD, &c) < 0) {
        *err = errno;
        return -1;
    }
    ssd__health_from_nvme_log(log, h);
    return 0;
}

static int ata_health(int fd, ssd_health *h, int *err) {
    uint8_t data[512], sense[32];
    memset(data, 0, sizeof data);
    /* ATA PASS-THROUGH (16): PIO data-in, SMART READ DATA (B0h/D0h). */
    /* bytes: opcode, protocol << 1, t_dir|byt_blok|t_length=count, features
     * (hi, lo), count (hi, lo), lba low (hi, lo), mid, high, device, command */
    uint8_t cdb[16] = {0x85, 4 << 1, 0x0e, 0, 0xd0, 0, 1, 0, 0, 0, 0x4f, 0, 0xc2, 0, 0xb0, 0};
    sg_io_hdr_t io;
    memset(&io, 0, sizeof io);
    io.interface_id = 'S';
    io.dxfer_direction = SG_DXFER_FROM_DEV;
    io.cmd_len = sizeof cdb;
    io.cmdp = cdb;
    io.dxfer_len = sizeof data;
    io.dxferp = data;
    io.mx_sb_len = sizeof sense;
    io.sbp = sense;
    io.timeout = 5000;
    if (ioctl(fd, SG_IO, &io) < 0) {
        *err = errno;
        return -1;
    }
    if ((io.info & SG_INFO_OK_MASK) != SG_INFO_OK && io.masked_status != 0x01 /* check cond */) {
        *err = EIO;
        return -1;
    }
    if (ssd__health_from_ata_smart(data, h) < 0) {
        *err = ENODATA;
        return -1;
    }
    return 0;
}

int ssd__block_health(ssd_target *t, ssd_health *h) {
    int env = 0, eata = 0;
    if (nvme_health(t->fd, h, &env) == 0 || ata_health(t->fd, h, &eata) == 0)
        return 0;
    health_clear(h);
    snprintf(h->why, sizeof h->why,
             "%s exposes no health counters (NVMe health log: %s; ATA SMART: %s)", t->uri,
             strerror(env), strerror(eata));
    return 0;
}

int ssd_target_health(ssd_target *t, ssd_health *out) {
    if (!t || !out)
        return SSD_EINVAL;
    t->err[0] = '\0';
    if (!ssd__result_size_ok(out, sizeof *out))
        return ssd__fail(t->err, SSD_EINVAL,
                         "health: the ssd_health's size is %zu, below sizeof(ssd_health) %zu: set "
                         ".size = sizeof(ssd_health)",
                         out->size, sizeof *out);
    ssd_health h; /* the library's version, copied as far as the caller's reaches */
    health_clear(&h);
    int rc = 0;
    if (!t->is_open)
        rc = ssd__fail(t->err, SSD_ESTATE, "health: the target is not open");
    else if (t->ops->health)
        rc = t->ops->health(t, &h);
    else
        snprintf(h.why, sizeof h.why,
                 "%s targets have no drive counters (run on the block device for them)",
                 t->ops->kind);
    ssd__result_copy(out, &h, sizeof h);
    return rc;
}

static void write_health(struct ssd__jw *w, const ssd_health *h) {
    ssd__jw_begin_object(w);
    ssd__jw_kbool(w, "available", h->available);
    if (h->available)
        ssd__jw_kstr(w, "source", h->source);
    else
        ssd__jw_kstr(w, "why", h->why);
    for (size_t i = 0; i < NFIELDS; i++)
        if (isfinite(get(h, i)))
            ssd__jw_knum(w, fields[i].key, get(h, i));
    ssd__jw_end_object(w);
}

int ssd_health_to_json(const ssd_health *h, int flags, char **out) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, h, out, flags, NULL);
    if (rc || !ssd__result_size_ok(h, sizeof *h))
        return rc ? rc : SSD_EINVAL;
    write_health(&w, h);
    return ssd__jw_finish(&w, out);
}

double ssd__health_wa(const ssd_health *before, const ssd_health *after) {
    double host = after->host_written_bytes - before->host_written_bytes;
    double media = after->media_written_bytes - before->media_written_bytes;
    return isfinite(host) && isfinite(media) && host > 0 ? media / host : NAN;
}

int ssd_health_delta_json(const ssd_health *before, const ssd_health *after, int flags,
                          char **out) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, after, out, flags, NULL);
    if (rc || !before || !ssd__result_size_ok(before, sizeof *before) ||
        !ssd__result_size_ok(after, sizeof *after))
        return rc ? rc : SSD_EINVAL;
    ssd__jw_begin_object(&w);
    for (size_t i = 0; i < NFIELDS; i++) {
        double d = get(after, i) - get(before, i);
        if (isfinite(d))
            ssd__jw_knum(&w, fields[i].key, d);
    }
    ssd__jw_knum(&w, "write_amplification", ssd__health_wa(before, after));
    ssd__jw_end_object(&w);
    return ssd__jw_finish(&w, out);
}
