/* sim_model.h - internal: the simulated drive's parameters, state and
 * operations, shared by the profile table (sim_profiles.c), the model
 * (sim_target.c), the ground-truth export (sim_truth.c) and the test and
 * bench driver (tests/c/sim_drive.c).
 *
 * The model is analytic, not a page-level FTL: the flash is four pools of
 * bytes (valid native data, invalid native data, clean native space, SLC
 * contents) and the logical space is a short list of extents, each with the
 * fraction of its blocks that hold data. Time advances in chunks of at most
 * one noise tick, split where the write regime changes, so a chunk costs the
 * same whether it holds one I/O or a million. */
#ifndef SSD_SIM_MODEL_H
#define SSD_SIM_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "ssdcore/sim.h"
#include "target_impl.h"
#include "xrand.h"

enum ssd__sim_slc { SSD__SLC_NONE, SSD__SLC_STATIC, SSD__SLC_DYNAMIC };
/* The state at open (`precondition=`), the values of enum ssd_precondition:
 * none (fresh), seq_fill (full), random_fill (dirty). */
enum ssd__sim_pre { SSD__PRE_FRESH, SSD__PRE_FULL, SSD__PRE_DIRTY };
/* How GC's cost follows the garbage (`gc_model`): the fitted power law of
 * the seed reviews, or greedy write amplification of the effective spare. */
enum ssd__sim_gc_model { SSD__GC_PLAIN, SSD__GC_GREEDY };

/* Where host writes go right now; the order is the order of a fill. */
enum ssd__sim_regime {
    SSD__REG_SLC,    /* into the SLC cache */
    SSD__REG_NATIVE, /* directly into TLC/MLC, clean blocks available */
    SSD__REG_FOLD,   /* dynamic cache full and no clean blocks: fold while writing */
    SSD__REG_GC,     /* no clean blocks: every write pays for garbage collection */
    /* Not a place writes go (ssd__sim_regime never returns it): the phase
     * ground truth records while a slump right after the cache slows the
     * host (slump_share of the cache at slump_depth times the regime beneath), whatever
     * the flash writes in beneath it. */
    SSD__REG_SLUMP,
    SSD__REG_COUNT
};

/* Every parameter is a double so that one table drives parsing, range
 * checks, `sim show` and JSON. Sizes in GiB, speeds in MiB/s. */
struct ssd__sim_params {
    double capacity_gb; /* marketing GB; user bytes by the IDEMA LBA formula */
    double op_pct;      /* raw flash beyond user capacity, % of user capacity */
    double bits;        /* bits per cell of the native mode: 2 MLC, 3 TLC */
    double slc_type;    /* enum ssd__sim_slc */
    double slc_gb;      /* nominal SLC cache (dynamic: its largest size) */
    double slc_wa;      /* SLC-internal write amplification: effective = nominal / slc_wa */
    double slc_seq_mbps, slc_rand_iops;
    double native_seq_mbps, native_rand_mbps; /* direct to TLC/MLC; random at 4K QD32 */
    double fold_mbps;                         /* sequential host writes while folding */
    double floor_mbps;                        /* steady used state, 4K QD32 random */
    double gc_gamma;     /* how fast GC cost approaches the floor as garbage thins */
    double gc_settle_gb; /* GC writes over which victims settle to the steady state (0: at once) */
    double gc_spread;    /* per-second lognormal sigma of the write speed under GC */
    double gc_model;     /* enum ssd__sim_gc_model */
    double reserve_pct;  /* clean flash the drive keeps for itself, % of raw */
    double flush_mbps;   /* idle: SLC contents moved to native per second */
    double idle_gc_mbps, idle_gc_gb; /* idle GC: rate and the fast-write bytes it stops at */
    double read_seq_mbps, read_rand_iops, read_lat_us, read_lat_slc_us;
    double write_lat_us, link_mbps, iops_cap;
    double full_gc_load; /* share of foreground folding a nearly full drive's writes wait on */
    double native_write_lat_us; /* QD1 write latency once the cache is full; 0: write_lat_us */
    double mix_penalty; /* share of the read/write speed gap writes lose, times the read share */
    double qd_dip_at, qd_dip_depth; /* random-write speed factor at one queue depth */
    double noise, noise_direct;     /* per-tick lognormal sigma: cache / direct phases */
    double tick_s;
    double dip_period_s, dip_duty, dip_depth; /* periodic GC dips (depth: speed factor) */
    /* A slump right after the cache fills: the next slump_share times the
     * cache's contents (host bytes) run at slump_depth times the speed of the
     * regime beneath (0: no slump). */
    double slump_share, slump_depth;
    double lat_sigma, tail_frac, tail_mult; /* per-I/O latency distribution */
    double precondition;                    /* enum ssd__sim_pre */
    double past_unknown;                    /* past=unknown: jobs record no state */
    double seed;
    /* Thermal model: a first-order lag towards temp_idle_c plus heat_*_c
     * per GiB/s moved; above throttle_c (0: never) the total speed is
     * capped at throttle_mbps, above throttle2_c at throttle2_mbps, each
     * released hyst_c below its threshold. */
    double temp_idle_c, heat_write_c, heat_read_c, thermal_tau_s;
    double throttle_c, throttle_mbps, throttle2_c, throttle2_mbps, throttle_hyst_c;
};

