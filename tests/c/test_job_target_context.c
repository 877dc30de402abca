/* A job takes the analysis context its target knows (DESIGN.md, "The
 * analysis context travels with the run"): after a precondition on the same
 * target handle, a job records the bytes the precondition wrote and how,
 * and its analysis finds the used state, not an SLC cache (issue 21: the
 * audit's false 51.9 GiB cache); a TRIM or purge resets it, an explicit
 * option wins, and a target opened fresh knows nothing. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "job_testutil.h"

#define DRIVE "sim:mp44l-1tb,capacity_gb=512,slc_type=none,slc_gb=0,op_pct=12"

static ssd_target *open_sim(void) {
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, DRIVE), 0, "%s", ssd_target_errmsg(t));
    return t;
}

/* A randwrite job on t (kv: further options, NULL-ended); its metadata
 * JSON in *meta (free with ssd_free), the job returned. */
static ssd_job *run(ssd_target *t, const char *time, const char *const *kv, char **meta) {
    ssd_job *j = NULL;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    const char *base[] = {"pattern", "randwrite", "qd", "32", "time", time, NULL};
    for (const char *const *p = base; p[0]; p += 2)
        cr_assert_eq(ssd_job_set_option(j, p[0], p[1]), 0, "%s", ssd_job_errmsg(j));
    for (const char *const *p = kv; p && p[0]; p += 2)
        cr_assert_eq(ssd_job_set_option(j, p[0], p[1]), 0, "%s", ssd_job_errmsg(j));
    cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
    cr_assert_eq(ssd_job_metadata_json(j, 0, meta), 0);
    return j;
}

/* The metadata of a job run on t, the job freed. */
static char *meta_of(ssd_target *t, const char *time, const char *const *kv) {
    char *meta = NULL;
    ssd_job_free(run(t, time, kv, &meta));
    return meta;
}

static int has(const char *json, const char *what) {
    return strstr(json, what) != NULL;
}

Test(job_target_context, fresh_target_records_nothing) {
    /* (a sim: drive opened past=unknown, whose past nobody wrote down, as a device
     * or a file opened fresh) */
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, DRIVE ",precondition=random_fill,past=unknown"), 0, "%s",
                 ssd_target_errmsg(t));
    char *meta = NULL;
    ssd_job *j = run(t, "10s", NULL, &meta);
    cr_expect(!has(meta, "written_before_bytes"), "%s", meta);
    cr_expect(!has(meta, "\"precondition\""), "%s", meta);
    ssd_free(meta);
    ssd_job_free(j);
    /* nor after the writes of a job on a drive of unknown past */
    j = run(t, "10s", NULL, &meta);
    cr_expect(!has(meta, "written_before_bytes"), "%s", meta);
    ssd_free(meta);
    ssd_job_free(j);
    ssd_target_free(t);
}

/* A sim: drive's state at open is the model's, known: fresh (the default)
 * is a drive fresh from TRIM, full one written once sequentially. Before,
 * a job on a fresh sim: drive recorded nothing, and its analysis could not
 * tell a cache from the clean blocks of a drive written before (the
 * round-22 audit: 'ssdcore.job("sim:bx200", time="1m").analyze()' then
 * said so in a note). */
Test(job_target_context, a_sim_drive_opened_knows_its_state) {
    ssd_target *t = open_sim();
    char *meta = NULL;
    ssd_job *j = run(t, "10s", NULL, &meta);
    cr_expect(!has(meta, "written_before_bytes"), "%s", meta);
    cr_expect(has(meta, "\"precondition\":\"none\""), "%s", meta);
    ssd_free(meta);
    ssd_job_free(j);
    ssd_target_free(t);

    /* BX200's 2 GiB cache in a 1-minute run: a cache on a fresh drive,
     * with no doubt about the drive's past. */
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, "sim:bx200"), 0, "%s", ssd_target_errmsg(t));
    j = run(t, "1m", NULL, &meta);
    ssd_free(meta);
    ssd_series *s = NULL;
    cr_assert_eq(ssd_job_series(j, SSD_DIR_WRITE, &s), 0);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary r = {.size = sizeof r};
    cr_assert_eq(ssd_analysis_summary(a, &r), 0);
    cr_expect(r.has_cache, "the cache");
    cr_expect_null(ssd_analysis_regime_note(a), "%s", ssd_analysis_regime_note(a));
    ssd_analysis_free(a);
    ssd_series_free(s);
    ssd_job_free(j);
    ssd_target_free(t);

    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, DRIVE ",precondition=seq_fill"), 0, "%s", ssd_target_errmsg(t));
    j = run(t, "10s", NULL, &meta);
    char want[64];
    snprintf(want, sizeof want, "\"written_before_bytes\":%llu",
             (unsigned long long)ssd_target_size(t));
    cr_expect(has(meta, want), "%s in %s", want, meta);
    cr_expect(has(meta, "\"precondition\":\"seq_fill\""), "%s", meta);
    ssd_free(meta);
    ssd_job_free(j);
    ssd_target_free(t);
}

