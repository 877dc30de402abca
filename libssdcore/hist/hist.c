/* hist.c - log-linear histogram: exact counts, < 0.4 % value error. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ssdcore/hist.h"
#include "hist_batch.h"

/* 2^SUB_BITS linear buckets per power of two. Values below 2*SUB are their
 * own bucket; above, the top SUB_BITS+1 significant bits select the bucket. */
#define SUB_BITS 7
#define SUB (1u << SUB_BITS)
#define NBUCKETS ((int)((64 - SUB_BITS) * SUB + SUB))

struct ssd_hist {
    uint64_t total;
    uint64_t min, max;
    /* Sums in long double: 2^64 values of 2^40 ns would overflow double's
     * exact range long before they overflow the counts. */
    long double sum, sumsq;
    uint64_t counts[NBUCKETS];
};

static int bucket_of(uint64_t v) {
    if (v < 2 * SUB)
        return (int)v;
    int msb = 63 - __builtin_clzll(v);
    int shift = msb - SUB_BITS;
    return (shift + 1) * (int)SUB + (int)(v >> shift) - (int)SUB;
}

static void bucket_range(int i, uint64_t *lo, uint64_t *hi) {
    if (i < (int)(2 * SUB)) {
        *lo = *hi = (uint64_t)i;
        return;
    }
    int shift = i / (int)SUB - 1;
    uint64_t top = (uint64_t)(i % (int)SUB) + SUB;
    *lo = top << shift;
    *hi = *lo + ((1ull << shift) - 1);
}

/* Only the counts in [bucket_of(min), bucket_of(max)] are kept (none when
 * total is 0); the buckets outside are never read and hold anything: a
 * count entering a bucket outside the range first zeroes the buckets
 * between it and the range. Creating, resetting, merging and scanning
 * touch only that range. A replay on sim: runs tens of thousands of short
 * jobs, each with nine histograms: whole-array passes over the 7424
 * buckets were most of its time, and zeroing them at creation (calloc,
 * 59 KB each) then a third of a lab2016 run on sim:. */
static int lo_bucket(const ssd_hist *h) {
    return bucket_of(h->min);
}
static int hi_bucket(const ssd_hist *h) {
    return bucket_of(h->max);
}

static void zero(ssd_hist *h, int from, int to) { /* inclusive; nothing if to < from */
    if (to >= from)
        memset(&h->counts[from], 0, (size_t)(to - from + 1) * sizeof h->counts[0]);
}

/* Makes [lo, hi] part of the kept range: zeroes what it adds to it. */
static void widen(ssd_hist *h, int lo, int hi) {
    if (!h->total) {
        zero(h, lo, hi);
        return;
    }
    int klo = lo_bucket(h), khi = hi_bucket(h);
    if (lo < klo)
        zero(h, lo, klo - 1);
    if (hi > khi)
        zero(h, khi + 1, hi);
}

int ssd_hist_create(ssd_hist **out) {
    ssd_hist *h = malloc(sizeof *h); /* counts: none kept yet (see above) */
    if (!h)
        return SSD_ENOMEM;
    h->total = h->max = 0;
    h->sum = h->sumsq = 0;
    h->min = UINT64_MAX;
    *out = h;
    return 0;
}

void ssd_hist_free(ssd_hist *h) {
    free(h);
}

void ssd_hist_reset(ssd_hist *h) {
    h->total = h->max = 0;
    h->sum = h->sumsq = 0;
    h->min = UINT64_MAX;
}

/* One entry of ssd_hist_record_n into the sums at *sum and *sumsq. */
static inline void record_into(ssd_hist *h, uint64_t value, uint64_t count, long double *sum,
                               long double *sumsq) {
    if (!count)
        return;
    int b = bucket_of(value);
    if (!h->total || value < h->min || value > h->max) /* else b is in the kept range */
        widen(h, b, b);
    h->counts[b] += count;
    h->total += count;
    if (value < h->min)
        h->min = value;
    if (value > h->max)
        h->max = value;
    long double v = (long double)value;
    *sum += v * count;
    *sumsq += v * v * count;
}

void ssd_hist_record_n(ssd_hist *h, uint64_t value, uint64_t count) {
    record_into(h, value, count, &h->sum, &h->sumsq);
}

void ssd__hist_record_each(ssd_hist *h, const uint64_t *value, const uint64_t *count, int n) {
    long double sum = h->sum, sumsq = h->sumsq;
    for (int k = 0; k < n; k++)
        record_into(h, value[k], count[k], &sum, &sumsq);
    h->sum = sum;
    h->sumsq = sumsq;
}

