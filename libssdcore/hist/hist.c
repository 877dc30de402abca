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

#define NWORDS ((NBUCKETS + 63) / 64)

struct ssd_hist {
    uint64_t total;
    uint64_t min, max;
    /* Sums in long double: 2^64 values of 2^40 ns would overflow double's
     * exact range long before they overflow the counts. */
    long double sum, sumsq;
    /* Bit i set (in the kept words, below): bucket i holds a count
     * (counts[i], never 0). A clear bit's count is never read. */
    uint64_t used[NWORDS];
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

/* Only the used buckets are read: a count entering an unused bucket
 * replaces whatever it held. And only the bits of the words covering
 * [bucket_of(min), bucket_of(max)] (none when total is 0) are kept: the
 * words outside hold anything, and a count entering a bucket outside
 * first clears the words between it and the range. So creating and
 * resetting touch nothing, and merging and scanning visit the used
 * buckets only. A replay on sim: runs tens of thousands of short jobs,
 * each with nine histograms (zeroing 59 KB each was a third of a lab2016
 * run on sim:); a long virtual job merges and scans an interval's
 * histogram at every sample, a few dozen used buckets spread over a
 * thousand (a stall tail octaves above the body): passes over that range
 * were a fifth of its CPU. */
static int lo_bucket(const ssd_hist *h) {
    return bucket_of(h->min);
}
static int hi_bucket(const ssd_hist *h) {
    return bucket_of(h->max);
}

/* Adds count to bucket i. Without a branch: whether the bucket is in use
 * follows no pattern (a chunk's latencies land in buckets an interval's
 * histogram has or has not seen yet), and its mispredictions were a third
 * of ssd__hist_record_each's time. An unused bucket's count, whatever it
 * holds, is masked to 0 before it is read into the sum. */
static void add_to(ssd_hist *h, int i, uint64_t count) {
    uint64_t had = h->used[i / 64];
    uint64_t keep = 0 - (had >> (i % 64) & 1);
    h->used[i / 64] = had | 1ull << (i % 64);
    h->counts[i] = (h->counts[i] & keep) + count;
}

/* The first used bucket in [from, last], or -1. */
static int next_used(const ssd_hist *h, int from, int last) {
    if (from > last)
        return -1;
    int w = from / 64;
    uint64_t bits = h->used[w] & (~0ull << (from % 64));
    for (;;) {
        if (bits) {
            int i = w * 64 + __builtin_ctzll(bits);
            return i <= last ? i : -1;
        }
        if (++w > last / 64)
            return -1;
        bits = h->used[w];
    }
}

/* The last used bucket in [first, from], or -1. */
static int prev_used(const ssd_hist *h, int from, int first) {
    if (from < first)
        return -1;
    int w = from / 64;
    uint64_t bits = h->used[w] & (~0ull >> (63 - from % 64));
    for (;;) {
        if (bits) {
            int i = w * 64 + 63 - __builtin_clzll(bits);
            return i >= first ? i : -1;
        }
        if (--w < first / 64)
            return -1;
        bits = h->used[w];
    }
}

/* Makes the words of buckets [lo, hi] part of the kept ones: clears what
 * it adds to them. */
static void widen(ssd_hist *h, int lo, int hi) {
    int wl = lo / 64, wh = hi / 64;
    if (!h->total) {
        memset(&h->used[wl], 0, (size_t)(wh - wl + 1) * sizeof h->used[0]);
        return;
    }
    int kl = lo_bucket(h) / 64, kh = hi_bucket(h) / 64;
    if (wl < kl)
        memset(&h->used[wl], 0, (size_t)(kl - wl) * sizeof h->used[0]);
    if (wh > kh)
        memset(&h->used[kh + 1], 0, (size_t)(wh - kh) * sizeof h->used[0]);
}

static void clear(ssd_hist *h) {
    h->total = h->max = 0;
    h->sum = h->sumsq = 0;
    h->min = UINT64_MAX;
}

int ssd_hist_create(ssd_hist **out) {
    ssd_hist *h = malloc(sizeof *h); /* counts: none used yet (see above) */
    if (!h)
        return SSD_ENOMEM;
    clear(h);
    *out = h;
    return 0;
}

void ssd_hist_free(ssd_hist *h) {
    free(h);
}

void ssd_hist_reset(ssd_hist *h) {
    clear(h);
}

/* One entry of ssd_hist_record_n into the sums at *sum and *sumsq. */
static inline void record_into(ssd_hist *h, uint64_t value, uint64_t count, long double *sum,
                               long double *sumsq) {
    if (!count)
        return;
    int b = bucket_of(value);
    if (!h->total || value < h->min || value > h->max) /* else b's word is kept */
        widen(h, b, b);
    add_to(h, b, count);
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
    for (int w = lo_bucket(src) / 64, last = hi_bucket(src) / 64; w <= last; w++) {
        uint64_t bits = src->used[w], had = dst->used[w];
        dst->used[w] = had | bits;
        for (; bits; bits &= bits - 1) {
            int b = __builtin_ctzll(bits), i = w * 64 + b;
            dst->counts[i] = (had >> b & 1 ? dst->counts[i] : 0) + src->counts[i];
        }
    }
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
    int first = lo_bucket(h), top = hi_bucket(h), i;
    if (pct > 50) {
        uint64_t upto = h->total; /* count at or below bucket i */
        i = prev_used(h, top, first);
        for (int below = prev_used(h, i - 1, first); below >= 0 && upto - h->counts[i] >= rank;
             below = prev_used(h, i - 1, first)) {
            upto -= h->counts[i];
            i = below;
        }
    } else {
        uint64_t seen = 0;
        for (i = next_used(h, first, top); i >= 0; i = next_used(h, i + 1, top))
            if ((seen += h->counts[i]) >= rank)
                break;
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
    int first = lo_bucket(h), i = next_used(h, from < first ? first : from, hi_bucket(h));
    if (i >= 0) {
        bucket_range(i, lo, hi);
        *count = h->counts[i];
    }
    return i;
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
