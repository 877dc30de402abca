/* xrand.c - buffer filling and the block-index permutation (see xrand.h). */
#include "xrand.h"

void ssd__rng_fill(struct ssd__rng *r, void *buf, size_t len) {
    uint64_t *p = buf;
    size_t n = len / 8;
    for (size_t i = 0; i < n; i++)
        p[i] = ssd__rng_next(r);
}

void ssd__perm_init(struct ssd__perm *p, uint64_t n, uint64_t seed) {
    unsigned bits = 0;
    while (bits < 64 && (n - 1) >> bits)
        bits++;
    if (bits < 2)
        bits = 2;
    if (bits & 1)
        bits++;
    p->n = n;
    p->half_bits = bits / 2;
    p->half_mask = (p->half_bits >= 64) ? ~0ULL : ((1ULL << p->half_bits) - 1);
    for (int i = 0; i < 4; i++)
        p->keys[i] = ssd__splitmix64(&seed);
}

static uint64_t round_fn(uint64_t x, uint64_t key) {
    x ^= key;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 29;
    return x;
}

static uint64_t feistel(const struct ssd__perm *p, uint64_t x) {
    uint64_t l = x >> p->half_bits, r = x & p->half_mask;
    for (int i = 0; i < 4; i++) {
        uint64_t nl = r;
        r = l ^ (round_fn(r, p->keys[i]) & p->half_mask);
        l = nl;
    }
    return (l << p->half_bits) | r;
}

uint64_t ssd__perm_at(const struct ssd__perm *p, uint64_t i) {
    /* The domain is at most 4n, so the walk takes under 4 steps on average
     * and always ends: a permutation's cycle through i returns to [0, n). */
    uint64_t x = feistel(p, i);
    while (x >= p->n)
        x = feistel(p, x);
    return x;
}
