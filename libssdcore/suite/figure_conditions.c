/* figure_conditions.c - the test conditions a headline figure was measured
 * under ("256K QD1, 1 min, 32 GiB span"), from the results model: the
 * compare page tells drives' figures apart by them, and one run's headline
 * rows name each test by them (figure_labels.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curve_groups.h"
#include "ssdcore/base.h"
#include "figure_labels.h"
#include "json_read.h"
#include "results_model.h"
#include "step_names.h"

#define GIB 1073741824.0

void ssd__time_words(char *buf, size_t len, const char *t, double scale) {
    char *end;
    double v = strtod(t, &end);
    double mul = !strcmp(end, "h") ? 3600 : !strcmp(end, "m") ? 60 : !strcmp(end, "ms") ? 1e-3 : 1;
    if (end == t) {
        snprintf(buf, len, "%s", t);
        return;
    }
    double sec = v * mul * (scale > 0 ? scale : 1);
    if (sec >= 3600 && fmod(sec, 3600) == 0)
        snprintf(buf, len, "%g h", sec / 3600);
    else if (sec >= 60 && fmod(sec, 60) == 0)
        snprintf(buf, len, "%g min", sec / 60);
    else
        snprintf(buf, len, "%g s", sec);
}

/* How a precondition left the drive before the job, as its analysis
 * context recorded it: " after a sequential fill" or " after a random
 * fill", else "" (fresh, or not known). */
static const char *drive_state_words(const struct ssd__step *st) {
    const char *words = "";
    struct ssd__jv root;
    char msg[64];
    if (!st->res.job_json || ssd__jr_parse(st->res.job_json, &root, msg, sizeof msg))
        return words;
    const char *pre = ssd__jv_str(ssd__jv_get(&root, "analysis_context"), "precondition");
    if (pre && !strcmp(pre, "seq_fill"))
        words = "after a sequential fill";
    else if (pre && !strcmp(pre, "random_fill"))
        words = "after a random fill";
    ssd__jv_free(&root);
    return words;
}

/* A job's test conditions, as a reader compares them: block size, queue
 * depth and threads, how long (or how much), the span, and a drive
 * preconditioned full before the job. Two figures are the same test only
 * when these are the same: the same test on a drive fresh from TRIM and
 * after a fill measures two states of the drive (round 23's audit: compare
 * barred them as one, "written -80 %"). */
static void job_conditions(const struct ssd__results *r, const struct ssd__step *st, char *buf,
                           size_t len) {
    const char *bs = ssd__step_option(st, "bs"), *qd = ssd__step_option(st, "qd");
    const char *threads = ssd__step_option(st, "threads"), *time = ssd__step_option(st, "time");
    const char *span = ssd__step_option(st, "span"), *cov = ssd__step_option(st, "coverage");
    const char *bytes = ssd__step_option(st, "bytes");
    size_t n = 0;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        if (n < len)                                                                               \
            n += (size_t)snprintf(buf + n, len - n, __VA_ARGS__);                                  \
    } while (0)
    buf[0] = 0;
    if (bs) {
        PUT("%s", bs);
        for (size_t k = n - strlen(bs); k < n && k < len; k++)
            if (buf[k] >= 'a' && buf[k] <= 'z')
                buf[k] = (char)(buf[k] - 'a' + 'A');
    }
    if (qd)
        PUT("%sQD%s", n ? " " : "", qd);
    /* "QD1, 4 threads": "QD1 4 threads" read as "QD1 4" (round 23's audit). */
    if (threads && strcmp(threads, "1"))
        PUT("%s%s threads", n ? ", " : "", threads);
    if (time) {
        char tb[32];
        ssd__time_words(tb, sizeof tb, time, r->scale);
        PUT("%s%s", n ? ", " : "", tb);
    } else if (cov) {
        PUT("%s%s x the span", n ? ", " : "", cov);
    } else if (bytes) {
        PUT("%s%s written", n ? ", " : "", bytes);
    }
    /* A size as the step wrote it: "32g" (the built-in suites) or
     * "34359738368" (older results, suite files), the same "32 GiB span". */
    uint64_t b = 0;
    if (span) {
        if (!ssd_parse_size(span, &b) && (double)b >= GIB)
            PUT("%s%g GiB span", n ? ", " : "", (double)b / GIB);
        else
            PUT("%s%s span", n ? ", " : "", span);
    } else {
        PUT("%swhole drive", n ? ", " : "");
    }
    const char *state = drive_state_words(st);
    if (*state)
        PUT(", %s", state);
