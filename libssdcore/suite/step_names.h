/* step_names.h - internal: the built-in steps that outputs single out by
 * name. The headline in results.json, the text summary, the report's table
 * and its latency chart all read this one table, so a step renamed in
 * suite_builtin.c without its row here fails test_step_names instead of
 * silently vanishing from three outputs. */
#ifndef SSD_STEP_NAMES_H
#define SSD_STEP_NAMES_H

#include <stddef.h>

struct ssd__named_step {
    const char *name; /* the job's name in the built-in suites */
    /* results.json's headline figure, which the text summary, the report's
     * table and verdicts and the compare page show under its words in
     * figure_labels.c; NULL: none */
    const char *headline_key;
    const char *latency_label; /* the report's latency chart and table; NULL: none */
    int iops;                  /* the figure is in IOPS, not bytes/s */
};

extern const struct ssd__named_step ssd__named_steps[];
extern const size_t ssd__named_step_count;

/* Steps other figures are computed from (the degradation run's latency and
 * cache, the whole-drive fill's analysis). */
extern const char ssd__step_degradation[];
extern const char ssd__step_fill[];

#endif
