/* fileset.c - deterministic, realistic file sets for the copy and archive
 * tests (METHODOLOGY.md test 9): iso, program and work.
 *
 * A set is planned first (paths, sizes, content kinds, mtimes) from one
 * generator seeded by the seed, then each file's bytes come from its own
 * generator seeded by (seed, file index). Only integer arithmetic decides
 * sizes and bytes, so the same kind, size and seed give byte-identical sets
 * on any machine. docs/fileops.md describes the distributions. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore/fileops.h>

#include "fo_util.h"
#include "options.h"
#include "result_size.h"
#include "xrand.h"

#define CHUNK (1 << 20)
#define KiB 1024ull
#define MiB (1024ull * 1024)
#define GiB (1024ull * 1024 * 1024)

enum set_kind { SET_ISO, SET_PROGRAM, SET_WORK };

/* How a file's bytes look to a compressor. */
enum content {
    C_RANDOM, /* already compressed: photos, media, images, zip-based office files */
    C_TEXT,   /* prose, source, markup: deflate ~3x */
    C_BINARY, /* executables and libraries: ~1.5-2x */
    C_TABLE,  /* CSV and numeric tables: ~3-4x */
    C_MIXED,  /* PDFs, presentations: compressed streams with text around: ~1.1-1.3x */
};

struct ssd_fileset {
    char err[SSD__ERRMSG_SIZE];
    /* options (fileset_options) */
    int kind; /* enum set_kind */
    uint64_t size, seed;
    int sync_mode;
    double progress_interval;
    ssd_fileops_progress_fn progress_fn;
    void *progress_user;
    /* During a run: what the progress callback reports. */
    ssd_fileops_progress now;
    double next_progress;
    char *json; /* the last run's results (ssd_fileset_to_json), compact */
};

/* ---------------------------------------------------------------- rng */

/* base/xrand.h's xoshiro256**, seeded per (seed, stream) so every file of a
 * set draws from its own stream and a set is the same on every machine. */
static void rng_seed(struct ssd__rng *r, uint64_t seed, uint64_t stream) {
    uint64_t x = seed ^ (stream * 0xD1B54A32D192ED03ull);
    for (int i = 0; i < 4; i++)
        r->s[i] = ssd__splitmix64(&x);
}

static uint64_t below(struct ssd__rng *r, uint64_t n) {
    return n ? ssd__rng_next(r) % n : 0;
}

/* Log-uniform integer in [lo, hi], by integer steps of 1/16 octave, so sizes
 * are spread like real files without any floating point. */
static uint64_t log_uniform(struct ssd__rng *r, uint64_t lo, uint64_t hi) {
    if (hi <= lo)
        return lo;
    unsigned steps = 0;
    for (uint64_t v = lo; v < hi && steps < 1024; steps++)
        v += v / 23 + 1; /* ~2^(1/16) per step */
    unsigned k = (unsigned)below(r, steps + 1);
    uint64_t v = lo;
    for (unsigned i = 0; i < k; i++)
        v += v / 23 + 1;
    v += below(r, v / 23 + 1); /* fill in between steps */
    return v > hi ? hi : v;
}

/* ---------------------------------------------------------------- content */

static const char *const words[] = {
    "the",     "of",       "and",     "to",      "in",        "is",       "for",     "that",
    "with",    "on",       "as",      "by",      "be",        "this",     "are",     "from",
    "data",    "drive",    "report",  "value",   "system",    "result",   "table",   "file",
    "project", "customer", "meeting", "budget",  "quarter",   "revenue",  "design",  "review",
    "update",  "version",  "return",  "if",      "else",      "while",    "struct",  "int",
    "const",   "static",   "void",    "include", "function",  "module",   "config",  "server",
    "client",  "request",  "error",   "message", "timestamp", "summary",  "section", "figure",
    "page",    "chapter",  "account", "invoice", "total",     "schedule", "status",  "pending",
};
#define NWORDS (sizeof words / sizeof words[0])

static size_t fill_random(struct ssd__rng *r, unsigned char *p, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t v = ssd__rng_next(r);
        memcpy(p + i, &v, 8);
    }
    uint64_t v = ssd__rng_next(r);
    for (; i < n; i++, v >>= 8)
        p[i] = (unsigned char)v;
    return n;
}

