/* suite_pts.c - the SNIA Solid State Storage Performance Test Specification
 * (PTS v2.0.2, its Client settings) as suite steps. A PTS test is not a fixed
 * list of jobs: it purges the drive, preconditions it, then runs rounds of
 * its workload until the steady-state rule holds (pts_steady.c) or 25
 * rounds have run, so each test is one `pts` step that runs its own loop:
 *   pts test=iops          section 7: random, 8 block sizes x 7 R/W mixes
 *   pts test=throughput    section 8: sequential read and write, bs=1024k|128k
 *   pts test=latency       section 9: 0.5K, 4K, 8K x 100/0, 65/35, 0/100, T1Q1
 *   pts test=wsat          section 10: 4K random writes from purge, to 4x capacity
 *   pts test=hir           section 11: 4K write bursts after idle waits
 * Everything the test measured goes into results.json's "pts" object of
 * the step (docs/suite.md "pts"), which the report draws. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "interrupt.h"
#include "json_read.h"
#include "jsonw.h"
#include "ssdcore/hist.h"
#include "ssdcore/job.h"
#include "ssdcore/sim.h"
#include "step_options.h"
#include "suite_impl.h"

enum { PTS_IOPS, PTS_TP, PTS_LAT, PTS_WSAT, PTS_HIR, PTS_TESTS };
static const char *const test_names[PTS_TESTS] = {"iops", "throughput", "latency", "wsat", "hir"};
static const char *const test_sections[PTS_TESTS] = {
    "SNIA PTS v2.0.2 section 7 (IOPS)", "SNIA PTS v2.0.2 section 8 (Throughput)",
    "SNIA PTS v2.0.2 section 9 (Latency)", "SNIA PTS v2.0.2 section 10 (Write Saturation)",
    "SNIA PTS v2.0.2 section 11 (Host Idle Recovery)"};

/* The IOPS matrix, in the spec's loop order: R/W mix (read %) outside,
 * block size inside, largest first. */
#define NMIX 7
#define NBS 8
static const int iops_mix[NMIX] = {100, 95, 65, 50, 35, 5, 0};
static const unsigned iops_bs[NBS] = {1048576, 131072, 65536, 32768, 16384, 8192, 4096, 512};
#define IOPS_TRACK_BS 6  /* 4 KiB */
#define IOPS_TRACK_MIX 6 /* 0/100: all writes */
#define NLAT 3
static const int lat_mix[NLAT] = {100, 65, 0};
static const unsigned lat_bs[NLAT] = {512, 4096, 8192};
#define LAT_TRACK_BS 1
#define LAT_TRACK_MIX 2
#define MAX_WAITS 8

/* The keys a pts step takes; anything else is refused at parse time. */
static const char *const keys[] = {"name",  "test",    "bs",         "round",   "max_rounds",
                                   "qd",    "threads", "wipc_loops", "fills",   "cap",
                                   "waits", "bursts",  "burst",      "baseline"};

static int test_id(const char *v) {
    for (int i = 0; v && i < PTS_TESTS; i++)
        if (!strcmp(v, test_names[i]))
            return i;
    return -1;
}

/* The comma-separated wait states of HIR, in seconds. */
static int parse_waits(const char *v, double *out, int max) {
    int n = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", v);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        double d;
        if (n == max || ssd_parse_duration(t, &d) || !(d >= 0) || d > 86400)
            return -1;
        out[n++] = d;
    }
    return n ? n : -1;
}

static int check_value(const char *k, const char *v) {
    double d;
    uint64_t u;
    char *end;
    errno = 0;
    if (!strcmp(k, "test"))
        return test_id(v) >= 0 ? 0 : -1;
    if (!strcmp(k, "bs"))
        return !ssd_parse_size(v, &u) && (u == 131072 || u == 1048576) ? 0 : -1;
    if (!strcmp(k, "round") || !strcmp(k, "cap") || !strcmp(k, "burst") || !strcmp(k, "baseline"))
        return !ssd_parse_duration(v, &d) && d > 0 && d <= 7 * 86400 ? 0 : -1;
    if (!strcmp(k, "waits")) {
        double w[MAX_WAITS];
        return parse_waits(v, w, MAX_WAITS) > 0 ? 0 : -1;
    }
    long l = strtol(v, &end, 10);
    if (end == v || *end || errno)
        return -1;
    if (!strcmp(k, "max_rounds"))
        return l >= SSD__PTS_WINDOW && l <= 1000 ? 0 : -1;
    if (!strcmp(k, "qd"))
        return l >= 1 && l <= 1024 ? 0 : -1;
    if (!strcmp(k, "threads"))
        return l >= 1 && l <= 64 ? 0 : -1;
    if (!strcmp(k, "wipc_loops"))
        return l >= 0 && l <= 64 ? 0 : -1;
    if (!strcmp(k, "fills"))
        return l >= 1 && l <= 64 ? 0 : -1;
    if (!strcmp(k, "bursts"))
        return l >= 1 && l <= 100000 ? 0 : -1;
    return -1;
}

int ssd__suite_parse_pts(ssd_suite *s, struct ssd__step *st, char **tok, int n, const char *where) {
    int rc = 0, test = -1;
    for (int i = 1; i < n && !rc; i++) {
        const char *k, *v;
        if ((rc = ssd__step_split(s, tok[i], "pts", where, &k, &v)))
            break;
        int known = 0;
        for (size_t j = 0; j < sizeof keys / sizeof keys[0]; j++)
            known |= !strcmp(k, keys[j]);
        if (!known)
            return ssd__fail(s->err, SSD_EINVAL,
                             "%s: pts: unknown key '%s' (test, name, bs, round, max_rounds, qd, "
                             "threads, wipc_loops, fills, cap, waits, bursts, burst, baseline)",
                             where, k);
        if (!strcmp(k, "name")) {
            if (!*v || strlen(v) >= SSD__NAME_MAX || strpbrk(v, "\"<>&/ "))
                return ssd__fail(s->err, SSD_EINVAL, "%s: pts: bad name '%s'", where, v);
            strcpy(st->def.name, v);
            continue;
        }
        if (check_value(k, v))
            return ssd__fail(s->err, SSD_EINVAL, "%s: pts: %s: bad value '%s'%s", where, k, v,
                             !strcmp(k, "test") ? " (iops, throughput, latency, wsat, hir)"
                             : !strcmp(k, "bs") ? " (128k or 1024k)"
                                                : "");
        if (!strcmp(k, "test"))
            test = test_id(v);
        rc = ssd__step_keep(s, st, k, v, "pts", where);
    }
    if (rc)
        return rc;
    if (test < 0)
        return ssd__fail(s->err, SSD_EINVAL,
                         "%s: pts: test= is required (iops, throughput, latency, wsat, hir)",
                         where);
    if (!st->def.name[0]) {
        const char *bs = ssd__step_option(st, "bs");
        uint64_t b = 1048576;
        if (test == PTS_TP && bs)
            ssd_parse_size(bs, &b);
        if (test == PTS_TP)
            snprintf(st->def.name, sizeof st->def.name, "pts-throughput-%uk", (unsigned)(b / 1024));
        else
            snprintf(st->def.name, sizeof st->def.name, "pts-%s", test_names[test]);
    }
    return 0;
}

