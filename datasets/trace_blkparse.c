/* trace_blkparse.c - blkparse's default text output (blkparse(1)):
 *
 *   MAJ,MIN CPU SEQ SECONDS PID ACTION RWBS SECTOR + NSECT [PROCESS]
 *
 * The I/Os are the D events (issued to the driver, after the block layer
 * merged and split them), or the Q events when the trace holds no D event
 * (blktrace run with a mask); C events complete them. RWBS says read (R),
 * write (W), discard (D) or flush (F with no sector). Other actions
 * (G, I, M, P, U, m...) are skipped. The per-CPU summary blkparse prints
 * after the events ends the trace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_internal.h"

/* 1 for "MAJ,MIN CPU SEQ TIME PID ACTION": the part every event shares. */
static int event_head(char **f, int n, double *t, char *action) {
    if (n < 7)
        return 0;
    const char *c = strchr(f[0], ',');
    if (!c || c == f[0] || !c[1] || strspn(f[0], "0123456789,") != strlen(f[0]))
        return 0;
    uint64_t u;
    if (ssd__trace_u64(f[1], &u) || ssd__trace_u64(f[2], &u) || ssd__trace_u64(f[4], &u))
        return 0;
    if (!strchr(f[3], '.') || ssd__trace_time(f[3], t))
        return 0;
    if (strlen(f[5]) > 2)
        return 0;
    *action = f[5][0];
    return 1;
}

int ssd__trace_is_blkparse_line(const char *line) {
    char buf[256], *f[12];
    snprintf(buf, sizeof buf, "%s", line);
    double t;
    char a;
    return event_head(f, ssd__trace_split(buf, f, 12, 0), &t, &a);
}

static int summary_line(const char *line) {
    return !strncmp(line, "CPU", 3) || !strncmp(line, "Total", 5) ||
           !strncmp(line, "Throughput", 10) || !strncmp(line, "Events", 6);
}

/* A slot, once given to a key, keeps it (idx 0 when nothing is pending),
 * so probing for other keys still passes it. */
struct pend {
    uint64_t key;
    size_t idx; /* 1-based index of the newest pending issue; 0 = none */
    int occupied;
};

static int cmp_io(const void *a, const void *b) {
    const ssd_trace_io *x = a, *y = b;
    return x->t_s < y->t_s ? -1 : x->t_s > y->t_s;
}

