/* target_block.c - block devices as targets. Writing destroys the device's
 * data, so a device is refused while anything holds it (a mounted
 * filesystem on it or on one of its partitions, swap, device-mapper) and
 * refused for writing without the explicit destroy_data option. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "drive_health.h"
#include "target_impl.h"

/* How long a device that is free by every check but busy to O_EXCL (udev
 * probing it after the last writer closed it) is waited for. */
#define BUSY_WAIT_S 10.0

static int block_trim(ssd_target *t, uint64_t offset, uint64_t length) {
    if (length == 0)
        return 0;
    if (offset % t->block_size || length % t->block_size)
        return ssd__fail(t->err, SSD_EALIGN,
                         "%s: trim range %llu+%llu is not aligned to the %u-byte logical block",
                         t->uri, (unsigned long long)offset, (unsigned long long)length,
                         t->block_size);
    uint64_t range[2] = {offset, length};
    if (ioctl(t->fd, BLKDISCARD, range) < 0) {
        int e = errno;
        if (e == EOPNOTSUPP)
            return ssd__fail(t->err, SSD_EUNSUPPORTED,
                             "%s: the device does not support discard: %s", t->uri, strerror(e));
        return ssd__fail(t->err, -e, "%s: BLKDISCARD %llu+%llu failed: %s", t->uri,
                         (unsigned long long)offset, (unsigned long long)length, strerror(e));
    }
    return 0;
}

/* Secure discard (the device erases the data, not only unmaps it) where
 * the device has it, else a discard of the whole device: both return an
 * SSD to its fresh state, which is what a test needs of a purge. */
static int block_purge(ssd_target *t, const char **how) {
    uint64_t range[2] = {0, t->size};
    if (ioctl(t->fd, BLKSECDISCARD, range) == 0) {
        *how = "secure discard";
        return 0;
    }
    int e = errno;
    if (e != EOPNOTSUPP && e != EINVAL)
        return ssd__fail(t->err, -e, "%s: BLKSECDISCARD failed: %s", t->uri, strerror(e));
    *how = "discard";
    return block_trim(t, 0, t->size);
}

static const struct ssd__target_ops block_ops = {
    .kind = "block",
    .trim = block_trim,
    .purge = block_purge,
    .health = ssd__block_health,
};

/* The sysfs directory of a device number, resolved ("/sys/devices/.../sda"). */
static int sysfs_dir(dev_t dev, char *out) {
    char link[64];
    snprintf(link, sizeof link, "/sys/dev/block/%u:%u", major(dev), minor(dev));
    return realpath(link, out) ? 0 : -1;
}