void ssd__suite_pts_text(struct ssd__text *t) {
    ssd__text_add(t,
                  "# SNIA PTS v2.0.2 with the Client settings (docs/suite.md \"pts\"). Each test\n"
                  "# purges the drive, preconditions it (2x capacity, 128 KiB sequential) and\n"
                  "# runs 1-minute rounds until the steady-state rule holds (5-round window,\n"
                  "# data excursion within 20 %%, slope within 10 %%) or 25 rounds.\n"
                  "pts test=iops\n"
                  "pts test=throughput bs=1024k\n"
                  "pts test=throughput bs=128k\n"
                  "pts test=latency\n"
                  "# WSAT: 4K random writes from purge to 4x the capacity (or 24 h)\n"
                  "pts test=wsat\n"
                  "# HIR: after the WSAT steady state, 5 s write bursts with waits of 5-50 s\n"
                  "pts test=hir\n");
}

/* ---- running ------------------------------------------------------------ */

struct pts {
    ssd_suite *s;
    int index;
    struct ssd__step *st;
    int test;
    double cap_bytes;
    double round_s; /* scaled */
    int max_rounds, qd, threads;
    double written;  /* host bytes since the purge */
    double elapsed;  /* test time since the purge: jobs and idles (scaled) */
    unsigned gen;    /* interrupt generation at the step's start */
    char where[256]; /* the cell running, for messages */
    /* what the "pts" object says before the test's own members */
    char purge[SSD__ERRMSG_SIZE + 16]; /* "" until the purge ran */
    int wipc_loops;                    /* 0: none */
    double wipc_bytes;
    /* the test's own members, from its state, at any point of the run */
    void (*emit)(struct pts *p, struct ssd__jw *w);
    void *state;
    double saved_at; /* wall clock of the last checkpoint */
};

/* The step's "pts" object as it stands, into st->res.pts_json (kept as it
 * was when memory runs out). */
static int snapshot(struct pts *p) {
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "test", test_names[p->test]);
    ssd__jw_kstr(&w, "spec", test_sections[p->test]);
    ssd__jw_knum(&w, "round_s", p->round_s);
    ssd__jw_knum(&w, "max_rounds", p->max_rounds);
    ssd__jw_knum(&w, "capacity_bytes", p->cap_bytes);
    ssd__jw_kstr(&w, "purge", p->purge[0] ? p->purge : NULL);
    ssd__jw_key(&w, "wipc");
    if (p->wipc_loops) {
        ssd__jw_begin_object(&w);
        ssd__jw_kstr(&w, "kind", "seq_fill");
        ssd__jw_knum(&w, "loops", p->wipc_loops);
        ssd__jw_knum(&w, "bytes", p->wipc_bytes);
        ssd__jw_end_object(&w);
    } else {
        ssd__jw_null(&w);
    }
    if (p->emit)
        p->emit(p, &w);
    ssd__jw_knum(&w, "written_bytes", p->written);
    ssd__jw_knum(&w, "test_time_s", p->elapsed);
    ssd__jw_end_object(&w);
    char *json = NULL;
    if (ssd__jw_finish(&w, &json))
        return SSD_ENOMEM;
    free(p->st->res.pts_json);
    p->st->res.pts_json = json;
    return 0;
}

/* After a round: results.json gets the rounds so far, so a run that is
 * killed hours into a test keeps them (at most every 10 s of wall time:
 * rounds on sim: targets take microseconds). */
static void checkpoint(struct pts *p) {
    double now = ssd__mono_s();
    if (!p->s->checkpoint || now - p->saved_at < 10 || snapshot(p))
        return;
    p->saved_at = now;
    p->s->checkpoint(p->s);
}

struct cell {
    double iops, read_bps, write_bps, lat_mean_us, lat_max_us;
};

static double opt_num(const struct ssd__step *st, const char *k, double dflt) {
    const char *v = ssd__step_option(st, k);
    return v ? strtod(v, NULL) : dflt;
}

static double opt_time(const struct ssd__step *st, const char *k, double dflt) {
    const char *v = ssd__step_option(st, k);
    double d;
    return v && !ssd_parse_duration(v, &d) ? d : dflt;
}

static int cell_progress(void *user, const ssd_progress *pr) {
    struct pts *p = user;
    ssd_suite *s = p->s;
    ssd_suite_progress sp = {sizeof sp, p->index, s->res.nsteps, p->st->def.name,
                             "pts",     pr,       pr->elapsed_s, pr->time_s};
    return s->progress(s->progress_user, &sp);
}

static int fail(struct pts *p, int rc, const char *what) {
    return ssd__fail(p->s->err, rc, "%s: %s", p->where, what);
}

/* One workload for `seconds` (scaled already): its IOPS, bandwidth and
 * latency. seq selects sequential patterns. A job that is kept (*keep)
 * gives the caller its samples. */
static int run_cell(struct pts *p, int seq, unsigned bs, int read_pct, int qd, int threads,
                    double seconds, double bytes, double interval, const char *log, ssd_job **keep,
                    struct cell *c) {
    ssd_job *j = NULL;
    int rc = ssd_job_create(&j, p->s->t);
    if (rc)
        return fail(p, rc, ssd_strerror(rc));
    const char *pattern = seq ? (read_pct == 100 ? "read"
                                 : read_pct == 0 ? "write"
                                                 : "rw")
                              : (read_pct == 100 ? "randread"
                                 : read_pct == 0 ? "randwrite"
                                                 : "randrw");
    char v[8][64];
    snprintf(v[0], sizeof v[0], "%u", bs);
    snprintf(v[1], sizeof v[1], "%d", read_pct);
    snprintf(v[2], sizeof v[2], "%d", qd);
    snprintf(v[3], sizeof v[3], "%d", threads);
    snprintf(v[4], sizeof v[4], "%.9g", seconds < 0.001 ? 0.001 : seconds);
    snprintf(v[5], sizeof v[5], "%.0f", bytes);
    snprintf(v[6], sizeof v[6], "%.9g", interval < 0.01 ? 0.01 : interval > 3600 ? 3600 : interval);
    /* A different seed per cell: the same offsets again would favour a
     * drive that caches what it just wrote. */
    snprintf(v[7], sizeof v[7], "%.0f", fmod(floor(p->written / 4096), 4e9) + 1);
    /* NULL: not set. A logged run (WSAT) says in its CSV that it starts
     * from a purge. */
    const char *const opts[][2] = {{"pattern", pattern},
                                   {"bs", v[0]},
                                   {"read_pct", read_pct != 0 && read_pct != 100 ? v[1] : NULL},
                                   {"qd", v[2]},
                                   {"threads", v[3]},
                                   {"time", v[4]},
                                   {"bytes", bytes > 0 ? v[5] : NULL},
                                   {"interval", v[6]},
                                   {"seed", v[7]},
                                   {"log", log},
                                   {"precondition", log ? "none" : NULL}};
    for (size_t k = 0; !rc && k < sizeof opts / sizeof opts[0]; k++)
        if (opts[k][1])
            rc = ssd_job_set_option(j, opts[k][0], opts[k][1]);
    if (rc) {
        rc = fail(p, rc, ssd_job_errmsg(j));
        ssd_job_free(j);
        return rc;
    }
    if (p->s->progress)
        ssd_job_set_progress(j, cell_progress, p, p->s->progress_period);
    int run = ssd_job_run(j);
    double rt = ssd_job_runtime_s(j);
    double wb = (double)ssd_job_bytes(j, SSD_DIR_WRITE);
    p->written += wb;
    p->elapsed += rt;
    if (run < 0) {
        rc = run == SSD_EINTERRUPTED ? run : fail(p, run, ssd_job_errmsg(j));
        ssd_job_free(j);
        return rc;
    }
    double d = rt > 0 ? rt : NAN;
    c->iops = (double)ssd_job_ios(j, SSD_DIR_ALL) / d;
    c->read_bps = (double)ssd_job_bytes(j, SSD_DIR_READ) / d;
    c->write_bps = wb / d;
    c->lat_mean_us = c->lat_max_us = NAN;
    ssd_hist *h = NULL;
    if (ssd_hist_create(&h) == 0) {
        ssd_hist_merge(h, ssd_job_latency(j, SSD_DIR_READ));
        ssd_hist_merge(h, ssd_job_latency(j, SSD_DIR_WRITE));
        if (ssd_hist_count(h) > 0) {
            c->lat_mean_us = ssd_hist_mean(h) / 1e3;
            c->lat_max_us = (double)ssd_hist_max(h) / 1e3;
        }
        ssd_hist_free(h);
    }
    if (keep)
        *keep = j;
    else
        ssd_job_free(j);
    return 0;
}