struct ssd__sim_param_info {
    const char *name;
    size_t offset;
    double min, max;
    const char *const *choices; /* NULL-terminated names of an enum, or NULL */
    const char *describe;
};

extern const struct ssd__sim_param_info ssd__sim_param_table[];
extern const int ssd__sim_param_table_size;

struct ssd__sim_profile {
    const char *name;
    const char *describe;
    const char *settings; /* "key=value,..." applied on top of the defaults */
};
extern const struct ssd__sim_profile ssd__sim_profiles[];
extern const int ssd__sim_profiles_count;

/* Resolves spec ("bx200,slc_gb=6", "file=/p.ini", "") into p and the profile
 * name. Messages name the key (and file:line) at fault. */
int ssd__sim_resolve(const char *spec, struct ssd__sim_params *p, const char **profile_name,
                     char *err, size_t errlen);

/* Derived sizes in bytes. */
uint64_t ssd__sim_user_bytes(const struct ssd__sim_params *p);
double ssd__sim_raw_bytes(const struct ssd__sim_params *p);
double ssd__sim_cache_effective_bytes(const struct ssd__sim_params *p);
/* One figure of a profile's "derived" object (ssd_sim_profile_to_json):
 * user_bytes, raw_bytes, cache_nominal_bytes, cache_effective_bytes or
 * floor_iops, each a whole number. Returns 0 and *out, or SSD_EINVAL for
 * another key. */
int ssd__sim_derived(const struct ssd__sim_params *p, const char *key, double *out);

/* A piece of logical space [start, next start) of which `mapped` (0..1)
 * holds data. */
struct ssd__sim_extent {
    double start, mapped;
};

#define SSD__SIM_MAX_EXTENTS 512
#define SSD__SIM_MAX_PHASES 64
#define SSD__SIM_LAT_STRATA 16

struct ssd__sim_phase {
    int regime;
    /* Where writes went when it began (ssd__sim_regime): regime itself,
     * except for a slump, which lies over the regime the cache's end led
     * into (native, fold or gc: that regime began with the slump). */
    int beneath;
    double start_bytes, start_s;
    double bytes, seconds; /* host writes and time spent in it */
    /* The noise-free write speed (bytes/s) of the phase's last chunk: the
     * level the regime had reached when it ended. GC's level falls while
     * victims settle, so its mean is not its level. */
    double end_level_bps;
};

/* One throttled stretch of the last job (ground truth). */
struct ssd__sim_throttle {
    int step; /* 1 or 2 */
    double start_s, start_bytes, start_temp_c;
    double bytes, seconds; /* host bytes moved (both directions) and time in it */
};
#define SSD__SIM_MAX_THROTTLES 256

