/* errmsg.c - formatting of per-handle error messages. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"

/* Bytes of a long message kept before the "...": the file and line it
 * starts with; the rest of the buffer keeps its end, the reason. */
#define HEAD 400

/* n moved back to the start of the UTF-8 character it is inside of. */
static size_t char_start(const char *s, size_t n) {
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return n;
}

/* msg (len bytes) into buf: whole when it fits, else its head, "..." and
 * its tail, each cut between UTF-8 characters. */
static void put(char *buf, const char *msg, size_t len) {
    if (len < SSD__ERRMSG_SIZE) {
        memmove(buf, msg, len + 1);
        return;
    }
    size_t head = char_start(msg, HEAD);
    size_t tail = len - (SSD__ERRMSG_SIZE - 1 - head - 3);
    while (((unsigned char)msg[tail] & 0xC0) == 0x80) /* on to the next character */
        tail++;
    memmove(buf, msg, head);
    memcpy(buf + head, "...", 3);
    memmove(buf + head + 3, msg + tail, len - tail + 1);
}

int ssd__vfail(char *buf, int code, const char *fmt, va_list ap) {
    char tmp[SSD__ERRMSG_SIZE];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    if (n < 0) {
        snprintf(buf, SSD__ERRMSG_SIZE, "(the message could not be formatted)");
    } else if ((size_t)n < sizeof tmp) {
        put(buf, tmp, (size_t)n);
    } else {
        char *all = malloc((size_t)n + 1);
        if (all && vsnprintf(all, (size_t)n + 1, fmt, again) == n) {
            put(buf, all, (size_t)n);
        } else { /* out of memory: the start of it, marked as cut */
            size_t head = char_start(tmp, SSD__ERRMSG_SIZE - 4);
            memcpy(tmp + head, "...", 4);
            put(buf, tmp, head + 3);
        }
        free(all);
    }
    va_end(again);
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
    char msg[SSD__ERRMSG_SIZE];
    va_list ap;
    va_start(ap, fmt);
    ssd__vfail(msg, 0, fmt, ap);
    va_end(ap);
    return ssd__fail(buf, -e, "%s: %s", msg, strerror(e));
}