static int idle(struct pts *p, double seconds) {
    if (ssd__interrupt_generation() != p->gen)
        return SSD_EINTERRUPTED;
    int rc = ssd_target_idle(p->s->t, seconds);
    if (rc)
        return rc == SSD_EINTERRUPTED ? rc : fail(p, rc, ssd_target_errmsg(p->s->t));
    p->elapsed += seconds;
    return 0;
}

/* Purge, then the workload-independent preconditioning (section 3.3: 2x
 * the capacity in 128 KiB sequential writes). A purge the device refuses
 * (no discard) is recorded and the test goes on, as a refused TRIM is. */
static int prepare(struct pts *p, int wipc) {
    const char *how = "";
    snprintf(p->where, sizeof p->where, "purge");
    int rc = ssd_target_purge(p->s->t, &how);
    if (rc == SSD_EUNSUPPORTED)
        snprintf(p->purge, sizeof p->purge, "refused: %s", ssd_target_errmsg(p->s->t));
    else if (rc)
        return fail(p, rc, ssd_target_errmsg(p->s->t));
    else
        snprintf(p->purge, sizeof p->purge, "%s", how);
    p->written = 0;
    p->elapsed = 0;
    int loops = (int)opt_num(p->st, "wipc_loops", 2);
    if (!wipc || loops == 0)
        return 0;
    snprintf(p->where, sizeof p->where, "workload-independent preconditioning");
    uint64_t written = 0;
    p->wipc_loops = loops;
    rc = ssd_target_precondition(p->s->t, "seq_fill", (unsigned)loops, &written,
                                 p->s->progress ? cell_progress : NULL, p);
    p->written += (double)written;
    p->wipc_bytes = (double)written;
    if (rc)
        return rc == SSD_EINTERRUPTED ? rc : fail(p, rc, ssd_target_errmsg(p->s->t));
    return 0;
}

/* Whether a round test (IOPS, latency) measured the drive's fresh
 * (clean-block) level rather than its used state, why its rounds stopped,
 * and on sim: the model's state at the end: see fresh_state. */
struct fresh {
    int fresh, sure, left, rule_first, rule_last, went_on, hopeless;
    double random_bytes, clean_bytes, clean_most, first, level, scale_capacity, rule_bytes;
    const char *stopped_by;
    char why[520], rounds_why[560];
    int truth, truth_gc;
    double truth_end_iops, truth_floor_iops, truth_clean_bytes;
};

static void window_json(struct ssd__jw *w, const char *key, const struct ssd__pts_window *ss,
                        const struct fresh *f) {
    ssd__jw_kbegin_object(w, key);
    ssd__jw_kbool(w, "reached", ss->reached);
    ssd__jw_knum(w, "rounds_in_window", SSD__PTS_WINDOW);
    if (ss->first) {
        ssd__jw_knum(w, "first_round", ss->first);
        ssd__jw_knum(w, "last_round", ss->last);
    } else {
        ssd__jw_kraw(w, "first_round", "null");
        ssd__jw_kraw(w, "last_round", "null");
    }
    ssd__jw_knum(w, "mean", ss->mean);
    ssd__jw_knum(w, "range", ss->range);
    ssd__jw_knum(w, "range_limit", ss->range_limit);
    ssd__jw_knum(w, "slope_per_round", ss->slope);
    ssd__jw_knum(w, "intercept", ss->intercept);
    ssd__jw_knum(w, "slope_excursion", ss->slope_excursion);
    ssd__jw_knum(w, "slope_limit", ss->slope_limit);
    if (!isnan(ss->fresh) || ss->not_reached) {
        /* a drive written from its purge (ssd__pts_used_steady) */
        ssd__jw_kbool(w, "rule_met", ss->rule);
        ssd__jw_knum(w, "fresh_level", ss->fresh);
        ssd__jw_knum(w, "capacities_written", ss->capacities);
        ssd__jw_knum(w, "mean_one_capacity_earlier", ss->earlier);
        ssd__jw_kstr(w, "not_reached", ss->not_reached);
    }
    if (f) {
        /* the rule held, but on the fresh drive's clean blocks */
        ssd__jw_kbool(w, "rule_met", ss->rule);
        ssd__jw_kbool(w, "fresh", f->sure);
        ssd__jw_kbool(w, "fresh_possible", f->fresh && !f->sure);
        ssd__jw_knum(w, "first_round_level", f->first);
        ssd__jw_knum(w, "random_written_bytes", f->random_bytes);
        ssd__jw_knum(w, "clean_bytes_at_least", f->clean_bytes);
        ssd__jw_knum(w, "clean_bytes_at_most", f->clean_most);
        ssd__jw_knum(w, "scale_to_write_capacity", f->scale_capacity);
        ssd__jw_kstr(w, "not_reached", f->fresh ? f->why : NULL);
        ssd__jw_key(w, "rule_first_met");
        if (f->rule_first) {
            ssd__jw_begin_array(w);
            ssd__jw_num(w, f->rule_first);
            ssd__jw_num(w, f->rule_last);
            ssd__jw_end_array(w);
        } else {
            ssd__jw_null(w);
        }
        ssd__jw_knum(w, "rounds_past_rule", f->went_on);
    }
    ssd__jw_end_object(w);
}

static void nums(struct ssd__jw *w, const char *key, const double *v, int n) {
    ssd__jw_kbegin_array(w, key);
    for (int i = 0; i < n; i++)
        ssd__jw_num_g(w, v[i], 7);
    ssd__jw_end_array(w);
}

static void unums(struct ssd__jw *w, const char *key, const unsigned *v, int n) {
    ssd__jw_kbegin_array(w, key);
    for (int i = 0; i < n; i++)
        ssd__jw_num(w, v[i]);
    ssd__jw_end_array(w);
}

static void inums(struct ssd__jw *w, const char *key, const int *v, int n) {
    ssd__jw_kbegin_array(w, key);
    for (int i = 0; i < n; i++)
        ssd__jw_num(w, v[i]);
    ssd__jw_end_array(w);
}

/* The mean of cell (m, b) over the window's rounds [first, last] (1-based)
 * of a [round][nm][nb] array; the max instead when take_max. */
static double over_window(const double *a, int nm, int nb, int m, int b, int first, int last,
                          int take_max) {
    double acc = take_max ? -INFINITY : 0;
    int n = 0;
    for (int r = first; r <= last; r++) {
        double v = a[((size_t)(r - 1) * nm + m) * nb + b];
        if (!isfinite(v))
            continue;
        acc = take_max ? fmax(acc, v) : acc + v;
        n++;
    }
    return n ? (take_max ? acc : acc / n) : NAN;
}

/* The window the tables average: the steady-state window, or the last
 * five rounds when steady state was not reached (said in "table_rounds"). */