static size_t fill_text(struct ssd__rng *r, unsigned char *p, size_t n) {
    size_t i = 0;
    while (i < n) {
        uint64_t v = ssd__rng_next(r);
        const char *w = words[v % NWORDS];
        size_t len = strlen(w);
        for (size_t k = 0; k < len && i < n; k++)
            p[i++] = (unsigned char)w[k];
        if (i < n)
            p[i++] = (v >> 32) % 13 == 0 ? '\n' : (v >> 40) % 17 == 0 ? ',' : ' ';
    }
    return n;
}

static size_t fill_table(struct ssd__rng *r, unsigned char *p, size_t n) {
    size_t i = 0;
    int col = 0;
    while (i < n) {
        uint64_t v = ssd__rng_next(r);
        char cell[32];
        int len = snprintf(cell, sizeof cell, "%llu.%02llu%c", (unsigned long long)(v % 100000),
                           (unsigned long long)((v >> 20) % 100), ++col % 8 ? ';' : '\n');
        for (int k = 0; k < len && i < n; k++)
            p[i++] = (unsigned char)cell[k];
    }
    return n;
}

/* Machine code has a skewed byte distribution: draw from 32 common values
 * most of the time. */
static size_t fill_code(struct ssd__rng *r, unsigned char *p, size_t n) {
    static const unsigned char ops[32] = {0x48, 0x89, 0x8b, 0xe8, 0x00, 0xff, 0x0f, 0x85,
                                          0x74, 0x75, 0xc3, 0x83, 0xc4, 0x24, 0x44, 0x4c,
                                          0x8d, 0x05, 0x31, 0xc0, 0x01, 0x10, 0x20, 0x08,
                                          0xeb, 0x39, 0x3b, 0x45, 0x41, 0x5d, 0x55, 0x90};
    size_t i = 0;
    while (i < n) {
        uint64_t v = ssd__rng_next(r);
        for (int k = 0; k < 8 && i < n; k++, v >>= 8)
            p[i++] = (v & 0xC0) ? ops[v & 31] : (unsigned char)(v >> 1);
    }
    return n;
}

/* Fills one chunk; which generator runs for each 4 KiB block depends on the
 * kind, so every kind has a stable compressibility. */
static void fill(struct ssd__rng *r, enum content kind, unsigned char *p, size_t n) {
    for (size_t off = 0; off < n; off += 4096) {
        size_t len = n - off < 4096 ? n - off : 4096;
        unsigned roll = (unsigned)(ssd__rng_next(r) % 100); /* drawn for every kind */
        unsigned char *b = p + off;
        /* binary: 35 % random, 25 % text, 10 % zeros, 30 % code; mixed: 65 % random */
        if (kind == C_TABLE)
            fill_table(r, b, len);
        else if (kind == C_RANDOM || (kind == C_BINARY && roll < 35) ||
                 (kind == C_MIXED && roll < 65))
            fill_random(r, b, len);
        else if (kind == C_TEXT || kind == C_MIXED || roll < 60)
            fill_text(r, b, len);
        else if (roll < 70)
            memset(b, 0, len);
        else
            fill_code(r, b, len);
    }
}

/* ---------------------------------------------------------------- plan */

struct pfile {
    char *path;
    uint64_t size;
    int content;
    int64_t mtime;
};

struct plan {
    struct pfile *files;
    size_t nfiles, cap;
    char **dirs;
    unsigned *depth;
    size_t ndirs, dcap, depth_cap;
    uint64_t bytes;
};

static void plan_free(struct plan *p) {
    for (size_t i = 0; i < p->nfiles; i++)
        free(p->files[i].path);
    for (size_t i = 0; i < p->ndirs; i++)
        free(p->dirs[i]);
    free(p->files);
    free(p->dirs);
    free(p->depth);
}

static int plan_dir(struct plan *p, const char *path, unsigned depth) {
    if (ssd__grow(&p->dirs, p->ndirs, &p->dcap, sizeof *p->dirs, 64) ||
        ssd__grow(&p->depth, p->ndirs, &p->depth_cap, sizeof *p->depth, 64) ||
        !(p->dirs[p->ndirs] = strdup(path)))
        return SSD_ENOMEM;
    p->depth[p->ndirs++] = depth;
    return 0;
}

