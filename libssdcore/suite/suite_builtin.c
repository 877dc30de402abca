/* suite_builtin.c - the built-in suites of METHODOLOGY.md, generated as
 * suite-file text so they go through the same parser and checks as a
 * user's file, and `ssdcore suite --list-steps` shows them in that form. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ssdcore/suite.h"
#include "ssdcore/trace.h"
#include "curve_groups.h"
#include "fsd_score.h"
#include "numfmt.h"
#include "suite_impl.h"

static const struct {
    const char *name, *describe;
} builtins[] = {
    {"lab2016", "2015-2016 lab suite (METHODOLOGY A): seq (1 min), 4K, QD and block-size scaling, "
                "mixed (3 min each), 2 h degradation, GC recovery; TRIM before and 15 min idle "
                "between tests; file tests with option filebench_dir, or on sim: as recorded block "
                "traces"},
    {"lab2016-30s", "lab2016 as seed 002 runs it: random, QD, block-size and mixed tests 30 s "
                    "each"},
    {"lab2016-40s", "lab2016 as seed 002's general rules say: random, QD, block-size and mixed "
                    "tests 40 s each, the last 30 s measured (warmup=10s time=30s)"},
    {"lab2016-10pct", "lab2016 as seed 001 runs it: the mixed tests step the read share by "
                      "10 %"},
    {"apps", "application traces (METHODOLOGY A 11): PCMark 8-style storage traces, a game-level "
             "load and an application start-up, generated from published figures; per-trace "
             "bandwidth and the score"},
    {"cdm5", "CrystalDiskMark 3/5 as the seeds show it: Seq Q32T1, 4K Q32T1, Seq, 4K, read and "
             "write; 1 GiB test file (option area), 5 passes, best pass"},
    {"cdm8", "KDiskMark's defaults (CrystalDiskMark 8): SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, "
             "RND4K Q1T1, read and write; 1 GiB test file (option area), 5 passes, best pass"},
    {"fill2021", "2021 lab (METHODOLOGY B): whole-drive sequential fill, three-segment analysis, "
                 "fill time"},
    {"naspt", "NASPT-like large-file work (seed 003): file copy to and from the drive, HD video "
              "playback (1, 2, 4 streams) and record, playback and record, content creation, "
              "sequential and random file access; on the empty drive, then at 90 % full"},
    {"thermal", "temperature and throttling as TechPowerUp and Tom's test it: sustained 128K "
                "QD32 sequential write, then read, the temperature logged every second, each "
                "until it settles (2 min within 1 C, at most 30 min); the analysis finds the "
                "throttle"},
    {"copy50g", "50 GB file copies at NVMe queue depths (ext4 recorded with up to 64 I/Os in "
                "flight): onto the drive, inside it, off it; the set scales with option scale"},
    {"fsd", "PCMark 10 Full System Drive-like: start-ups, application use, 20 GB and 2.37 GB "
            "copies onto, inside and off the drive; bandwidth, access time and their combined "
            "score; copies scale with option scale"},
    {"pts", "SNIA PTS v2.0.2, Client settings: purge, 2x capacity sequential preconditioning, "
            "then IOPS (8 block sizes x 7 R/W mixes), throughput (1024K, 128K), latency, "
            "each in 1-minute rounds to steady state (max 25), write saturation and host idle "
            "recovery"},
    {"quick", "a few-minute subset for demos and CI: seq, 4K QD1/QD4, mixed 80 %, short "
              "degradation and recovery"},
};

size_t ssd_suite_builtin_count(void) {
    return sizeof builtins / sizeof builtins[0];
}

const char *ssd_suite_builtin_name(size_t i) {
    return i < ssd_suite_builtin_count() ? builtins[i].name : NULL;
}

const char *ssd_suite_builtin_describe(size_t i) {
    return i < ssd_suite_builtin_count() ? builtins[i].describe : NULL;
}

#define GIB (1024ull * 1024 * 1024)
#define MIB (1024ull * 1024)

/* The generator's state: the text, the test area, and whether the area
 * holds data that no test has trimmed since. */