static void table_window(const struct ssd__pts_window *ss, int rounds, int *first, int *last) {
    *last = ss->reached ? ss->last : rounds;
    *first =
        ss->reached ? ss->first : (rounds > SSD__PTS_WINDOW ? rounds - SSD__PTS_WINDOW + 1 : 1);
}

static void matrix_json(struct ssd__jw *w, const char *key, const double *a, int nm, int nb,
                        int first, int last, int take_max) {
    ssd__jw_kbegin_array(w, key);
    for (int m = 0; m < nm; m++) {
        ssd__jw_begin_array(w);
        for (int b = 0; b < nb; b++)
            ssd__jw_num_g(w, over_window(a, nm, nb, m, b, first, last, take_max), 7);
        ssd__jw_end_array(w);
    }
    ssd__jw_end_array(w);
}

static void rounds_json(struct ssd__jw *w, const char *key, const double *a, int rounds, int nm,
                        int nb) {
    ssd__jw_kbegin_array(w, key);
    for (int r = 0; r < rounds; r++) {
        ssd__jw_begin_array(w);
        for (int m = 0; m < nm; m++) {
            ssd__jw_begin_array(w);
            for (int b = 0; b < nb; b++)
                ssd__jw_num_g(w, a[((size_t)r * nm + m) * nb + b], 7);
            ssd__jw_end_array(w);
        }
        ssd__jw_end_array(w);
    }
    ssd__jw_end_array(w);
}

/* Sections 7 and 9: rounds of a block size x R/W mix matrix, each cell
 * for one round time, until the tracking cell's steady state. */
struct matrix {
    int lat, nm, nb, qd, th, tm, tb, rounds;
    const int *mix;
    const unsigned *bss;
    double *val, *mx, *track; /* [round][mix][bs], [round] */
    struct ssd__pts_window ss;
    struct fresh fr;
};

static void matrix_emit(struct pts *p, struct ssd__jw *w) {
    const struct matrix *m = p->state;
    ssd__jw_kstr(w, "tracking",
                 m->lat ? "mean latency, 4 KiB random writes (R/W 0/100), us"
                        : "IOPS, 4 KiB random writes (R/W 0/100)");
    unums(w, "block_sizes", m->bss, m->nb);
    inums(w, "read_pcts", m->mix, m->nm);
    ssd__jw_knum(w, "qd", m->qd);
    ssd__jw_knum(w, "threads", m->th);
    ssd__jw_knum(w, "rounds", m->rounds);
    nums(w, "tracking_values", m->track, m->rounds);
    window_json(w, "steady_state", &m->ss, &m->fr);
    ssd__jw_kstr(w, "stopped_by", m->fr.stopped_by);
    ssd__jw_kstr(w, "rounds_why", m->fr.rounds_why[0] ? m->fr.rounds_why : NULL);
    if (m->fr.truth) {
        ssd__jw_kbegin_object(w, "sim_truth");
        ssd__jw_kbool(w, "gc", m->fr.truth_gc);
        ssd__jw_knum(w, "clean_bytes", m->fr.truth_clean_bytes);
        ssd__jw_knum(w, "write_iops", m->fr.truth_end_iops);
        ssd__jw_knum(w, "floor_iops", m->fr.truth_floor_iops);
        ssd__jw_end_object(w);
    }
    int first, last;
    table_window(&m->ss, m->rounds, &first, &last);
    ssd__jw_kstr(w, "table_rounds", m->ss.reached ? "steady-state window" : "last 5 rounds");
    rounds_json(w, m->lat ? "round_mean_us" : "round_iops", m->val, m->rounds, m->nm, m->nb);
    if (m->lat)
        rounds_json(w, "round_max_us", m->mx, m->rounds, m->nm, m->nb);
    if (m->rounds) {
        matrix_json(w, m->lat ? "mean_us" : "iops", m->val, m->nm, m->nb, first, last, 0);
        if (m->lat)
            matrix_json(w, "max_us", m->mx, m->nm, m->nb, first, last, 1);
    }
}

/* A round test's level may be the fresh drive's, not its used state, while
 * its own writes cannot have used up the clean blocks the drive had as the
 * rounds began - WSAT's rule ("less than the capacity written since the
 * purge: still fresh") from where these tests start. After the
 * workload-independent preconditioning filled the drive, its clean blocks
 * are its spare flash: at least 7.37 % of the capacity, what a decimal
 * capacity leaves of binary flash (256 GB on 256 GiB), the least a drive
 * has, and less than the capacity (an enterprise drive's 28 % OP leaves
 * about 27 %); after a purge alone (wipc_loops=0), the capacity at least
 * and twice it at most. A short round (--scale 0.01) writes little:
 * sim:bx200's first 5 rounds write 2.7 % of it in random writes and
 * measure 12677 IOPS where the used drive gives 1597. A level that left
 * the first round's (beyond the rule's 20 % excursion) has seen the clean
 * blocks run out, whatever the bytes say. The section 3.1 rule met on a
 * level that may still be the fresh one is no steady state: the rounds go
 * on (matrix_test) until the level leaves it or the writes pass the most
 * clean blocks a drive can have, within the 25 rounds of section 3.1. */
#define SPARE_MIN 0.073741824
static void fresh_state(struct pts *p, struct matrix *m) {
    struct fresh *f = &m->fr;
    int n = 0;
    double sum = 0;
    for (int r = m->rounds > SSD__PTS_WINDOW ? m->rounds - SSD__PTS_WINDOW + 1 : 1; r <= m->rounds;
         r++)
        if (isfinite(m->track[r - 1])) {
            sum += m->track[r - 1];
            n++;
        }
    double cap = p->cap_bytes;
    f->level = n ? sum / n : NAN;
    f->first = m->rounds ? m->track[0] : NAN;
    f->random_bytes = p->written - p->wipc_bytes;
    f->clean_bytes = (p->wipc_loops ? SPARE_MIN : 1) * cap;
    f->clean_most = (p->wipc_loops ? 1 : 2) * cap;
    /* (At this pace, with the rounds going on to section 3.1's limit while
     * the level stays the fresh one: what the rounds that ran wrote, times
     * max_rounds / rounds.) */
    f->scale_capacity = f->random_bytes > 0 && m->rounds > 0
                            ? p->s->res.scale * cap * m->rounds / (f->random_bytes * p->max_rounds)
                            : NAN;
    /* latency rises, IOPS fall once the clean blocks run out */
    f->left = m->lat ? f->level >= f->first / 0.8 : f->level <= 0.8 * f->first;
    f->fresh = isfinite(f->level) && isfinite(f->first) && !f->left && cap > 0 &&
               f->random_bytes < f->clean_most;
    f->sure = f->fresh && f->random_bytes < f->clean_bytes;
}

/* After a round: the section 3.1 rule on the last 5 rounds, which is the
 * steady state unless the level may still be the fresh one. */
static void round_done(struct pts *p, struct matrix *m) {
    struct fresh *f = &m->fr;
    ssd__pts_steady(m->track, m->rounds, &m->ss);
    fresh_state(p, m);
    if (m->ss.rule && !f->rule_first) {
        f->rule_first = m->ss.first;
        f->rule_last = m->ss.last;
        f->rule_bytes = f->random_bytes;
    }
    if (m->ss.reached && f->fresh) {
        m->ss.reached = 0;
        /* Rounds that cannot pass the least clean blocks by round
         * max_rounds, at the fresh rounds' pace (the used state's is
         * slower), cannot reach the used state: no use going on. */
        f->hopeless = f->random_bytes / m->rounds * p->max_rounds < f->clean_bytes;
    }
    f->went_on = f->rule_first ? m->rounds - f->rule_last : 0;
}