static int plan_file(struct plan *p, const char *path, uint64_t size, int content, int64_t mtime) {
    char *dup = NULL;
    if (ssd__grow(&p->files, p->nfiles, &p->cap, sizeof *p->files, 64) || !(dup = strdup(path)))
        return SSD_ENOMEM;
    p->files[p->nfiles++] = (struct pfile){dup, size, content, mtime};
    p->bytes += size;
    return 0;
}

/* 2023-01-01 plus up to two years, in whole seconds */
static int64_t some_time(struct ssd__rng *r) {
    return 1672531200 + (int64_t)below(r, 2 * 365 * 86400);
}

static int plan_iso(struct plan *p, struct ssd__rng *r, uint64_t size) {
    /* a few images of uneven size, in 2 KiB ISO sectors */
    unsigned n = (unsigned)(size / (3 * GiB)) + 2;
    if (n > 5)
        n = 5;
    if (size < 8 * MiB)
        n = 1;
    uint64_t w[5], wsum = 0;
    for (unsigned i = 0; i < n; i++)
        wsum += w[i] = 50 + below(r, 100);
    int rc = plan_dir(p, "images", 1);
    static const char *names[] = {"ubuntu-24.04-desktop-amd64", "windows-server-2022-eval",
                                  "debian-12-dvd-1", "game-disc-1", "backup-2023-12"};
    uint64_t left = size;
    char path[256];
    for (unsigned i = 0; i < n && rc == 0; i++) {
        uint64_t s = i + 1 == n ? left : size * w[i] / wsum / 2048 * 2048;
        left -= s;
        snprintf(path, sizeof path, "images/%s.iso", names[i]);
        rc = plan_file(p, path, s, C_RANDOM, some_time(r));
    }
    return rc;
}

struct ftype {
    const char *ext;
    const char *stem; /* "" = pick from the set's stems */
    int content;
    uint64_t lo, hi; /* size range, log-uniform */
    unsigned weight; /* share of files, percent-ish */
};

/* Picks a directory for the next file; now and then makes a new one under
 * a random existing directory, capped at max_depth. */
static int pick_dir(struct plan *p, struct ssd__rng *r, const char *const *names, size_t nnames,
                    unsigned new_per_100, unsigned max_depth, size_t *out) {
    if (p->ndirs && below(r, 100) >= new_per_100) {
        *out = (size_t)below(r, p->ndirs);
        return 0;
    }
    size_t parent = (size_t)below(r, p->ndirs);
    for (int tries = 0; tries < 4 && p->depth[parent] >= max_depth; tries++)
        parent = (size_t)below(r, p->ndirs);
    if (p->depth[parent] >= max_depth)
        parent = 0;
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s%s", p->dirs[parent], names[below(r, nnames)],
             below(r, 3) ? "" : "_2");
    for (size_t i = 0; i < p->ndirs; i++)
        if (!strcmp(p->dirs[i], path)) {
            *out = i;
            return 0;
        }
    int rc = plan_dir(p, path, p->depth[parent] + 1);
    *out = p->ndirs - 1;
    return rc;
}

static int plan_mixed(struct plan *p, struct ssd__rng *r, uint64_t size, const struct ftype *types,
                      size_t ntypes, const char *root, const char *const *dirnames, size_t ndn,
                      unsigned new_dir_per_100, unsigned max_depth, const char *const *stems,
                      size_t nstems) {
    int rc = plan_dir(p, root, 1);
    unsigned wsum = 0;
    for (size_t i = 0; i < ntypes; i++)
        wsum += types[i].weight;
    uint64_t cap = size / 8 > 64 * KiB ? size / 8 : 64 * KiB;
    char path[PATH_MAX];
    unsigned serial = 0;
    while (rc == 0 && p->bytes < size) {
        unsigned pick = (unsigned)below(r, wsum);
        size_t t = 0;
        while (pick >= types[t].weight)
            pick -= types[t++].weight;
        uint64_t hi = types[t].hi < cap ? types[t].hi : cap;
        uint64_t lo = types[t].lo < hi ? types[t].lo : hi / 2;
        uint64_t s = log_uniform(r, lo, hi);
        if (s > size - p->bytes)
            s = size - p->bytes;
        size_t d;
        if ((rc = pick_dir(p, r, dirnames, ndn, new_dir_per_100, max_depth, &d)) < 0)
            break;
        const char *stem = *types[t].stem ? types[t].stem : stems[below(r, nstems)];
        snprintf(path, sizeof path, "%s/%s%04u.%s", p->dirs[d], stem, serial++, types[t].ext);
        rc = plan_file(p, path, s, types[t].content, some_time(r));
    }
    return rc;
}

