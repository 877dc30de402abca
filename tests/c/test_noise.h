/* test_noise.h - deterministic noise for the tests: xorshift64 draws
 * (next_u64), uniform ones in (0, 1) and Box-Muller normal ones, for the
 * curves the analysis tests build and the values the parser tests make up.
 * Define TEST_NOISE_SEED before including it: each test file keeps its own
 * sequence, so the curves its expected answers were checked on stay. */
#ifndef SSD_TEST_NOISE_H
#define SSD_TEST_NOISE_H

#include <math.h>

static unsigned long long rng_state = TEST_NOISE_SEED;

static inline unsigned long long next_u64(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static inline double uniform(void) {
    return ((double)(next_u64() >> 11) + 0.5) / 9007199254740992.0;
}

static inline double gauss(void) {
    return sqrt(-2 * log(uniform())) * cos(6.283185307179586 * uniform());
}

#endif
