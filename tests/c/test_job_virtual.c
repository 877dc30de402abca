/* The virtual-time path of the job: a fake target that completes a fixed
 * number of bytes per virtual second stands in for the simulator, and the
 * samples, the series CSV and the results must follow its clock. */
#include <math.h>
#include <time.h>

#include "io_source.h"
#include "job_testutil.h"
#include "target_impl.h"

#define RATE (100.0 * 1048576) /* bytes per virtual second */
#define LAT_NS 50000

struct fake {
    struct ssd__workload w;
    int begun;
    double clock;
    uint64_t covered; /* blocks written in a coverage pass */
    int fail_after;   /* run_virtual calls before failing; 0 = never */
    int calls;
    long sleep_ns; /* wall time each run_virtual call takes (a slow model) */
};

static int fake_begin(ssd_target *t, const struct ssd__workload *w) {
    struct fake *f = t->impl;
    f->w = *w;
    f->begun++;
    return 0;
}

static int fake_run(ssd_target *t, double dt, uint64_t max_bytes, struct ssd__interval *iv,
                    ssd_hist *lat[2], double *elapsed) {
    struct fake *f = t->impl;
    if (f->fail_after && ++f->calls > f->fail_after)
        return ssd__fail(t->err, SSD_EIO, "fake: model failure at %.1f s", f->clock);
    uint64_t bs = f->w.block_size;
    uint64_t ops = (uint64_t)floor(RATE * dt / (double)bs + 1e-9);
    int early = 0;
    if (max_bytes && ops * bs > max_bytes) {
        ops = max_bytes / bs;
        early = 1;
    }
    if (f->w.full_coverage) {
        uint64_t left = f->w.span / bs - f->covered;
        if (ops >= left) {
            ops = left;
            early = 1;
        }
        f->covered += ops;
    }
    int d = f->w.read_pct == 100 ? 0 : 1;
    iv->bytes[d] += ops * bs;
    iv->ops[d] += ops;
    ssd_hist_record_n(lat[d], LAT_NS, ops);
    *elapsed = early ? (double)(ops * bs) / RATE : dt;
    f->clock += *elapsed;
    if (f->sleep_ns) {
        struct timespec ts = {0, f->sleep_ns};
        nanosleep(&ts, NULL);
    }
    return 0;
}

static const struct ssd__target_ops fake_ops = {
    .kind = "sim",
    .job_begin = fake_begin,
    .run_virtual = fake_run,
};

static ssd_target *fake_target(struct fake *f) {
    ssd_target *t;
    cr_assert_eq(ssd_target_create(&t), 0);
    memset(f, 0, sizeof *f);
    t->ops = &fake_ops;
    t->impl = f;
    t->size = 1ULL << 30;
    t->block_size = 4096;
    t->uri = strdup("sim:fake");
    t->is_open = 1;
    return t;
}

static char dir[64];

static void setup(void) {
    tu_mkdir(dir, sizeof dir);
}

static void teardown(void) {
    tu_rmdir(dir);
}

TestSuite(job_virtual, .init = setup, .fini = teardown);

