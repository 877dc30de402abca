/* curve_groups.h - internal: the curves the built-in suites measure (jobs
 * with group=G x=N). The built-in suites, results.json's headline, the
 * text summary, the report and the compare page all read this one table,
 * so a group renamed in one place cannot silently drop out of another. */
#ifndef SSD_CURVE_GROUPS_H
#define SSD_CURVE_GROUPS_H

#include <stddef.h>

struct ssd__curve_group {
    const char *group;  /* group= of the built-in suites' jobs */
    const char *label;  /* the report's curve */
    const char *title;  /* the compare page's chart */
    const char *xlabel; /* the compare page's x axis */
    int xlog2, xsize;   /* x on a log2 axis; x is a size in bytes */
    int iops;           /* the figure is in IOPS, not bytes/s */
    /* mixed workloads, whose headline is the 80 %-reads point and the mean
     * of six: results.json's key prefix (the figures' words are in
     * figure_labels.c) and the verdict's name of the curve; NULL for other
     * curves */
    const char *headline_key, *report_label;
};

/* In this order: the report draws consecutive pairs in one chart. */
enum {
    SSD__GROUP_QD_RANDREAD,
    SSD__GROUP_QD_RANDWRITE,
    SSD__GROUP_QD_SEQREAD,
    SSD__GROUP_QD_SEQWRITE,
    SSD__GROUP_BS_RANDREAD,
    SSD__GROUP_BS_RANDWRITE,
    SSD__GROUP_MIXED_SEQ,
    SSD__GROUP_MIXED_RAND,
    SSD__GROUP_COUNT
};
extern const struct ssd__curve_group ssd__curve_groups[SSD__GROUP_COUNT];

/* Groups that are not curves: the writes that lay out the test area
 * (charted by no one), and the application traces of the apps score. */
extern const char ssd__group_prepare[];
extern const char ssd__group_apps[];

#endif
