/* drive_identity.c - the drive behind a target, from sysfs and the ATA
 * identify ioctl (ssdcore/drive.h). A regular file is followed to the block
 * device its filesystem is on, a partition to its disk, a loop device to
 * the file behind it. Nothing here fails for lack of information. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <linux/hdreg.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "ssdcore/drive.h"
#include "jsonw.h"
#include "target_impl.h"
#include "text.h"

#define ATTR_MAX 256
/* sysfs paths built from a resolved path plus a few components */
#define PBUF (PATH_MAX + 64)

struct ident {
    char device[64], partition[64], backing[PATH_MAX];
    char model[ATTR_MAX], vendor[ATTR_MAX], serial[ATTR_MAX], firmware[ATTR_MAX];
    char transport[16], link[128];
    double capacity, logical, physical, temperature;
    int rotational; /* -1 unknown */
    int found;      /* the device was found in sysfs */
};

static const char *sysfs_root(void) {
    const char *r = getenv("SSD_SYSFS_ROOT");
    return r && *r ? r : "/sys";
}

/* The first line of a sysfs attribute, trimmed; "" when unreadable. */
static void attr(const char *dir, const char *name, char *out, size_t len) {
    char path[PBUF];
    out[0] = 0;
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
        return;
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    if (!fgets(out, (int)len, f))
        out[0] = 0;
    fclose(f);
    size_t n = strlen(out);
    while (n && isspace((unsigned char)out[n - 1]))
        out[--n] = 0;
    size_t k = 0;
    while (isspace((unsigned char)out[k]))
        k++;
    memmove(out, out + k, n - k + 1);
}

static double attr_num(const char *dir, const char *name) {
    char b[64], *end;
    attr(dir, name, b, sizeof b);
    double v = strtod(b, &end);
    return *b && end != b ? v : NAN;
}

static void copy_trim(char *dst, size_t len, const char *src, size_t n) {
    while (n && (src[n - 1] == ' ' || src[n - 1] == 0))
        n--;
    while (n && *src == ' ')
        src++, n--;
    snprintf(dst, len, "%.*s", (int)n, src);
}

/* ATA IDENTIFY through HDIO_GET_IDENTITY: serial and firmware of SATA drives,
 * which sysfs does not show. Read-only open; skipped when not permitted. */