Test(job_virtual, samples_follow_the_virtual_clock) {
    struct fake f;
    ssd_target *t = fake_target(&f);
    ssd_job *j;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    char log[PATH_MAX];
    snprintf(log, sizeof log, "%s/v.csv", dir);
    /* Two virtual hours cost no wall time. */
    const char *kv[] = {"pattern", "randwrite", "qd", "32", "time", "2h", "log", log, NULL};
    tu_options(j, kv);
    cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
    cr_expect_eq(f.begun, 1);
    cr_expect_eq(f.w.read_pct, 0);
    cr_expect_eq(f.w.span, 1ULL << 30, "the span defaults to the whole target");
    cr_expect_str_eq(ssd_job_engine(j), "virtual");
    size_t n;
    const ssd_sample *s = ssd_job_samples(j, &n);
    cr_assert_eq(n, 7200u);
    for (size_t i = 0; i < n; i++) {
        cr_assert(fabs(s[i].t_s - (double)(i + 1)) < 1e-6, "sample %zu at %g", i, s[i].t_s);
        cr_assert_eq(s[i].bytes[1], 100u << 20);
        cr_assert_eq(s[i].ops[1], 25600u);
        cr_assert(fabs(s[i].lat_mean_us - 50) < 0.5);
    }
    cr_expect(fabs(ssd_job_runtime_s(j) - 7200) < 1e-6);
    cr_expect_eq(ssd_job_bytes(j, SSD_DIR_WRITE), 7200ULL * (100u << 20));
    cr_expect_eq(ssd_hist_count(ssd_job_latency(j, SSD_DIR_WRITE)), 7200ULL * 25600);

    char *json;
    cr_assert_eq(ssd_job_to_json(j, 0, &json), 0);
    cr_expect(strstr(json, "\"engine\":\"virtual\""), "%s", json);
    cr_expect(strstr(json, "\"runtime_s\":7200,"), "%s", json);
    cr_expect(strstr(json, "\"iops\":25600,"), "%s", json);
    cr_expect(strstr(json, "\"p99\":50"), "%s", json); /* 50 us, inside one bucket */
    ssd_free(json);

    FILE *fp = fopen(log, "r");
    cr_assert_not_null(fp);
    char line[1024];
    cr_assert_not_null(fgets(line, sizeof line, fp));
    cr_expect_str_eq(line, "# ssdcore-series 1\n");
    cr_assert_not_null(fgets(line, sizeof line, fp));
    cr_expect(!strncmp(line, "# {\"target\":\"sim:fake\"", 22), "%s", line);
    cr_expect(strstr(line, "\"interval_s\":1"), "%s", line);
    cr_assert_not_null(fgets(line, sizeof line, fp));
    size_t rows = 0;
    double t_s;
    unsigned long long bytes, ops;
    while (fgets(line, sizeof line, fp)) {
        cr_assert_eq(sscanf(line, "%lf,%llu,%llu,", &t_s, &bytes, &ops), 3, "%s", line);
        rows++;
        cr_assert(fabs(t_s - (double)rows) < 1e-3);
        cr_assert_eq(bytes, 100u << 20);
    }
    fclose(fp);
    cr_expect_eq(rows, 7200u);
    ssd_job_free(j);
    ssd_target_free(t);
}

Test(job_virtual, byte_budget_ends_inside_an_interval) {
    struct fake f;
    ssd_target *t = fake_target(&f);
    ssd_job *j;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    const char *kv[] = {"pattern", "write", "bytes", "250m", NULL};
    tu_options(j, kv);
    cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
    size_t n;
    const ssd_sample *s = ssd_job_samples(j, &n);
    cr_assert_eq(n, 3u);
    cr_expect(fabs(s[2].t_s - 2.5) < 1e-9, "last sample at %g", s[2].t_s);
    cr_expect_eq(s[2].bytes[1], 50u << 20);
    cr_expect_eq(ssd_job_bytes(j, SSD_DIR_ALL), 250u << 20);
    cr_expect(fabs(ssd_job_runtime_s(j) - 2.5) < 1e-9);
    ssd_job_free(j);
    ssd_target_free(t);
}

Test(job_virtual, coverage_pass_and_short_last_interval) {
    struct fake f;
    ssd_target *t = fake_target(&f);
    ssd_job *j;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    const char *kv[] = {"pattern", "randwrite", "span", "350m", "coverage",
                        "1",       "interval",  "0.5",  NULL};
    tu_options(j, kv);
    cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
    cr_expect_eq(f.w.full_coverage, 1);
    size_t n;
    const ssd_sample *s = ssd_job_samples(j, &n);
    cr_expect_eq(n, 7u);
    cr_expect(fabs(s[n - 1].t_s - 3.5) < 1e-9);
    cr_expect_eq(ssd_job_bytes(j, SSD_DIR_WRITE), 350u << 20);
    ssd_job_free(j);

    /* A time limit that is not a multiple of the interval. */
    cr_assert_eq(ssd_job_create(&j, t), 0);
    const char *kv2[] = {"pattern", "randread", "time", "1", "interval", "0.3", NULL};
    tu_options(j, kv2);
    cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
    s = ssd_job_samples(j, &n);
    cr_assert_eq(n, 4u);
    cr_expect(fabs(s[3].t_s - 1.0) < 1e-9, "%g", s[3].t_s);
    cr_expect_gt(s[3].bytes[0], 0);
    cr_expect_eq(s[3].bytes[1], 0);
    cr_expect_lt(s[3].bytes[0], s[2].bytes[0]);
    ssd_job_free(j);
    ssd_target_free(t);
}