static int plan_program(struct plan *p, struct ssd__rng *r, uint64_t size) {
    /* An installed application: mostly small files, a long tail of big
     * libraries and resource packs. Weights are shares of files. */
    static const struct ftype types[] = {
        {"dll", "", C_BINARY, 8 * KiB, 4 * MiB, 24}, {"so", "lib", C_BINARY, 4 * KiB, 2 * MiB, 12},
        {"exe", "", C_BINARY, 32 * KiB, 8 * MiB, 4}, {"py", "", C_TEXT, 512, 48 * KiB, 40},
        {"js", "", C_TEXT, 512, 256 * KiB, 24},      {"json", "", C_TABLE, 256, 32 * KiB, 30},
        {"xml", "", C_TEXT, 512, 128 * KiB, 24},     {"txt", "", C_TEXT, 256, 16 * KiB, 14},
        {"png", "", C_RANDOM, 512, 128 * KiB, 40},   {"ico", "", C_RANDOM, 1 * KiB, 64 * KiB, 12},
        {"qm", "", C_TEXT, 4 * KiB, 256 * KiB, 14},  {"pak", "", C_MIXED, 1 * MiB, 64 * MiB, 1},
        {"dat", "", C_BINARY, 16 * KiB, 8 * MiB, 4}, {"ttf", "", C_BINARY, 32 * KiB, 2 * MiB, 4},
    };
    static const char *const dirs[] = {
        "bin",    "lib",     "plugins", "resources", "locales", "en-US",     "de-DE", "fr-FR",
        "ja-JP",  "modules", "data",    "shaders",   "fonts",   "help",      "x64",   "runtime",
        "assets", "ui",      "themes",  "python",    "site",    "packages",  "icons", "codecs",
        "config", "scripts", "share",   "templates", "core",    "extensions"};
    static const char *const stems[] = {"core",  "render", "net",    "util",   "ui",    "io",
                                        "crypt", "media",  "plugin", "engine", "setup", "api",
                                        "xml",   "font",   "help",   "icon",   "string"};
    return plan_mixed(p, r, size, types, sizeof types / sizeof types[0], "ContosoSuite", dirs,
                      sizeof dirs / sizeof dirs[0], 9, 9, stems, sizeof stems / sizeof stems[0]);
}

static int plan_work(struct plan *p, struct ssd__rng *r, uint64_t size) {
    /* A user's work folder: documents, photos, PDFs, media, spreadsheets. */
    static const struct ftype types[] = {
        {"docx", "report", C_RANDOM, 16 * KiB, 4 * MiB, 14},
        {"odt", "minutes", C_RANDOM, 16 * KiB, 2 * MiB, 3},
        {"txt", "notes", C_TEXT, 1 * KiB, 256 * KiB, 8},
        {"md", "readme", C_TEXT, 1 * KiB, 64 * KiB, 4},
        {"jpg", "IMG_", C_RANDOM, 1 * MiB, 12 * MiB, 28},
        {"png", "figure", C_RANDOM, 64 * KiB, 8 * MiB, 5},
        {"pdf", "scan", C_MIXED, 64 * KiB, 24 * MiB, 14},
        {"pptx", "slides", C_MIXED, 512 * KiB, 48 * MiB, 3},
        {"mp4", "clip", C_RANDOM, 16 * MiB, 1536 * MiB, 2},
        {"mp3", "track", C_RANDOM, 2 * MiB, 12 * MiB, 5},
        {"xlsx", "budget", C_RANDOM, 16 * KiB, 8 * MiB, 8},
        {"csv", "export", C_TABLE, 4 * KiB, 32 * MiB, 6},
    };
    static const char *const dirs[] = {"Documents", "Photos",  "Projects", "Media",   "Finance",
                                       "2023",      "2024",    "Archive",  "Clients", "Holiday",
                                       "Reports",   "Drafts",  "Shared",   "Scans",   "Video",
                                       "Music",     "Invoices"};
    static const char *const stems[] = {"report", "IMG_",  "scan",     "minutes",
                                        "budget", "draft", "contract", "photo",
                                        "clip",   "notes", "invoice",  "slides"};
    return plan_mixed(p, r, size, types, sizeof types / sizeof types[0], "Work", dirs,
                      sizeof dirs / sizeof dirs[0], 6, 5, stems, sizeof stems / sizeof stems[0]);
}