#undef PUT
}

/* The step a flattened headline key comes from, NULL when no single job
 * stands for it (CrystalDiskMark's passes, the file tests, the score). */
static const struct ssd__step *step_of(const struct ssd__results *r, const char *key) {
    char name[SSD__NAME_MAX + 16];
    const char *dot = strchr(key, '.'), *last = strrchr(key, '.');
    if (dot && last > dot) {
        snprintf(name, sizeof name, "%.*s", (int)(last - dot - 1), dot + 1);
        if (!strncmp(key, "write_curves.", 13))
            return ssd__suite_find_log(r, name, r->nsteps);
        if (!strncmp(key, "latency.", 8))
            return ssd__suite_find(r, name, r->nsteps);
        if (!strncmp(key, "replays.", 8)) {
            for (int i = 0; i < r->nsteps; i++)
                if (!strcmp(r->steps[i].def.name, name))
                    return &r->steps[i];
        }
        return NULL;
    }
    if (dot)
        return NULL;
    for (size_t i = 0; i < ssd__named_step_count; i++)
        if (ssd__named_steps[i].headline_key && !strcmp(ssd__named_steps[i].headline_key, key))
            return ssd__suite_find(r, ssd__named_steps[i].name, r->nsteps);
    if (!strcmp(key, "fill_time_s"))
        return ssd__suite_find(r, ssd__step_fill, r->nsteps);
    for (size_t g = 0; g < SSD__GROUP_COUNT; g++) {
        const char *hk = ssd__curve_groups[g].headline_key;
        if (hk && !strncmp(key, hk, strlen(hk)))
            for (int i = 0; i < r->nsteps; i++)
                if (r->steps[i].def.kind == SSD__STEP_JOB &&
                    !strcmp(r->steps[i].def.group, ssd__curve_groups[g].group))
                    return &r->steps[i];
    }
    return NULL;
}

void ssd__figure_conditions(const struct ssd__results *r, const char *key, char *buf, size_t len) {
    const struct ssd__step *st = step_of(r, key);
    buf[0] = 0;
    if (st)
        job_conditions(r, st, buf, len);
}

/* tok (n bytes) stands in label as a word of its own. */
static int has_word(const char *label, const char *tok, size_t n) {
    for (const char *p = label; (p = strstr(p, tok)) != NULL; p++) {
        /* strstr finds the whole of tok only up to its first NUL: compare n. */
        if (strncmp(p, tok, n))
            continue;
        int left = p == label || p[-1] == ' ', right = !p[n] || p[n] == ' ' || p[n] == ',';
        if (left && right)
            return 1;
    }
    return 0;
}

void ssd__figure_label_in(const char *label, const char *cond, char *buf, size_t len) {
    cond = cond ? cond : "";
    /* "sequential read 256K QD1" needs no second "256K QD1", nor "mixed
     * sequential 128K" a second "128K": the leading words of the first
     * condition that the label says already go. */
    size_t head = strcspn(cond, ",");
    while (head) {
        size_t n = strcspn(cond, " ,");
        char tok[64];
        snprintf(tok, sizeof tok, "%.*s", (int)n, cond);
        if (!n || !has_word(label, tok, strlen(tok)))
            break;
        cond += n, head -= n;
        if (*cond == ' ')
            cond++, head--;
    }
    if (!head && *cond == ',')
        cond += cond[1] == ' ' ? 2 : 1;
    snprintf(buf, len, "%s%s%s", label, *cond ? ", " : "", cond);
}