struct ssd__sim {
    struct ssd__sim_params p;
    const char *profile;
    double user, raw, reserve;
    double native; /* raw flash outside a static cache, in native-mode bytes */
    /* flash pools, bytes */
    double valid, invalid, clean; /* native */
    double slc, slc_valid;        /* SLC contents in host bytes, and the valid part */
    double slc_short; /* the dynamic cache's shortfall when it began to fill (full_gc_load) */
    double host_written, nand_written;
    double now_s;
    /* logical map */
    int n_ext;
    struct ssd__sim_extent ext[SSD__SIM_MAX_EXTENTS];
    /* current job */
    int job_active;
    struct ssd__workload w;
    double cursor[2]; /* sequential position inside the span, per direction */
    double coverage;  /* bytes of the full_coverage pass done */
    double carry[2];  /* fractional I/Os carried between chunks */
    double job_written, job_start_s;
    /* Host bytes of the slump still to write (slump_share, armed once a job
     * when its cache fills), and whether this job's slump was armed. */
    double slump_left;
    int slump_armed, slump_beneath; /* and the regime it lies over (not slc) */
    /* The last job's host writes as the host counts them: whole I/Os of
     * the block size (job_written is the model's continuous position,
     * which places phases to the byte but is no multiple of a block). */
    uint64_t job_written_ios_bytes;
    int n_phases;
    struct ssd__sim_phase phases[SSD__SIM_MAX_PHASES];
    double last_idle_recovered;
    /* Locality, as LBA ranges [lo, hi) (lo >= hi: none). Garbage sits in
     * the blocks of the data whose overwrites made it (hot); the SLC cache
     * holds data written into it since it was last empty (slc). */
    double hot_lo, hot_hi, slc_lo, slc_hi;
    double gc_written;       /* host bytes written under GC since the garbage was last fresh */
    double rand_lo, rand_hi; /* LBAs random writes scattered since they were last trimmed */
    /* A precondition in progress (ssd_target_precondition): run_virtual
     * writes in chunks of a share of the span instead of one noise tick,
     * without noise, dips, latencies or ground truth's interval record, so
     * a fill costs the same however large the drive and however slow. */
    int bulk;
    struct ssd__rng rng; /* latency draws (base/xrand.h) */
    double strata_z[SSD__SIM_LAT_STRATA];
    /* exp(sigma * strata_z[j]) and exp(-sigma^2 / 2) for the sigma they
     * were computed at (strata_ready): the same values record_latency
     * computed per chunk, once. */
    int strata_ready;
    double strata_sigma, strata_norm, strata_exp[SSD__SIM_LAT_STRATA];
    /* The last two pow(base, gc_gamma) ssd__sim_gc_efficiency computed,
     * with their arguments (gc_pows of them, the older replaced next): a
     * chunk under GC asks for the efficiency of the same state two or three
     * times (its write rate, its GC spread, its writes), alternating with
     * the state after its writes. Written through a const sim: a cache of a
     * pure function, not the model's state. */
    int gc_pows, gc_pow_next;
    double gc_pow_base[2], gc_pow_gamma[2], gc_pow[2];
    /* Ground truth's record of the last job's intervals that lay wholly in
     * one phase: their host write rates, whose median is the phase's level
     * (sim_truth.c). Bookkeeping only: the model never reads it. */
    struct ssd__sim_iv_rate *iv;
    size_t iv_n, iv_cap;
    int iv_lost; /* out of memory while recording: levels unknown */
    /* Thermal state: the drive's temperature, the throttle step in force
     * (0 none), and the last job's throttled stretches (truth). */
    double temp_c;
    int throttle_step;
    /* The health log's thermal management counters since open: entries
     * into step 1 and 2 (NVMe TMT1/TMT2 transitions) and seconds in each. */
    double throttle_entries[2], throttle_seconds[2];
    int n_throttles;
    struct ssd__sim_throttle throttles[SSD__SIM_MAX_THROTTLES];
};

struct ssd__sim_iv_rate {
    double bps;
    int phase;
};

/* The model's state for a sim target (t->impl), or NULL for other kinds. */
struct ssd__sim *ssd__sim_of(ssd_target *t);

/* Current regime for a write of this pattern (does not change state). */
int ssd__sim_regime(const struct ssd__sim *s);
const char *ssd__sim_regime_name(int regime);
double ssd__sim_cache_room(const struct ssd__sim *s);
double ssd__sim_fast_room(const struct ssd__sim *s);
double ssd__sim_gc_efficiency(const struct ssd__sim *s);
double ssd__sim_mapped(const struct ssd__sim *s);

/* Ground truth's per-interval record (sim_truth.c): cleared when a job
 * begins; one interval of the job run (phases_before: n_phases when it
 * began, written: host bytes written in it, over seconds); freed on close. */
void ssd__sim_truth_job_begin(struct ssd__sim *s);
void ssd__sim_truth_interval(struct ssd__sim *s, int phases_before, double written, double seconds);
void ssd__sim_truth_free(struct ssd__sim *s);

/* Opens "sim:PROFILE[,k=v...]" (spec is the text after "sim:") into t:
 * sets ops, impl, size and block_size. Called by ssd_target_open (target_uri.c). */
int ssd__sim_target_open(ssd_target *t, const char *spec);

#endif
