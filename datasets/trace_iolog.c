/* trace_iolog.c - fio's iolog, versions 2 and 3 (fio(1), TRACE FILE
 * FORMAT). Version 2 times I/Os by "wait" actions (microseconds since the
 * previous wait); version 3 puts a timestamp in microseconds since the start
 * on every line, which is what fio's write_iolog writes. One file per trace:
 * a second file's I/O is refused rather than mixed into the first one's
 * offsets. */
#include <string.h>

#include "trace_internal.h"

int ssd__trace_read_iolog(ssd_trace *tr, char *text, size_t len, const char *name) {
    struct ssd__lines it = {text, text + len, 0};
    char *line = ssd__trace_line(&it);
    while (line && !line[strspn(line, " \t")])
        line = ssd__trace_line(&it);
    int version;
    if (line && !strcmp(line, "fio version 2 iolog"))
        version = 2;
    else if (line && !strcmp(line, "fio version 3 iolog"))
        version = 3;
    else
        return ssd__fail(tr->err, SSD_EFORMAT,
                         "%s:%zu: expected \"fio version 2 iolog\" or \"fio version 3 "
                         "iolog\" (version 1 iologs are not supported, as in fio)",
                         name, it.lineno);
    char file[256] = "";
    double t2 = 0, last = 0; /* version 2: the time the waits add up to */
    while ((line = ssd__trace_line(&it))) {
        char *f[8];
        int n = ssd__trace_split(line, f, 8, 0);
        if (n == 0)
            continue;
        int base = version == 3;
        double t = t2;
        if (version == 3) {
            uint64_t us;
            if (ssd__trace_u64(f[0], &us) || us > 1000000ull * 1000000000ull)
                return ssd__fail(tr->err, SSD_EFORMAT,
                                 "%s:%zu: timestamp \"%s\" is not a number of microseconds", name,
                                 it.lineno, f[0]);
            t = (double)us * 1e-6;
        }
        if (n - base != 2 && n - base != 4)
            return ssd__fail(tr->err, SSD_EFORMAT,
                             "%s:%zu: expected \"%sFILE ACTION [OFFSET LENGTH]\", got %d "
                             "fields",
                             name, it.lineno, version == 3 ? "TIMESTAMP " : "", n);
        const char *fn = f[base], *act = f[base + 1];
        if (n - base == 2) {
            if (strcmp(act, "add") && strcmp(act, "open") && strcmp(act, "close"))
                return ssd__fail(tr->err, SSD_EFORMAT,
                                 "%s:%zu: file action \"%s\" is not add, open or close", name,
                                 it.lineno, act);
            continue;
        }
        uint64_t off, ln;
        if (ssd__trace_u64(f[base + 2], &off) || ssd__trace_u64(f[base + 3], &ln))
            return ssd__fail(tr->err, SSD_EFORMAT,
                             "%s:%zu: offset \"%s\" / length \"%s\" are not byte counts", name,
                             it.lineno, f[base + 2], f[base + 3]);
        if (!strcmp(act, "wait")) {
            if (version == 3)
                return ssd__fail(tr->err, SSD_EFORMAT,
                                 "%s:%zu: \"wait\" is not allowed in a version 3 iolog", name,
                                 it.lineno);
            if (off >= 100) /* fio discards waits under 100 us */
                t2 += (double)off * 1e-6;
            continue;
        }
        ssd_trace_io io = {.t_s = t, .done_s = -1, .offset = off, .length = ln};
        if (!strcmp(act, "read"))
            io.op = SSD_TRACE_READ;
        else if (!strcmp(act, "write"))
            io.op = SSD_TRACE_WRITE;
        else if (!strcmp(act, "trim"))
            io.op = SSD_TRACE_TRIM;
        else if (!strcmp(act, "sync") || !strcmp(act, "datasync")) {
            io.op = SSD_TRACE_FLUSH;
            io.offset = io.length = 0;
        } else
            return ssd__fail(tr->err, SSD_EFORMAT,
                             "%s:%zu: action \"%s\" is not read, write, trim, sync, "
                             "datasync or wait",
                             name, it.lineno, act);
        if (!file[0]) {
            if (strlen(fn) >= sizeof file)
                return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: file name too long", name,
                                 it.lineno);
            strcpy(file, fn);
        } else if (strcmp(file, fn)) {
            return ssd__fail(tr->err, SSD_EFORMAT,
                             "%s:%zu: I/O to a second file \"%s\" (the first was \"%s\"): "
                             "a trace replays one file; split the iolog per file",
                             name, it.lineno, fn, file);
        }
        /* fio stamps a version 3 line when it logs the I/O, which is not
         * always in issue order across a queue: keep times monotonic. */
        if (io.t_s < last)
            io.t_s = last;
        last = io.t_s;
        int rc = ssd__trace_add_at(tr, &io, name, it.lineno);
        if (rc < 0)
            return rc;
    }
    tr->format = version == 2 ? "iolog2" : "iolog3";
    return 0;
}
