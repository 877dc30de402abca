/* trace_csv.c - the ssdcore trace CSV, version 1 (docs/traces.md):
 *
 *   # ssdcore-trace 1
 *   t_s,op,offset,length[,done_s]
 *   0.000120,R,1048576,4096,0.000210
 *
 * op is R, W, T (trim) or F (flush), or the words read, write, trim,
 * flush. Columns may come in any order; unknown ones are ignored; done_s
 * may be empty when a completion is unknown. Lines starting with '#' after
 * the first are comments. */
#include <string.h>
#include <strings.h>

#include "trace_internal.h"

#define MAX_COLS 32

static int parse_op(const char *s) {
    static const char *const words[] = {"read", "write", "trim", "flush"};
    if (s[0] && !s[1]) {
        const char *p = strchr("RWTF", s[0] & ~0x20);
        return p && s[0] ? (int)(p - "RWTF") : -1;
    }
    for (int i = 0; i < 4; i++)
        if (!strcasecmp(s, words[i]))
            return i;
    return -1;
}

int ssd__trace_read_csv(ssd_trace *tr, char *text, size_t len, const char *name) {
    struct ssd__lines it = {text, text + len, 0};
    char *line = ssd__trace_line(&it);
    while (line && !line[strspn(line, " \t")])
        line = ssd__trace_line(&it);
    if (!line || strncmp(line, "# ssdcore-trace ", 16))
        return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: expected \"# ssdcore-trace 1\"", name,
                         it.lineno);
    uint64_t version;
    if (ssd__trace_u64(line + 16, &version) || version != 1)
        return ssd__fail(tr->err, SSD_EFORMAT,
                         "%s:%zu: trace CSV version \"%s\" is not supported (1 is)", name,
                         it.lineno, line + 16);
    while ((line = ssd__trace_line(&it)) && (line[0] == '#' || !line[strspn(line, " \t")]))
        ;
    if (!line)
        return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: no header line (t_s,op,offset,length)",
                         name, it.lineno);
    char *f[MAX_COLS];
    int nc = ssd__trace_split(line, f, MAX_COLS, 1);
    if (nc > MAX_COLS)
        return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: more than %d columns", name, it.lineno,
                         MAX_COLS);
    int col_t = -1, col_op = -1, col_off = -1, col_len = -1, col_done = -1;
    for (int i = 0; i < nc; i++) {
        int *slot = !strcmp(f[i], "t_s")      ? &col_t
                    : !strcmp(f[i], "op")     ? &col_op
                    : !strcmp(f[i], "offset") ? &col_off
                    : !strcmp(f[i], "length") ? &col_len
                    : !strcmp(f[i], "done_s") ? &col_done
                                              : NULL;
        if (slot && *slot >= 0)
            return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: column \"%s\" appears twice", name,
                             it.lineno, f[i]);
        if (slot)
            *slot = i;
    }
    const char *missing = col_t < 0     ? "t_s"
                          : col_op < 0  ? "op"
                          : col_off < 0 ? "offset"
                          : col_len < 0 ? "length"
                                        : NULL;
    if (missing)
        return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: the header has no \"%s\" column", name,
                         it.lineno, missing);
    while ((line = ssd__trace_line(&it))) {
        if (line[0] == '#' || !line[strspn(line, " \t")])
            continue;
        int n = ssd__trace_split(line, f, MAX_COLS, 1);
        if (n != nc)
            return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: %d fields, the header has %d", name,
                             it.lineno, n, nc);
        ssd_trace_io io = {.done_s = -1};
        io.op = parse_op(f[col_op]);
        if (io.op < 0)
            return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: op \"%s\" is not R, W, T or F", name,
                             it.lineno, f[col_op]);
        if (ssd__trace_time(f[col_t], &io.t_s))
            return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: t_s \"%s\" is not a time in seconds",
                             name, it.lineno, f[col_t]);
        if (ssd__trace_u64(f[col_off], &io.offset))
            return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: offset \"%s\" is not a byte count",
                             name, it.lineno, f[col_off]);
        if (ssd__trace_u64(f[col_len], &io.length))
            return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: length \"%s\" is not a byte count",
                             name, it.lineno, f[col_len]);
        if (col_done >= 0 && f[col_done][0] && ssd__trace_time(f[col_done], &io.done_s))
            return ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: done_s \"%s\" is not a time in seconds",
                             name, it.lineno, f[col_done]);
        int rc = ssd__trace_add_at(tr, &io, name, it.lineno);
        if (rc < 0)
            return rc;
    }
    tr->format = "csv";
    return 0;
}
