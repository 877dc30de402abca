/* jobfmt.h - internal: the JSON a job produces (results and the series
 * metadata line), in one place so the CLI, C and Python see the same. */
#ifndef SSD_JOBFMT_H
#define SSD_JOBFMT_H

#include <stddef.h>
#include <stdint.h>

#include "jsonw.h"
#include "ssdcore/hist.h"
#include "workload.h"

/* What the analysis must know about a job's run beyond its samples
 * (DESIGN.md, "The analysis context travels with the run"), with the
 * workload: the series metadata and the results' "analysis_context". */
struct ssd__job_context {
    uint64_t capacity;           /* the target's size */
    uint64_t written_before;     /* bytes written since TRIM before the job */
    int precondition;            /* enum ssd_precondition; -1 not given */
    const char *temp_source;     /* where temp_c was read; NULL or "": no temp_c column */
    const char *reference;       /* the fresh reference's figures, a compact JSON object
                                    (ssd_analysis_reference_json); NULL: none */
    int idle_known;              /* idle_before_s was given (else unknown: left out) */
    double idle_before_s;        /* seconds the drive idled since its last write */
    uint64_t span_bytes;         /* the area the workload addresses; 0: unknown (a replay) */
    int since_idle_known;        /* written_since_idle was given (else unknown: left out) */
    uint64_t written_since_idle; /* bytes written since the drive last idled */
};

struct ssd__job_summary {
    const char *target_uri, *target_kind;
    uint64_t target_size;
    struct ssd__job_context ctx;
    unsigned target_block;
    int buffered;
    const struct ssd__workload *w;
    const char *engine, *engine_note, *log_path, *error;
    unsigned qd_run; /* the queue depth per thread that ran */
    int interrupted;
    double runtime_s;
    size_t nsamples;
    double temp_steady_s;    /* the temp_steady option (0: not asked) */
    double temp_steady_at_s; /* when the temperature settled; NaN: never */
    uint64_t bytes[2], ios[2];
    const ssd_hist *lat[2];
};

/* Both return 0 or SSD_ENOMEM, with a malloc'd string in *out. */
int ssd__job_results_json(const struct ssd__job_summary *s, enum ssd__jw_style style, char **out);
/* The series metadata line: the context's capacity_bytes,
 * written_before_bytes (left out when 0), precondition, idle_before_s and
 * written_since_idle_bytes (left out when not given), span_bytes (left out when unknown), the
 * workload, engine and tool. A log's line is SSD__JW_COMPACT. */
int ssd__job_metadata_json(const char *target_uri, const struct ssd__job_context *ctx,
                           const struct ssd__workload *w, const char *engine,
                           enum ssd__jw_style style, char **out);

/* The same line for a series another source wrote (a replay): pattern
 * names it, wl is NULL (its block size, queue depth... are left out). */
int ssd__series_metadata_json(const char *target_uri, const struct ssd__job_context *ctx,
                              const struct ssd__workload *wl, const char *pattern,
                              double interval_s, const char *engine, enum ssd__jw_style style,
                              char **out);

#endif