static void ata_identify(const char *devnode, struct ident *id) {
    int fd = open(devnode, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return;
    struct hd_driveid hd;
    memset(&hd, 0, sizeof hd);
    if (ioctl(fd, HDIO_GET_IDENTITY, &hd) == 0) {
        if (!id->serial[0])
            copy_trim(id->serial, sizeof id->serial, (const char *)hd.serial_no,
                      sizeof hd.serial_no);
        if (!id->firmware[0])
            copy_trim(id->firmware, sizeof id->firmware, (const char *)hd.fw_rev, sizeof hd.fw_rev);
        if (!id->model[0])
            copy_trim(id->model, sizeof id->model, (const char *)hd.model, sizeof hd.model);
    }
    close(fd);
}

/* "8.0 GT/s PCIe" -> 3; 0 when unknown. */
static int pcie_gen(double gts) {
    static const double speeds[] = {2.5, 5, 8, 16, 32, 64};
    for (int i = 0; i < 6; i++)
        if (fabs(gts - speeds[i]) < 0.3)
            return i + 1;
    return 0;
}

/* The hwmon temperature input of the disk at sysfs directory devdir (NVMe:
 * the controller's hwmon; SATA: drivetemp's), into path; 0, or -1 when the
 * disk has none. */
static int hwmon_input(const char *devdir, char *path, size_t len) {
    static const char *const pats[] = {"%s/device/hwmon*/temp1_input",
                                       "%s/device/hwmon/hwmon*/temp1_input"};
    int found = 0;
    for (size_t p = 0; p < 2 && !found; p++) {
        char pat[PBUF];
        snprintf(pat, sizeof pat, pats[p], devdir);
        glob_t g;
        if (glob(pat, 0, NULL, &g) == 0 && g.gl_pathc && strlen(g.gl_pathv[0]) < len) {
            snprintf(path, len, "%s", g.gl_pathv[0]);
            found = 1;
        }
        globfree(&g);
    }
    return found ? 0 : -1;
}

double ssd__hwmon_read_c(const char *input) {
    char dir[PATH_MAX];
    size_t n = strlen(input);
    if (n >= sizeof dir)
        return NAN;
    memcpy(dir, input, n + 1);
    char *slash = strrchr(dir, '/');
    if (!slash)
        return NAN;
    *slash = 0;
    double m = attr_num(dir, slash + 1);
    return isfinite(m) ? m / 1000 : NAN; /* millidegrees */
}

static void temperature(const char *devdir, struct ident *id) {
    char input[PBUF];
    if (isnan(id->temperature) && hwmon_input(devdir, input, sizeof input) == 0)
        id->temperature = ssd__hwmon_read_c(input);
}

static void describe_disk(const char *disk, const char *devnode, struct ident *id) {
    const char *name = strrchr(disk, '/') ? strrchr(disk, '/') + 1 : disk;
    snprintf(id->device, sizeof id->device, "%.63s", name);
    char dev[PBUF], real[PATH_MAX];
    snprintf(dev, sizeof dev, "%s/device", disk);
    attr(dev, "model", id->model, sizeof id->model);
    attr(dev, "vendor", id->vendor, sizeof id->vendor);
    attr(dev, "serial", id->serial, sizeof id->serial);
    attr(dev, "firmware_rev", id->firmware, sizeof id->firmware);
    if (!id->firmware[0])
        attr(dev, "rev", id->firmware, sizeof id->firmware);
    id->capacity = attr_num(disk, "size") * 512;
    char q[PBUF];
    snprintf(q, sizeof q, "%s/queue", disk);
    id->logical = attr_num(q, "logical_block_size");
    id->physical = attr_num(q, "physical_block_size");
    double rot = attr_num(q, "rotational");
    id->rotational = isfinite(rot) ? rot != 0 : -1;
    const char *r = realpath(dev, real) ? real : "";
    if (!strncmp(name, "nvme", 4))
        snprintf(id->transport, sizeof id->transport, "nvme");
    else if (strstr(r, "/usb"))
        snprintf(id->transport, sizeof id->transport, "usb");
    else if (strstr(r, "/ata"))
        snprintf(id->transport, sizeof id->transport, "sata");
    else if (strstr(r, "virtio"))
        snprintf(id->transport, sizeof id->transport, "virtio");
    else if (!strncmp(name, "mmcblk", 6))
        snprintf(id->transport, sizeof id->transport, "mmc");
    else if (!strncmp(name, "loop", 4))
        snprintf(id->transport, sizeof id->transport, "loop");
    else if (!strncmp(name, "sd", 2))
        snprintf(id->transport, sizeof id->transport, "scsi");
    /* The link: the PCIe function of an NVMe controller, the ATA link. */
    if (!strcmp(id->transport, "nvme")) {
        char pci[PBUF], speed[48];
        snprintf(pci, sizeof pci, "%s/device/device", disk);
        attr(pci, "current_link_speed", speed, sizeof speed);
        double w = attr_num(pci, "current_link_width"), gts = strtod(speed, NULL);
        if (speed[0] && isfinite(w)) {
            int gen = pcie_gen(gts);
            if (gen)
                snprintf(id->link, sizeof id->link, "PCIe %d.0 x%.0f (%s)", gen, w, speed);
            else
                snprintf(id->link, sizeof id->link, "PCIe x%.0f (%s)", w, speed);
        }
    } else if (!strcmp(id->transport, "sata")) {
        const char *a = strstr(r, "/ata");
        int port;
        if (a && sscanf(a, "/ata%d", &port) == 1) {
            char link[PBUF], spd[48];
            snprintf(link, sizeof link, "%s/class/ata_link/link%d", sysfs_root(), port);
            attr(link, "sata_spd", spd, sizeof spd);
            if (spd[0] && strcmp(spd, "<unknown>"))
                snprintf(id->link, sizeof id->link, "SATA %s", spd);
        }
    }
    temperature(disk, id);
    if (devnode && !strcmp(sysfs_root(), "/sys") &&
        (!strcmp(id->transport, "sata") || !strcmp(id->transport, "scsi")))
        ata_identify(devnode, id);
}

/* Fills *id (cleared first: unknown numbers NaN, rotational -1) for target. */
static int identify(const char *target, struct ident *id, int depth) {
    memset(id, 0, sizeof *id);
    id->capacity = id->logical = id->physical = id->temperature = NAN;
    id->rotational = -1;
    struct stat sb;
    if (stat(target, &sb))
        return -errno;
    int blk = S_ISBLK(sb.st_mode);
    dev_t d = blk ? sb.st_rdev : sb.st_dev;
    char link[PATH_MAX], path[PATH_MAX];
    snprintf(link, sizeof link, "%s/dev/block/%u:%u", sysfs_root(), major(d), minor(d));
    if (!realpath(link, path))
        return 0; /* a filesystem without a block device (tmpfs, overlay...) */
    id->found = 1;
    char part[64];
    attr(path, "partition", part, sizeof part);
    if (part[0]) {
        const char *name = strrchr(path, '/') + 1;
        snprintf(id->partition, sizeof id->partition, "%.63s", name);
        *strrchr(path, '/') = 0;
    }
    char devnode[PATH_MAX + 8];
    snprintf(devnode, sizeof devnode, "/dev/%s", strrchr(path, '/') + 1);
    describe_disk(path, blk && !id->partition[0] ? target : devnode, id);
    char loop[PBUF];
    snprintf(loop, sizeof loop, "%s/loop", path);
    attr(loop, "backing_file", id->backing, sizeof id->backing);
    /* A loop device measures the drive its backing file is on. */
    if (id->backing[0] && depth < 4) {
        struct ident inner;
        if (identify(id->backing, &inner, depth + 1) == 0 && inner.found) {
            char backing[PATH_MAX];
            snprintf(backing, sizeof backing, "%s", id->backing);
            *id = inner;
            snprintf(id->backing, sizeof id->backing, "%s", backing);
        }
    }
    return 0;
}

/* The disk under target (a block device, or the filesystem a file is on;
 * a partition's disk; a loop device's backing file's disk) and its hwmon
 * temperature input, into path. 0, or -1 when there is none. */
int ssd__hwmon_temp_input(const char *target, char *path, size_t len) {
    char cur[PATH_MAX], backing[PATH_MAX];
    snprintf(cur, sizeof cur, "%s", target);
    for (int depth = 0; depth < 4; depth++) {
        struct stat sb;
        if (stat(cur, &sb))
            return -1;
        dev_t d = S_ISBLK(sb.st_mode) ? sb.st_rdev : sb.st_dev;
        char link[PATH_MAX], dir[PATH_MAX];
        snprintf(link, sizeof link, "%s/dev/block/%u:%u", sysfs_root(), major(d), minor(d));
        if (!realpath(link, dir))
            return -1;
        char part[64];
        attr(dir, "partition", part, sizeof part);
        if (part[0])
            *strrchr(dir, '/') = 0;
        char loop[PBUF];
        snprintf(loop, sizeof loop, "%s/loop", dir);
        attr(loop, "backing_file", backing, sizeof backing);
        if (!backing[0])
            return hwmon_input(dir, path, len);
        snprintf(cur, sizeof cur, "%s", backing);
    }
    return -1;
}

/* ---- SHA-256 (FIPS 180-4), only to hash serial numbers ---------------- */

static uint32_t ror(uint32_t x, int n) {
    return (x >> n) | (x << (32 - n));
}

static void sha256_block(uint32_t h[8], const unsigned char *p) {
    static const uint32_t k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2};
    uint32_t w[64], a[8];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
               (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    memcpy(a, h, sizeof a);
    for (int i = 0; i < 64; i++) {
        uint32_t S1 = ror(a[4], 6) ^ ror(a[4], 11) ^ ror(a[4], 25);
        uint32_t ch = (a[4] & a[5]) ^ (~a[4] & a[6]);
        uint32_t t1 = a[7] + S1 + ch + k[i] + w[i];
        uint32_t S0 = ror(a[0], 2) ^ ror(a[0], 13) ^ ror(a[0], 22);
        uint32_t mj = (a[0] & a[1]) ^ (a[0] & a[2]) ^ (a[1] & a[2]);
        memmove(a + 1, a, 7 * sizeof *a);
        a[4] += t1;
        a[0] = t1 + S0 + mj;
    }
    for (int i = 0; i < 8; i++)
        h[i] += a[i];
}

static void sha256_hex16(const char *s, char out[17]) {
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    size_t n = strlen(s), i = 0;
    unsigned char blk[64];
    for (; i + 64 <= n; i += 64)
        sha256_block(h, (const unsigned char *)s + i);
    size_t r = n - i;
    memset(blk, 0, sizeof blk);
    memcpy(blk, s + i, r);
    blk[r] = 0x80;
    if (r >= 56) {
        sha256_block(h, blk);
        memset(blk, 0, sizeof blk);
    }
    uint64_t bits = (uint64_t)n * 8;
    for (int k = 0; k < 8; k++)
        blk[63 - k] = (unsigned char)(bits >> (8 * k));
    sha256_block(h, blk);
    snprintf(out, 17, "%08x%08x", h[0], h[1]);
}

/* A sysfs attribute: null when the kernel did not say. */
static void jstr_or_null(struct ssd__jw *w, const char *key, const char *v) {
    ssd__jw_kstr(w, key, v && *v ? v : NULL);
}

/* *out: a malloc'd message "TARGET: why" for a failure (NULL when out of
 * memory); returns code. */
static int identity_fail(char **out, int code, const char *target, const char *why) {
    struct ssd__text t = {0};
    ssd__text_add(&t, "%s: %s", target, why);
    *out = ssd__text_take(&t);
    return code;
}

int ssd__drive_identity_json(const char *target, int hash_serial, int text, uint64_t sim_capacity,
                             double sim_temp_c, enum ssd__jw_style style, char **out) {
    if (!target || !out)
        return SSD_EINVAL;
    *out = NULL;
    struct ssd__jw w;
    ssd__jw_init(&w, style);
    if (!strncmp(target, "sim:", 4)) {
        char profile[128];
        snprintf(profile, sizeof profile, "%.*s", (int)strcspn(target + 4, ","), target + 4);
        ssd__jw_begin_object(&w);
        ssd__jw_kstr(&w, "source", "sim");
        ssd__jw_kstr(&w, "via", "sim");
        ssd__jw_kstr(&w, "model", target);
        ssd__jw_kstr(&w, "profile", profile);
        ssd__jw_kstr(&w, "serial", NULL);
        if (!text)
            ssd__jw_kbool(&w, "serial_hashed", 0);
        ssd__jw_kstr(&w, "firmware", NULL);
        ssd__jw_ku64(&w, "capacity_bytes", sim_capacity);
        ssd__jw_kstr(&w, "transport", "sim");
        ssd__jw_knum(&w, "temperature_c", sim_temp_c);
        ssd__jw_end_object(&w);
        return ssd__jw_finish(&w, out);
    }
    struct stat sb;
    if (stat(target, &sb)) {
        /* A missing target in the words every command uses for it. */
        int e = errno;
        return identity_fail(out, -e, target, e == ENOENT ? "no such file" : strerror(e));
    }
    /* A device node of another kind, a FIFO or a socket names no drive:
     * the disk its node sits on is not the one meant. */
    if (!S_ISBLK(sb.st_mode) && !S_ISREG(sb.st_mode)) {
        char why[160];
        snprintf(why, sizeof why,
                 "is a %s: a drive is a block device, a regular file (the drive it is on) or a "
                 "sim: URI",
                 S_ISCHR(sb.st_mode)    ? "character device"
                 : S_ISFIFO(sb.st_mode) ? "FIFO"
                 : S_ISSOCK(sb.st_mode) ? "socket"
                 : S_ISDIR(sb.st_mode)  ? "directory"
                                        : "special file");
        return identity_fail(out, SSD_EINVAL, target, why);
    }
    struct ident id;
    int rc = identify(target, &id, 0);
    if (rc)
        return identity_fail(out, rc, target, strerror(-rc));
    char serial[ATTR_MAX];
    snprintf(serial, sizeof serial, "%s", id.serial);
    if (hash_serial && serial[0]) {
        char hex[17];
        sha256_hex16(id.serial, hex);
        snprintf(serial, sizeof serial, "sha256:%s", hex);
    }
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "source", id.found ? "sysfs" : NULL);
    ssd__jw_kstr(&w, "via", S_ISBLK(sb.st_mode) ? "device" : "file");
    jstr_or_null(&w, "device", id.device);
    jstr_or_null(&w, "partition", id.partition);
    jstr_or_null(&w, "backing_file", id.backing);
    jstr_or_null(&w, "model", id.model);
    jstr_or_null(&w, "vendor", id.vendor);
    jstr_or_null(&w, "serial", serial);
    if (!text || serial[0])
        ssd__jw_kbool(&w, "serial_hashed", hash_serial && serial[0]);
    jstr_or_null(&w, "firmware", id.firmware);
    ssd__jw_knum(&w, "capacity_bytes", id.capacity);
    ssd__jw_knum(&w, "logical_sector_bytes", id.logical);
    ssd__jw_knum(&w, "physical_sector_bytes", id.physical);
    ssd__jw_key(&w, "rotational");
    if (id.rotational < 0)
        ssd__jw_null(&w);
    else
        ssd__jw_bool(&w, id.rotational);
    jstr_or_null(&w, "transport", id.transport);
    jstr_or_null(&w, "link", id.link);
    ssd__jw_knum(&w, "temperature_c", id.temperature);
    ssd__jw_end_object(&w);
    return ssd__jw_finish(&w, out);
}

int ssd_drive_temperature(const char *target, double *celsius) {
    if (!target || !celsius)
        return SSD_EINVAL;
    *celsius = NAN;
    if (!strncmp(target, "sim:", 4))
        return SSD_ENODATA;
    struct ident id;
    int rc = identify(target, &id, 0);
    if (rc)
        return rc;
    if (!isfinite(id.temperature))
        return SSD_ENODATA;
    *celsius = id.temperature;
    return 0;
}