Test(job_virtual, model_failure_is_reported_with_its_message) {
    struct fake f;
    ssd_target *t = fake_target(&f);
    f.fail_after = 3;
    ssd_job *j;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    ssd_job_set_option(j, "time", "10");
    cr_expect_eq(ssd_job_run(j), SSD_EIO);
    cr_expect(strstr(ssd_job_errmsg(j), "model failure at 3.0 s"), "%s", ssd_job_errmsg(j));
    size_t n;
    ssd_job_samples(j, &n);
    cr_expect_eq(n, 3u, "the samples before the failure are kept");
    ssd_job_free(j);
    ssd_target_free(t);
}

/* A source on a virtual-time target (a replay on sim:, io_source.h): each
 * run it hands over is begun and run as a workload of its own, think time
 * idles the target, and the job's sampler counts each interval of the
 * shared virtual time: the run after an idle lands in the interval it
 * completes in, not in the one before the idle. */
static int fake_idle(ssd_target *t, double s) {
    ((struct fake *)t->impl)->clock += s;
    return 0;
}

static int two_runs(struct ssd__source *src, double now, struct ssd__workload *w, double *until,
                    char *err) {
    (void)err;
    int *step = src->ctx;
    switch ((*step)++) {
    case 0: /* 100 MiB of writes: 1 s */
        w->pattern = SSD__PAT_WRITE;
        w->max_bytes = 100 << 20;
        break;
    case 1: /* think time until 2.5 s */
        cr_expect(fabs(now - 1) < 1e-9, "the first run ended at %g s", now);
        *until = 2.5;
        return SSD__SRC_WAIT;
    case 2: /* 50 MiB of reads: 0.5 s */
        w->pattern = SSD__PAT_READ;
        w->max_bytes = 50 << 20;
        break;
    default:
        return SSD__SRC_STOP;
    }
    w->block_size = 1 << 20;
    w->queue_depth = 1;
    w->offset = 0;
    w->span = 1 << 30;
    return SSD__SRC_IO;
}

Test(job_virtual, a_source_runs_its_runs_on_the_job_sampler) {
    static const struct ssd__target_ops ops = {
        .kind = "sim", .job_begin = fake_begin, .run_virtual = fake_run, .idle = fake_idle};
    struct fake f;
    ssd_target *t = fake_target(&f);
    t->ops = &ops;
    int step = 0;
    struct ssd__source src = {.next_run = two_runs, .ctx = &step, .writes = 1, .max_len = 4096};
    ssd_job *j;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    cr_assert_eq(ssd_job_set_option(j, "interval", "1"), 0);
    cr_assert_eq(ssd__job_run_source(j, &src), 0, "%s", ssd_job_errmsg(j));
    cr_expect_eq(f.begun, 2);
    size_t n;
    const ssd_sample *s = ssd_job_samples(j, &n);
    cr_assert_eq(n, 3u);
    const double t_s[] = {1, 2, 3};
    const uint64_t rd[] = {0, 0, 50 << 20}, wr[] = {100 << 20, 0, 0};
    for (size_t i = 0; i < n; i++) {
        cr_expect(fabs(s[i].t_s - t_s[i]) < 1e-9, "sample %zu at %g s", i, s[i].t_s);
        cr_expect_eq(s[i].bytes[0], rd[i], "sample %zu", i);
        cr_expect_eq(s[i].bytes[1], wr[i], "sample %zu", i);
    }
    cr_expect(fabs(src.busy_s - 1.5) < 1e-9, "busy %g s", src.busy_s);
    cr_expect(fabs(ssd_job_runtime_s(j) - 3) < 1e-9);
    cr_expect_eq(ssd_hist_count(ssd_job_latency(j, SSD_DIR_READ)), 50u);
    ssd_job_free(j);
    ssd_target_free(t);
}