Test(job_target_context, job_after_precondition_is_analysed_as_used) {
    ssd_target *t = open_sim();
    uint64_t written = 0;
    cr_assert_eq(ssd_target_precondition(t, "seq_fill", 2, &written, NULL, NULL), 0, "%s",
                 ssd_target_errmsg(t));
    cr_assert_gt(written, 2 * ssd_target_size(t) - 131072);
    char *meta = NULL, want[64];
    ssd_job *j = run(t, "2h", NULL, &meta);
    snprintf(want, sizeof want, "\"written_before_bytes\":%llu", (unsigned long long)written);
    cr_expect(has(meta, want), "%s in %s", want, meta);
    cr_expect(has(meta, "\"precondition\":\"seq_fill\""), "%s", meta);
    ssd_free(meta);
    struct ssd_analysis_summary r;
    tu_analyze_writes(j, &r);
    cr_expect(!r.has_cache, "no SLC cache on a filled drive without one (%.1f GiB found)",
              r.cache_bytes / 1073741824.0);
    cr_expect(r.has_gc, "the used state");
    uint64_t first = ssd_job_bytes(j, SSD_DIR_WRITE);
    ssd_job_free(j);

    /* The next job adds the first one's writes; the precondition no longer
     * says how the drive was written. */
    j = run(t, "10s", NULL, &meta);
    snprintf(want, sizeof want, "\"written_before_bytes\":%llu",
             (unsigned long long)(written + first));
    cr_expect(has(meta, want), "%s in %s", want, meta);
    cr_expect(!has(meta, "\"precondition\""), "%s", meta);
    ssd_free(meta);
    ssd_job_free(j);

    /* A whole-target TRIM leaves it fresh. */
    cr_assert_eq(ssd_target_trim(t, 0, ssd_target_size(t)), 0, "%s", ssd_target_errmsg(t));
    j = run(t, "10s", NULL, &meta);
    cr_expect(!has(meta, "written_before_bytes"), "%s", meta);
    cr_expect(has(meta, "\"precondition\":\"none\""), "%s", meta);
    ssd_free(meta);
    ssd_job_free(j);

    /* So does a purge, after a random fill. */
    cr_assert_eq(ssd_target_precondition(t, "random_fill", 1, &written, NULL, NULL), 0);
    j = run(t, "10s", NULL, &meta);
    cr_expect(has(meta, "\"precondition\":\"random_fill\""), "%s", meta);
    ssd_free(meta);
    ssd_job_free(j);
    cr_assert_eq(ssd_target_purge(t, NULL), 0, "%s", ssd_target_errmsg(t));
    j = run(t, "10s", NULL, &meta);
    cr_expect(!has(meta, "written_before_bytes"), "%s", meta);
    cr_expect(has(meta, "\"precondition\":\"none\""), "%s", meta);
    ssd_free(meta);
    ssd_job_free(j);
    ssd_target_free(t);
}

Test(job_target_context, explicit_options_win) {
    ssd_target *t = open_sim();
    cr_assert_eq(ssd_target_precondition(t, "seq_fill", 1, NULL, NULL, NULL), 0);
    const char *kv[] = {"written_before", "12345", "precondition", "random_fill", NULL};
    char *meta = NULL;
    ssd_job *j = run(t, "10s", kv, &meta);
    cr_expect(has(meta, "\"written_before_bytes\":12345,"), "%s", meta);
    cr_expect(has(meta, "\"precondition\":\"random_fill\""), "%s", meta);
    ssd_free(meta);
    ssd_job_free(j);
    /* An explicit 0 too: the caller says the drive was fresh. */
    const char *zero[] = {"written_before", "0", "precondition", "none", NULL};
    j = run(t, "10s", zero, &meta);
    cr_expect(!has(meta, "written_before_bytes"), "%s", meta);
    cr_expect(has(meta, "\"precondition\":\"none\""), "%s", meta);
    ssd_free(meta);
    ssd_job_free(j);
    ssd_target_free(t);
}

