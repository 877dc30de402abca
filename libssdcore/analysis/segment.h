/* segment.h - internal: PELT segmentation shared by the analysis. */
#ifndef SSD_SEGMENT_H
#define SSD_SEGMENT_H

#include <stddef.h>

/* Exact PELT, L2 cost. ends[] receives segment ends (exclusive), the last
 * being n; *count their number (also set when cap is too small, with
 * SSD_ERANGE returned). */
int ssd__pelt_l2(const double *y, size_t n, double penalty, size_t min_size, size_t *ends,
                 size_t cap, size_t *count);

#endif