/* The progress callback's period is wall-clock time, a virtual job's too:
 * each 1 s sample of a 2-hour simulated job was a call (7,200 in a fraction
 * of a second, each a call into Python for the bindings). */
static double wall_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct calls {
    int n;
    double first_elapsed, last_elapsed; /* the job's own (virtual) time */
    double last_wall, min_gap;          /* between two calls, wall clock */
    double time_s;                      /* the job's time budget */
};

static int count_calls(void *user, const ssd_progress *p) {
    struct calls *c = user;
    double now = wall_s();
    if (!c->n)
        c->first_elapsed = p->elapsed_s;
    else if (now - c->last_wall < c->min_gap)
        c->min_gap = now - c->last_wall;
    c->time_s = p->time_s;
    c->n++;
    c->last_wall = now;
    c->last_elapsed = p->elapsed_s;
    return 0;
}

static struct calls run_counted(ssd_target *t, const char *time, double period, double *wall) {
    ssd_job *j;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    const char *kv[] = {"pattern", "randwrite", "qd", "32", "time", time, NULL};
    tu_options(j, kv);
    struct calls c = {0, 0, 0, 0, 1e9, 0};
    cr_assert_eq(ssd_job_set_progress(j, count_calls, &c, period), 0);
    double t0 = wall_s();
    cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
    *wall = wall_s() - t0;
    size_t n;
    ssd_job_samples(j, &n);
    cr_expect(fabs(ssd_job_runtime_s(j) - (double)n) < 1e-6, "1 s samples");
    ssd_job_free(j);
    return c;
}

Test(job_virtual, a_two_hour_job_calls_back_by_the_wall_clock_not_per_sample) {
    struct fake f;
    ssd_target *t = fake_target(&f);
    double wall;
    struct calls c = run_counted(t, "2h", 0.1, &wall);
    /* The first sample, then one per 0.1 s of wall time at most. */
    cr_expect(c.n >= 1 && c.n <= wall / 0.1 + 2, "%d calls in %.3f s of wall time", c.n, wall);
    cr_expect(fabs(c.first_elapsed - 1) < 1e-9, "the first sample's virtual time: %g",
              c.first_elapsed);
    cr_expect_eq(c.time_s, 7200);
    if (c.n > 1)
        cr_expect_geq(c.min_gap, 0.1 - 1e-6, "%g s between two calls", c.min_gap);
    /* A period of 0: after every sample, as before. */
    c = run_counted(t, "2h", 0, &wall);
    cr_expect_eq(c.n, 7200);
    cr_expect(fabs(c.last_elapsed - 7200) < 1e-6, "%g", c.last_elapsed);
    ssd_target_free(t);
}

/* A virtual job whose samples take real time still calls back every period
 * of it (a binding's Ctrl-C reaches the job through the callback), with the
 * job's own elapsed time. */
Test(job_virtual, a_slow_virtual_job_calls_back_in_real_time) {
    struct fake f;
    ssd_target *t = fake_target(&f);
    f.sleep_ns = 10 * 1000 * 1000; /* 10 ms a 1 s sample: 60 s in 0.6 s or more */
    double wall;
    struct calls c = run_counted(t, "60s", 0.1, &wall);
    cr_assert_geq(wall, 0.6);
    cr_expect(c.n >= 3 && c.n <= wall / 0.1 + 2, "%d calls in %.3f s of wall time", c.n, wall);
    cr_expect_geq(c.min_gap, 0.1 - 1e-6, "%g s between two calls", c.min_gap);
    cr_expect(c.last_elapsed > 1 && c.last_elapsed <= 60 &&
                  fabs(c.last_elapsed - round(c.last_elapsed)) < 1e-9,
              "virtual seconds, at a sample: %g", c.last_elapsed);
    ssd_target_free(t);
}