/* ---------------------------------------------------------------- api */

#define SSD__OPTION_OWNER struct ssd_fileset
/* clang-format off */
/* X(key, TYPE, field, unit, min, max, default, words, flags, help) */
#define FILESET_OPTIONS(X)                                                                         \
    X(kind, ENUM, kind, "", 0, 0, "work", "iso program work", 0,                                   \
      "iso: a few multi-GiB incompressible disk images; program: an installed application, "      \
      "thousands of small files in a deep tree; work: documents, photos, PDFs, media")            \
    X(size, SIZE, size, "B", 64 * KiB, 1ull << 50, "8g", "", 0, "total bytes of the set")          \
    X(seed, INT, seed, "", 0, HUGE_VAL, "1", "", 0,                                                \
      "the same kind, size and seed give byte-identical sets")                                     \
    X(sync, ENUM, sync_mode, "", 0, 0, "fs", "none fs", 0, "flush the set before the clock stops") \
    SSD__FO_PROGRESS_INTERVAL_OPTION(X)
/* clang-format on */
SSD__OPTION_TABLE(fileset_options, "fileset", FILESET_OPTIONS);

SSD__OPTIONS_ACCESSOR(ssd_fileset_options, fileset_options)

int ssd_fileset_create(ssd_fileset **out) {
    return ssd__option_create(out, sizeof **out, &fileset_options);
}

/* Calls the progress callback when the interval has passed (or force): 1
 * when it asks to stop (the run then ends, calling it no more). */
static int fileset_progress(ssd_fileset *s, double t0, int force) {
    return ssd__fo_progress(s->progress_fn, s->progress_user, s->progress_interval, t0,
                            &s->next_progress, force, &s->now);
}

SSD__FO_HANDLE_CALLS(fileset)
SSD__FO_PLAIN_HANDLE(fileset, fileset_options)

/* Writes one planned file under no name and names it when complete (the
 * crash-safety rule), so a full disk or a kill never leaves a truncated file
 * in the set. When resuming, a file already there with its planned size is
 * complete by the same rule and is kept. */
static int write_plan_file(ssd_fileset *s, const char *dir, const struct pfile *f, size_t index,
                           unsigned char *buf, int resuming, double t0) {
    char path[PATH_MAX];
    if (ssd__fo_join(path, sizeof path, dir, f->path))
        return ssd__fail(s->err, SSD_ERANGE, "%s: path too long", f->path);
    struct stat st;
    if (resuming && lstat(path, &st) == 0) {
        if (S_ISREG(st.st_mode) && (uint64_t)st.st_size == f->size)
            return 0;
        return ssd__fail(s->err, SSD_EEXIST,
                         "%s: exists but is not this set's file (another kind, size or seed?)",
                         path);
    }
    struct ssd__fo_tmpfile tmp;
    int rc = ssd__fo_tmp_open(&tmp, AT_FDCWD, path, 0, 0644);
    if (rc < 0)
        return ssd__fail(s->err, rc, "%s: cannot create: %s", path, ssd_strerror(rc));
    int fd = tmp.fd;
    struct ssd__rng r;
    rng_seed(&r, s->seed, index + 1);
    for (uint64_t left = f->size; left && rc == 0;) {
        size_t n = left < CHUNK ? (size_t)left : CHUNK;
        fill(&r, (enum content)f->content, buf, n);
        if ((rc = ssd__write_all(fd, buf, n, -1)))
            ssd__fail(s->err, rc, "%s: write failed: %s", path, ssd_strerror(rc));
        left -= n;
        s->now.bytes_done += n;
        if (rc == 0 && fileset_progress(s, t0, 0)) /* a multi-GiB image: stop inside it */
            rc = ssd__fail(s->err, SSD_EINTERRUPTED, "%s: stopped by the progress callback", path);
    }
    if (rc == 0 && fchmod(fd, 0644) < 0)
        rc = ssd__fail_errno(s->err, "%s: chmod", path);
    struct timespec ts[2] = {{(time_t)f->mtime, 0}, {(time_t)f->mtime, 0}};
    if (rc == 0 && futimens(fd, ts) < 0)
        rc = ssd__fail_errno(s->err, "%s: set times", path);
    if (rc == 0 && (rc = ssd__fo_tmp_publish(&tmp, 0)) < 0)
        ssd__fail(s->err, rc, "%s: cannot name the file: %s", path, ssd_strerror(rc));
    if (close(fd) < 0 && rc == 0)
        rc = ssd__fail_errno(s->err, "%s: close", path);
    if (rc < 0)
        ssd__fo_tmp_discard(&tmp);
    return rc;
}