/* The model's state at the end on sim: whether it is in its GC (used)
 * regime, its 4 KiB QD32 random write speed there and its floor. */
static void matrix_truth(struct pts *p, struct fresh *f) {
    double eff, clean, dirty;
    char *json = NULL;
    struct ssd__jv root;
    char msg[64];
    if (strcmp(ssd_target_kind(p->s->t), "sim") || ssd_sim_truth(p->s->t, "gc_efficiency", &eff) ||
        ssd_sim_truth(p->s->t, "clean_bytes", &clean) || ssd_sim_truth(p->s->t, "dirty", &dirty))
        return;
    if (ssd_sim_truth_to_json(p->s->t, 0, &json) || ssd__jr_parse(json, &root, msg, sizeof msg)) {
        ssd_free(json);
        return;
    }
    const struct ssd__jv *pa = ssd__jv_get(&root, "params");
    f->truth_gc = dirty != 0;
    f->truth_end_iops = eff * ssd__jv_num(pa, "native_rand_mibps", NAN) * 1048576 / 4096;
    f->truth_floor_iops = ssd__jv_num(pa, "floor_mibps", NAN) * 1048576 / 4096;
    f->truth_clean_bytes = clean;
    f->truth = 1;
    ssd__jv_free(&root);
    ssd_free(json);
}

/* The verdict after the last round, and why the rounds stopped there, in
 * the words of section 3.1. */
static void fresh_check(struct pts *p, struct matrix *m, int interrupted) {
    struct fresh *f = &m->fr;
    double cap = p->cap_bytes;
    fresh_state(p, m);
    f->stopped_by = interrupted                  ? "interrupted"
                    : m->ss.reached              ? "steady state"
                    : f->hopeless                ? "fresh"
                    : m->rounds >= p->max_rounds ? "max_rounds"
                                                 : "error";
    char past[240] = "";
    if (f->rule_first && (m->ss.reached ? m->ss.first > f->rule_first : 1))
        snprintf(past, sizeof past,
                 "; the rule already held in rounds %d-%d, at the first round's level with "
                 "%.1f %% of the capacity written, less than the clean blocks a drive may have, "
                 "so the rounds went on",
                 f->rule_first, f->rule_last, 100 * f->rule_bytes / cap);
    if (m->ss.reached)
        snprintf(f->rounds_why, sizeof f->rounds_why,
                 "section 3.1: rounds %d-%d meet the steady-state rule%s%s", m->ss.first,
                 m->ss.last, past,
                 !past[0] ? ""
                 : f->left
                     ? " until the level left the first round's and met the rule again"
                     : " until they had written the capacity, more than any drive's clean blocks");
    else if (f->hopeless)
        snprintf(f->rounds_why, sizeof f->rounds_why,
                 "section 3.1: rounds %d-%d meet the rule at the first round's level with %.1f %% "
                 "of the capacity written since the preconditioning; at that pace the %d rounds "
                 "of section 3.1 would write %.1f %%, less than the clean blocks left (at least "
                 "%.1f %%), so they could not reach the used drive",
                 m->ss.first, m->ss.last, 100 * f->random_bytes / cap, p->max_rounds,
                 100 * f->random_bytes / m->rounds * p->max_rounds / cap,
                 100 * f->clean_bytes / cap);
    else if (!strcmp(f->stopped_by, "max_rounds")) {
        /* where the level left the first round's, if it did */
        int at = 0;
        for (int r = 2; !at && r <= m->rounds; r++)
            if (m->lat ? m->track[r - 1] >= f->first / 0.8 : m->track[r - 1] <= 0.8 * f->first)
                at = r;
        char drop[96] = "";
        if (at && f->left)
            snprintf(drop, sizeof drop, "; the level left the first round's at round %d", at);
        snprintf(f->rounds_why, sizeof f->rounds_why,
                 "section 3.1: at most %d rounds, and the last 5 %s%s%s", p->max_rounds,
                 m->ss.rule ? "meet the rule on a level that may be the fresh one"
                            : "do not meet the steady-state rule",
                 past, drop);
    } else
        snprintf(f->rounds_why, sizeof f->rounds_why, "%s after %d rounds%s", f->stopped_by,
                 m->rounds, past);
    if (!f->fresh)
        return;
    /* Sure: no drive has fewer clean blocks. Past them but short of the
     * most, a level that never moved may be the fresh one or a used level
     * as fast (a QD1 latency GC does not touch): no claim either way. */
    char amount[128];
    if (f->sure)
        snprintf(amount, sizeof amount, "less than the clean blocks left (at least %.1f %%)",
                 100 * f->clean_bytes / cap);
    else
        snprintf(amount, sizeof amount,
                 "more than the least clean blocks a drive has (%.1f %%) but less than the most "
                 "(%s)",
                 100 * f->clean_bytes / cap, p->wipc_loops ? "the capacity" : "twice the capacity");
    snprintf(f->why, sizeof f->why,
             "%s: after %s the %d rounds wrote %.1f %% of the capacity, %s, and the level never "
             "left the first round's; at a scale of %.2g the %d rounds of section 3.1 would "
             "write the capacity",
             f->sure ? "the fresh (clean-block) level, not the used drive's"
                     : "a level that may be the fresh (clean-block) one or the used drive's",
             p->wipc_loops ? "the preconditioning filled the drive" : "the purge", m->rounds,
             100 * f->random_bytes / cap, amount, f->scale_capacity, p->max_rounds);
    m->ss.reached = 0;
}

static int matrix_test(struct pts *p, int lat) {
    struct matrix M = {lat,
                       lat ? NLAT : NMIX,
                       lat ? NLAT : NBS,
                       lat ? 1 : p->qd,
                       lat ? 1 : p->threads,
                       lat ? LAT_TRACK_MIX : IOPS_TRACK_MIX,
                       lat ? LAT_TRACK_BS : IOPS_TRACK_BS,
                       0,
                       lat ? lat_mix : iops_mix,
                       lat ? lat_bs : iops_bs,
                       NULL,
                       NULL,
                       NULL,
                       {0},
                       {0}},
                  *m = &M;
    size_t cells = (size_t)p->max_rounds * m->nm * m->nb;
    m->val = calloc(cells, sizeof *m->val);
    m->mx = calloc(cells, sizeof *m->mx);
    m->track = calloc((size_t)p->max_rounds, sizeof *m->track);
    int rc = m->val && m->mx && m->track ? 0 : fail(p, SSD_ENOMEM, "out of memory");
    ssd__pts_steady(m->track, 0, &m->ss);
    if (!rc) {
        p->state = m;
        p->emit = matrix_emit;
    }
    for (int r = 0; !rc && r < p->max_rounds && !m->ss.reached && !m->fr.hopeless; r++) {
        for (int i = 0; !rc && i < m->nm; i++)
            for (int b = 0; !rc && b < m->nb; b++) {
                struct cell c;
                snprintf(p->where, sizeof p->where, "round %d, %u bytes at R/W %d/%d", r + 1,
                         m->bss[b], m->mix[i], 100 - m->mix[i]);
                rc = run_cell(p, 0, m->bss[b], m->mix[i], m->qd, m->th, p->round_s, 0, p->round_s,
                              NULL, NULL, &c);
                size_t k = ((size_t)r * m->nm + i) * m->nb + b;
                m->val[k] = rc ? NAN : lat ? c.lat_mean_us : c.iops;
                m->mx[k] = rc ? NAN : c.lat_max_us;
            }
        if (rc)
            break;
        m->rounds = r + 1;
        m->track[r] = m->val[((size_t)r * m->nm + m->tm) * m->nb + m->tb];
        round_done(p, m);
        checkpoint(p);
    }
    if (!rc || rc == SSD_EINTERRUPTED)
        matrix_truth(p, &m->fr);
    fresh_check(p, m, rc == SSD_EINTERRUPTED);
    int src = snapshot(p);
    p->emit = NULL;
    free(m->val);
    free(m->mx);
    free(m->track);
    return rc ? rc : src ? fail(p, src, "out of memory") : 0;
}

