/* errmsg.h - internal: the per-handle error message every handle keeps. */
#ifndef SSD_ERRMSG_H
#define SSD_ERRMSG_H

#include <stdarg.h>
#include <stddef.h>

/* Size of every handle's message buffer: room for two long paths and why. */
#define SSD__ERRMSG_SIZE 1024

/* Formats a message into buf (always NUL-terminated) and returns code, so
 * that failure paths read `return ssd__fail(h->err, ...);`. The arguments
 * may point into buf (`"%s: %s", name, h->err` prefixes the message). A
 * message of SSD__ERRMSG_SIZE bytes or more (a path of up to PATH_MAX and a
 * token of the input it names can be any length) keeps its first 400
 * bytes, "..." and its end (the reason), cut between UTF-8 characters:
 * never silently cut off. */
int ssd__fail(char *buf, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* ssd__fail(buf, -errno, ...) with ": " and strerror(errno) after the
 * message: "PATH: cannot open: No such file or directory". Returns -errno. */
int ssd__fail_errno(char *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same with a va_list, for a handle's own wrapper. */
int ssd__vfail(char *buf, int code, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

/* Defines ssd_T_errmsg for a handle whose message is its member err: the
 * same "no handle" for NULL as every handle's (base.h). */
#define SSD__ERRMSG_OF(T)                                                                          \
    const char *ssd_##T##_errmsg(const ssd_##T *h) {                                               \
        return h ? h->err : "no handle";                                                           \
    }

#endif