void ssd_hist_record(ssd_hist *h, uint64_t value) {
    ssd_hist_record_n(h, value, 1);
}

void ssd_hist_merge(ssd_hist *dst, const ssd_hist *src) {
    if (!src->total)
        return;
    widen(dst, lo_bucket(src), hi_bucket(src));
    for (int i = lo_bucket(src), hi = hi_bucket(src); i <= hi; i++)
        dst->counts[i] += src->counts[i];
    dst->total += src->total;
    dst->sum += src->sum;
    dst->sumsq += src->sumsq;
    if (src->min < dst->min)
        dst->min = src->min;
    if (src->max > dst->max)
        dst->max = src->max;
}

uint64_t ssd_hist_count(const ssd_hist *h) {
    return h->total;
}

uint64_t ssd_hist_min(const ssd_hist *h) {
    return h->total ? h->min : 0;
}

uint64_t ssd_hist_max(const ssd_hist *h) {
    return h->max;
}

double ssd_hist_mean(const ssd_hist *h) {
    return h->total ? (double)(h->sum / h->total) : 0.0;
}

double ssd_hist_stddev(const ssd_hist *h) {
    if (!h->total)
        return 0.0;
    long double mean = h->sum / h->total;
    long double var = h->sumsq / h->total - mean * mean;
    return var > 0 ? sqrt((double)var) : 0.0;
}

uint64_t ssd_hist_percentile(const ssd_hist *h, double pct) {
    if (!h->total)
        return 0;
    if (!(pct > 0))
        return h->min;
    if (pct >= 100)
        return h->max;
    uint64_t rank = (uint64_t)ceil(pct / 100.0 * (double)h->total);
    if (rank < 1)
        rank = 1;
    /* The bucket is the first whose running count reaches rank. A high
     * percentile's lies near the top: found from there, with the count at
     * or below a bucket being total less the counts above it (the same
     * bucket; the p99 of every sample of a job scanned most of the range). */
    int first = lo_bucket(h), top = hi_bucket(h), i = -1;
    if (pct > 50) {
        uint64_t upto = h->total; /* count at or below bucket i */
        for (i = top; i > first && upto - h->counts[i] >= rank; i--)
            upto -= h->counts[i];
    } else {
        uint64_t seen = 0;
        for (int k = first; k <= top; k++) {
            seen += h->counts[k];
            if (seen >= rank) {
                i = k;
                break;
            }
        }
        if (i < 0)
            return h->max;
    }
    uint64_t lo, hi;
    bucket_range(i, &lo, &hi);
    uint64_t mid = lo + (hi - lo) / 2;
    if (mid < h->min)
        mid = h->min;
    if (mid > h->max)
        mid = h->max;
    return mid;
}

int ssd_hist_next_bucket(const ssd_hist *h, int from, uint64_t *lo, uint64_t *hi, uint64_t *count) {
    if (!h->total)
        return -1;
    int first = lo_bucket(h), last = hi_bucket(h);
    for (int i = from < first ? first : from; i <= last; i++) {
        if (h->counts[i]) {
            bucket_range(i, lo, hi);
            *count = h->counts[i];
            return i;
        }
    }
    return -1;
}

int ssd_hist_next_range(const ssd_hist *h, int from, int per_octave, uint64_t *lo, uint64_t *hi,
                        uint64_t *count) {
    int k = 1;
    while (k * 2 <= per_octave && k < (int)SUB)
        k *= 2;
    /* Groups of SUB / k buckets never straddle an octave: every octave (and
     * the exact values below 2 * SUB) starts at a multiple of SUB. */
    int group = (int)SUB / k;
    int i = ssd_hist_next_bucket(h, from, lo, hi, count);
    if (i < 0)
        return -1;
    int end = (i / group + 1) * group;
    uint64_t l, u, c;
    for (int n = ssd_hist_next_bucket(h, i + 1, &l, &u, &c); n >= 0 && n < end;
         n = ssd_hist_next_bucket(h, n + 1, &l, &u, &c))
        *count += c;
    /* The range covers the whole group, empty buckets included. */
    bucket_range((i / group) * group, lo, &u);
    bucket_range(end - 1, &l, hi);
    return end;
}

int ssd_hist_add_bucket(ssd_hist *h, uint64_t lo, uint64_t hi, uint64_t count) {
    if (!h || lo > hi)
        return SSD_EINVAL;
    ssd_hist_record_n(h, lo + (hi - lo) / 2, count);
    return 0;
}