/* Section 8: sequential writes then reads of one block size per round;
 * the write throughput is tracked. */
struct tp {
    uint64_t bs;
    double *wr, *rd;
    int rounds;
    struct ssd__pts_window ss;
};

static void tp_emit(struct pts *p, struct ssd__jw *w) {
    const struct tp *t = p->state;
    ssd__jw_knum(w, "bs", (double)t->bs);
    ssd__jw_kstr(w, "tracking", "sequential write throughput, bytes/s");
    ssd__jw_knum(w, "qd", p->qd);
    ssd__jw_knum(w, "threads", p->threads);
    ssd__jw_knum(w, "rounds", t->rounds);
    nums(w, "tracking_values", t->wr, t->rounds);
    nums(w, "round_write_bps", t->wr, t->rounds);
    nums(w, "round_read_bps", t->rd, t->rounds);
    window_json(w, "steady_state", &t->ss, NULL);
    int first, last;
    table_window(&t->ss, t->rounds, &first, &last);
    ssd__jw_kstr(w, "table_rounds", t->ss.reached ? "steady-state window" : "last 5 rounds");
    if (t->rounds) {
        ssd__jw_knum(w, "write_bps", over_window(t->wr, 1, 1, 0, 0, first, last, 0));
        ssd__jw_knum(w, "read_bps", over_window(t->rd, 1, 1, 0, 0, first, last, 0));
    }
}

static int throughput_test(struct pts *p) {
    struct tp T = {1048576, NULL, NULL, 0, {0}}, *t = &T;
    const char *v = ssd__step_option(p->st, "bs");
    if (v)
        ssd_parse_size(v, &t->bs);
    t->wr = calloc((size_t)p->max_rounds, sizeof *t->wr);
    t->rd = calloc((size_t)p->max_rounds, sizeof *t->rd);
    int rc = t->wr && t->rd ? 0 : fail(p, SSD_ENOMEM, "out of memory");
    ssd__pts_steady(t->wr, 0, &t->ss);
    if (!rc) {
        p->state = t;
        p->emit = tp_emit;
    }
    for (int r = 0; !rc && r < p->max_rounds && !t->ss.reached; r++) {
        struct cell c;
        snprintf(p->where, sizeof p->where, "round %d, sequential write", r + 1);
        rc = run_cell(p, 1, (unsigned)t->bs, 0, p->qd, p->threads, p->round_s, 0, p->round_s, NULL,
                      NULL, &c);
        if (rc)
            break;
        t->wr[r] = c.write_bps;
        snprintf(p->where, sizeof p->where, "round %d, sequential read", r + 1);
        rc = run_cell(p, 1, (unsigned)t->bs, 100, p->qd, p->threads, p->round_s, 0, p->round_s,
                      NULL, NULL, &c);
        if (rc)
            break;
        t->rd[r] = c.read_bps;
        t->rounds = r + 1;
        ssd__pts_steady(t->wr, t->rounds, &t->ss);
        checkpoint(p);
    }
    int src = snapshot(p);
    p->emit = NULL;
    free(t->wr);
    free(t->rd);
    return rc ? rc : src ? fail(p, src, "out of memory") : 0;
}

/* Continuous 4K random writes in rounds of round_s (one job whose samples
 * are the rounds, as WSAT plots them) until `bytes` or `seconds`: the
 * IOPS, elapsed time and total bytes at the end of each round appended to
 * the arrays (grown as needed). */
struct trace {
    double *t, *iops, *gb;
    int n, cap;
};

static int trace_add(struct trace *tr, double t, double iops, double bytes) {
    if (tr->n == tr->cap) {
        int cap = tr->cap ? tr->cap * 2 : 256;
        double *a = realloc(tr->t, (size_t)cap * sizeof *a);
        if (!a)
            return SSD_ENOMEM;
        tr->t = a;
        if (!(a = realloc(tr->iops, (size_t)cap * sizeof *a)))
            return SSD_ENOMEM;
        tr->iops = a;
        if (!(a = realloc(tr->gb, (size_t)cap * sizeof *a)))
            return SSD_ENOMEM;
        tr->gb = a;
        tr->cap = cap;
    }
    tr->t[tr->n] = t;
    tr->iops[tr->n] = iops;
    tr->gb[tr->n] = bytes;
    tr->n++;
    return 0;
}

static void trace_free(struct trace *tr) {
    free(tr->t);
    free(tr->iops);
    free(tr->gb);
}

/* 4K random writes for `seconds` (or `bytes`), one job whose samples are
 * the rounds: appended to tr (elapsed test time, IOPS, bytes since the
 * purge at each round's end). log: the job's series CSV, or NULL. */
static int write_rounds(struct pts *p, double seconds, double bytes, double interval,
                        const char *log, struct trace *tr) {
    ssd_job *j = NULL;
    struct cell c;
    double t0 = p->elapsed, w0 = p->written;
    int rc = run_cell(p, 0, 4096, 0, p->qd, p->threads, seconds, bytes, interval, log, &j, &c);
    if (rc)
        return rc;
    size_t n = 0;
    const ssd_sample *sm = ssd_job_samples(j, &n);
    size_t stride = n ? sm[0].size : 0;
    double prev = 0, cum = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        const ssd_sample *x = (const ssd_sample *)((const char *)sm + i * stride);
        double dt = x->t_s - prev;
        prev = x->t_s;
        cum += (double)x->bytes[SSD_DIR_WRITE];
        /* A stray last interval (the byte budget ran out just after a
         * round began) says nothing about the round. */
        if (dt < 0.5 * interval && i + 1 == n)
            break;
        rc =
            trace_add(tr, t0 + x->t_s, dt > 0 ? (double)x->ops[SSD_DIR_WRITE] / dt : NAN, w0 + cum);
    }
    ssd_job_free(j);
    return rc ? fail(p, rc, "out of memory") : 0;
}

static void trace_json(struct ssd__jw *w, const struct trace *tr, int from, int to,
                       const char *t_key, const char *iops_key, const char *bytes_key) {
    nums(w, t_key, tr->t + from, to - from);
    nums(w, iops_key, tr->iops + from, to - from);
    if (bytes_key)
        nums(w, bytes_key, tr->gb + from, to - from);
}

/* Section 10: from purge, 4K random writes to `fills` x the capacity or
 * the time cap, one point per round, logged to STEP.csv (flushed every
 * round, so a killed run keeps its points and `ssdcore analyze` reads
 * it). On sim: the model's own figures as IOPS of 4 KiB: its first
 * regime's level, its speed at the end (gc_efficiency of the native
 * random-write speed) and the used-state floor it tends to. */
struct wsat {
    double fills, cap;
    struct trace tr;
    struct ssd__pts_window ss;
    int truth;
    double fresh, end, floor_iops, gc_at;
    char log[SSD__NAME_MAX + 24];
};

