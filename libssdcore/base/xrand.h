/* xrand.h - internal: fast pseudo-random numbers for offsets and write data,
 * and a full-period permutation of block indices for coverage passes.
 *
 * xoshiro256** (Blackman & Vigna) fills buffers at about 2 GB/s on one core
 * of the build machine: fine for a file layout and the I/O buffers' first
 * fill, too slow to refill before every write (ssd__prep_write re-keys
 * instead). The permutation is a
 * keyed Feistel network on the smallest even-bit power of two >= n, with
 * cycle walking: a bijection on [0, n) computed from the index alone, so any
 * number of threads can share one pass through an atomic counter, with no
 * table in memory. */
#ifndef SSD_XRAND_H
#define SSD_XRAND_H

#include <stddef.h>
#include <stdint.h>

struct ssd__rng {
    uint64_t s[4];
};

static inline uint64_t ssd__rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t ssd__splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* SplitMix64 as a hash of x (the simulator's noise that depends only on
 * its seed and position): the value ssd__splitmix64 returns from state x. */
static inline uint64_t ssd__hash64(uint64_t x) {
    return ssd__splitmix64(&x);
}

static inline void ssd__rng_seed(struct ssd__rng *r, uint64_t seed) {
    for (int i = 0; i < 4; i++)
        r->s[i] = ssd__splitmix64(&seed);
}

static inline uint64_t ssd__rng_next(struct ssd__rng *r) {
    uint64_t *s = r->s;
    uint64_t result = ssd__rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ssd__rotl(s[3], 45);
    return result;
}

/* Uniform in [0, n), n > 0 (Lemire's multiply-shift; the bias for n far
 * below 2^64 is negligible next to a drive's noise). */
static inline uint64_t ssd__rng_below(struct ssd__rng *r, uint64_t n) {
    return (uint64_t)(((unsigned __int128)ssd__rng_next(r) * n) >> 64);
}

/* Fills len bytes (a multiple of 8, 8-byte aligned) with random data. */
void ssd__rng_fill(struct ssd__rng *r, void *buf, size_t len);

struct ssd__perm {
    uint64_t n;
    unsigned half_bits;
    uint64_t half_mask;
    uint64_t keys[4];
};

void ssd__perm_init(struct ssd__perm *p, uint64_t n, uint64_t seed);
/* The image of i (< n) under the permutation. */
uint64_t ssd__perm_at(const struct ssd__perm *p, uint64_t i);

#endif
