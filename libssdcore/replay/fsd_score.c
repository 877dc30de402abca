/* fsd_score.c - a PCMark 10 Full System Drive-like score: start-ups,
 * application use and file copies replayed on one target, each trace's
 * bandwidth (bytes / busy time for reads and writes) and average access
 * time (mean completion - issue of its reads and writes), and one score
 * from both, as UL's support article "Full System Drive Benchmark"
 * describes PCMark 10's: score = geometric mean (bandwidth, 1 / average
 * access time). docs/traces.md says what differs in ours. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fsd_score.h"
#include "jsonw.h"
#include "ssdcore/trace.h"

/* One trace of the run. label: the PCMark 10 trace it stands for (NULL: a
 * preparation, not scored); source: scenario:NAME or filetest:NAME; gb: the
 * file set in GB (10^9) at scale 1 (0: not a file test). */
static const struct fsd_trace {
    const char *label, *source;
    double gb;
    const char *what;
} fsd[] = {
    {"start-apps", "scenario:app-startup", 0,
     "application start-ups (UL: boo, sacr, saft, sill, spre, slig, sps)"},
    {"start-game", "scenario:game-level", 0, "game start to the menu (UL: bf, cod, ow)"},
    {"aft", "scenario:pcm8-aftereffects", 0, "using After Effects"},
    {"exc", "scenario:pcm8-excel", 0, "using Excel"},
    {"ill", "scenario:pcm8-illustrator", 0, "using Illustrator"},
    {"ind", "scenario:pcm8-indesign", 0, "using InDesign"},
    {"pow", "scenario:pcm8-powerpoint", 0, "using PowerPoint"},
    {"psh", "scenario:pcm8-photoshop-heavy", 0, "using Photoshop (heavy)"},
    {"psl", "scenario:pcm8-photoshop-light", 0, "using Photoshop (light)"},
    {NULL, "filetest:nvme-iso-mkset", 20, "the ISO set created (not scored)"},
    {"cp1", "filetest:nvme-iso-copy_to", 20, "ISO files copied onto the drive (writes)"},
    {"cp2", "filetest:nvme-iso-copy", 20, "ISO files copied inside the drive"},
    {"cp3", "filetest:nvme-iso-copy_from", 20, "ISO files copied to another drive (reads)"},
    {NULL, "filetest:nvme-work-mkset", 2.37, "the photo set created (not scored)"},
    {"cps1", "filetest:nvme-work-copy_to", 2.37, "photos copied onto the drive (writes)"},
    {"cps2", "filetest:nvme-work-copy", 2.37, "photos copied inside the drive"},
    {"cps3", "filetest:nvme-work-copy_from", 2.37, "photos copied to another drive (reads)"},
};

#define NFSD (sizeof fsd / sizeof fsd[0])

int ssd_replay_fsd_trace(size_t i, const char **name, const char **trace, double *gb) {
    if (i >= NFSD)
        return SSD_ERANGE;
    if (name)
        *name = fsd[i].label;
    if (trace)
        *trace = fsd[i].source;
    if (gb)
        *gb = fsd[i].gb;
    return 0;
}

/* The applications' think time is 11.5 minutes at full length (their
 * published durations), which a run scaled down to a quick one (a small
 * set on a real drive) would otherwise spend idle whatever its scale: it
 * scales with the sets, never up. */
void ssd__replay_fsd_timing(double gb, double scale, char *buf, size_t len) {
    if (gb > 0)
        snprintf(buf, len, "no-idle");
    else if (scale < 1)
        snprintf(buf, len, "scale=%g", scale);
    else
        snprintf(buf, len, "as-recorded");
}

/* MB/s and 1/ms: UL's constants are not published; these units put an
 * NVMe drive's score in the hundreds. */
double ssd_replay_fsd_score(double bandwidth_bps, double access_s) {
    if (!(bandwidth_bps > 0) || !(access_s > 0))
        return 0;
    return sqrt(bandwidth_bps / 1e6 * (1e-3 / access_s));
}

static int load(ssd_trace *tr, const struct fsd_trace *f, double scale, uint64_t seed,
                uint64_t span) {
    if (!strncmp(f->source, "scenario:", 9))
        return ssd_trace_generate(tr, f->source + 9, seed, span);
    double bytes = f->gb * 1e9 * scale;
    return ssd_trace_filetest(tr, f->source + 9, bytes < 1 ? 1 : (uint64_t)bytes);
}

