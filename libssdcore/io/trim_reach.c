/* trim_reach.c - whether a TRIM of a file target reached the drive. A
 * punched hole frees the filesystem's blocks; the SSD hears of it only when
 * the filesystem sends discards for freed blocks (mounted with "discard") or
 * someone trims its free space (FITRIM, as fstrim does). Without either, a
 * "TRIM" step measures a drive that was never trimmed, so the result must
 * say which it was. */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "target_impl.h"

/* mountinfo escapes space, tab, newline and backslash as \ooo. */
static void unescape(char *s) {
    char *o = s;
    for (char *p = s; *p; p++) {
        if (p[0] == '\\' && p[1] >= '0' && p[1] <= '3' && p[2] >= '0' && p[2] <= '7' &&
            p[3] >= '0' && p[3] <= '7') {
            *o++ = (char)((p[1] - '0') * 64 + (p[2] - '0') * 8 + (p[3] - '0'));
            p += 3;
        } else {
            *o++ = *p;
        }
    }
    *o = '\0';
}

/* "discard" or "discard=async" (btrfs) among comma-separated options;
 * "nodiscard" is not. */
static int has_discard(const char *opts) {
    for (const char *p = opts; *p;) {
        size_t n = strcspn(p, ",");
        if ((n == 7 && !strncmp(p, "discard", 7)) || (n > 8 && !strncmp(p, "discard=", 8)))
            return 1;
        p += n;
        if (*p == ',')
            p++;
    }
    return 0;
}

/* Finds the mount of device `dev` in /proc/self/mountinfo; a mount of the
 * filesystem's root is preferred over a bind mount of a directory in it.
 * Returns 1 when found (r's fs_type, mount_point, mount_options filled). */
static int find_mount(dev_t dev, ssd_trim_reach *r) {
    FILE *f = fopen("/proc/self/mountinfo", "re");
    if (!f)
        return 0;
    char *line = NULL;
    size_t cap = 0;
    int found = 0;
    char want[32];
    snprintf(want, sizeof want, "%u:%u", major(dev), minor(dev));
    while (found < 2 && getline(&line, &cap, f) > 0) {
        line[strcspn(line, "\n")] = '\0';
        /* id parent maj:min root mountpoint options [optional...] - fstype source superopts */
        char *tok[8] = {0}, *save = NULL;
        int n = 0;
        for (char *p = line; n < 6 && (p = strtok_r(n ? NULL : line, " ", &save));)
            tok[n++] = p;
        if (n < 6 || strcmp(tok[2], want))
            continue;
        char *p;
        while ((p = strtok_r(NULL, " ", &save)) && strcmp(p, "-"))
            ;
        char *fstype = p ? strtok_r(NULL, " ", &save) : NULL;
        char *source = fstype ? strtok_r(NULL, " ", &save) : NULL;
        char *super = source ? strtok_r(NULL, " ", &save) : NULL;
        int root = !strcmp(tok[3], "/");
        if (found && !root)
            continue;
        unescape(tok[4]);
        snprintf(r->fs_type, sizeof r->fs_type, "%s", fstype ? fstype : "?");
        snprintf(r->mount_point, sizeof r->mount_point, "%s", tok[4]);
        snprintf(r->mount_options, sizeof r->mount_options, "%s%s%s", tok[5], super ? "," : "",
                 super ? super : "");
        found = root ? 2 : 1;
    }
    free(line);
    fclose(f);
    return found > 0;
}

void ssd__file_trim_reach(ssd_target *t) {
    ssd_trim_reach *r = &t->trim_reach;
    struct stat st = {0};
    if (fstat(t->fd, &st) < 0 || !find_mount(st.st_dev, r)) {
        r->reached = 0;
        snprintf(r->how, sizeof r->how,
                 "not passed: the file's filesystem (device %u:%u) is not in /proc/self/mountinfo",
                 major(st.st_dev), minor(st.st_dev));
        return;
    }
    if (has_discard(r->mount_options)) {
        r->reached = 1;
        snprintf(r->how, sizeof r->how, "discard mount option");
        return;
    }
    if (t->opt_no_fitrim) {
        r->reached = 0;
        snprintf(r->how, sizeof r->how, "not passed: %s mounted without discard, FITRIM disabled",
                 r->fs_type);
        return;
    }
    r->fitrim_tried = 1;
    int e = 0;
    int mfd = open(r->mount_point, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (mfd < 0) {
        e = errno;
    } else {
        /* The punched blocks return to the free space only once the
         * journal commits them (ext4 keeps freed blocks busy until then), so
         * a FITRIM right after the punch would skip exactly them. */
        syncfs(mfd);
        struct fstrim_range range = {.start = 0, .len = UINT64_MAX, .minlen = 0};
        if (ioctl(mfd, FITRIM, &range) < 0)
            e = errno;
        else
            r->fitrim_bytes = range.len;
        close(mfd);
    }
    if (!e) {
        r->reached = 1;
        snprintf(r->how, sizeof r->how, "FITRIM");
        return;
    }
    r->reached = 0;
    r->fitrim_errno = e;
    snprintf(r->how, sizeof r->how,
             "not passed: %s mounted without discard, FITRIM refused: %s (%s)", r->fs_type,
             strerrorname_np(e) ? strerrorname_np(e) : "errno", strerror(e));
}