int ssd__trace_read_blkparse(ssd_trace *tr, char *text, size_t len, const char *name) {
    /* Is there any D event? Then D is the issue, else Q. */
    char issue = 'Q';
    {
        char *p = text;
        while ((p = strstr(p, " D ")) != NULL) {
            char *bol = p;
            while (bol > text && bol[-1] != '\n')
                bol--;
            char line[256];
            size_t n = strcspn(bol, "\n");
            if (n >= sizeof line)
                n = sizeof line - 1;
            memcpy(line, bol, n);
            line[n] = 0;
            char *f[12];
            double t;
            char a;
            if (event_head(f, ssd__trace_split(line, f, 12, 0), &t, &a) && a == 'D') {
                issue = 'D';
                break;
            }
            p += 3;
        }
    }
    struct ssd__lines it = {text, text + len, 0};
    char *line;
    /* Pending issues by (sector, op): an open-addressing table. */
    size_t cap = 1024, used = 0;
    struct pend *tab = calloc(cap, sizeof *tab);
    size_t *chain = NULL, chain_cap = 0; /* older issue with the same key */
    if (!tab)
        return ssd__fail(tr->err, SSD_ENOMEM, "%s: out of memory", name);
    int rc = 0, events = 0;
    double t0 = -1;
    while ((line = ssd__trace_line(&it))) {
        if (!line[strspn(line, " \t")])
            continue;
        if (summary_line(line))
            break;
        char *f[16];
        int n = ssd__trace_split(line, f, 16, 0);
        double t;
        char a;
        if (!event_head(f, n, &t, &a)) {
            rc = ssd__fail(tr->err, SSD_EFORMAT,
                           "%s:%zu: not a blkparse event line (MAJ,MIN CPU SEQ TIME PID "
                           "ACTION RWBS ...)",
                           name, it.lineno);
            goto out;
        }
        events++;
        if (a != issue && a != 'C')
            continue;
        const char *rwbs = f[6];
        int has_sector = n >= 10 && !strcmp(f[8], "+");
        uint64_t sector = 0, nsect = 0;
        if (has_sector && (ssd__trace_u64(f[7], &sector) || ssd__trace_u64(f[9], &nsect) ||
                           sector > (UINT64_MAX >> 10) || nsect > (UINT64_MAX >> 10))) {
            rc = ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: sector \"%s\" + \"%s\" is not a number",
                           name, it.lineno, f[7], f[9]);
            goto out;
        }
        int op = strchr(rwbs, 'D')   ? SSD_TRACE_TRIM
                 : strchr(rwbs, 'W') ? SSD_TRACE_WRITE
                 : strchr(rwbs, 'R') ? SSD_TRACE_READ
                                     : -1;
        if (!has_sector || nsect == 0) {
            if (a == issue && strchr(rwbs, 'F')) {
                if (t0 < 0)
                    t0 = t;
                ssd_trace_io io = {.t_s = t - t0, .done_s = -1, .op = SSD_TRACE_FLUSH};
                if ((rc = ssd__trace_push(tr, &io)) < 0)
                    goto out;
            }
            continue;
        }
        if (op < 0)
            continue;
        uint64_t key = (sector << 2 | (uint64_t)op) * 0x9E3779B97F4A7C15ull;
        if (a == issue && (sector * 512 + nsect * 512 < sector * 512 ||
                           (op <= SSD_TRACE_WRITE && nsect * 512 > SSD_TRACE_MAX_IO_BYTES))) {
            rc = ssd__fail(tr->err, SSD_EFORMAT, "%s:%zu: sector %s + %s: %s", name, it.lineno,
                           f[7], f[9],
                           op <= SSD_TRACE_WRITE && nsect * 512 > SSD_TRACE_MAX_IO_BYTES
                               ? "larger than any one I/O (at most 1 GiB)"
                               : "past the end of any device");
            goto out;
        }
        if (a == issue) {
            if (t0 < 0)
                t0 = t;
            ssd_trace_io io = {.t_s = t - t0,
                               .done_s = -1,
                               .op = op,
                               .offset = sector * 512,
                               .length = nsect * 512};
            if ((rc = ssd__trace_push(tr, &io)) < 0)
                goto out;
            if (tr->n > chain_cap) {
                size_t nc = tr->cap;
                size_t *p = realloc(chain, nc * sizeof *p);
                if (!p) {
                    rc = ssd__fail(tr->err, SSD_ENOMEM, "%s: out of memory", name);
                    goto out;
                }
                chain = p;
                chain_cap = nc;
            }
            if (2 * (used + 1) > cap) { /* grow: rehash the live entries */
                struct pend *nt = calloc(cap * 2, sizeof *nt);
                if (!nt) {
                    rc = ssd__fail(tr->err, SSD_ENOMEM, "%s: out of memory", name);
                    goto out;
                }
                used = 0;
                for (size_t i = 0; i < cap; i++)
                    if (tab[i].idx) {
                        used++;
                        size_t h = tab[i].key & (cap * 2 - 1);
                        while (nt[h].occupied)
                            h = (h + 1) & (cap * 2 - 1);
                        nt[h] = tab[i];
                    }
                free(tab);
                tab = nt;
                cap *= 2;
            }
            size_t h = key & (cap - 1);
            while (tab[h].occupied && tab[h].key != key)
                h = (h + 1) & (cap - 1);
            chain[tr->n - 1] = tab[h].idx; /* the older pending issue, if any */
            if (!tab[h].occupied)
                used++;
            tab[h].occupied = 1;
            tab[h].key = key;
            tab[h].idx = tr->n;
        } else { /* C: completes the oldest pending issue of that sector */
            size_t h = key & (cap - 1);
            while (tab[h].occupied && tab[h].key != key)
                h = (h + 1) & (cap - 1);
            if (!tab[h].occupied || !tab[h].idx)
                continue; /* issued before the trace began */
            size_t *link = &tab[h].idx;
            while (chain[*link - 1])
                link = &chain[*link - 1];
            ssd_trace_io *io = &tr->io[*link - 1];
            io->done_s = t - t0 >= io->t_s ? t - t0 : io->t_s;
            *link = 0;
        }
    }
    if (events == 0 && tr->n == 0) {
        rc = ssd__fail(tr->err, SSD_EFORMAT, "%s: no blkparse events", name);
        goto out;
    }
    /* CPUs interleave: put the I/Os in issue order. */
    for (size_t i = 1; i < tr->n; i++)
        if (tr->io[i].t_s < tr->io[i - 1].t_s) {
            qsort(tr->io, tr->n, sizeof *tr->io, cmp_io);
            break;
        }
    tr->format = "blkparse";
out:
    free(tab);
    free(chain);
    return rc;
}
