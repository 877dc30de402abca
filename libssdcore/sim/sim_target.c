/* sim_target.c - the simulated drive behind the target interface.
 *
 * State is four pools of flash bytes (sim_model.h) and a short extent list
 * of the logical space. run_virtual advances in chunks no longer than one
 * noise tick and split exactly where the write regime changes (cache full,
 * clean blocks exhausted, cache folded), so the cost per chunk is constant
 * and phase boundaries land on the byte. Noise and dips are functions of
 * the virtual tick index and the seed, not of how the caller slices time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist_batch.h"
#include "numfmt.h"
#include "sim_model.h"
#include "ssdcore/analysis.h"

#define GIB 1073741824.0
#define MIB 1048576.0

/* ---- deterministic randomness ------------------------------------------ */

static double u01(uint64_t x) {
    return ((double)(x >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

/* A standard normal that depends only on (seed, stream, index). */
static double hash_normal(uint64_t seed, uint64_t stream, uint64_t index) {
    uint64_t h = ssd__hash64(seed ^ ssd__hash64(stream * 0x632be59bd9b4e019ull ^ index));
    double a = u01(h), b = u01(ssd__hash64(h));
    return sqrt(-2.0 * log(a)) * cos(6.283185307179586 * b);
}

static double rng_normal(struct ssd__rng *r) {
    double a = u01(ssd__rng_next(r)), b = u01(ssd__rng_next(r));
    return sqrt(-2.0 * log(a)) * cos(6.283185307179586 * b);
}

/* Acklam's rational approximation of the inverse normal CDF (|err| < 1.2e-9). */
static double inv_normal(double p) {
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                               -2.759285104469687e+02, 1.383577518672690e+02,
                               -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                               -1.556989798598866e+02, 6.680131188771972e+01,
                               -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                               -2.400758277161838e+00, -2.549732539343734e+00,
                               4.374664141464968e+00,  2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    if (p < 0.02425) {
        double q = sqrt(-2 * log(p));
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    if (p > 1 - 0.02425)
        return -inv_normal(1 - p);
    double q = p - 0.5, r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/* ---- logical map ---------------------------------------------------------- */

static double ext_end(const struct ssd__sim *s, int i) {
    return i + 1 < s->n_ext ? s->ext[i + 1].start : s->user;
}

static void ext_compact(struct ssd__sim *s) {
    /* Up to the first pair to merge every extent stays where it is: found
     * without copying each onto itself (after a sequential chunk's
     * ext_set, the copies were most of this pass over the whole list). */
    int k = 1;
    while (k < s->n_ext && !(fabs(s->ext[k].mapped - s->ext[k - 1].mapped) < 1e-12))
        k++;
    if (k < s->n_ext) {
        int j = k - 1;
        for (; k < s->n_ext; k++) {
            if (fabs(s->ext[k].mapped - s->ext[j].mapped) < 1e-12)
                continue;
            s->ext[++j] = s->ext[k];
        }
        s->n_ext = j + 1;
    }
    /* Still full (many trims of scattered ranges): merge the neighbours whose
     * fractions differ least, keeping the mapped bytes. */
    while (s->n_ext > SSD__SIM_MAX_EXTENTS - 8) {
        int best = 0;
        double bd = INFINITY;
        for (int i = 0; i + 1 < s->n_ext; i++) {
            double dd = fabs(s->ext[i].mapped - s->ext[i + 1].mapped);
            if (dd < bd) {
                bd = dd;
                best = i;
            }
        }
        double l0 = ext_end(s, best) - s->ext[best].start;
        double l1 = ext_end(s, best + 1) - s->ext[best + 1].start;
        s->ext[best].mapped = (s->ext[best].mapped * l0 + s->ext[best + 1].mapped * l1) / (l0 + l1);
        memmove(&s->ext[best + 1], &s->ext[best + 2],
                (size_t)(s->n_ext - best - 2) * sizeof s->ext[0]);
        s->n_ext--;
    }
}

/* The index of the extent holding x: the last starting at or before it (0
 * when none does). */
static int ext_find(const struct ssd__sim *s, double x) {
    int lo = 0, hi = s->n_ext - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (s->ext[mid].start <= x)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Makes x an extent boundary; returns the index of the extent starting at x
 * (n_ext when x is the end). */
static int ext_split(struct ssd__sim *s, double x) {
    if (x >= s->user)
        return s->n_ext;
    int lo = ext_find(s, x);
    if (s->ext[lo].start == x)
        return lo;
    memmove(&s->ext[lo + 2], &s->ext[lo + 1], (size_t)(s->n_ext - lo - 1) * sizeof s->ext[0]);
    s->ext[lo + 1].start = x;
    s->ext[lo + 1].mapped = s->ext[lo].mapped;
    s->n_ext++;
    return lo + 1;
}

static double ext_mapped_in(const struct ssd__sim *s, double a, double b) {
    /* The extents are sorted and contiguous: from the one holding a to the
     * last starting before b. Those outside add nothing, so the sum is the
     * same, in the same order. (Written !(start >= b) so that a NaN b
     * reads on to the end, as before.) */
    double sum = 0;
    for (int i = ext_find(s, a); i < s->n_ext && !(s->ext[i].start >= b); i++) {
        /* Comparisons, not fmax/fmin: gcc calls those through the PLT (they
         * must honour NaN, which no extent bound is), and in this loop the
         * calls were 10 % of a replay's CPU. The same bounds, bit for bit. */
        double start = s->ext[i].start, end = ext_end(s, i);
        double lo = a > start ? a : start, hi = b < end ? b : end;
        if (hi > lo)
            sum += (hi - lo) * s->ext[i].mapped;
    }
    return sum;
}

/* Splits the extents at a and b (a < b): [*i, *j) are the ones that make
 * up [a,b). Compacts first so that the two splits fit. */
static void ext_range(struct ssd__sim *s, double a, double b, int *i, int *j) {
    if (s->n_ext > SSD__SIM_MAX_EXTENTS - 4)
        ext_compact(s);
    *i = ext_split(s, a);
    *j = ext_split(s, b);
}

/* Sets [a,b) to fraction f; returns the change in mapped bytes. */
static double ext_set(struct ssd__sim *s, double a, double b, double f) {
    if (b <= a)
        return 0;
    int i, j;
    ext_range(s, a, b, &i, &j);
    double dm = 0;
    for (int k = i; k < j; k++)
        dm += (ext_end(s, k) - s->ext[k].start) * (f - s->ext[k].mapped);
    s->ext[i].mapped = f;
    if (j > i + 1) {
        memmove(&s->ext[i + 1], &s->ext[j], (size_t)(s->n_ext - j) * sizeof s->ext[0]);
        s->n_ext -= j - i - 1;
    }
    ext_compact(s);
    return dm;
}

/* Unmapped share of every extent in [a,b) shrinks by `keep`; returns the
 * change in mapped bytes. */
static double ext_scatter(struct ssd__sim *s, double a, double b, double keep) {
    if (b <= a)
        return 0;
    int i, j;
    ext_range(s, a, b, &i, &j);
    double dm = 0;
    for (int k = i; k < j; k++) {
        double f = s->ext[k].mapped, nf = 1.0 - (1.0 - f) * keep;
        dm += (ext_end(s, k) - s->ext[k].start) * (nf - f);
        s->ext[k].mapped = nf;
    }
    return dm;
}

double ssd__sim_mapped(const struct ssd__sim *s) {
    return ext_mapped_in(s, 0, s->user);
}

/* ---- flash state ---------------------------------------------------------- */

static int has_cache(const struct ssd__sim *s) {
    return (int)s->p.slc_type != SSD__SLC_NONE;
}

static int dynamic_cache(const struct ssd__sim *s) {
    return (int)s->p.slc_type == SSD__SLC_DYNAMIC;
}

/* Native flash an SLC-cached host byte occupies (dynamic caches only). */
static double slc_cost(const struct ssd__sim *s) {
    return s->p.bits * s->p.slc_wa;
}

double ssd__sim_cache_room(const struct ssd__sim *s) {
    if (!has_cache(s))
        return 0;
    double room = s->p.slc_gb * GIB / s->p.slc_wa - s->slc;
    if (dynamic_cache(s))
        room = fmin(room, (s->clean - s->reserve) / slc_cost(s));
    return room > 0 ? room : 0;
}

double ssd__sim_fast_room(const struct ssd__sim *s) {
    if (has_cache(s))
        return ssd__sim_cache_room(s);
    return s->clean > s->reserve ? s->clean - s->reserve : 0;
}

/* Valid native data in the blocks that hold the garbage. Garbage sits
 * with the data whose overwrites made it: a 32 GiB test area overwritten
 * on a full drive leaves its garbage in the area's own blocks, and GC
 * reclaims those cheaply however full the rest of the drive is. */
static double hot_valid(const struct ssd__sim *s) {
    if (s->hot_hi <= s->hot_lo)
        return s->valid;
    return fmin(ext_mapped_in(s, s->hot_lo, s->hot_hi), s->valid);
}

/* pow(base, gamma), the same value, computed once for arguments seen in
 * the last two calls that computed one (sim_model.h, gc_pows): pow was a
 * twentieth of a simulated used-drive run's CPU, 63 % of its calls (a
 * 2-hour run and a WSAT after a sequential fill) for arguments it had just
 * seen. */
static double gc_pow(struct ssd__sim *s, double base, double gamma) {
    /* The same bits (a -0 is not a 0: pow(-0, 3) is -0). */
    for (int i = 0; i < s->gc_pows; i++)
        if (memcmp(&base, &s->gc_pow_base[i], sizeof base) == 0 &&
            memcmp(&gamma, &s->gc_pow_gamma[i], sizeof gamma) == 0)
            return s->gc_pow[i];
    int i = s->gc_pow_next;
    s->gc_pow_next = !i;
    if (s->gc_pows < 2)
        s->gc_pows++;
    s->gc_pow_base[i] = base;
    s->gc_pow_gamma[i] = gamma;
    return s->gc_pow[i] = pow(base, gamma);
}

double ssd__sim_gc_efficiency(const struct ssd__sim *s) {
    /* Share of each reclaimed block that was garbage. Steady state (all user
     * space valid, spare all garbage) gives the used-state floor; more
     * garbage makes victims emptier, steepened by gc_gamma. */
    double hv = hot_valid(s);
    double g = s->invalid + hv > 0 ? s->invalid / (s->invalid + hv) : 1;
    /* Steady state counts user data held in a static cache as not needing
     * native space, so the floor is the floor with a full cache too. */
    double held = dynamic_cache(s) ? 0 : s->slc_valid;
    double g_ss = (s->native - (s->user - held) - s->reserve) / (s->native - s->reserve);
    if (s->p.gc_settle_gb > 0) {
        /* Right after the clean blocks run out, garbage is bunched in the
         * blocks overwritten first; random overwrites spread it until every
         * victim holds the hot range's steady share: all of the range
         * mapped, every other spare byte garbage. */
        double lo = s->hot_hi > s->hot_lo ? s->hot_lo : 0;
        double hi = s->hot_hi > s->hot_lo ? s->hot_hi : s->user;
        double len = hi - lo, unmapped = len - ext_mapped_in(s, lo, hi);
        double inv_ss = s->native - s->reserve - (ssd__sim_mapped(s) + unmapped - held);
        double g_hot = inv_ss > 0 ? inv_ss / (inv_ss + len) : 0;
        if (g > g_hot)
            g = g_hot + (g - g_hot) * exp(-s->gc_written / (s->p.gc_settle_gb * GIB));
    }
    double v_ss = s->p.floor_mbps / s->p.native_rand_mbps;
    double v;
    if ((int)s->p.gc_model == SSD__GC_GREEDY) {
        /* Greedy GC under uniform random overwrites: with a share g of the
         * flash beyond the valid data spare (garbage), the victims' write
         * amplification is about (1 + OP) / (2 OP) = 1 / (2 g), OP the
         * effective spare over the data; never below 1 (a page-level
         * greedy model: 5.39 at 9.95 % spare for 5.53, 3.95 at 14.53 % for
         * 3.94, and 2.37 / 3.75 / 4.75 at 2 / 3 / 4 capacities of random
         * writes from a purge where this gives 2.35 / 3.68 / 4.68). Each
         * copied page costs the same time, so a host write takes its direct
         * time plus (WA - 1) copies, scaled so the steady state (every user
         * byte valid) is floor_mibps: the drop begins where the clean
         * blocks run out, not where the cap of the plain model lets go. */
        double wa = g > 0 ? fmax(1, 0.5 / g) : 1e9, wa_ss = fmax(1, 0.5 / g_ss);
        if (wa_ss <= 1 + 1e-9)
            v = wa > 1 + 1e-9 ? v_ss : 1;
        else
            v = 1 / (1 + (1 / v_ss - 1) * (wa - 1) / (wa_ss - 1));
    } else
        v = v_ss * gc_pow((struct ssd__sim *)s, fmax(g, 0) / g_ss, s->p.gc_gamma);
    return v < 1 ? (v > v_ss * 0.5 ? v : v_ss * 0.5) : 1;
}

int ssd__sim_regime(const struct ssd__sim *s) {
    if (ssd__sim_cache_room(s) >= 1)
        return SSD__REG_SLC;
    if (s->clean - s->reserve >= 1)
        return SSD__REG_NATIVE;
    if (dynamic_cache(s) && s->slc >= 1)
        return SSD__REG_FOLD;
    return SSD__REG_GC;
}

const char *ssd__sim_regime_name(int regime) {
    static const char *const names[] = {"slc", "native", "fold", "gc", "slump"};
    return regime >= 0 && regime < SSD__REG_COUNT ? names[regime] : "?";
}

/* Host bytes the current regime lasts for (INFINITY: until state drifts). */
static double regime_bound(const struct ssd__sim *s, int r, double in_place_share) {
    switch (r) {
    case SSD__REG_SLC:
        return in_place_share < 1 - 1e-9 ? ssd__sim_cache_room(s) / (1 - in_place_share) : INFINITY;
    case SSD__REG_NATIVE:
        return s->clean - s->reserve;
    case SSD__REG_FOLD:
        return s->slc * (slc_cost(s) - s->slc_valid / s->slc);
    default:
        return INFINITY;
    }
}

/* The old copies of `o` overwritten bytes, `os` of them in the SLC cache,
 * become garbage where they lived. A sequential overwrite of data that was
 * written sequentially empties whole blocks, which erase for free: that
 * share (seq_whole) of the native garbage goes straight to clean. */
static void drop_old_copies(struct ssd__sim *s, double o, double os, double seq_whole) {
    if (o <= 0)
        return;
    os = fmin(fmin(os, o), s->slc_valid);
    double on = fmin(o - os, s->valid);
    double whole = seq_whole > 0 ? on * seq_whole : 0;
    s->slc_valid -= os;
    s->valid -= on;
    s->invalid += on - whole;
    s->clean += whole;
}

/* Share of a write chunk landing on LBAs [a, b) that overwrites data
 * still in the SLC cache: the part of the window inside the cache's range,
 * times how much of it holds data, times how densely the cache holds its
 * range. Computed once per chunk, so the chunk's cache use is exact. */
static double slc_overwrite_share(const struct ssd__sim *s, double a, double b) {
    if (s->slc_valid <= 0 || s->slc_hi <= s->slc_lo || b <= a)
        return 0;
    double lo = fmax(a, s->slc_lo), hi = fmin(b, s->slc_hi);
    if (hi <= lo)
        return 0;
    double m = ext_mapped_in(s, s->slc_lo, s->slc_hi);
    double density = m > 0 ? fmin(1.0, s->slc_valid / m) : 0;
    return (hi - lo) / (b - a) * (ext_mapped_in(s, lo, hi) / (hi - lo)) * density;
}

/* Extends a locality range to cover [a, b), or starts it there. */
static void range_add(double *lo, double *hi, int restart, double a, double b) {
    if (restart || *hi <= *lo) {
        *lo = a;
        *hi = b;
        return;
    }
    *lo = fmin(*lo, a);
    *hi = fmax(*hi, b);
}

static double shortfall_now(const struct ssd__sim *s);

/* b host bytes in regime r, of which newly_mapped were unmapped before and
 * in_slc overwrite data still in the SLC cache. While a static cache
 * takes writes those are rewritten in place and take no new cache room,
 * as real controllers update a cached page where it is. */
static void apply_write(struct ssd__sim *s, int r, double b, double newly_mapped, double in_slc,
                        double seq_whole, double wa, double wb) {
    double span_lo = (double)s->w.offset, span_hi = (double)(s->w.offset + s->w.span);
    if (r == SSD__REG_SLC && s->slc < 1)
        s->slc_short = shortfall_now(s); /* the cache begins to fill: sized now */
    drop_old_copies(s, b - newly_mapped, in_slc, seq_whole);
    if (seq_whole < 0) /* a random write: its range now holds scattered data */
        range_add(&s->rand_lo, &s->rand_hi, 0, span_lo, span_hi);
    if (s->invalid > 0)
        range_add(&s->hot_lo, &s->hot_hi, 0, span_lo, span_hi);
    s->host_written += b;
    switch (r) {
    case SSD__REG_SLC: {
        /* Only a static cache: it compacts its own small area as it goes.
         * A dynamic cache's SLC-mode blocks hold the garbage until they
         * are folded (Vector 180: the step comes after 120 GB of random
         * writes, overwrites included). */
        double in_place = dynamic_cache(s) ? 0 : fmin(fmin(in_slc, b - newly_mapped), b);
        range_add(&s->slc_lo, &s->slc_hi, s->slc < 1, wa, wb);
        s->slc += b - in_place;
        s->slc_valid += b;
        if (dynamic_cache(s))
            s->clean -= slc_cost(s) * (b - in_place);
        s->nand_written += b * s->p.slc_wa;
        break;
    }
    case SSD__REG_NATIVE:
        s->valid += b;
        s->clean -= b;
        s->nand_written += b;
        break;
    case SSD__REG_FOLD: {
        /* Fold just enough cache to keep the clean reserve level. */
        double x = s->slc > 0 ? b / (slc_cost(s) - s->slc_valid / s->slc) : 0;
        x = fmin(x, s->slc);
        double xv = s->slc > 0 ? x * s->slc_valid / s->slc : 0;
        s->valid += b + xv;
        s->slc -= x;
        s->slc_valid -= xv;
        s->clean += slc_cost(s) * x - xv - b;
        s->nand_written += b + xv;
        if (s->slc < 0.5) {
            s->clean += slc_cost(s) * s->slc - s->slc_valid;
            s->valid += s->slc_valid;
            s->slc = s->slc_valid = 0;
        }
        break;
    }
    default: {
        /* Reclaim b clean bytes from victims that are a share v garbage. */
        double v = ssd__sim_gc_efficiency(s);
        s->gc_written += b;
        s->valid += b;
        s->invalid -= b;
        if (s->invalid < 0) {
            s->clean += s->invalid;
            s->invalid = 0;
        }
        s->nand_written += b / v;
        break;
    }
    }
    if (s->slc_valid < 0)
        s->slc_valid = 0;
}

/* ---- speeds -------------------------------------------------------------- */

/* Throughput at total queue q, from the QD1 rate x1 and the rate xmax the
 * device reaches at QD32 (the reviews' deep-queue figure): a saturating
 * curve pinned at both ends. */
static double qd_scale(double x1, double xmax, double q) {
    if (x1 >= xmax)
        return xmax;
    if (32 * x1 <= xmax)
        return x1 * q;
    double xinf = 31 * x1 / (32 * x1 / xmax - 1);
    return x1 * q / (1 + (q - 1) * x1 / xinf);
}

/* How short of a full-size cache a dynamic cache is because the drive
 * holds data: 0 on an empty drive, rising as user data leaves less free
 * flash than the nominal cache needs (iXBT's nearly full drive, seed 003),
 * as the drive holds it now. */
static double shortfall_now(const struct ssd__sim *s) {
    if (!dynamic_cache(s) || s->p.slc_gb <= 0)
        return 0;
    double nominal = s->p.slc_gb * GIB / s->p.slc_wa;
    double free_room = (s->native - s->reserve - s->valid) / slc_cost(s);
    double f = 1 - free_room / nominal;
    return f < 0 ? 0 : f > 1 ? 1 : f;
}

/* The shortfall the cache's writes pay: the one the drive had when the
 * cache began to fill (empty: after an idle flushed it, a TRIM, a fresh
 * drive), held until it is empty again. The drive sizes its cache from
 * the flash its data leaves free then; a random write that overwrites
 * native data while the cache fills leaves a stale page in a block still
 * full of valid ones, which frees no room until GC reclaims it. Taken
 * from the live native valid data (before 5 Dec 2026, round 28), every
 * such overwrite counted as room freed at once and sped the cache up as
 * it went: issue 21's fill.suite with the idle after a half fill, 1245
 * rising to 1750 MiB/s over the cache's first 70 GiB, which the analysis
 * read as a slow start (a low-power ramp) before a cache of half its
 * size; the model's cache was one level, 167 GiB. */
static double full_shortfall(const struct ssd__sim *s) {
    return s->slc < 1 ? shortfall_now(s) : s->slc_short;
}

static double write_rate(const struct ssd__sim *s, int r, int seq, double bs, double q) {
    const struct ssd__sim_params *p = &s->p;
    double bseq, brand;
    switch (r) {
    case SSD__REG_SLC: {
        bseq = p->slc_seq_mbps * MIB;
        brand = p->slc_rand_iops * 4096;
        /* A nearly full drive frees its small cache's room by folding while
         * the host writes: each cached byte waits on full_gc_load x the
         * shortfall of a byte folded (a drive with dies to spare folds
         * beside the writes, one without waits on all of it). */
        double load = p->full_gc_load * full_shortfall(s);
        if (load > 0) {
            double slow = 1 / (1 + load * bseq / (p->fold_mbps * MIB));
            bseq *= slow;
            brand *= slow;
        }
        break;
    }
    case SSD__REG_NATIVE:
        bseq = p->native_seq_mbps * MIB;
        brand = p->native_rand_mbps * MIB;
        break;
    case SSD__REG_FOLD:
        bseq = p->fold_mbps * MIB;
        brand = p->fold_mbps * MIB * p->native_rand_mbps / p->native_seq_mbps;
        break;
    default: {
        double v = ssd__sim_gc_efficiency(s);
        bseq = p->native_seq_mbps * MIB * v;
        brand = p->native_rand_mbps * MIB * v;
        break;
    }
    }
    if (brand > bseq)
        brand = bseq;
    double xdev;
    if (seq)
        xdev = bseq;
    else if (bs < 4096)
        xdev = brand * bs / 4096; /* sub-page writes cost a whole page */
    else {
        double f = fmin(1.0, log2(bs / 4096) / 6); /* random reaches sequential at 256K */
        xdev = brand + (bseq - brand) * f;
    }
    xdev = fmin(xdev, fmin(p->iops_cap * bs, p->link_mbps * MIB));
    double link = p->link_mbps * MIB;
    /* A QD1 write is buffered while the cache takes it; past the cache a
     * TLC drive waits on the flash (seed 000: the BX200's QD1 random write
     * a third of the MLC drives'). */
    double lat =
        r != SSD__REG_SLC && p->native_write_lat_us > 0 ? p->native_write_lat_us : p->write_lat_us;
    double x1 = bs / (lat * 1e-6 + bs / link);
    double x = qd_scale(x1, xdev, q);
    if (!seq && p->qd_dip_depth < 1) {
        /* A firmware that handles one queue depth badly (Barefoot 3 at
         * QD4): the dip fades over an octave either side. */
        double d = fabs(log2(q / p->qd_dip_at));
        if (d < 1)
            x *= 1 - (1 - p->qd_dip_depth) * (1 - d);
    }
    return x;
}

static double read_rate(const struct ssd__sim *s, int seq, double bs, double q, double slc_share) {
    const struct ssd__sim_params *p = &s->p;
    double link = p->link_mbps * MIB;
    double lat = (slc_share * p->read_lat_slc_us + (1 - slc_share) * p->read_lat_us) * 1e-6;
    double xdev;
    if (seq) {
        lat *= 0.5; /* read-ahead */
        xdev = fmin(p->read_seq_mbps * MIB, p->iops_cap * bs);
    } else {
        double speedup = sqrt(p->read_lat_us * 1e-6 / lat);
        xdev = fmin(p->read_seq_mbps * MIB, p->read_rand_iops * bs * speedup);
        xdev = fmin(xdev, p->iops_cap * bs);
    }
    double x1 = bs / (lat + bs / link);
    return qd_scale(x1, fmin(xdev, link), q);
}

/* ---- noise, dips, latency ------------------------------------------------ */

static double tick_noise(const struct ssd__sim *s, int64_t tick, double sigma) {
    if (sigma <= 0)
        return 1;
    double z = hash_normal((uint64_t)s->p.seed, 1, (uint64_t)tick);
    double f = exp(sigma * z - 0.5 * sigma * sigma);
    return fmin(fmax(f, 0.05), 4.0);
}

static double dip_factor(const struct ssd__sim *s, double t_mid) {
    const struct ssd__sim_params *p = &s->p;
    if (p->dip_duty <= 0 || p->dip_depth >= 1)
        return 1;
    double cyc = floor(t_mid / p->dip_period_s);
    double into = t_mid - cyc * p->dip_period_s;
    uint64_t h = ssd__hash64((uint64_t)s->p.seed ^ ssd__hash64(2 ^ (uint64_t)(int64_t)cyc));
    double start = u01(h) * (1 - p->dip_duty) * p->dip_period_s;
    if (into < start || into >= start + p->dip_duty * p->dip_period_s)
        return 1;
    /* Dips vary in depth: the seeds report ranges (60K -> 20-40K). */
    double d = p->dip_depth * (0.8 + 0.4 * u01(ssd__hash64(h)));
    return fmin(d, 1.0);
}

/* Under GC the drive alternates between writing into reclaimed blocks and
 * stalling to reclaim more, so one-second samples scatter around the mean
 * (the reviews' dots); a second never drops below the used-state floor nor
 * rises above the direct speed. Drawn per whole virtual second. */
static double gc_spread_factor(const struct ssd__sim *s, double t_mid) {
    const struct ssd__sim_params *p = &s->p;
    if (p->gc_spread <= 0)
        return 1;
    double z = hash_normal((uint64_t)p->seed, 3, (uint64_t)(int64_t)floor(t_mid));
    double f = exp(p->gc_spread * z - 0.5 * p->gc_spread * p->gc_spread);
    double v = ssd__sim_gc_efficiency(s), v_ss = p->floor_mbps / p->native_rand_mbps;
    return fmin(fmax(f, v_ss / v), 1 / v);
}

/* In bulk (a precondition), the mean of what dips and GC spread do to the
 * write speed over time, so a fill takes as long as it does tick by tick:
 * GC spread is clamped (never below the floor), so its mean is not 1. */
static double bulk_mean_factor(const struct ssd__sim *s, int r, double bs) {
    const struct ssd__sim_params *p = &s->p;
    if (r == SSD__REG_GC) {
        double sum = 0;
        for (int k = 0; k < 64; k++)
            sum += gc_spread_factor(s, floor(s->now_s) + k + 0.5);
        return sum / 64;
    }
    if ((r == SSD__REG_SLC || r == SSD__REG_NATIVE) && p->dip_duty > 0 && p->dip_depth < 1)
        return 1 - p->dip_duty * (1 - p->dip_depth) * fmin(1.0, 65536 / bs);
    return 1;
}

/* Records n I/Os whose mean latency is mean_ns: a lognormal body drawn by
 * stratified quantiles plus a tail of stalls. Constant cost per call. */
static void record_latency(struct ssd__sim *s, ssd_hist *h, uint64_t n, double mean_ns,
                           double tail_scale) {
    if (!h || n == 0 || !(mean_ns > 0))
        return;
    const struct ssd__sim_params *p = &s->p;
    double sigma = p->lat_sigma;
    double tail_expect = (double)n * fmin(0.5, p->tail_frac * tail_scale);
    uint64_t n_tail = (uint64_t)tail_expect;
    if (u01(ssd__rng_next(&s->rng)) < tail_expect - (double)n_tail)
        n_tail++;
    if (n_tail > n)
        n_tail = n;
    double tail_val = mean_ns * p->tail_mult;
    uint64_t n_body = n - n_tail;
    double body_mean = mean_ns;
    if (n_body > 0 && n_tail > 0) {
        body_mean = (mean_ns * (double)n - tail_val * (double)n_tail) / (double)n_body;
        body_mean = fmax(body_mean, 0.3 * mean_ns);
    }
    if (!s->strata_ready || s->strata_sigma != sigma) {
        /* exp of the same arguments as before, once a drive, not a chunk:
         * those were a twentieth of a long virtual job's CPU. */
        for (int j = 0; j < SSD__SIM_LAT_STRATA; j++)
            s->strata_exp[j] = exp(sigma * s->strata_z[j]);
        s->strata_norm = exp(-0.5 * sigma * sigma);
        s->strata_sigma = sigma;
        s->strata_ready = 1;
    }
    double jitter = exp(0.1 * sigma * rng_normal(&s->rng));
    double scale = body_mean * jitter * s->strata_norm;
    /* The values and counts in the order they were recorded one by one,
     * recorded in one call (the same sums, to the bit). */
    uint64_t val[SSD__SIM_LAT_STRATA + 8], cnt[SSD__SIM_LAT_STRATA + 8];
    int m = 0;
    if (n_body < SSD__SIM_LAT_STRATA) {
        for (uint64_t i = 0; i < n_body; i++, m++) {
            val[m] = (uint64_t)(scale * exp(sigma * rng_normal(&s->rng))) + 1;
            cnt[m] = 1;
        }
    } else {
        /* One uniform offset per chunk keeps the strata from repeating. */
        int shift = (int)(ssd__rng_next(&s->rng) % SSD__SIM_LAT_STRATA);
        for (int j = 0; j < SSD__SIM_LAT_STRATA; j++, m++) {
            cnt[m] = n_body * (uint64_t)(j + 1) / SSD__SIM_LAT_STRATA -
                     n_body * (uint64_t)j / SSD__SIM_LAT_STRATA;
            double e = s->strata_exp[(j + shift) % SSD__SIM_LAT_STRATA];
            val[m] = (uint64_t)(scale * e) + 1;
        }
    }
    for (uint64_t i = 0; i < n_tail && i < 8; i++, m++) {
        uint64_t c = n_tail / 8 + (i < n_tail % 8);
        if (n_tail < 8)
            c = 1;
        val[m] = (uint64_t)(tail_val * exp(0.5 * rng_normal(&s->rng))) + 1;
        cnt[m] = c;
    }
    ssd__hist_record_each(h, val, cnt, m);
}

static void background_work(struct ssd__sim *s, double seconds);

/* ---- temperature ----------------------------------------------------------- */

/* The throttle step the temperature calls for: a step engages at its
 * temperature and is released throttle_hyst_c below it. */
static int throttle_step_for(const struct ssd__sim *s) {
    const struct ssd__sim_params *p = &s->p;
    double t = s->temp_c, h = p->throttle_hyst_c;
    int k = s->throttle_step;
    if (p->throttle2_c > 0 && t >= p->throttle2_c)
        return 2;
    if (k == 2 && p->throttle2_c > 0 && t >= p->throttle2_c - h)
        return 2;
    if (p->throttle_c > 0 && (t >= p->throttle_c || (k >= 1 && t >= p->throttle_c - h)))
        return 1;
    return 0;
}

/* The speed cap (bytes/s) of the throttle step in force; INFINITY when none. */
static double throttle_cap_bps(const struct ssd__sim *s) {
    return s->throttle_step == 2   ? s->p.throttle2_mbps * MIB
           : s->throttle_step == 1 ? s->p.throttle_mbps * MIB
                                   : INFINITY;
}

/* Sets the throttle step for the temperature now; a step that engages or
 * changes during a job opens a throttled stretch in ground truth. */
static void update_throttle(struct ssd__sim *s) {
    int k = throttle_step_for(s);
    if (k == s->throttle_step)
        return;
    s->throttle_step = k;
    if (k)
        s->throttle_entries[k - 1]++;
    if (k && s->job_active && !s->bulk && s->n_throttles < SSD__SIM_MAX_THROTTLES) {
        struct ssd__sim_throttle *th = &s->throttles[s->n_throttles++];
        th->step = k;
        th->start_s = s->now_s - s->job_start_s;
        th->start_bytes = s->job_written;
        th->start_temp_c = s->temp_c;
        th->bytes = th->seconds = 0;
    }
}

/* seconds at wb write and rb read bytes/s: the temperature moves towards
 * the steady temperature of that power as a first-order lag. */
static void heat(struct ssd__sim *s, double seconds, double wb, double rb) {
    const struct ssd__sim_params *p = &s->p;
    double steady = p->temp_idle_c + p->heat_write_c * wb / GIB + p->heat_read_c * rb / GIB;
    s->temp_c = steady + (s->temp_c - steady) * exp(-seconds / p->thermal_tau_s);
    if (s->throttle_step && !s->bulk)
        s->throttle_seconds[s->throttle_step - 1] += seconds;
}

/* ---- the job ------------------------------------------------------------- */

static double read_share(const struct ssd__workload *w) {
    switch (w->pattern) {
    case SSD__PAT_READ:
    case SSD__PAT_RANDREAD:
        return 1;
    case SSD__PAT_WRITE:
    case SSD__PAT_RANDWRITE:
        return 0;
    default:
        return w->read_pct / 100.0;
    }
}

/* A new phase when the regime changes, or the regime beneath a slump (a
 * slump over direct writes whose clean blocks run out goes on over GC: two
 * slump phases, the second over the used state). */
static void note_phase(struct ssd__sim *s, int r, int beneath) {
    if (s->n_phases > 0 && s->phases[s->n_phases - 1].regime == r &&
        s->phases[s->n_phases - 1].beneath == beneath)
        return;
    if (s->n_phases >= SSD__SIM_MAX_PHASES)
        return;
    struct ssd__sim_phase *ph = &s->phases[s->n_phases++];
    ph->regime = r;
    ph->beneath = beneath;
    ph->start_bytes = s->job_written;
    ph->start_s = s->now_s - s->job_start_s;
    ph->bytes = ph->seconds = ph->end_level_bps = 0;
}

/* Updates the logical map for b host bytes in direction dir; returns the
 * newly mapped bytes (writes) and advances the sequential cursor. */
static double advance_map(struct ssd__sim *s, int dir, double b) {
    const struct ssd__workload *w = &s->w;
    double off = (double)w->offset, span = (double)w->span, dm = 0;
    if (!ssd__pattern_random(w->pattern)) {
        double left = b;
        while (left > 0) {
            double take = fmin(left, span - s->cursor[dir]);
            if (dir == 1)
                dm += ext_set(s, off + s->cursor[dir], off + s->cursor[dir] + take, 1.0);
            s->cursor[dir] += take;
            if (s->cursor[dir] >= span - 0.5)
                s->cursor[dir] = 0;
            left -= take;
        }
        return dm;
    }
    if (dir == 0)
        return 0;
    double keep;
    if (w->full_coverage) {
        double left = span - s->coverage;
        keep = left > 0 ? fmax(0.0, 1.0 - b / left) : 0;
    } else {
        keep = exp(-b / span);
    }
    return ext_scatter(s, off, off + span, keep);
}

static int sim_job_begin(ssd_target *t, const struct ssd__workload *w) {
    struct ssd__sim *s = t->impl;
    if (w->block_size < 512 || w->queue_depth < 1 || w->threads < 1)
        return ssd__fail(t->err, SSD_EINVAL, "sim: workload needs block_size >= 512, qd >= 1");
    if (w->span == 0 || w->offset > t->size || w->span > t->size - w->offset) {
        char off[SSD__NUM_BUF], sp[SSD__NUM_BUF], sz[SSD__NUM_BUF];
        return ssd__fail(t->err, SSD_ERANGE,
                         "sim: test area %s+%s is outside the drive (%s, %llu bytes)",
                         ssd__fmt_size(off, (double)w->offset), ssd__fmt_size(sp, (double)w->span),
                         ssd__fmt_size(sz, (double)t->size), (unsigned long long)t->size);
    }
    s->w = *w;
    s->job_active = 1;
    s->cursor[0] = s->cursor[1] = 0;
    s->coverage = 0;
    s->carry[0] = s->carry[1] = 0;
    s->job_written = 0;
    s->job_written_ios_bytes = 0;
    s->job_start_s = s->now_s;
    s->slump_left = 0;
    s->slump_armed = 0;
    s->n_phases = 0;
    s->n_throttles = 0;
    if (s->throttle_step) { /* still throttled from before: a stretch from the start */
        s->throttles[0] = (struct ssd__sim_throttle){s->throttle_step, 0, 0, s->temp_c, 0, 0};
        s->n_throttles = 1;
    }
    ssd__sim_truth_job_begin(s);
    uint64_t x = ssd__hash64((uint64_t)s->p.seed ^ ssd__hash64(w->seed + 3));
    for (int i = 0; i < 4; i++)
        s->rng.s[i] = x = ssd__hash64(x);
    return 0;
}

static int sim_run_virtual(ssd_target *t, double dt_s, uint64_t max_bytes, struct ssd__interval *iv,
                           ssd_hist *lat[2], double *elapsed_s) {
    struct ssd__sim *s = t->impl;
    *elapsed_s = 0;
    if (!s->job_active)
        return ssd__fail(t->err, SSD_ESTATE, "sim: run_virtual before job_begin");
    if (!(dt_s > 0))
        return ssd__fail(t->err, SSD_EINVAL, "sim: interval %g s is not positive", dt_s);
    const struct ssd__workload *w = &s->w;
    const struct ssd__sim_params *p = &s->p;
    /* The host issues whole I/Os, so a budget that is not a whole number of
     * blocks ends after the I/O that crosses it: time that I/O in full. */
    if (max_bytes && w->block_size && max_bytes % w->block_size)
        max_bytes += w->block_size - max_bytes % w->block_size;
    double bs = (double)w->block_size, q = (double)w->queue_depth * w->threads;
    double pr = read_share(w);
    int seq = !ssd__pattern_random(w->pattern), reads = ssd__pattern_reads(w->pattern);
    double elapsed = 0, done_bytes = 0;
    /* The fractions of an I/O carried from the last call were timed then
     * but are not in the caller's count of whole I/Os: take them off the
     * budget, or a run ends one I/O past it. */
    double carried = (s->carry[0] + s->carry[1]) * bs;
    int stop = 0, phases_before = s->n_phases, throttled = 0;
    double written = 0;
    while (!stop && elapsed < dt_s * (1 - 1e-12)) {
        int64_t tick = (int64_t)floor(s->now_s / p->tick_s + 1e-9);
        double tick_end = (double)(tick + 1) * p->tick_s;
        double step = fmin(dt_s - elapsed, tick_end - s->now_s);
        if (step <= 1e-12 || s->bulk)
            step = s->bulk ? dt_s - elapsed : fmin(dt_s - elapsed, p->tick_s);
        int r = ssd__sim_regime(s);
        /* The cache has just filled under this job's writes: the slump
         * begins (once a job; not in a bulk precondition, which records
         * no truth). */
        if (!s->bulk && !s->slump_armed && p->slump_share > 0 && r != SSD__REG_SLC &&
            s->n_phases > 0 && s->phases[s->n_phases - 1].regime == SSD__REG_SLC && pr < 1) {
            s->slump_armed = 1;
            s->slump_left = p->slump_share * s->slc;
            s->slump_beneath = r;
        }
        /* In the slump the host sees slump_depth times the regime beneath
         * (rr); the flash takes the writes where they go (r). A dynamic
         * cache that folds to make room takes a few MiB again now and then
         * (the room its folding frees): still the slump, over the folding. */
        int slump = !s->bulk && s->slump_left > 0;
        if (slump && r != SSD__REG_SLC)
            s->slump_beneath = r;
        int rr = slump ? s->slump_beneath : r;
        int ph_r = slump ? SSD__REG_SLUMP : r; /* the phase truth records */
        if (!s->bulk)
            update_throttle(s);
        double xw = 0, xr = 0, level_w = 0;
        if (pr < 1 && s->bulk) {
            level_w = write_rate(s, r, seq, bs, q);
            xw = level_w * bulk_mean_factor(s, r, bs);
        } else if (pr < 1) {
            double sigma = rr == SSD__REG_SLC ? p->noise : p->noise_direct;
            level_w = write_rate(s, rr, seq, bs, q) * (slump ? p->slump_depth : 1);
            xw = level_w * tick_noise(s, tick, sigma);
            if (rr == SSD__REG_SLC || rr == SSD__REG_NATIVE) {
                /* The dips are the controller writing back its mapping
                 * table, so they weigh on small writes, which update the
                 * map fastest: full depth up to 64K, a quarter of it at 256K. */
                double d = dip_factor(s, ((double)tick + 0.5) * p->tick_s);
                xw *= 1 - (1 - d) * fmin(1.0, 65536 / bs);
            } else if (rr == SSD__REG_GC)
                xw *= gc_spread_factor(s, ((double)tick + 0.5) * p->tick_s);
        }
        if (reads) {
            double m = ssd__sim_mapped(s);
            double slc_share = m > 0 ? s->slc_valid / m : 0;
            double mapped_here = ext_mapped_in(s, (double)w->offset, (double)(w->offset + w->span));
            double unmapped = 1 - mapped_here / (double)w->span;
            slc_share = unmapped + (1 - unmapped) * slc_share; /* unwritten LBAs read fast */
            xr = read_rate(s, seq, bs, q, slc_share) *
                 tick_noise(s, tick + 0x40000000, p->noise * 0.5);
        }
        /* Reads and writes share the queue and time-share the device; reads
         * interleaved with writes stall the write path (SATA is half duplex,
         * the write buffer cannot flush behind a read), so writes lose a
         * share that grows with the read share: mix_penalty of the gap
         * between the two directions' speeds. Bounded by that gap, the curve
         * runs from all writes to all reads without dipping below either. */
        double x;
        if (pr <= 0)
            x = xw;
        else if (pr >= 1)
            x = xr;
        else
            x = 1 / (pr / xr + (1 - pr) / (xw * (1 - p->mix_penalty * pr *
                                                         (1 - fmin(xr, xw) / fmax(xr, xw)))));
        /* A hot drive caps its speed (a lower power state), reads and
         * writes together. */
        throttled |= s->throttle_step != 0;
        if (!s->bulk && x > throttle_cap_bps(s)) {
            double cap = throttle_cap_bps(s);
            xw *= cap / x;
            xr *= cap / x;
            x = cap;
        }
        double spare = 0; /* share of the chunk a rate-limited host leaves idle */
        if (w->rate_bps && x > (double)w->rate_bps) {
            spare = 1 - (double)w->rate_bps / x;
            x = (double)w->rate_bps;
        }
        if (!(x > 0))
            return ssd__fail(t->err, SSD_EINVAL, "sim: the model produced no throughput");
        /* In bulk, GC's cost follows the state closely enough at 1/512 of
         * the span a chunk (the bulk fill against the ticked one:
         * test_sim_model.c). */
        if (s->bulk)
            step = fmin(step, fmax((double)w->span / 512, 1048576.0) / x);
        double xwb = (1 - pr) * x, xrb = pr * x;
        /* The LBAs this chunk writes (the sequential window up to the end
         * of the tick, or the whole span), for in-place cache updates. */
        double wa = (double)w->offset, wb = wa + (double)w->span;
        if (seq) {
            wa += s->cursor[1];
            wb = fmin(wb, wa + xwb * step);
        }
        double in_place = xwb > 0 ? slc_overwrite_share(s, wa, wb) : 0;
        if (xwb > 0 && r != SSD__REG_GC) {
            double bound =
                regime_bound(s, r, r == SSD__REG_SLC && !dynamic_cache(s) ? in_place : 0);
            /* Split where the regime ends, but not finer than 2 % of a
             * tick: a cache that writes fed by the blocks its own
             * overwrites free would otherwise end again and again within
             * microseconds (it overshoots by at most that much). */
            if (bound / xwb < step)
                step = fmin(step, fmax(bound / xwb, 0.02 * p->tick_s));
        }
        if (slump && xwb > 0 && s->slump_left / xwb < step) /* where the slump ends */
            step = fmin(step, fmax(s->slump_left / xwb, 0.02 * p->tick_s));
        if (max_bytes) {
            double left = fmax((double)max_bytes - carried - done_bytes, 0);
            if (left / x <= step) {
                step = left / x;
                stop = 1;
            }
        }
        if (w->full_coverage && !seq) {
            double left = (double)w->span - s->coverage;
            if (left / x <= step) {
                step = left / x;
                stop = 1;
            }
        }
        double bw = xwb * step, br = xrb * step;
        if (bw > 0) {
            note_phase(s, ph_r, rr);
            double dm = advance_map(s, 1, bw);
            /* A sequential chunk overwrites whole blocks except where
             * random writes scattered the data it replaces. */
            double seq_whole = -1;
            if (seq) {
                double lo = fmax(wa, s->rand_lo), hi = fmin(wb, s->rand_hi);
                seq_whole = wb > wa ? 1 - fmax(hi - lo, 0) / (wb - wa) : 1;
            }
            apply_write(s, r, bw, dm, in_place * bw, seq_whole, wa, seq ? fmin(wa + bw, wb) : wb);
            s->job_written += bw;
            written += bw;
            if (slump)
                s->slump_left = s->slump_left - bw < 1 ? 0 : s->slump_left - bw;
            if (s->phases[s->n_phases - 1].regime == ph_r &&
                s->phases[s->n_phases - 1].beneath == rr) {
                s->phases[s->n_phases - 1].bytes += bw;
                s->phases[s->n_phases - 1].seconds += step;
                s->phases[s->n_phases - 1].end_level_bps = level_w;
            }
        }
        if (br > 0)
            advance_map(s, 0, br);
        if (w->full_coverage)
            s->coverage += bw + br;
        if (spare > 0)
            background_work(s, spare * step);
        heat(s, step, xwb, xrb);
        if (!s->bulk && s->throttle_step && s->n_throttles > 0) {
            s->throttles[s->n_throttles - 1].bytes += bw + br;
            s->throttles[s->n_throttles - 1].seconds += step;
        }
        /* Whole I/Os only; the fraction carries into the next chunk. At
         * the end the I/Os in flight round up once, not once per direction
         * (a 4k randrw budget is one I/O, not a read and a write). */
        uint64_t ops[2];
        double rates[2] = {xrb, xwb}, cio[2], whole[2];
        for (int d = 0; d < 2; d++) {
            cio[d] = s->carry[d] + rates[d] * step / bs;
            whole[d] = fmax(floor(cio[d] + 1e-9), 0);
        }
        if (stop) {
            double extra = ceil(cio[0] + cio[1] - 1e-6) - whole[0] - whole[1];
            for (; extra > 0; extra--) {
                int d = cio[1] - whole[1] > cio[0] - whole[0];
                whole[d] += 1;
            }
        }
        for (int d = 0; d < 2; d++) {
            ops[d] = (uint64_t)whole[d];
            s->carry[d] = stop ? 0 : cio[d] - whole[d];
            iv->ops[d] += ops[d];
            iv->bytes[d] += ops[d] * w->block_size;
        }
        s->job_written_ios_bytes += ops[1] * w->block_size;
        done_bytes += bw + br;
        /* Little's law gives the mean latency; reads and writes split it in
         * proportion to their service times. */
        if (lat && (ops[0] || ops[1])) {
            double sr = xr > 0 ? bs / xr : 0, sw = xw > 0 ? bs / xw : 0;
            double lam = x / bs;
            double c = q / (lam * (pr * sr + (1 - pr) * sw));
            /* Foreground GC and folding stall more writes (and the reads
             * queued behind them). */
            double stalls = r == SSD__REG_GC ? 4 : r == SSD__REG_FOLD ? 2 : 1;
            if (pr >= 1)
                stalls = 1;
            if (ops[0])
                record_latency(s, lat[0], ops[0], c * sr * 1e9, stalls > 1 ? 2 : 1);
            if (ops[1])
                record_latency(s, lat[1], ops[1], c * sw * 1e9, stalls);
        }
        s->now_s += step;
        elapsed += step;
    }
    *elapsed_s = elapsed;
    /* A write regime's level is its speed when cool: a throttled interval
     * is the thermal regime's (the throttles' record), not the regime's. */
    if (!s->bulk && !throttled)
        ssd__sim_truth_interval(s, phases_before, written, elapsed);
    return 0;
}

/* Mapped bytes of [a, b) inside the range [lo, hi), and of the range. */
static double mapped_overlap(const struct ssd__sim *s, double a, double b, double lo, double hi) {
    return hi > lo ? ext_mapped_in(s, fmax(a, lo), fmin(b, hi)) : 0;
}

static void forget_garbage_if_gone(struct ssd__sim *s) {
    if (s->invalid < 1) {
        s->hot_lo = s->hot_hi = 0;
        s->gc_written = 0;
    }
    if (s->slc < 1)
        s->slc_lo = s->slc_hi = 0;
}

static int sim_trim(ssd_target *t, uint64_t offset, uint64_t length) {
    struct ssd__sim *s = t->impl;
    double a = (double)offset, b = (double)offset + (double)length;
    /* Before unmapping: how much of the cache's range and of the garbage's
     * (hot) range the trim removes. */
    double slc_range = mapped_overlap(s, 0, s->user, s->slc_lo, s->slc_hi);
    double slc_cut = mapped_overlap(s, a, b, s->slc_lo, s->slc_hi);
    int hot = s->hot_hi > s->hot_lo;
    double hot_mapped = hot ? ext_mapped_in(s, s->hot_lo, s->hot_hi) : 0;
    double hot_cut = mapped_overlap(s, a, b, s->hot_lo, s->hot_hi);
    double removed = -ext_set(s, a, b, 0.0);
    if (removed <= 0 || s->valid + s->slc_valid <= 0) {
        forget_garbage_if_gone(s);
        return 0;
    }
    double density = slc_range > 0 ? fmin(1.0, s->slc_valid / slc_range) : 0;
    double ts = fmin(slc_cut * density, fmin(removed, s->slc_valid)), tn = removed - ts;
    /* The garbage sits in the hot range's blocks: trimming a share of the
     * data there empties that share of them, and they erase for free. */
    double share = hot ? (hot_mapped > 0 ? fmin(1.0, hot_cut / hot_mapped) : 1.0)
                       : (s->valid > 0 ? fmin(1.0, tn / s->valid) : 1.0);
    double g = s->invalid * share;
    double vn = fmin(tn, s->valid);
    s->valid -= vn;
    s->invalid -= g;
    s->clean += vn + g;
    s->gc_written *= 1 - share;
    if (s->slc_valid > 0 && ts > 0) {
        double sshare = fmin(1.0, ts / s->slc_valid);
        double freed = fmin(ts + (s->slc - s->slc_valid) * sshare, s->slc);
        s->slc -= freed;
        s->slc_valid -= ts;
        if (dynamic_cache(s))
            s->clean += slc_cost(s) * freed;
    }
    if (a <= s->rand_lo && b >= s->rand_hi)
        s->rand_lo = s->rand_hi = 0;
    forget_garbage_if_gone(s);
    return 0;
}

/* What the controller does with time the host leaves it: flush the cache
 * into native flash, then collect garbage up to the idle_gc_gb goal. */
static void background_work(struct ssd__sim *s, double seconds) {
    const struct ssd__sim_params *p = &s->p;
    double goal = p->idle_gc_gb * GIB * (dynamic_cache(s) ? slc_cost(s) : 1.0);
    double left = seconds, dt = fmax(1.0, seconds / 2000);
    while (left > 0) {
        double h = fmin(dt, left);
        /* Flush the cache into native flash, room permitting. */
        if (s->slc > 0) {
            double x = fmin(s->slc, p->flush_mbps * MIB * h);
            double xv = x * s->slc_valid / s->slc;
            if (!dynamic_cache(s)) {
                double avail = s->clean - s->reserve;
                if (xv > avail)
                    x = avail > 0 && xv > 0 ? x * avail / xv : 0;
                xv = x * s->slc_valid / s->slc;
            }
            s->valid += xv;
            s->clean -= xv;
            s->slc_valid -= xv;
            s->slc -= x;
            if (dynamic_cache(s))
                s->clean += slc_cost(s) * x;
            s->nand_written += xv;
            if (s->slc < 0.5)
                s->slc = s->slc_valid = 0;
        }
        /* Background GC prepares clean blocks up to its goal (plus what a
         * static cache still needs to flush). */
        double target = s->reserve + goal + (dynamic_cache(s) ? 0 : s->slc_valid);
        double want = fmin(fmin(p->idle_gc_mbps * MIB * h, s->invalid), target - s->clean);
        if (want > 0) {
            double v = ssd__sim_gc_efficiency(s);
            s->invalid -= want;
            s->clean += want;
            s->nand_written += want * (1 / v - 1);
        }
        left -= h;
    }
}

static int sim_idle(ssd_target *t, double seconds) {
    struct ssd__sim *s = t->impl;
    double before = ssd__sim_fast_room(s);
    background_work(s, seconds);
    /* A throttled drive cools out of its step part-way through the idle:
     * second by second until then, so the throttled time ends there. */
    double left = seconds;
    while (s->throttle_step && left > 0) {
        double dt = fmin(left, 1.0);
        heat(s, dt, 0, 0);
        update_throttle(s);
        left -= dt;
    }
    if (left > 0) {
        heat(s, left, 0, 0);
        update_throttle(s);
    }
    s->now_s += seconds;
    s->last_idle_recovered = fmax(0.0, ssd__sim_fast_room(s) - before);
    forget_garbage_if_gone(s);
    return 0;
}

static void sim_close(ssd_target *t) {
    if (t->impl)
        ssd__sim_truth_free(t->impl);
    free(t->impl);
    t->impl = NULL;
}

/* The model counts what the host wrote and what the flash programmed (cache
 * writes, folding, GC moves), has a temperature and, where it throttles,
 * the thermal management counters; nothing else of a health log. */
static int sim_health(ssd_target *t, ssd_health *h) {
    const struct ssd__sim *s = t->impl;
    h->available = 1;
    snprintf(h->source, sizeof h->source, "sim model");
    /* whole bytes, as a drive counts them (the model's are continuous) */
    h->host_written_bytes = round(s->host_written);
    h->media_written_bytes = round(s->nand_written);
    h->temperature_c = round(s->temp_c * 10) / 10; /* a sensor's tenth of a degree */
    /* A profile that throttles counts as an NVMe drive's thermal management
     * does (step 1: TMT1, step 2: TMT2; whole seconds); one that never
     * throttles has no such counters. */
    if (s->p.throttle_c > 0) {
        h->thermal_t1_transitions = s->throttle_entries[0];
        h->thermal_t1_seconds = floor(s->throttle_seconds[0]);
    }
    if (s->p.throttle2_c > 0) {
        h->thermal_t2_transitions = s->throttle_entries[1];
        h->thermal_t2_seconds = floor(s->throttle_seconds[1]);
    }
    return 0;
}

/* The drive's state as it leaves the factory (fresh), written once (full)
 * or in the steady used state (dirty). */
static void reset_state(struct ssd__sim *s, int pre) {
    s->n_ext = 1;
    s->ext[0].start = 0;
    s->valid = s->invalid = s->slc = s->slc_valid = 0;
    s->hot_lo = s->hot_hi = s->slc_lo = s->slc_hi = s->gc_written = 0;
    s->rand_lo = s->rand_hi = 0;
    if (pre == SSD__PRE_DIRTY)
        s->rand_hi = s->user;
    switch (pre) {
    case SSD__PRE_FULL:
        s->ext[0].mapped = 1;
        s->valid = s->user;
        s->clean = s->native - s->user;
        break;
    case SSD__PRE_DIRTY:
        s->ext[0].mapped = 1;
        s->valid = s->user;
        s->clean = s->reserve;
        s->invalid = s->native - s->user - s->reserve;
        s->hot_lo = 0;
        s->hot_hi = s->user;
        s->gc_written = 1e30; /* settled long ago */
        break;
    default:
        s->ext[0].mapped = 0;
        s->clean = s->native;
        break;
    }
}

/* A sanitize: every block erased, the cache empty, nothing mapped. The
 * clock and the lifetime write counters go on. */
static int sim_purge(ssd_target *t, const char **how) {
    reset_state(t->impl, SSD__PRE_FRESH);
    *how = "model reset";
    return 0;
}

/* Writes the whole drive `loops` times as ssd_target_precondition's jobs
 * would (128 KiB sequential or 4 KiB random writes at QD32, each loop one
 * pass over every block), in bulk: chunks of a share of the drive, so the
 * cost does not grow with its capacity or fall with its speed. A fill
 * level (bytes > 0) writes only the first `bytes`, once. */
static int sim_fill(ssd_target *t, int random, unsigned loops, uint64_t bytes, uint64_t *written) {
    struct ssd__sim *s = t->impl;
    uint64_t total = 0;
    int rc = 0;
    for (unsigned k = 0; k < loops && !rc; k++) {
        struct ssd__workload w;
        memset(&w, 0, sizeof w);
        w.pattern = random ? SSD__PAT_RANDWRITE : SSD__PAT_WRITE;
        w.block_size = random ? 4096 : 131072;
        w.queue_depth = 32;
        w.submit_batch = 1;
        w.threads = 1;
        w.span = bytes && !random ? bytes : t->size;
        w.full_coverage = 1;
        w.seed = 101 + k;
        w.interval_s = 3600;
        if ((rc = sim_job_begin(t, &w)))
            break;
        struct ssd__interval iv = {{0, 0}, {0, 0}};
        double el = 0, dt = 1e9;
        s->bulk = 1;
        do
            rc = sim_run_virtual(t, dt, random ? 0 : w.span, &iv, NULL, &el);
        while (!rc && el >= dt * (1 - 1e-12));
        s->bulk = 0;
        total += iv.bytes[1];
    }
    if (written)
        *written = total;
    return rc;
}

static const struct ssd__target_ops sim_ops = {
    .kind = "sim",
    .trim = sim_trim,
    .purge = sim_purge,
    .fill = sim_fill,
    .idle = sim_idle,
    .health = sim_health,
    .job_begin = sim_job_begin,
    .run_virtual = sim_run_virtual,
    .close = sim_close,
};

struct ssd__sim *ssd__sim_of(ssd_target *t) {
    return t && t->ops == &sim_ops ? t->impl : NULL;
}

int ssd__sim_target_open(ssd_target *t, const char *spec) {
    struct ssd__sim_params p;
    const char *name;
    char msg[SSD__ERRMSG_SIZE - 64];
    int rc = ssd__sim_resolve(spec, &p, &name, msg, sizeof msg);
    if (rc)
        return ssd__fail(t->err, rc, "sim:%s: %s", spec, msg);
    struct ssd__sim *s = calloc(1, sizeof *s);
    if (!s)
        return ssd__fail(t->err, SSD_ENOMEM, "sim: out of memory");
    s->p = p;
    s->profile = name;
    s->user = (double)ssd__sim_user_bytes(&p);
    s->raw = ssd__sim_raw_bytes(&p);
    /* A static cache is carved out of the spare flash, in SLC mode. */
    s->native = s->raw - ((int)p.slc_type == SSD__SLC_STATIC ? p.slc_gb * GIB * p.bits : 0);
    s->reserve = s->raw * p.reserve_pct / 100.0;
    for (int j = 0; j < SSD__SIM_LAT_STRATA; j++)
        s->strata_z[j] = inv_normal((j + 0.5) / SSD__SIM_LAT_STRATA);
    reset_state(s, (int)p.precondition);
    s->temp_c = p.temp_idle_c;
    t->ops = &sim_ops;
    t->impl = s;
    t->size = (uint64_t)s->user;
    t->block_size = 512;
    /* The model's state at open is known, unlike a device's or a file's: a
     * fresh one (the default) is a drive fresh from TRIM, a full one was
     * written once sequentially, a dirty one is in the settled used state
     * a random fill leaves, and a job on it records so (DESIGN.md, "The
     * analysis context travels with the run"), as after a purge or a
     * precondition. The dirty one records the 2x the capacity of SNIA's
     * random fill, as `precondition kind=random_fill` would: every block
     * written and rewritten, which is all the analysis reads from it (a
     * drive of unknown past is a device, a file or past=unknown; round 45's audit found
     * this one read as a cache, the state it stood for not recorded). */
    int pre = (int)p.precondition;
    if (p.past_unknown)
        return 0; /* past=unknown: as a device's, nothing recorded */
    t->ctx_known = 1;
    t->ctx_written = pre == SSD__PRE_FULL ? t->size : pre == SSD__PRE_DIRTY ? 2 * t->size : 0;
    t->ctx_precondition = pre == SSD__PRE_FULL    ? SSD_PRECONDITION_SEQ_FILL
                          : pre == SSD__PRE_DIRTY ? SSD_PRECONDITION_RANDOM_FILL
                                                  : SSD_PRECONDITION_NONE;
    /* A fresh one's cache is empty, as after an idle: nothing was written
     * into it since (DESIGN.md's written_since_idle_bytes). */
    if ((int)p.precondition == SSD__PRE_FRESH) {
        t->since_idle_known = 1;
        t->since_idle_written = 0;
    }
    return 0;
}
