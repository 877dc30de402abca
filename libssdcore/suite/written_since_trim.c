/* written_since_trim.c - how much the suite had written to the target since
 * its last TRIM or purge when a step began, and how it was preconditioned.
 * A drive runs out of clean blocks (its used state) only once about its
 * capacity has been written since TRIM, so the analysis of a run on a drive
 * the suite already filled (lab2016's recovery after the 2-hour test) needs
 * to know it: without it, the used state a few GiB into that run reads as
 * "other". */
#include <math.h>
#include <string.h>

#include "json_read.h"
#include "results_model.h"
#include "precondition.h"
#include "ssdcore/base.h"

/* Bytes a job or replay step wrote: "write"."bytes" of its results JSON
 * (also an interrupted or failed one: the writes happened). */
static double written_in(const struct ssd__jv *root) {
    double w = ssd__jv_num(ssd__jv_get(root, "write"), "bytes", 0);
    return isfinite(w) && w > 0 ? w : 0;
}

void ssd__step_note_written(struct ssd__step *st, const struct ssd__jv *root) {
    st->res.job_written = written_in(root);
    st->res.written_of = st->res.job_json;
}

static double step_written(const struct ssd__step *st) {
    if (!st->res.job_json)
        return 0;
    if (st->res.written_of == st->res.job_json)
        return st->res.job_written;
    struct ssd__jv root;
    char msg[64];
    if (ssd__jr_parse(st->res.job_json, &root, msg, sizeof msg))
        return 0;
    double w = written_in(&root);
    ssd__jv_free(&root);
    return w;
}

int ssd__step_wrote_whole_target(const struct ssd__results *r, const struct ssd__step *st) {
    return !r->target_size || step_written(st) >= SSD__FILL_MIN_SHARE * (double)r->target_size;
}

double ssd__written_since_trim(const struct ssd__results *r, int before) {
    double w = r->start_known ? r->start_written : 0;
    for (int i = 0; i < before && i < r->nsteps; i++) {
        const struct ssd__step *st = &r->steps[i];
        if (st->def.kind == SSD__STEP_PURGE && st->res.state == SSD__ST_DONE) {
            w = 0; /* a sanitize, as a whole-target TRIM */
        } else if (st->def.kind == SSD__STEP_PRECONDITION) {
            w += isfinite(st->res.written_bytes) ? st->res.written_bytes : 0;
        } else if (st->def.kind == SSD__STEP_TRIM && st->res.state == SSD__ST_DONE) {
            uint64_t len = st->def.length ? st->def.length : r->target_size - st->def.offset;
            /* A whole-target TRIM leaves nothing written; part of it frees
             * at most what it covers. */
            w = st->def.offset == 0 && len >= r->target_size ? 0 : fmax(0, w - (double)len);
        } else if (st->def.kind == SSD__STEP_JOB || st->def.kind == SSD__STEP_REPLAY) {
            w += step_written(st);
        } else if (st->def.kind == SSD__STEP_PTS && st->res.pts_json) {
            /* A PTS test purges first: what it wrote since is all there is. */
            struct ssd__jv root;
            char msg[64];
            if (!ssd__jr_parse(st->res.pts_json, &root, msg, sizeof msg)) {
                double b = ssd__jv_num(&root, "written_bytes", 0);
                w = isfinite(b) && b > 0 ? b : 0;
                ssd__jv_free(&root);
            }
        }
    }
    return w;
}

/* Whether job step st, begun on a drive fresh from a TRIM or purge (p
 * "none") or sequentially filled (p "seq_fill"), was itself a sequential
 * fill: sequential writes over the whole target from its start that wrote
 * at least its size (SSD__FILL_MIN_SHARE, a size given rounded). That is
 * what a precondition step of kind seq_fill does, and it leaves the drive
 * alike: issue 21's own fill.suite fills with such a job, and its 4K
 * run straight after it recorded no precondition, so the analysis could
 * not know the fill had left a dynamic cache full of its last bytes
 * (docs/analysis.md, "No room in the cache right after a fill"). */
static int seq_fill_job(const struct ssd__results *r, const struct ssd__step *st, const char *p) {
    const char *pattern = ssd__step_option(st, "pattern"), *o = ssd__step_option(st, "offset"),
               *sp = ssd__step_option(st, "span");
    uint64_t offset = 0, span = 0;
    if (st->def.kind != SSD__STEP_JOB || !p || (strcmp(p, "none") && strcmp(p, "seq_fill")) ||
        !pattern || strcmp(pattern, "write") || !r->target_size)
        return 0;
    if (o && (ssd_parse_size(o, &offset) || offset != 0))
        return 0;
    if (sp && (ssd_parse_size(sp, &span) || span < r->target_size))
        return 0;
    return step_written(st) >= SSD__FILL_MIN_SHARE * (double)r->target_size;
}