struct gen {
    struct ssd__text *t;
    uint64_t area;
    const char *idle;
    int prepared, nprep;
};

/* One test on the area: clean it with TRIM when the test writes, give reads
 * data to read (reading trimmed blocks measures nothing), then let GC finish
 * before measuring. */
static void test(struct gen *g, int writes, int reads, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void test(struct gen *g, int writes, int reads, const char *fmt, ...) {
    char area[SSD__NUM_BUF];
    ssd__fmt_size_exact(area, g->area);
    if (writes) {
        ssd__text_add(g->t, "trim length=%s\n", area);
        g->prepared = 0;
    }
    if (reads && !g->prepared) {
        ssd__text_add(g->t,
                      "job name=prepare-%d group=%s pattern=write bs=128k qd=32 span=%s "
                      "coverage=1\n",
                      ++g->nprep, ssd__group_prepare, area);
        g->prepared = !writes;
    }
    ssd__text_add(g->t, "idle %s\n", g->idle);
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    ssd__text_add(g->t, "job %s span=%s\n", line, area);
}

/* A test at point x of built-in curve `id` (curve_groups.h): the job is
 * named GROUP-x, in group GROUP at x; rest is its workload. */
static void point(struct gen *g, int writes, int reads, int id, int x, const char *rest, ...)
    __attribute__((format(printf, 6, 7)));
static void point(struct gen *g, int writes, int reads, int id, int x, const char *rest, ...) {
    char workload[256];
    va_list ap;
    va_start(ap, rest);
    vsnprintf(workload, sizeof workload, rest, ap);
    va_end(ap);
    const char *group = ssd__curve_groups[id].group;
    test(g, writes, reads, "name=%s-%d group=%s x=%d %s", group, x, group, x, workload);
}

/* The reviews' test lengths (METHODOLOGY.md A): sequential tests are
 * averaged over 1 minute, the others run 3 minutes (seed 002: 30 s); the
 * length matters, it moves the BX200's random-write figure by half. */
static void lab2016(struct ssd__text *t, uint64_t area, unsigned block, const char *T,
                    int mixed_step) {
    /* Block-size scaling starts at 512 B, or at the logical block of a
     * target that cannot do less (4Kn drives, O_DIRECT on some files). */
    int bs0 = 512;
    while ((unsigned)bs0 < block && bs0 < 256 * 1024)
        bs0 *= 2;
    static const int qds[] = {1, 2, 4, 8, 16, 32};
    const char *S = "time=1m";
    struct gen G = {t, area, "15m", 1, 0}, *g = &G;
    ssd__text_add(t,
                  "# METHODOLOGY.md A: the 2015-2016 lab suite. Test area %llu bytes.\n"
                  "# The used state: the whole drive written once.\n"
                  "trim\n"
                  "job name=precondition group=%s pattern=write bs=128k qd=32 coverage=1\n",
                  (unsigned long long)area, ssd__group_prepare);
    /* 1-4, reads first (they keep the area's data), then writes (TRIM before each). */
    static const struct {
        const char *heading, *dir, *rnd; /* dir: also the sequential pattern */
        int qd_rand, qd_seq, bs_rand;    /* curve groups */
    } sides[2] = {
        {"# 1-4, reads first: they keep the area's data\n", "read", "randread",
         SSD__GROUP_QD_RANDREAD, SSD__GROUP_QD_SEQREAD, SSD__GROUP_BS_RANDREAD},
        {"# 1-4, writes: TRIM before each\n", "write", "randwrite", SSD__GROUP_QD_RANDWRITE,
         SSD__GROUP_QD_SEQWRITE, SSD__GROUP_BS_RANDWRITE},
    };
    for (int w = 0; w < 2; w++) {
        const char *d = sides[w].dir, *rnd = sides[w].rnd;
        ssd__text_add(t, "%s", sides[w].heading);
        test(g, w, !w, "name=seq-%s pattern=%s bs=256k qd=1 %s", d, d, S);
        test(g, w, !w, "name=rand4k-%s-qd1 pattern=%s bs=4k qd=1 %s", d, rnd, T);
        test(g, w, !w, "name=rand4k-%s-qd4 pattern=%s bs=4k qd=4 %s", d, rnd, T);
        for (int i = 0; i < 6; i++)
            point(g, w, !w, sides[w].qd_rand, qds[i], "pattern=%s bs=4k qd=%d %s", rnd, qds[i], T);
        for (int i = 0; i < 6; i++)
            point(g, w, !w, sides[w].qd_seq, qds[i], "pattern=%s bs=256k qd=%d %s", d, qds[i], T);
        for (int bs = bs0; bs <= 256 * 1024; bs *= 2)
            point(g, w, !w, sides[w].bs_rand, bs, "pattern=%s bs=%d qd=4 %s", rnd, bs, T);
    }
    ssd__text_add(t, "# 5: mixed workloads, read share 0..100 %%\n");
    for (int r = 0; r <= 100; r += mixed_step)
        point(g, 1, 1, SSD__GROUP_MIXED_SEQ, r, "pattern=rw bs=128k qd=1 threads=2 read_pct=%d %s",
              r, T);
    for (int r = 0; r <= 100; r += mixed_step)
        point(g, 1, 1, SSD__GROUP_MIXED_RAND, r,
              "pattern=randrw bs=4k qd=1 threads=4 read_pct=%d %s", r, T);
    ssd__text_add(t, "# 6: degradation, the whole drive, fresh after TRIM\n"
                     "trim\n"
                     "idle 15m\n"
                     "job name=degradation pattern=randwrite bs=4k qd=32 time=2h interval=1s "
                     "log=degradation\n"
                     "analyze degradation\n"
                     "# 7: GC recovery: idle without TRIM, then after TRIM\n"
                     "idle 15m\n"
                     "job name=recovery-idle pattern=randwrite bs=4k qd=32 time=5m interval=1s "
                     "log=recovery-idle\n"
                     "analyze recovery-idle reference=degradation\n"
                     "trim\n"
                     "job name=recovery-trim pattern=randwrite bs=4k qd=32 time=5m interval=1s "
                     "log=recovery-trim\n"
                     "analyze recovery-trim reference=degradation\n");
}

static void fill2021(struct ssd__text *t, uint64_t size) {
    /* coverage=1 rather than bytes=SIZE: every block exactly once, even
     * when the size is not a multiple of the block. */
    ssd__text_add(t,
                  "# METHODOLOGY.md B: write the whole drive (%llu bytes) once, speed against "
                  "data written.\n"
                  "trim\n"
                  "idle 15m\n"
                  "job name=fill pattern=write bs=128k qd=32 coverage=1 interval=1s log=fill\n"
                  "analyze fill\n",
                  (unsigned long long)size);
}

/* NASPT-like tests (the Intel NAS Performance Toolkit's scenarios as
 * block-level jobs, seed 003): each runs on the empty drive and again
 * with 90 % of it filled, in group naspt-TEST at x = the fill level, so
 * the report draws "empty" and "90 % full" side by side. The tests use an
 * area at the end of the drive, in the part a 90 % fill leaves free; the
 * writes come first and the reads read what they wrote, straight after,
 * as the toolkit's own test files are read (from the SLC cache while the
 * drive has room to keep them there). */
static void naspt_round(struct ssd__text *t, uint64_t size, uint64_t area, int level) {
    uint64_t off = (size - area) / MIB * MIB;
    const char *state = level ? "full" : "empty";
    ssd__text_add(t, "# %s drive\ntrim\n", level ? "90 % full" : "empty");
    if (level)
        ssd__text_add(t, "fill level=%d%% name=fill-%d\n", level, level);
    ssd__text_add(t, "idle 15m\n");
    static const struct {
        const char *test, *workload;
        int part; /* 1: the whole area, 2: half, 4: a quarter */
    } tests[] = {
        {"file-copy-to", "pattern=write bs=32k qd=1", 1},
        {"hd-video-record", "pattern=write bs=32k qd=1", 2},
        {"hd-playback-record", "pattern=rw read_pct=50 bs=32k qd=1 threads=2", 2},
        {"content-creation", "pattern=randrw read_pct=30 bs=16k qd=1", 8},
        {"file-copy-from", "pattern=read bs=64k qd=1", 1},
        {"hd-playback", "pattern=read bs=256k qd=1", 2},
        {"hd-playback-2x", "pattern=read bs=256k qd=1 threads=2", 2},
        {"hd-playback-4x", "pattern=read bs=256k qd=1 threads=4", 2},
        {"file-seq-access", "pattern=read bs=64k qd=1 threads=4", 2},
        {"file-rand-access", "pattern=randread bs=64k qd=1 threads=4", 4},
    };
    char o[SSD__NUM_BUF], sp[SSD__NUM_BUF], b[SSD__NUM_BUF];
    ssd__fmt_size_exact(o, off);
    ssd__fmt_size_exact(sp, area);
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
        ssd__text_add(
            t, "job name=naspt-%s-%s group=naspt-%s x=%d %s offset=%s span=%s bytes=%s\n",
            tests[i].test, state, tests[i].test, level, tests[i].workload, o, sp,
            ssd__fmt_size_exact(b, area / (uint64_t)tests[i].part / (256 * 1024) * (256 * 1024)));
}

static void naspt(struct ssd__text *t, uint64_t size) {
    /* 16 GiB of test files, as much as fits in a sixteenth of the drive. */
    uint64_t area = size / 16 < 16 * GIB ? size / 16 / MIB * MIB : 16 * GIB;
    naspt_round(t, size, area, 0);
    naspt_round(t, size, area, 90);
}

/* Reviewers write, then read, without a pause until the drive's
 * temperature settles, and look for the speed step where it throttles. A
 * cooled drive first (idle), so the curve starts cold; the read follows a
 * pause and reads what the write wrote (a drive larger than 30 minutes of
 * its writes also reads unwritten blocks, which a drive answers fast). */
static void thermal(struct ssd__text *t) {
    static const char *const dirs[] = {"write", "read"};
    ssd__text_add(t, "# Thermal: sustained sequential write, then read, until the temperature "
                     "settles\n"
                     "trim\n");
    for (int d = 0; d < 2; d++)
        ssd__text_add(t,
                      "idle 10m\n"
                      "job name=thermal-%s pattern=%s bs=128k qd=32 time=30m temp_steady=2m "
                      "interval=1s log=thermal-%s\n"
                      "analyze thermal-%s ddir=%s\n",
                      dirs[d], dirs[d], dirs[d], dirs[d], dirs[d]);
}

static void quick(struct ssd__text *t, uint64_t area) {
    const char *T = "time=5s";
    struct gen G = {t, area, "10s", 0, 0}, *g = &G;
    ssd__text_add(t, "# A few minutes: the headline tests of METHODOLOGY.md A, shortened.\n");
    test(g, 0, 1, "name=seq-read pattern=read bs=256k qd=1 %s", T);
    test(g, 0, 1, "name=rand4k-read-qd1 pattern=randread bs=4k qd=1 %s", T);
    test(g, 0, 1, "name=rand4k-read-qd4 pattern=randread bs=4k qd=4 %s", T);
    test(g, 1, 0, "name=seq-write pattern=write bs=256k qd=1 %s", T);
    test(g, 1, 0, "name=rand4k-write-qd1 pattern=randwrite bs=4k qd=1 %s", T);
    test(g, 1, 0, "name=rand4k-write-qd4 pattern=randwrite bs=4k qd=4 %s", T);
    point(g, 1, 1, SSD__GROUP_MIXED_RAND, 80, "pattern=randrw bs=4k qd=1 threads=4 read_pct=80 %s",
          T);
    ssd__text_add(t, "trim\n"
                     "idle 10s\n"
                     "job name=degradation pattern=randwrite bs=4k qd=32 time=2m interval=1s "
                     "log=degradation\n"
                     "analyze degradation\n"
                     "idle 1m\n"
                     "job name=recovery-idle pattern=randwrite bs=4k qd=32 time=30s interval=1s "
                     "log=recovery-idle\n"
                     "analyze recovery-idle reference=degradation\n");
}

/* Test 11: every built-in application scenario, replayed with its think
 * time (PCMark 8 keeps the idle and counts busy time only) on a drive in
 * the state the earlier steps left, as the reviews run PCMark after
 * their other tests. */
static void apps(struct ssd__text *t) {
    ssd__text_add(t, "# METHODOLOGY.md A 11: application traces, bandwidth = bytes / busy time\n"
                     "idle 15m\n");
    for (size_t i = 0; i < ssd_trace_scenario_count(); i++)
        ssd__text_add(t, "replay name=%s group=%s trace=scenario:%s timing=as-recorded\n",
                      ssd_trace_scenario_name(i), ssd__group_apps, ssd_trace_scenario_name(i));
}

/* Tests 9 and 10: copy of each set inside the drive, 7-Zip Deflate archive
 * and extract of the Work set (the option refuses a dir with blanks or '#',
 * which the suite-file language cannot carry). */
static void file_tests(struct ssd__text *t, const char *dir, const char *size) {
    ssd__text_add(t,
                  "# 9-10: file copy (ISO, Program, Work sets) and 7-Zip Deflate archive/extract\n"
                  "filebench name=files-iso dir=%s set=iso size=%s steps=copy\n"
                  "filebench name=files-program dir=%s set=program size=%s steps=copy\n"
                  "filebench name=files-work dir=%s set=work size=%s steps=copy,archive,extract\n",
                  dir, size, dir, size, dir, size);
}

/* Tests 9 and 10 on a drive without a filesystem: the recorded block
 * traces of the same tests (datasets/trace_filetests.c), each set created
 * first (its mkset trace, group prepare), the drive then idle as between
 * the other tests. No think time (timing=no-idle): the gaps in a recording
 * are the recording machine's CPU and its FUSE recorder, not the drive. */
static void file_traces(struct ssd__text *t, const char *size) {
    static const char *const sets[][4] = {{"iso", "copy", NULL, NULL},
                                          {"program", "copy", NULL, NULL},
                                          {"work", "copy", "archive", "extract"}};
    ssd__text_add(t, "# 9-10: the file tests as recorded block traces (no filesystem here)\n");
    for (int i = 0; i < 3; i++) {
        ssd__text_add(t,
                      "trim\n"
                      "replay name=files-%s-mkset group=prepare trace=filetest:%s-mkset "
                      "set_size=%s timing=no-idle\n",
                      sets[i][0], sets[i][0], size);
        for (int k = 1; k < 4 && sets[i][k]; k++)
            ssd__text_add(t,
                          "idle 15m\n"
                          "replay name=files-%s-%s group=files-%s trace=filetest:%s-%s "
                          "set_size=%s timing=no-idle\n",
                          sets[i][0], sets[i][k], sets[i][0], sets[i][0], sets[i][k], size);
    }
}

/* A 50 GB copy onto the drive, inside it and off it (issue 25; PCMark 10's
 * cp1-cp3 with 20 GB): the ISO set recorded at the queue depths ext4 issues
 * (nvme-iso-*), its writes alone for a copy from another drive, its reads
 * alone for a copy to another. The set is created first and the drive
 * idles between copies as between the reviews' tests. */
static void copy50g(struct ssd__text *t, double scale) {
    uint64_t bytes = (uint64_t)(50e9 * scale);
    if (bytes < 1)
        bytes = 1;
    ssd__text_add(t, "# 50 GB copies at NVMe queue depths (recorded ext4 block traces)\ntrim\n");
    char set[SSD__NUM_BUF];
    ssd__fmt_size_exact(set, bytes);
    ssd__text_add(t,
                  "replay name=copy50g-mkset group=prepare trace=filetest:nvme-iso-mkset "
                  "set_size=%s timing=no-idle\n",
                  set);
    static const char *const steps[][2] = {
        {"to", "copy_to"}, {"inside", "copy"}, {"from", "copy_from"}};
    for (int i = 0; i < 3; i++)
        ssd__text_add(t,
                      "idle 15m\n"
                      "replay name=copy50g-%s group=files-copy50g trace=filetest:nvme-iso-%s "
                      "set_size=%s timing=no-idle\n",
                      steps[i][0], steps[i][1], set);
}

/* The PCMark 10 Full System Drive-like run (ssd_replay_fsd_json) as suite
 * steps: groups fsd-apps, fsd-iso and fsd-photo are scored (headline
 * "fsd"; a set's three copies also under file_tests, like lab2016's),
 * preparations are group prepare. Applications keep their think time
 * (scaled down with the sets); copies run back to back. */
static void fsd(struct ssd__text *t, double scale) {
    const char *name, *trace;
    double gb;
    ssd__text_add(t, "# PCMark 10 Full System Drive-like: bandwidth and access time\ntrim\n");
    for (size_t i = 0; ssd_replay_fsd_trace(i, &name, &trace, &gb) == 0; i++) {
        char size[48] = "";
        if (gb > 0) {
            double b = gb * 1e9 * scale;
            char n[SSD__NUM_BUF];
            snprintf(size, sizeof size, " set_size=%s",
                     ssd__fmt_size_exact(n, (uint64_t)(b < 1 ? 1 : b)));
        }
        const char *group = gb <= 0 ? "fsd-apps" : strstr(trace, "-iso-") ? "fsd-iso" : "fsd-photo";
        char timing[48];
        ssd__replay_fsd_timing(gb, scale, timing, sizeof timing);
        if (name)
            ssd__text_add(t, "replay name=fsd-%s group=%s trace=%s%s timing=%s\n", name, group,
                          trace, size, timing);
        else
            ssd__text_add(t, "replay name=fsd-prepare%zu group=prepare trace=%s%s timing=no-idle\n",
                          i, trace, size);
    }
}

int ssd__suite_builtin_text(const char *name, uint64_t size, unsigned block, uint64_t area,
                            const char *filebench_dir, const char *filebench_size,
                            int replay_file_tests, double scale, char **out) {
    struct ssd__text t = {0};
    if (!strncmp(name, "lab2016", 7)) {
        const char *T = "time=3m";
        int step = 20;
        if (!strcmp(name, "lab2016-30s"))
            T = "time=30s";
        else if (!strcmp(name, "lab2016-40s"))
            T = "warmup=10s time=30s";
        else if (!strcmp(name, "lab2016-10pct"))
            step = 10;
        else if (strcmp(name, "lab2016"))
            return SSD_EINVAL;
        uint64_t a = area ? area : 32 * GIB;
        lab2016(&t, a < size ? a : size, block, T, step);
        if (filebench_dir)
            file_tests(&t, filebench_dir, filebench_size ? filebench_size : "8g");
        else if (replay_file_tests && ssd_trace_filetest_count())
            file_traces(&t, filebench_size ? filebench_size : "8g");
    } else if (!strcmp(name, "cdm5") || !strcmp(name, "cdm8")) {
        uint64_t a = area ? area : GIB;
        ssd__suite_cdm_text(&t, name, a < size ? a : size);
    } else if (!strcmp(name, "apps")) {
        apps(&t);
    } else if (!strcmp(name, "fill2021")) {
        fill2021(&t, size);
    } else if (!strcmp(name, "fsd")) {
        fsd(&t, scale);
    } else if (!strcmp(name, "copy50g")) {
        copy50g(&t, scale);
    } else if (!strcmp(name, "pts")) {
        ssd__suite_pts_text(&t);
    } else if (!strcmp(name, "naspt")) {
        naspt(&t, size);
    } else if (!strcmp(name, "thermal")) {
        thermal(&t);
    } else if (!strcmp(name, "quick")) {
        uint64_t a = area ? area : GIB;
        quick(&t, a < size ? a : size);
    } else {
        return SSD_EINVAL;
    }
    *out = ssd__text_take(&t);
    return *out ? 0 : SSD_ENOMEM;
}