/* Sits in a set's directory while it is being made: a re-run of the same
 * kind, size and seed (say after a full disk or a kill) resumes the set
 * instead of refusing a non-empty directory. Removed when the set is done. */
#define UNFINISHED_MARKER ".ssdcore-mkset-unfinished"

static const char *kind_name(const ssd_fileset *s) {
    static const char *kinds[] = {"iso", "program", "work"};
    return s->kind >= 0 && s->kind < 3 ? kinds[s->kind] : "?";
}

static void marker_text(const ssd_fileset *s, char *out, size_t n) {
    snprintf(out, n, "ssdcore mkset unfinished: kind=%s size=%llu seed=%llu\n", kind_name(s),
             (unsigned long long)s->size, (unsigned long long)s->seed);
}

static int fileset_run(ssd_fileset *s, const char *dir, ssd_fileset_result *res);

/* The run, and its results as ssd_fileset_to_json gives them. */
int ssd_fileset_run(ssd_fileset *s, const char *dir, ssd_fileset_result *res) {
    if (s) {
        free(s->json);
        s->json = NULL;
    }
    int rc = fileset_run(s, dir, res);
    if (rc < 0)
        return rc;
    struct ssd__jw w;
    ssd__jw_init(&w, SSD__JW_COMPACT);
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "kind", kind_name(s));
    ssd__jw_kstr(&w, "dir", dir);
    ssd__jw_ku64(&w, "size_bytes", s->size);
    ssd__jw_ku64(&w, "seed", s->seed);
    ssd__jw_ku64(&w, "files", res->files);
    ssd__jw_ku64(&w, "dirs", res->dirs);
    ssd__jw_ku64(&w, "bytes", res->bytes);
    ssd__fo_ksec(&w, "total_s", res->total_s);
    ssd__jw_end_object(&w);
    ssd__jw_finish(&w, &s->json); /* out of memory: to_json says SSD_ESTATE */
    return rc;
}

