/* file_read.c - see file_read.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "file_read.h"
#include "ssdcore/base.h"
#include "text.h"

int ssd__read_text(const char *path, unsigned max_mib, const char *what, char *err, char **out) {
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return ssd__fail(err, -errno, "%s: %s", path, strerror(errno));
    struct ssd__text t = {0};
    char buf[65536];
    size_t n;
    int rc = 0;
    while (!rc && (n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (t.len + n > (size_t)max_mib << 20)
            rc = ssd__fail(err, SSD_ERANGE, "%s: larger than %u MiB: not %s", path, max_mib, what);
        else if (memchr(buf, 0, n))
            rc = ssd__fail(err, SSD_EFORMAT, "%s: binary data: not %s", path, what);
        else
            ssd__text_raw(&t, buf, n);
    }
    if (!rc && ferror(f)) { /* EISDIR for a directory */
        int e = errno ? errno : EIO;
        rc = ssd__fail(err, -e, "%s: cannot read: %s", path, strerror(e));
    }
    fclose(f);
    ssd__text_raw(&t, "", 0); /* an empty file is "" */
    char *p = ssd__text_take(&t);
    if (!rc && !p)
        rc = ssd__fail(err, SSD_ENOMEM, "%s: out of memory", path);
    if (rc)
        free(p);
    else
        *out = p;
    return rc;
}