/* How the drive was preconditioned when step `before` began, as the
 * precondition word a job records: "none" once a whole-target TRIM or a
 * purge left it fresh, "seq_fill" / "random_fill" once a precondition step
 * filled it, each only while nothing else was written since; NULL (not
 * recorded: unknown) otherwise, what was written since being in
 * written_before. A precondition that did not finish leaves it unknown. */
const char *ssd__precondition_since_trim(const struct ssd__results *r, int before) {
    const char *p = r->start_known && r->start_precondition >= 0
                        ? ssd__precondition_name(r->start_precondition)
                        : NULL;
    for (int i = 0; i < before && i < r->nsteps; i++) {
        const struct ssd__step *st = &r->steps[i];
        int done = st->res.state == SSD__ST_DONE;
        if (st->def.kind == SSD__STEP_TRIM && done) {
            uint64_t len = st->def.length ? st->def.length : r->target_size - st->def.offset;
            if (st->def.offset == 0 && len >= r->target_size)
                p = "none";
        } else if (st->def.kind == SSD__STEP_PURGE && done) {
            p = "none";
        } else if (st->def.kind == SSD__STEP_PRECONDITION && st->res.state != SSD__ST_PENDING) {
            const char *kind = ssd__step_option(st, "kind");
            /* A fill level leaves part of the drive unwritten: no word
             * says so, its bytes are in written_before. */
            p = !done || !kind || !strcmp(kind, SSD__FILL_KIND) ? NULL
                : !strcmp(kind, "random_fill")                  ? "random_fill"
                                                                : "seq_fill";
        } else if ((st->def.kind == SSD__STEP_JOB || st->def.kind == SSD__STEP_REPLAY) &&
                   step_written(st) > 0) {
            p = seq_fill_job(r, st, p) ? "seq_fill" : NULL;
        } else if (st->def.kind == SSD__STEP_PTS && st->res.state != SSD__ST_PENDING) {
            p = NULL; /* purged, preconditioned and written in rounds */
        }
    }
    return p;
}

double ssd__idle_since_write(const struct ssd__results *r, int before) {
    /* Before the suite's first write, what the target knew (unknown on a
     * target opened fresh). */
    double idle = r->start_idle_known ? r->start_idle_s : NAN;
    for (int i = 0; i < before && i < r->nsteps; i++) {
        const struct ssd__step *st = &r->steps[i];
        int ran = st->res.state != SSD__ST_PENDING && st->res.state != SSD__ST_SKIPPED;
        if (st->def.kind == SSD__STEP_IDLE) {
            /* (an interrupted or failed idle idled for a time not recorded) */
            idle = st->res.state == SSD__ST_DONE ? idle + st->def.idle_s * r->scale : NAN;
        } else if (st->def.kind == SSD__STEP_PRECONDITION || st->def.kind == SSD__STEP_PTS) {
            if (ran)
                idle = 0;
        } else if (st->def.kind == SSD__STEP_JOB || st->def.kind == SSD__STEP_REPLAY) {
            /* A run that only read kept the drive busy, not idle, and may
             * have let it collect garbage in the background: unknown. */
            if (step_written(st) > 0)
                idle = 0;
            else if (ran)
                idle = NAN;
        } else if (st->def.kind == SSD__STEP_FILEBENCH && ran) {
            idle = NAN; /* files written, then read back: not recorded */
        }
        /* (A TRIM or purge writes nothing: the idle time goes on.) */
    }
    return idle;
}

double ssd__written_since_idle(const struct ssd__results *r, int before) {
    /* Before the suite's first idle, what the target knew (unknown on a
     * target opened fresh). */
    double w = r->start_since_idle_known ? r->start_since_idle : NAN;
    for (int i = 0; i < before && i < r->nsteps; i++) {
        const struct ssd__step *st = &r->steps[i];
        int ran = st->res.state != SSD__ST_PENDING && st->res.state != SSD__ST_SKIPPED;
        if (st->def.kind == SSD__STEP_IDLE && ran) {
            /* (an interrupted or failed idle may not have flushed it) */
            if (st->res.state != SSD__ST_DONE)
                w = NAN;
            else if (st->def.idle_s * r->scale > 0)
                w = 0;
        } else if (st->def.kind == SSD__STEP_PRECONDITION) {
            w += isfinite(st->res.written_bytes) ? st->res.written_bytes : 0;
        } else if (st->def.kind == SSD__STEP_JOB || st->def.kind == SSD__STEP_REPLAY) {
            w += step_written(st);
        } else if ((st->def.kind == SSD__STEP_PTS || st->def.kind == SSD__STEP_FILEBENCH) && ran) {
            w = NAN;
        }
    }
    return w;
}