int ssd__replay_jw_open(struct ssd__jw *w, ssd_target *t, char **out, int flags, const char *what,
                        char *err, size_t errlen) {
    if (err && errlen)
        err[0] = 0;
    int rc = ssd__jw_open(w, t, out, flags, NULL);
    if (rc && err && errlen)
        snprintf(err, errlen, "%s: %s", what, t && out ? "unknown JSON flags" : "NULL argument");
    return rc;
}

int ssd_replay_fsd_json(ssd_target *t, double scale, uint64_t seed, int flags, char **out,
                        char *err, size_t errlen) {
    struct ssd__jw w;
    int rc = ssd__replay_jw_open(&w, t, out, flags, "fsd", err, errlen);
    if (rc)
        return rc;
    if (!(scale > 0) || scale > 10) {
        if (err && errlen)
            snprintf(err, errlen, "scale %g: expected a number in (0, 10]", scale);
        return SSD_ERANGE;
    }
    ssd__jw_begin_object(&w);
    ssd__jw_knum(&w, "scale", scale);
    ssd__jw_ku64(&w, "seed", seed);
    ssd__jw_kbegin_array(&w, "traces");
    double log_bw = 0, log_at = 0;
    int n = 0;
    uint64_t size = ssd_target_size(t);
    uint64_t span = size < (8ull << 30) ? size : (8ull << 30);
    for (size_t i = 0; i < NFSD && rc == 0; i++) {
        const struct fsd_trace *f = &fsd[i];
        ssd_trace *tr = NULL;
        ssd_replay *r = NULL;
        rc = ssd_trace_create(&tr);
        if (rc == 0)
            rc = load(tr, f, scale, seed, span);
        if (rc == 0)
            rc = ssd_replay_create(&r, t, tr);
        /* Applications keep their think time (the drive idles between
         * requests as it would), scaled down with the run; a recorded
         * copy's gaps are the recording machine's, so copies run back to
         * back. */
        char timing[48];
        ssd__replay_fsd_timing(f->gb, scale, timing, sizeof timing);
        if (rc == 0)
            rc = ssd_replay_set_option(r, "timing", timing);
        if (rc == 0)
            rc = ssd_replay_run(r);
        if (rc < 0) {
            if (err && errlen)
                snprintf(err, errlen, "%s: %s", f->source,
                         r && *ssd_replay_errmsg(r) ? ssd_replay_errmsg(r) : ssd_trace_errmsg(tr));
        } else {
            double b = (double)ssd_replay_bytes(r, SSD_DIR_ALL), s = ssd_replay_busy_s(r);
            double bw = s > 0 ? b / s : 0, at = ssd_replay_access_s(r);
            ssd__jw_begin_object(&w);
            ssd__jw_kstr(&w, "name", f->label);
            ssd__jw_kstr(&w, "trace", f->source);
            ssd__jw_kstr(&w, "description", f->what);
            ssd__jw_kbool(&w, "scored", f->label != NULL);
            ssd__jw_ku64(&w, "qd", ssd_trace_max_overlap(tr));
            ssd__jw_kstr(&w, "timing", timing);
            ssd__jw_knum(&w, "runtime_s", ssd_replay_runtime_s(r));
            ssd__jw_ku64(&w, "ios", ssd_replay_ios(r, SSD_DIR_ALL));
            ssd__jw_ku64(&w, "bytes", ssd_replay_bytes(r, SSD_DIR_ALL));
            ssd__jw_knum(&w, "busy_s", s);
            ssd__jw_knum(&w, "bw_bps", bw);
            ssd__jw_knum(&w, "access_us", at * 1e6);
            ssd__jw_end_object(&w);
            if (f->label && bw > 0 && at > 0) {
                log_bw += log(bw);
                log_at += log(at);
                n++;
            }
        }
        ssd_replay_free(r);
        ssd_trace_free(tr);
    }
    ssd__jw_end_array(&w);
    double bw = n ? exp(log_bw / n) : 0, at = n ? exp(log_at / n) : 0;
    /* bw_bps and access_us as every rate and latency (bandwidth_bps and
     * access_s, seconds, before round 20) */
    ssd__jw_knum(&w, "bw_bps", bw);
    ssd__jw_knum(&w, "access_us", at * 1e6);
    ssd__jw_knum(&w, "score", ssd_replay_fsd_score(bw, at));
    ssd__jw_end_object(&w);
    return ssd__jw_finish_unless(&w, rc, out);
}