static int fileset_run(ssd_fileset *s, const char *dir, ssd_fileset_result *res) {
    if (!s || !dir || !res)
        return s ? ssd__fail(s->err, SSD_EINVAL, "fileset: NULL argument") : SSD_EINVAL;
    if (!*dir)
        return ssd__fail(s->err, SSD_EINVAL, "fileset: empty directory name");
    if (!ssd__result_size_ok(res, sizeof *res))
        return ssd__fail(s->err, SSD_EINVAL,
                         "fileset: set the result's size to sizeof (ssd_fileset_result)");
    *res = (ssd_fileset_result){.size = res->size};
    s->err[0] = 0;
    double t0 = ssd__mono_s();
    int rc = ssd__mkdirs(dir, 0755);
    if (rc < 0)
        return ssd__fail(s->err, rc, "%s: cannot create: %s", dir, ssd_strerror(rc));
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0)
        return ssd__fail_errno(s->err, "%s: cannot open", dir);
    /* refuse to mix a set into existing files, unless they are this very
     * set's, left unfinished by an earlier run (its marker says which) */
    struct ssd__fo_ent *ents;
    size_t nonempty = 0; /* a directory that cannot be listed counts as empty, as before */
    if (ssd__fo_list_dir(dfd, ".", 0, &ents, &nonempty) == 0)
        ssd__fo_ents_free(ents, nonempty);
    char want[160], have[160] = "";
    marker_text(s, want, sizeof want);
    int resuming = 0;
    if (nonempty) {
        int mfd = openat(dfd, UNFINISHED_MARKER, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (mfd >= 0) {
            ssize_t n = read(mfd, have, sizeof have - 1);
            have[n > 0 ? n : 0] = 0;
            close(mfd);
        }
        if (strcmp(have, want)) {
            close(dfd);
            return ssd__fail(s->err, SSD_EEXIST,
                             *have ? "%s: holds an unfinished set of another kind, size or "
                                     "seed (see its " UNFINISHED_MARKER ")"
                                   : "%s: directory is not empty",
                             dir);
        }
        resuming = 1;
    } else {
        int mfd = openat(dfd, UNFINISHED_MARKER, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        size_t len = strlen(want);
        if (mfd < 0 || write(mfd, want, len) != (ssize_t)len) {
            rc = -errno;
            if (mfd >= 0)
                close(mfd);
            close(dfd);
            return ssd__fail(s->err, rc, "%s: cannot start the set: %s", dir, ssd_strerror(rc));
        }
        close(mfd);
    }

    struct plan p = {0};
    struct ssd__rng r;
    rng_seed(&r, s->seed, 0);
    rc = s->kind == SET_ISO       ? plan_iso(&p, &r, s->size)
         : s->kind == SET_PROGRAM ? plan_program(&p, &r, s->size)
                                  : plan_work(&p, &r, s->size);
    if (rc < 0) {
        ssd__fail(s->err, rc, "fileset: out of memory");
        goto out;
    }
    char path[PATH_MAX];
    for (size_t i = 0; i < p.ndirs; i++) {
        if (ssd__fo_join(path, sizeof path, dir, p.dirs[i]) || (rc = ssd__mkdirs(path, 0755)) < 0) {
            rc = ssd__fail(s->err, rc < 0 ? rc : SSD_ERANGE, "%s: cannot create directory",
                           p.dirs[i]);
            goto out;
        }
    }
    unsigned char *buf = malloc(CHUNK);
    if (!buf) {
        rc = ssd__fail(s->err, SSD_ENOMEM, "fileset: out of memory");
        goto out;
    }
    memset(&s->now, 0, sizeof s->now);
    s->now.phase = "mkset";
    s->now.files_total = p.nfiles;
    for (size_t i = 0; i < p.nfiles; i++)
        s->now.bytes_total += p.files[i].size;
    s->next_progress = t0;
    for (size_t i = 0; i < p.nfiles && rc == 0; i++) {
        rc = write_plan_file(s, dir, &p.files[i], i, buf, resuming, t0);
        if (rc == 0) {
            res->files++;
            res->bytes += p.files[i].size;
            s->now.files_done = res->files;
            s->now.bytes_done = res->bytes;
            if (fileset_progress(s, t0, i + 1 == p.nfiles))
                rc = ssd__fail(s->err, SSD_EINTERRUPTED,
                               "fileset: stopped by the progress "
                               "callback after %zu of %zu files",
                               i + 1, p.nfiles);
        }
    }
    free(buf);
    if (rc < 0)
        goto out;
    /* directory times last, deepest first, as a restored tree would have */
    for (size_t i = p.ndirs; i-- > 0;) {
        if (ssd__fo_join(path, sizeof path, dir, p.dirs[i]))
            continue;
        int64_t t = 1672531200 + (int64_t)(i * 7919 % (365 * 86400));
        struct timespec ts[2] = {{(time_t)t, 0}, {(time_t)t, 0}};
        utimensat(AT_FDCWD, path, ts, 0);
    }
    res->dirs = p.ndirs;
    if (s->sync_mode && syncfs(dfd) < 0)
        rc = ssd__fail_errno(s->err, "%s: syncfs", dir);
    if (rc == 0 && unlinkat(dfd, UNFINISHED_MARKER, 0) < 0)
        rc = ssd__fail_errno(s->err, "%s: cannot mark the set finished", dir);
out:
    plan_free(&p);
    close(dfd);
    res->total_s = ssd__mono_s() - t0;
    return rc;
}