/* 1 when `other` is dev itself or one of its partitions. */
static int same_or_partition(const char *dev_sys, dev_t other) {
    char p[PATH_MAX];
    if (sysfs_dir(other, p))
        return 0;
    if (!strcmp(p, dev_sys))
        return 1;
    char *slash = strrchr(p, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    return !strcmp(p, dev_sys);
}

static int dir_has_entries(const char *path) {
    DIR *d = opendir(path);
    if (!d)
        return 0;
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.')
            n++;
    closedir(d);
    return n > 0;
}

/* Whether a line of the /proc table file (/proc/self/mounts, /proc/swaps)
 * names the device dev_sys or a partition of it first: 1 with that path in
 * src and the line's second field in second. */
static int listed_in(const char *file, const char *dev_sys, char *src, char *second) {
    FILE *f = fopen(file, "re");
    int found = 0;
    while (f && !found && fscanf(f, "%4095s %4095s %*[^\n]", src, second) == 2) {
        struct stat st;
        found = src[0] == '/' && stat(src, &st) == 0 && S_ISBLK(st.st_mode) &&
                same_or_partition(dev_sys, st.st_rdev);
    }
    if (f)
        fclose(f);
    return found;
}

/* Fills why and returns 1 when something uses the device or a partition. */
static int device_in_use(const char *path, dev_t dev, char *why, size_t why_size) {
    char dev_sys[PATH_MAX];
    if (sysfs_dir(dev, dev_sys))
        return 0; /* no sysfs: rely on O_EXCL below */
    char src[PATH_MAX], second[PATH_MAX];
    if (listed_in("/proc/self/mounts", dev_sys, src, second)) {
        snprintf(why, why_size, "%.100s is mounted on %.200s (as %.100s); unmount it first", path,
                 second, src);
        return 1;
    }
    if (listed_in("/proc/swaps", dev_sys, src, second)) {
        snprintf(why, why_size, "%.100s is in use as swap (%.200s); swapoff it first", path, src);
        return 1;
    }
    /* Holders (device-mapper, md, ...) of the device or of a partition. */
    char sub[PATH_MAX + 64];
    snprintf(sub, sizeof sub, "%s/holders", dev_sys);
    if (dir_has_entries(sub)) {
        snprintf(why, why_size, "%.100s is held by another device (see %.300s)", path, sub);
        return 1;
    }
    DIR *d = opendir(dev_sys);
    if (!d)
        return 0;
    struct dirent *e;
    int held = 0;
    while (!held && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        struct stat st;
        int n = snprintf(sub, sizeof sub, "%s/%s/partition", dev_sys, e->d_name);
        if (n < 0 || (size_t)n >= sizeof sub || stat(sub, &st))
            continue;
        n = snprintf(sub, sizeof sub, "%s/%s/holders", dev_sys, e->d_name);
        if (n > 0 && (size_t)n < sizeof sub && dir_has_entries(sub)) {
            snprintf(why, why_size, "%.100s: partition %.100s is held by another device", path,
                     e->d_name);
            held = 1;
        }
    }
    closedir(d);
    return held;
}

int ssd__block_target_open(ssd_target *t, const char *path) {
    struct stat st;
    if (stat(path, &st) < 0)
        return ssd__fail_errno(t->err, "%s", path);
    if (!S_ISBLK(st.st_mode))
        return ssd__fail(t->err, SSD_EINVAL, "%s: not a block device", path);
    char why[SSD__ERRMSG_SIZE - 16];
    if (device_in_use(path, st.st_rdev, why, sizeof why))
        return ssd__fail(t->err, SSD_EMOUNTED, "%s", why);
    if (!t->opt_read_only && !t->opt_destroy_data)
        return ssd__fail(t->err, SSD_EUNSAFE,
                         "%s: writing to a block device destroys its data; pass option "
                         "destroy_data to allow it, or open it read-only",
                         path);
    /* O_EXCL on a block device fails with EBUSY while the kernel has it
     * mounted or claimed, closing the race with the checks above. */
    int flags = (t->opt_read_only ? O_RDONLY : O_RDWR | O_EXCL) | O_CLOEXEC;
    if (!t->opt_buffered)
        flags |= O_DIRECT;
    t->fd = open(path, flags);
    /* Closing a device that was open for writing makes udev probe it (blkid
     * holds it open for a moment), so a job started right after another one
     * meets EBUSY from a device nobody has mounted or claimed. While the
     * checks still find it free, wait that moment out (BUSY_WAIT_S at
     * most, interruptible) instead of refusing it. The probe usually takes
     * well under a second, but on a loaded machine it took longer than 2 s
     * (the test of back-to-back jobs failed so, at load 6); a device
     * claimed for good is reported after the wait. */
    for (int tries = 0; t->fd < 0 && errno == EBUSY && tries < BUSY_WAIT_S / 0.05; tries++) {
        if (device_in_use(path, st.st_rdev, why, sizeof why))
            return ssd__fail(t->err, SSD_EMOUNTED, "%s", why);
        if (ssd__sleep_interruptible(0.05) == SSD_EINTERRUPTED)
            return ssd__fail(t->err, SSD_EINTERRUPTED, "%s: interrupted while the device was busy",
                             path);
        t->fd = open(path, flags);
    }
    if (t->fd < 0) {
        int e = errno;
        if (e == EBUSY)
            return ssd__fail(t->err, SSD_EMOUNTED,
                             "%s: the device stayed busy for %.0f s (claimed by another "
                             "process, or mounted)",
                             path, BUSY_WAIT_S);
        return ssd__fail(t->err, -e, "%s: cannot open: %s", path, strerror(e));
    }
    /* The kernel lets a write-protected device be opened for writing and
     * fails each write with EPERM: refuse it here, before any I/O. */
    int ro = 0;
    if (!t->opt_read_only && ioctl(t->fd, BLKROGET, &ro) == 0 && ro)
        return ssd__fail(t->err, -EROFS,
                         "%s: the device is read-only (write-protected), so it cannot be written "
                         "or trimmed; open it read-only to read it (option read_only, or a read "
                         "job without option destroy_data)",
                         path);
    uint64_t size = 0;
    int lbs = 0;
    if (ioctl(t->fd, BLKGETSIZE64, &size) < 0 || ioctl(t->fd, BLKSSZGET, &lbs) < 0)
        return ssd__fail_errno(t->err, "%s: cannot read the device size", path);
    if (size == 0 || lbs <= 0)
        return ssd__fail(t->err, SSD_EINVAL, "%s: the device is empty", path);
    size -= size % (unsigned)lbs;
    if (t->opt_size && t->opt_size != size) /* not silently another size */
        return ssd__fail(t->err, SSD_EINVAL,
                         "%s: size %llu: a block device has its own size (%llu bytes); "
                         "option span tests part of it",
                         path, (unsigned long long)t->opt_size, (unsigned long long)size);
    t->ops = &block_ops;
    t->size = size;
    t->block_size = (unsigned)lbs;
    return 0;
}
