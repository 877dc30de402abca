/*
 * ssdcore/hist.h - log-linear latency histograms (HdrHistogram's layout).
 *
 * Values are unsigned 64-bit integers (ssdcore records nanoseconds). Each
 * power-of-two range is split into 128 linear buckets, so any value is
 * reported with a relative error below 0.4 % (bucket midpoint), over the
 * whole 0..2^64-1 range: nothing is clamped. Counts, minimum, maximum, mean
 * and standard deviation are exact. Histograms merge exactly, so per-thread
 * histograms add up to the job's.
 *
 * A histogram is one fixed allocation made by ssd_hist_create(); recording
 * never allocates. Not thread-safe: give each thread its own and merge.
 */
#ifndef SSDCORE_HIST_H
#define SSDCORE_HIST_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ssd_hist ssd_hist;

/* Creates an empty histogram. Returns 0 or SSD_ENOMEM. */
SSD_API int ssd_hist_create(ssd_hist **out);
/* Frees h; NULL is a no-op. */
SSD_API void ssd_hist_free(ssd_hist *h);
/* Empties h. */
SSD_API void ssd_hist_reset(ssd_hist *h);

/* Records value once, or count times. */
SSD_API void ssd_hist_record(ssd_hist *h, uint64_t value);
SSD_API void ssd_hist_record_n(ssd_hist *h, uint64_t value, uint64_t count);
/* Adds every count of src into dst. */
SSD_API void ssd_hist_merge(ssd_hist *dst, const ssd_hist *src);

SSD_API uint64_t ssd_hist_count(const ssd_hist *h);
/* Exact extremes; 0 when empty. */
SSD_API uint64_t ssd_hist_min(const ssd_hist *h);
SSD_API uint64_t ssd_hist_max(const ssd_hist *h);
/* Exact mean and population standard deviation; 0 when empty. */
SSD_API double ssd_hist_mean(const ssd_hist *h);
SSD_API double ssd_hist_stddev(const ssd_hist *h);
/* The value at percentile pct (0..100) by nearest rank: the midpoint of the
 * bucket holding that rank, kept inside [min, max]. 0 when empty. */
SSD_API uint64_t ssd_hist_percentile(const ssd_hist *h, double pct);

/* Iteration over non-empty buckets, for export: returns the index of the
 * next non-empty bucket at or after `from`, or -1 when there is none, and
 * fills its inclusive value range and count. */
SSD_API int ssd_hist_next_bucket(const ssd_hist *h, int from, uint64_t *lo, uint64_t *hi,
                                 uint64_t *count);

/* The same iteration at a coarser resolution, for compact exports: buckets
 * are grouped per_octave to a power of two (per_octave is rounded down to a
 * power of two in 1..128; 128 gives the buckets themselves), so a value in
 * a range [lo, hi] is reported by its midpoint with a relative error below
 * 1 / (2 * per_octave) (values from 128 up). Fills the next non-empty range
 * at or after bucket `from` and returns the `from` of the next call, or -1
 * when there is none. Start with from = 0. */
SSD_API int ssd_hist_next_range(const ssd_hist *h, int from, int per_octave, uint64_t *lo,
                                uint64_t *hi, uint64_t *count);

/* Rebuilds a distribution from exported ranges (ssd_hist_next_bucket,
 * ssd_hist_next_range, or the "lat_hist" buckets of a job's results JSON):
 * records count values at the midpoint of [lo, hi]. When [lo, hi] is one
 * bucket of this layout (an export at 128 per octave), the counts land in
 * that same bucket, so counts and percentiles match the original's exactly
 * up to the [min, max] clamp (which then uses the extreme buckets'
 * midpoints); otherwise every value is within [lo, hi]. Mean and standard
 * deviation are those of the midpoints. Merging the rebuilt histograms of
 * several runs gives the distribution of all of them. Returns 0, or
 * SSD_EINVAL (h is NULL or lo > hi). */
SSD_API int ssd_hist_add_bucket(ssd_hist *h, uint64_t lo, uint64_t hi, uint64_t count);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_HIST_H */
