/* trace_scenarios.c - synthetic application traces, generated from published
 * characteristics (docs/traces.md cites each figure), never copied from any
 * benchmark's files.
 *
 * A scenario is described by what reviewers publish about a storage trace:
 * how many sequential and random reads and writes it issues, how many bytes
 * it reads and writes, how long it runs, and the span of the disk it
 * touches. The generator turns that into I/Os: random I/Os drawn from a
 * desktop size mix (mostly 4 KiB), sequential I/Os in runs that carry the
 * rest of the bytes, groups shuffled together and spread over the trace's
 * duration with think time between them. The same seed gives the same
 * trace. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "trace_internal.h"
#include "xrand.h"

#define KIB 1024ull
#define MIB (1024ull * 1024)
#define GIB (1024ull * 1024 * 1024)

struct scenario {
    const char *name, *describe;
    /* I/O counts: sequential reads, random reads, sequential writes, random
     * writes; bytes in MB (10^6) as published; duration in seconds. */
    unsigned seq_r, rand_r, seq_w, rand_w;
    double read_mb, write_mb, duration_s;
};

/* PCMark 8 storage traces: I/O counts and volumes as Tom's Hardware
 * published them ("How We Test HDDs And SSDs", 2015); durations are the
 * per-trace times PCMark 8 reported for a Plextor M6e (Tom's Hardware,
 * Plextor M6S/M6M review, 2014), i.e. the trace with its idle time. The
 * game-level and application start-up scenarios have no published I/O
 * figures; theirs are stated assumptions (docs/traces.md). */
static const struct scenario scenarios[] = {
    {"pcm8-wow",
     "PCMark 8 World of Warcraft: 1415 seq + 14927 random reads, 390 MB read, 5 MB "
     "written",
     1415, 14927, 10, 659, 390, 5, 58.4},
    {"pcm8-bf3",
     "PCMark 8 Battlefield 3: 5782 seq + 43487 random reads, 887 MB read, 28 MB "
     "written",
     5782, 43487, 218, 431, 887, 28, 133.4},
    {"pcm8-photoshop-light",
     "PCMark 8 Photoshop light: 313 MB read, 2336 MB written (18342 "
     "sequential writes)",
     1508, 17525, 18342, 1743, 313, 2336, 113.7},
    {"pcm8-photoshop-heavy",
     "PCMark 8 Photoshop heavy: 468 MB read, 5640 MB written (44742 "
     "sequential writes)",
     4277, 18655, 44742, 2065, 468, 5640, 359.9},
    {"pcm8-illustrator", "PCMark 8 Illustrator: 373 MB read, 89 MB written", 1036, 21923, 682, 532,
     373, 89, 72.0},
    {"pcm8-indesign", "PCMark 8 InDesign: 401 MB read, 624 MB written", 2359, 22207, 4874, 927, 401,
     624, 57.5},
    {"pcm8-aftereffects", "PCMark 8 After Effects: 311 MB read, 16 MB written", 1772, 17793, 86,
     500, 311, 16, 70.8},
    {"pcm8-word", "PCMark 8 Word: 107 MB read, 95 MB written", 152, 4302, 748, 205, 107, 95, 28.3},
    {"pcm8-excel", "PCMark 8 Excel: 73 MB read, 15 MB written", 72, 3148, 119, 87, 73, 15, 9.2},
    {"pcm8-powerpoint", "PCMark 8 PowerPoint: 83 MB read, 21 MB written", 56, 3441, 147, 107, 83,
     21, 9.2},
    {"game-level",
     "game start and level load (as seed 002's Far Cry 4 test): assumed 1.5 GB "
     "read, mostly in large sequential runs, no think time",
     6000, 12000, 40, 400, 1500, 20, 0},
    {"app-startup",
     "start-up of a browser, a word processor, a photo and a video editor (as seed "
     "002): assumed 700 MB read, mostly small random reads, no think time",
     1500, 30000, 300, 1500, 700, 60, 0},
};

#define NSCEN (int)(sizeof scenarios / sizeof scenarios[0])

size_t ssd_trace_scenario_count(void) {
    return (size_t)NSCEN;
}

const char *ssd_trace_scenario_name(size_t i) {
    return i < ssd_trace_scenario_count() ? scenarios[i].name : NULL;
}

const char *ssd_trace_scenario_describe(size_t i) {
    return i < ssd_trace_scenario_count() ? scenarios[i].describe : NULL;
}

/* Random I/O sizes of desktop traces: mostly 4 KiB, a tail up to 64 KiB. */
static const struct {
    uint64_t size;
    unsigned pct;
} rand_mix[] = {{4 * KIB, 60}, {8 * KIB, 15}, {16 * KIB, 10}, {32 * KIB, 10}, {64 * KIB, 5}};

static uint64_t rand_size(struct ssd__rng *g, int small_only) {
    if (small_only)
        return 4 * KIB;
    unsigned x = (unsigned)ssd__rng_below(g, 100), acc = 0;
    for (size_t i = 0; i < sizeof rand_mix / sizeof rand_mix[0]; i++) {
        acc += rand_mix[i].pct;
        if (x < acc)
            return rand_mix[i].size;
    }
    return 4 * KIB;
}