static void wsat_emit(struct pts *p, struct ssd__jw *w) {
    const struct wsat *x = p->state;
    ssd__jw_kstr(w, "tracking", "IOPS, 4 KiB random writes, per round");
    ssd__jw_knum(w, "qd", p->qd);
    ssd__jw_knum(w, "threads", p->threads);
    ssd__jw_knum(w, "fills", x->fills);
    ssd__jw_knum(w, "cap_s", x->cap);
    ssd__jw_kstr(w, "log", x->log);
    ssd__jw_kstr(w, "stopped_by",
                 p->written >= x->fills * p->cap_bytes * 0.999 ? "capacity" : "time");
    ssd__jw_knum(w, "rounds", x->tr.n);
    trace_json(w, &x->tr, 0, x->tr.n, "t_s", "iops", "written_bytes_at");
    ssd__jw_knum(w, "fresh_iops", x->tr.n ? x->tr.iops[0] : NAN);
    /* The steady state is the end of the run once the drive has left its
     * fresh state and stopped falling (ssd__pts_used_steady); otherwise
     * there is no steady level, only the end's. */
    window_json(w, "steady_state", &x->ss, NULL);
    ssd__jw_knum(w, "steady_iops", x->ss.reached ? x->ss.mean : NAN);
    ssd__jw_knum(w, "end_iops", x->ss.mean);
    if (x->truth) {
        ssd__jw_kbegin_object(w, "sim_truth");
        ssd__jw_knum(w, "fresh_iops", x->fresh);
        ssd__jw_knum(w, "end_iops", x->end);
        ssd__jw_knum(w, "floor_iops", x->floor_iops);
        ssd__jw_kbytes(w, "gc_start_bytes", x->gc_at);
        ssd__jw_end_object(w);
    }
}

static void wsat_truth(struct pts *p, struct wsat *x) {
    double v, eff = NAN;
    x->fresh = x->end = x->floor_iops = x->gc_at = NAN;
    if (!ssd_sim_truth(p->s->t, "cache_level_bps", &v) ||
        !ssd_sim_truth(p->s->t, "post_cache_level_bps", &v))
        x->fresh = v / 4096;
    if (!ssd_sim_truth(p->s->t, "gc_start_bytes", &v))
        x->gc_at = v;
    if (!ssd_sim_truth(p->s->t, "gc_efficiency", &v))
        eff = v;
    char *json = NULL;
    struct ssd__jv root;
    char msg[64];
    if (!ssd_sim_truth_to_json(p->s->t, 0, &json) && !ssd__jr_parse(json, &root, msg, sizeof msg)) {
        const struct ssd__jv *pa = ssd__jv_get(&root, "params");
        x->end = eff * ssd__jv_num(pa, "native_rand_mibps", NAN) * 1048576 / 4096;
        x->floor_iops = ssd__jv_num(pa, "floor_mibps", NAN) * 1048576 / 4096;
        /* "fresh" is the first round's IOPS: the truth's mean over the same
         * first round_s, so a cache shorter than a round (BX200's 2 GiB in 7
         * s of a 60 s round) is averaged as the measurement averages it,
         * not compared as its level (or, without one, the level after it). */
        const struct ssd__jv *ph = ssd__jv_get(&root, "phases");
        double in = 0;
        for (size_t i = 0; ph && ph->type == SSD__JARR && i < ph->n; i++) {
            double s0 = ssd__jv_num(&ph->items[i], "start_s", NAN);
            double e = fmin(s0 + ssd__jv_num(&ph->items[i], "runtime_s", NAN), p->round_s);
            double m = ssd__jv_num(&ph->items[i], "mean_bps", NAN);
            if (e > fmax(s0, 0) && isfinite(m))
                in += m * (e - fmax(s0, 0));
        }
        if (in > 0 && p->round_s > 0)
            x->fresh = in / p->round_s / 4096;
        ssd__jv_free(&root);
    }
    ssd_free(json);
    x->truth = 1;
}

static int wsat_test(struct pts *p) {
    struct wsat X = {0}, *x = &X;
    x->fills = opt_num(p->st, "fills", 4);
    x->cap = opt_time(p->st, "cap", 86400) * p->s->res.scale;
    snprintf(x->log, sizeof x->log, "%s.csv", p->st->def.name);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", p->s->out_dir ? p->s->out_dir : ".", x->log);
    ssd__pts_steady(x->tr.iops, 0, &x->ss);
    p->state = x;
    p->emit = wsat_emit;
    snprintf(p->where, sizeof p->where, "write saturation");
    int rc = write_rounds(p, x->cap, x->fills * p->cap_bytes, p->round_s, path, &x->tr);
    ssd__pts_used_steady(x->tr.iops, x->tr.gb, x->tr.n, p->cap_bytes, &x->ss);
    if (!rc && !strcmp(ssd_target_kind(p->s->t), "sim"))
        wsat_truth(p, x);
    int src = snapshot(p);
    p->emit = NULL;
    trace_free(&x->tr);
    return rc ? rc : src ? fail(p, src, "out of memory") : 0;
}

/* Section 11: the WSAT workload in rounds until the drive is in its steady
 * state (the rule on a drive that has left its fresh state and stopped
 * falling: ssd__pts_used_steady), at most `fills` x the capacity or `cap`
 * of test time; then for each wait
 * state `bursts` x (a burst of 4K random writes, the wait), each followed
 * by a return to the baseline (continuous writes). */
struct hir {
    double waits[MAX_WAITS];
    int nw, bursts, started; /* wait states begun */
    double burst, baseline;
    const char *stopped_by; /* the pre-write's end */
    struct trace pre, tr;
    struct ssd__pts_window ss;
    /* per wait state: its bursts tr[from, to) and baseline [to, end) */
    int from[MAX_WAITS], to[MAX_WAITS], end[MAX_WAITS];
};

static double trace_mean(const struct trace *tr, int from, int to) {
    double sum = 0;
    for (int i = from; i < to; i++)
        sum += tr->iops[i];
    return to > from ? sum / (to - from) : NAN;
}

static double trace_sem(const struct trace *tr, int from, int to) {
    double m = trace_mean(tr, from, to), ss = 0;
    for (int i = from; i < to; i++)
        ss += (tr->iops[i] - m) * (tr->iops[i] - m);
    return to - from > 1 ? sqrt(ss / (to - from - 1) / (to - from)) : NAN;
}

/* Where wait state k's return to baseline ended: the mean of its last
 * quarter (its start is the recovered room running out). */
static double baseline_end(const struct hir *h, int k) {
    int n = h->end[k] - h->to[k];
    return trace_mean(&h->tr, h->end[k] - (n > 4 ? n / 4 : n), h->end[k]);
}