/* ssd_target_to_json says what the handle knows, the context above among
 * it, so a user can see what a job will take. */
Test(job_target_context, target_to_json_says_what_it_knows) {
    ssd_target *t = NULL;
    char *json = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_to_json(t, SSD_JSON_COMPACT, &json), 0);
    cr_expect_str_eq(json, "{\"uri\":null,\"kind\":\"closed\",\"size_bytes\":0,\"block_size\":0,"
                           "\"written_since_trim_bytes\":null,\"precondition\":null}");
    ssd_free(json);
    cr_assert_eq(ssd_target_to_json(t, 4, &json), SSD_EINVAL);
    cr_assert_null(json);
    ssd_target_free(t);
    t = open_sim();
    cr_assert_eq(ssd_target_to_json(t, SSD_JSON_COMPACT, &json), 0);
    cr_expect(has(json, "\"uri\":\"" DRIVE "\",\"kind\":\"sim\",\"size_bytes\":"), "%s", json);
    /* (a sim: drive opened fresh is a fresh drive, known) */
    cr_expect(has(json, "\"written_since_trim_bytes\":0,\"precondition\":\"none\"}"), "%s", json);
    ssd_free(json);
    ssd_target_free(t);
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, DRIVE ",precondition=random_fill,past=unknown"), 0, "%s",
                 ssd_target_errmsg(t));
    cr_assert_eq(ssd_target_to_json(t, SSD_JSON_COMPACT, &json), 0);
    cr_expect(has(json, "\"written_since_trim_bytes\":null,\"precondition\":null}"), "%s", json);
    ssd_free(json);
    cr_assert_eq(ssd_target_trim(t, 0, ssd_target_size(t)), 0, "%s", ssd_target_errmsg(t));
    cr_assert_eq(ssd_target_to_json(t, SSD_JSON_PRETTY, &json), 0);
    cr_expect(has(json, "\n  \"written_since_trim_bytes\": 0,\n  \"precondition\": \"none\"\n}"),
              "%s", json);
    ssd_free(json);
    ssd_target_free(t);
}

/* The idle time since the last write travels the same way (a suite records
 * it from its steps): after a precondition a job on the same handle records
 * idle_before_s 0, an idle adds its seconds, a job that only read leaves it
 * unknown, and an explicit option wins. Before, a job on a target knew
 * nothing of it, so a random run right after a random fill past the raw
 * flash read as "no drop, maybe a cache" where the suite's same run is the
 * used state from byte 0 (the round-22 audit). */
Test(job_target_context, idle_time_since_the_last_write) {
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, "sim:p4500-4tb"), 0, "%s", ssd_target_errmsg(t));
    char *meta = NULL;
    ssd_job *j = run(t, "5s", NULL, &meta);
    cr_expect(!has(meta, "idle_before_s"), "opened fresh: unknown: %s", meta);
    ssd_free(meta);
    ssd_job_free(j);

    cr_assert_eq(ssd_target_purge(t, NULL), 0, "%s", ssd_target_errmsg(t));
    cr_assert_eq(ssd_target_precondition(t, "random_fill", 2, NULL, NULL, NULL), 0, "%s",
                 ssd_target_errmsg(t));
    j = run(t, "10m", NULL, &meta);
    cr_expect(has(meta, "\"idle_before_s\":0"), "right after the fill: %s", meta);
    ssd_free(meta);
    struct ssd_analysis_summary r;
    tu_analyze_writes(j, &r);
    cr_expect(!r.has_cache, "no cache");
    cr_expect(r.has_gc && r.gc_start_bytes == 0, "the used state from byte 0 (gc %d at %.0f)",
              r.has_gc, r.gc_start_bytes);
    ssd_job_free(j);

    cr_assert_eq(ssd_target_idle(t, 600), 0);
    cr_assert_eq(ssd_target_idle(t, 300), 0);
    j = run(t, "5s", NULL, &meta);
    cr_expect(has(meta, "\"idle_before_s\":900"), "two idles add up: %s", meta);
    ssd_free(meta);
    ssd_job_free(j);

    const char *own[] = {"idle_before", "42", NULL};
    j = run(t, "5s", own, &meta);
    cr_expect(has(meta, "\"idle_before_s\":42"), "the option wins: %s", meta);
    ssd_free(meta);
    ssd_job_free(j);

    const char *rd[] = {"pattern", "randread", NULL};
    j = run(t, "5s", rd, &meta);
    ssd_free(meta);
    ssd_job_free(j);
    j = run(t, "5s", NULL, &meta);
    cr_expect(!has(meta, "idle_before_s"), "after a job that only read: unknown: %s", meta);
    ssd_free(meta);
    ssd_job_free(j);
    ssd_target_free(t);
}

