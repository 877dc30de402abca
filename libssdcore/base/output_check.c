/* output_check.c - what an output may replace: never an input of the same
 * command, a device node, a non-regular file or a file ssdcore did not
 * create, unless the user says so. One function for every writer. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errmsg.h"
#include "output_check.h"
#include "ssdcore/base.h"

int ssd__file_id_of(struct ssd__file_id *id, const char *path) {
    struct stat st;
    if (!path || stat(path, &st) < 0)
        return path ? -errno : -ENOENT;
    id->dev = st.st_dev;
    id->ino = st.st_ino;
    id->name = path;
    return 0;
}

int ssd__file_id_of_fd(struct ssd__file_id *id, int fd, const char *name) {
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0)
        return fd < 0 ? -EBADF : -errno;
    id->dev = st.st_dev;
    id->ino = st.st_ino;
    id->name = name ? name : "the target";
    return 0;
}

static const char *kind_of(mode_t m) {
    return S_ISDIR(m)    ? "a directory"
           : S_ISBLK(m)  ? "a block device"
           : S_ISCHR(m)  ? "a character device"
           : S_ISFIFO(m) ? "a FIFO"
           : S_ISSOCK(m) ? "a socket"
                         : "not a regular file";
}

/* Whether the first bytes of the regular file at path are signature (an
 * empty file holds nothing to lose and counts as ours). */
static int begins_with(const char *path, const char *signature) {
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0)
        return 1; /* unreadable: the write fails with its own message */
    char buf[64];
    size_t want = strlen(signature), got = 0;
    if (want > sizeof buf)
        want = sizeof buf;
    while (got < want) {
        ssize_t n = read(fd, buf + got, want - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    close(fd);
    return got == 0 || (got == want && !memcmp(buf, signature, want));
}

int ssd__output_check(const char *what, const char *path, const struct ssd__file_id *inputs,
                      size_t ninputs, const char *signature, unsigned flags, char *err) {
    struct stat st;
    if (!path || stat(path, &st) < 0)
        return 0;
    for (size_t i = 0; i < ninputs; i++)
        if (inputs[i].dev == st.st_dev && inputs[i].ino == st.st_ino)
            return ssd__fail(err, SSD_EUNSAFE,
                             "%s %s: is %s, which this command reads: an output never replaces "
                             "an input (name another file)",
                             what, path, inputs[i].name);
    int stream = S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode);
    if (!S_ISREG(st.st_mode) && !(stream && (flags & SSD__OUT_IN_PLACE)))
        return ssd__fail(err, SSD_EUNSAFE,
                         "%s %s: is %s, not a regular file: an output never replaces a device "
                         "node or another special file (name a file)",
                         what, path, kind_of(st.st_mode));
    if (S_ISREG(st.st_mode) && signature && !(flags & SSD__OUT_USER_SAYS_SO) &&
        !begins_with(path, signature))
        return ssd__fail(
            err, SSD_EUNSAFE,
            "%s %s: exists and ssdcore did not write it (it does not begin with "
            "\"%s\"): an output never replaces a file ssdcore did not create "
            "(remove it first, name another file%s)",
            what, path, signature,
            flags & SSD__OUT_DESTROY_DATA_LIFTS ? ", or allow it with option destroy_data" : "");
    return 0;
}

int ssd__plain_file_name(const char *name) {
    if (!name || !*name || *name == '.')
        return 0;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        if (*p == '/' || *p == '\\' || *p < 0x20 || *p == 0x7f)
            return 0;
    return 1;
}