static void hir_emit(struct pts *p, struct ssd__jw *w) {
    const struct hir *h = p->state;
    double scale = p->s->res.scale;
    /* Section 11's reading of the bursts: recovery with idle, or none,
     * or no verdict (pts_hir.c). */
    struct ssd__hir_wait hw[MAX_WAITS];
    int nhw = 0;
    for (int k = 0; k < h->started; k++) {
        if (h->end[k] <= h->to[k])
            break; /* a wait state without its return to baseline yet */
        hw[nhw++] =
            (struct ssd__hir_wait){h->waits[k] * scale, trace_mean(&h->tr, h->from[k], h->to[k]),
                                   trace_sem(&h->tr, h->from[k], h->to[k]), baseline_end(h, k)};
    }
    struct ssd__hir_verdict hv;
    ssd__pts_hir_verdict(hw, nhw, h->ss.reached ? h->ss.mean : NAN, h->ss.not_reached,
                         h->stopped_by, &hv);
    ssd__jw_kstr(w, "tracking", "IOPS, 4 KiB random writes");
    ssd__jw_knum(w, "qd", p->qd);
    ssd__jw_knum(w, "threads", p->threads);
    ssd__jw_kbegin_object(w, "prewrite");
    ssd__jw_knum(w, "rounds", h->pre.n);
    trace_json(w, &h->pre, 0, h->pre.n, "t_s", "iops", "written_bytes_at");
    window_json(w, "steady_state", &h->ss, NULL);
    ssd__jw_kstr(w, "stopped_by", h->stopped_by);
    ssd__jw_end_object(w);
    /* No steady state, no baseline: the pre-write's end is said apart. */
    ssd__jw_knum(w, "baseline_iops", h->ss.reached ? h->ss.mean : NAN);
    ssd__jw_kstr(w, "baseline_not_reached", h->ss.reached ? NULL : h->ss.not_reached);
    ssd__jw_knum(w, "prewrite_end_iops", h->ss.mean);
    ssd__jw_knum(w, "burst_s", h->burst);
    ssd__jw_knum(w, "bursts", h->bursts);
    ssd__jw_knum(w, "baseline_s", h->baseline);
    ssd__jw_kbegin_array(w, "waits");
    for (int k = 0; k < h->started; k++) {
        ssd__jw_begin_object(w);
        ssd__jw_knum(w, "wait_s", h->waits[k] * scale);
        ssd__jw_knum(w, "mean_iops", trace_mean(&h->tr, h->from[k], h->to[k]));
        ssd__jw_knum(w, "sem_iops", trace_sem(&h->tr, h->from[k], h->to[k]));
        trace_json(w, &h->tr, h->from[k], h->to[k], "t_s", "iops", NULL);
        ssd__jw_knum(w, "baseline_iops", trace_mean(&h->tr, h->to[k], h->end[k]));
        ssd__jw_knum(w, "baseline_end_iops", h->end[k] > h->to[k] ? baseline_end(h, k) : NAN);
        trace_json(w, &h->tr, h->to[k], h->end[k], "baseline_t_s", "baseline_iops_series", NULL);
        ssd__jw_end_object(w);
    }
    ssd__jw_end_array(w);
    ssd__jw_kbegin_object(w, "recovery");
    ssd__jw_kstr(w, "verdict", hv.verdict);
    ssd__jw_kbool(w, "comparable", hv.comparable);
    ssd__jw_kbool(w, "monotonic", hv.monotonic);
    ssd__jw_knum(w, "noise_rel", hv.noise_rel);
    ssd__jw_kstr(w, "words", hv.words);
    ssd__jw_end_object(w);
}

static int hir_test(struct pts *p) {
    struct hir H = {.waits = {5, 10, 15, 25, 50}, .nw = 5}, *h = &H;
    const char *wv = ssd__step_option(p->st, "waits");
    if (wv)
        h->nw = parse_waits(wv, h->waits, MAX_WAITS);
    h->bursts = (int)opt_num(p->st, "bursts", 360);
    double scale = p->s->res.scale;
    h->burst = opt_time(p->st, "burst", 5) * scale;
    h->baseline = opt_time(p->st, "baseline", 1800) * scale;
    /* A drive may need more than WSAT's 4x its capacity to settle (a
     * datacenter drive's slide to its floor); the time cap bounds it too. */
    double fills = opt_num(p->st, "fills", 16);
    double cap = opt_time(p->st, "cap", 86400) * scale, t0 = p->elapsed;
    ssd__pts_used_steady(h->pre.iops, h->pre.gb, 0, p->cap_bytes, &h->ss);
    p->state = h;
    p->emit = hir_emit;
    int rc = 0;
    /* Pre-write, a round at a time, to the used drive's steady state. */
    h->stopped_by = "capacity";
    for (int r = 0; !rc && p->written < fills * p->cap_bytes; r++) {
        if (p->elapsed - t0 >= cap) {
            h->stopped_by = "time";
            break;
        }
        snprintf(p->where, sizeof p->where, "pre-write round %d", r + 1);
        rc = write_rounds(p, p->round_s, 0, p->round_s, NULL, &h->pre);
        ssd__pts_used_steady(h->pre.iops, h->pre.gb, h->pre.n, p->cap_bytes, &h->ss);
        checkpoint(p);
        if (h->ss.reached) {
            h->stopped_by = "steady state";
            break;
        }
    }
    for (int k = 0; !rc && k < h->nw; k++) {
        h->from[k] = h->to[k] = h->end[k] = h->tr.n;
        h->started = k + 1;
        for (int b = 0; !rc && b < h->bursts; b++) {
            struct cell c;
            snprintf(p->where, sizeof p->where, "wait state %g s, burst %d", h->waits[k], b + 1);
            double t = p->elapsed;
            rc = run_cell(p, 0, 4096, 0, p->qd, p->threads, h->burst, 0, h->burst, NULL, NULL, &c);
            if (!rc && (rc = trace_add(&h->tr, t, c.iops, p->written)))
                rc = fail(p, rc, "out of memory");
            h->to[k] = h->end[k] = h->tr.n;
            if (!rc)
                rc = idle(p, h->waits[k] * scale);
        }
        checkpoint(p);
        if (!rc) {
            snprintf(p->where, sizeof p->where, "return to baseline after wait state %g s",
                     h->waits[k]);
            rc = write_rounds(p, h->baseline, 0, h->burst, NULL, &h->tr);
            h->end[k] = h->tr.n;
        }
        checkpoint(p);
    }
    int src = snapshot(p);
    p->emit = NULL;
    trace_free(&h->pre);
    trace_free(&h->tr);
    return rc ? rc : src ? fail(p, src, "out of memory") : 0;
}

int ssd__suite_run_pts(ssd_suite *s, int i) {
    struct ssd__step *st = &s->res.steps[i];
    struct pts P = {.s = s, .index = i, .st = st}, *p = &P;
    p->gen = ssd__interrupt_generation();
    p->saved_at = ssd__mono_s();
    p->test = test_id(ssd__step_option(st, "test"));
    p->cap_bytes = (double)ssd_target_size(s->t);
    p->round_s = opt_time(st, "round", 60) * s->res.scale;
    p->max_rounds = (int)opt_num(st, "max_rounds", 25);
    /* The Client's demand intensity (PTS-C: 2 threads x QD16). */
    p->qd = (int)opt_num(st, "qd", 16);
    p->threads = (int)opt_num(st, "threads", 2);
    /* WSAT and HIR start from the purged drive; the others from WIPC. */
    int rc = prepare(p, p->test != PTS_WSAT && p->test != PTS_HIR);
    if (!rc) {
        switch (p->test) {
        case PTS_IOPS:
            rc = matrix_test(p, 0);
            break;
        case PTS_LAT:
            rc = matrix_test(p, 1);
            break;
        case PTS_TP:
            rc = throughput_test(p);
            break;
        case PTS_WSAT:
            rc = wsat_test(p);
            break;
        case PTS_HIR:
            rc = hir_test(p);
            break;
        }
    } else if (snapshot(p)) {
        rc = SSD_ENOMEM;
    }
    st->res.runtime_s = p->elapsed;
    if (rc) {
        st->res.state = rc == SSD_EINTERRUPTED ? SSD__ST_INTERRUPTED : SSD__ST_FAILED;
        free(st->res.error);
        st->res.error = strdup(rc == SSD_EINTERRUPTED ? "interrupted" : s->err);
        if (rc != SSD_EINTERRUPTED)
            ssd__fail(s->err, rc, "step %d (%s, line %d): %s", i + 1, st->def.name, st->def.lineno,
                      s->err);
        return rc;
    }
    st->res.state = SSD__ST_DONE;
    return 0;
}