/* The bytes written since the drive last idled travel the same way
 * (DESIGN.md's written_since_idle_bytes: an idle flushes the SLC cache,
 * which then holds only what was written since): a sim: drive opened fresh
 * has written nothing into its cache (0), a job adds what it wrote, an idle
 * makes it 0, a job that only read or a TRIM adds nothing, and an explicit
 * option wins. Before, `trim / write / idle / write / run` recorded only
 * what was written since the TRIM, and the partial-fill rule read all of
 * it as held in the cache (docs/analysis.md, Limits, "Partial fills"). */
Test(job_target_context, bytes_written_since_the_last_idle) {
    ssd_target *t = open_sim();
    const char *w[] = {"pattern", "write", "bs", "128k", "bytes", "4g", NULL};
    char *meta = meta_of(t, "1h", w);
    cr_expect(has(meta, "\"written_since_idle_bytes\":0,"), "opened fresh: nothing: %s", meta);
    ssd_free(meta);
    meta = meta_of(t, "1h", w);
    cr_expect(has(meta, "\"written_since_idle_bytes\":4294967296,"), "the first job's: %s", meta);
    cr_expect(has(meta, "\"written_before_bytes\":4294967296,"), "%s", meta);
    ssd_free(meta);

    cr_assert_eq(ssd_target_idle(t, 3600), 0);
    meta = meta_of(t, "1h", w);
    cr_expect(has(meta, "\"written_since_idle_bytes\":0,"), "after the idle: %s", meta);
    ssd_free(meta);
    const char *rd[] = {"pattern", "randread", NULL};
    meta = meta_of(t, "5s", rd);
    ssd_free(meta);
    cr_assert_eq(ssd_target_trim(t, 0, ssd_target_size(t)), 0, "%s", ssd_target_errmsg(t));
    meta = meta_of(t, "1h", w);
    /* (the TRIM left nothing written since it: what the cache holds is the
     * smaller of the two, the analysis' reading) */
    cr_expect(has(meta, "\"written_since_idle_bytes\":4294967296,"),
              "a read and a TRIM add nothing: %s", meta);
    cr_expect(!has(meta, "\"written_before_bytes\""), "%s", meta);
    ssd_free(meta);

    const char *own[] = {"pattern", "write", "bs", "128k", "bytes", "4g", "written_since_idle",
                         "1g",      NULL};
    ssd_job *j = run(t, "1h", own, &meta);
    cr_expect(has(meta, "\"written_since_idle_bytes\":1073741824,"), "the option wins: %s", meta);
    ssd_free(meta);
    char *res = NULL;
    cr_assert_eq(ssd_job_to_json(j, SSD_JSON_COMPACT, &res), 0);
    cr_expect(has(res, "\"written_since_idle_bytes\":1073741824"), "results: %s", res);
    ssd_free(res);
    ssd_job_free(j);
    ssd_target_free(t);

    /* A drive whose past is not known (a sim: drive opened past=unknown, as a device or a
     * file opened fresh): unknown, left out of the log, null in the results. */
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_open(t, DRIVE ",precondition=random_fill,past=unknown"), 0, "%s",
                 ssd_target_errmsg(t));
    j = run(t, "5s", NULL, &meta);
    cr_expect(!has(meta, "written_since_idle_bytes"), "%s", meta);
    ssd_free(meta);
    cr_assert_eq(ssd_job_to_json(j, SSD_JSON_COMPACT, &res), 0);
    cr_expect(has(res, "\"written_since_idle_bytes\":null"), "results: %s", res);
    ssd_free(res);
    ssd_job_free(j);
    ssd_target_free(t);
}
