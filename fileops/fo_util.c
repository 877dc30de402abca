/* fo_util.c - small private helpers for the fileops sources. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "errmsg.h"
#include "file_write.h"
#include "fo_util.h"
#include "options.h"

int ssd__fo_fail(char *buf, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    ssd__vfail(buf, code, fmt, ap);
    va_end(ap);
    return code;
}

double ssd__fo_now(void) {
    return ssd__mono_s();
}

int ssd__fo_parse_bool(const char *text, int *out) {
    return ssd__parse_bool(text, out);
}

int ssd__fo_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out) {
    uint64_t v;
    int rc = text ? ssd_parse_size(text, &v) : SSD_EINVAL;
    if (rc < 0)
        return rc;
    if (v < min || v > max)
        return SSD_ERANGE;
    *out = v;
    return 0;
}

int ssd__fo_parse_double(const char *text, double min, double max, double *out) {
    if (!text || !*text)
        return SSD_EINVAL;
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (*end || errno || !isfinite(v))
        return SSD_EINVAL;
    if (v < min || v > max)
        return SSD_ERANGE;
    *out = v;
    return 0;
}

int ssd__fo_syncfs(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    int rc = syncfs(fd) < 0 ? -errno : 0;
    close(fd);
    return rc;
}

int ssd__fo_join(char *out, size_t n, const char *a, const char *b) {
    int len;
    if (!*b)
        len = snprintf(out, n, "%s", a);
    else if (!*a)
        len = snprintf(out, n, "%s", b);
    else
        len = snprintf(out, n, "%s%s%s", a, a[strlen(a) - 1] == '/' ? "" : "/", b);
    return len < 0 || (size_t)len >= n ? SSD_ERANGE : 0;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void)st;
    (void)ftw;
    return (flag == FTW_DP ? rmdir(path) : unlink(path)) < 0 ? -errno : 0;
}

int ssd__fo_rmtree(const char *path) {
    struct stat st;
    if (lstat(path, &st) < 0)
        return errno == ENOENT ? 0 : -errno;
    if (!S_ISDIR(st.st_mode))
        return unlink(path) < 0 ? -errno : 0;
    /* nftw from the calling thread only: FTW_CHDIR is not used, so the
     * working directory is left alone. */
    return nftw(path, rm_one, 32, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

int ssd__fo_parse_sync(const char *text, int allow_file, int *out) {
    if (!text)
        return SSD_EINVAL;
    if (!strcmp(text, "none") || !strcmp(text, "0"))
        *out = 0;
    else if (!strcmp(text, "fs") || !strcmp(text, "1"))
        *out = 1;
    else if (allow_file && !strcmp(text, "file"))
        *out = 2;
    else
        return SSD_EINVAL;
    return 0;
}

void ssd__fo_utf8_enter(struct ssd__fo_locale *l) {
    static const char *const names[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8"};
    l->mine = l->prev = (locale_t)0;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !l->mine; i++)
        l->mine = newlocale(LC_CTYPE_MASK, names[i], (locale_t)0);
    if (l->mine)
        l->prev = uselocale(l->mine);
}

void ssd__fo_utf8_leave(struct ssd__fo_locale *l) {
    if (!l->mine)
        return;
    uselocale(l->prev);
    freelocale(l->mine);
    l->mine = (locale_t)0;
}
