/* app_score.c - the application-trace score: every built-in scenario
 * replayed on one target, each trace's bandwidth (bytes / busy time) and
 * the score over all of them (total bytes / total busy time, PCMark 8's
 * storage bandwidth), as the reviews report them. */
#include <stdio.h>

#include "fsd_score.h"
#include "jsonw.h"
#include "ssdcore/trace.h"

int ssd_replay_apps_json(ssd_target *t, const char *timing, uint64_t seed, int flags, char **out,
                         char *err, size_t errlen) {
    struct ssd__jw w;
    int rc = ssd__replay_jw_open(&w, t, out, flags, "apps", err, errlen);
    if (rc)
        return rc;
    ssd__jw_begin_object(&w);
    ssd__jw_kstr(&w, "timing", timing ? timing : "as-recorded");
    ssd__jw_ku64(&w, "seed", seed);
    ssd__jw_kbegin_array(&w, "traces");
    double bytes = 0, busy = 0, sum_bw = 0;
    int n = 0;
    uint64_t size = ssd_target_size(t);
    uint64_t span = size < (8ull << 30) ? size : (8ull << 30);
    for (size_t i = 0; i < ssd_trace_scenario_count() && rc == 0; i++) {
        const char *name = ssd_trace_scenario_name(i);
        ssd_trace *tr = NULL;
        ssd_replay *r = NULL;
        rc = ssd_trace_create(&tr);
        if (rc == 0)
            rc = ssd_trace_generate(tr, name, seed, span);
        if (rc == 0)
            rc = ssd_replay_create(&r, t, tr);
        if (rc == 0)
            rc = ssd_replay_set_option(r, "timing", timing ? timing : "as-recorded");
        if (rc == 0)
            rc = ssd_replay_run(r);
        if (rc < 0) {
            if (err && errlen)
                snprintf(err, errlen, "%s: %s", name,
                         r && *ssd_replay_errmsg(r) ? ssd_replay_errmsg(r) : ssd_trace_errmsg(tr));
        } else {
            double b = (double)ssd_replay_bytes(r, SSD_DIR_ALL), s = ssd_replay_busy_s(r);
            ssd__jw_begin_object(&w);
            ssd__jw_kstr(&w, "name", name);
            ssd__jw_kstr(&w, "description", ssd_trace_scenario_describe(i));
            ssd__jw_ku64(&w, "ios", ssd_replay_ios(r, SSD_DIR_ALL));
            ssd__jw_knum(&w, "bytes", b);
            ssd__jw_knum(&w, "busy_s", s);
            ssd__jw_knum(&w, "bw_bps", s > 0 ? b / s : 0);
            ssd__jw_end_object(&w);
            bytes += b;
            busy += s;
            sum_bw += s > 0 ? b / s : 0;
            n++;
        }
        ssd_replay_free(r);
        ssd_trace_free(tr);
    }
    ssd__jw_end_array(&w);
    ssd__jw_knum(&w, "score_bps", busy > 0 ? bytes / busy : 0);
    ssd__jw_knum(&w, "mean_bps", n ? sum_bw / n : 0);
    ssd__jw_end_object(&w);
    return ssd__jw_finish_unless(&w, rc, out);
}
