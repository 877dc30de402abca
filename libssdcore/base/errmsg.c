/* errmsg.c - formatting of per-handle error messages. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "errmsg.h"

int ssd__vfail(char *buf, int code, const char *fmt, va_list ap) {
    vsnprintf(buf, SSD__ERRMSG_SIZE, fmt, ap);
    return code;
}

int ssd__fail(char *buf, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    ssd__vfail(buf, code, fmt, ap);
    va_end(ap);
    return code;
}

int ssd__fail_errno(char *buf, const char *fmt, ...) {
    int e = errno;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, SSD__ERRMSG_SIZE, fmt, ap);
    va_end(ap);
    size_t n = strlen(buf);
    snprintf(buf + n, SSD__ERRMSG_SIZE - n, ": %s", strerror(e));
    return -e;
}