/* A group of I/Os issued back to back: a sequential run or a few random
 * I/Os of one direction. */
struct group {
    int op, seq;
    unsigned count;
};

static uint64_t hash_name(const char *s) {
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

int ssd_trace_generate(ssd_trace *tr, const char *name, uint64_t seed, uint64_t span) {
    if (!tr || !name)
        return SSD_EINVAL;
    ssd__trace_reset(tr); /* a failure leaves tr empty, with no format nor name */
    const struct scenario *sc = NULL;
    for (int i = 0; i < NSCEN; i++)
        if (!strcmp(scenarios[i].name, name))
            sc = &scenarios[i];
    if (!sc) {
        char list[512] = "";
        for (int i = 0; i < NSCEN; i++) {
            strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, scenarios[i].name, sizeof list - strlen(list) - 1);
        }
        return ssd__fail(tr->err, SSD_EINVAL, "unknown scenario '%.64s' (%s)", name, list);
    }
    if (!span)
        span = 8 * GIB;
    if (span < 64 * MIB)
        return ssd__fail(tr->err, SSD_ERANGE, "span %llu: a scenario needs at least 64 MiB",
                         (unsigned long long)span);
    struct ssd__rng g;
    ssd__rng_seed(&g, seed ^ hash_name(name));
    unsigned counts[2][2] = {{sc->rand_r, sc->seq_r}, {sc->rand_w, sc->seq_w}};
    double total[2] = {sc->read_mb * 1e6, sc->write_mb * 1e6};
    /* Sizes: random I/Os from the mix (only 4 KiB when the mix alone would
     * exceed 90 % of the direction's bytes); sequential I/Os the rest. */
    int small[2];
    uint64_t seq_size[2];
    for (int d = 0; d < 2; d++) {
        double mean = 0;
        for (size_t i = 0; i < sizeof rand_mix / sizeof rand_mix[0]; i++)
            mean += (double)rand_mix[i].size * rand_mix[i].pct / 100.0;
        small[d] = counts[d][0] * mean > 0.9 * total[d];
        double rb = counts[d][0] * (small[d] ? 4.0 * KIB : mean);
        double left = total[d] - rb;
        double s = counts[d][1] ? left / counts[d][1] : 0;
        uint64_t q = (uint64_t)llround(s / (4.0 * KIB)) * 4 * KIB;
        if (q < 4 * KIB)
            q = 4 * KIB;
        if (q > 1 * MIB)
            q = 1 * MIB;
        seq_size[d] = q;
    }
    /* Groups: sequential runs of 4..32 I/Os, random bursts of 1..4. */
    size_t ngroups = 0, cap = 0;
    struct group *gr = NULL;
    for (int d = 0; d < 2; d++)
        for (int seq = 0; seq < 2; seq++) {
            unsigned left = counts[d][seq];
            while (left) {
                unsigned c = seq ? 4 + (unsigned)ssd__rng_below(&g, 29)
                                 : 1 + (unsigned)ssd__rng_below(&g, 4);
                if (c > left)
                    c = left;
                if (ssd__grow(&gr, ngroups, &cap, sizeof *gr, 1024)) {
                    free(gr);
                    return SSD_ENOMEM;
                }
                gr[ngroups++] = (struct group){d, seq, c};
                left -= c;
            }
        }
    for (size_t i = ngroups; i > 1; i--) { /* Fisher-Yates: interleave them */
        size_t j = (size_t)ssd__rng_below(&g, i);
        struct group t = gr[i - 1];
        gr[i - 1] = gr[j];
        gr[j] = t;
    }
    /* Time: think time between groups fills the published duration (an
     * exponential gap, mean duration / groups); I/Os in a group 20 us apart. */
    double mean_gap = sc->duration_s > 0 && ngroups ? sc->duration_s / (double)ngroups : 0;
    double t = 0;
    int rc = 0;
    for (size_t k = 0; k < ngroups && rc == 0; k++) {
        const struct group *G = &gr[k];
        if (k && mean_gap > 0) {
            double u = ((double)(ssd__rng_next(&g) >> 11) + 0.5) / 9007199254740992.0;
            t += -log(u) * mean_gap;
        }
        uint64_t len = G->seq ? seq_size[G->op] : 0;
        uint64_t off = 0;
        if (G->seq) {
            uint64_t room = span - (uint64_t)G->count * len;
            off = ssd__rng_below(&g, room / (4 * KIB)) * 4 * KIB;
        }
        for (unsigned i = 0; i < G->count && rc == 0; i++) {
            if (!G->seq) {
                len = rand_size(&g, small[G->op]);
                off = ssd__rng_below(&g, (span - len) / len) * len;
            }
            ssd_trace_io io = {sizeof io, t,  -1, G->op == 0 ? SSD_TRACE_READ : SSD_TRACE_WRITE,
                               off,       len};
            rc = ssd_trace_add(tr, &io);
            if (G->seq)
                off += len;
            t += 20e-6;
        }
    }
    free(gr);
    if (rc == 0) {
        tr->format = "generated";
        snprintf(tr->name, sizeof tr->name, "%s", sc->name);
    } else
        tr->n = 0;
    return rc;
}
