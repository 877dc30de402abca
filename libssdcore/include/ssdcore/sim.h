/*
 * ssdcore/sim.h - the simulated drive: profiles and ground truth.
 *
 * A "sim:" target (see target.h) is a drive model that runs in virtual time:
 * a two-hour test costs well under a second of wall time and is exactly
 * reproducible from its seed. Its URI names a profile and may override any
 * parameter:
 *
 *   sim:bx200                       a named profile (ssd_sim_profile_name)
 *   sim:bx200,slc_gib=6,noise=0,seed=7   the same with three overrides
 *   sim:bx200,profile=/path/my.ini  overrides read from a file
 *   sim:file=/path/my.ini           a profile file on top of the defaults
 *   sim:                            the default profile (bx200)
 *
 * Overrides apply left to right. A profile file holds "key = value" lines;
 * '#' starts a comment; a "base = NAME" line (first) starts from a named
 * profile. Keys and their ranges: `ssdcore sim show PROFILE` or
 * ssd_sim_profile_to_json(). Sizes are GiB and speeds MiB/s, as in the
 * reviews, except capacity_gb (the marketing decimal size, IDEMA LBA count).
 *
 * Ground truth is what the model knows and an analysis has to find out: the
 * nominal and effective SLC cache, where in the last job the cache filled or
 * folding began, how many fast-write bytes the last idle period recovered,
 * how dirty the drive is, the virtual clock.
 *
 * Strings returned through char ** are malloc'd; release them with
 * ssd_free(). Functions without a target are thread-safe; the ones
 * taking a target follow the target's rule (one thread at a time).
 */
#ifndef SSDCORE_SIM_H
#define SSDCORE_SIM_H

#include "base.h"
#include "target.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Opens a target from its URI, any kind target.h lists: a file path, a
 * block device (/dev/...) or sim:SPEC. Here rather than in target.h: the
 * dispatch must know the simulated drive, which is built on the target
 * interface. Returns 0 or a negative code with a message naming the URI and
 * what is wrong in ssd_target_errmsg(). */
SSD_API int ssd_target_open(ssd_target *t, const char *uri);

/* The built-in profiles, 0 <= i < ssd_sim_profile_count(). name returns
 * "bx200", "ssd370"...; describe returns a one-line description of the drive
 * and the seed review it reproduces. Both return NULL when i is out of range.
 * The strings are static. */
SSD_API size_t ssd_sim_profile_count(void);
SSD_API const char *ssd_sim_profile_name(size_t i);
SSD_API const char *ssd_sim_profile_describe(size_t i);

/* The parameters every profile sets, 0 <= i < ssd_sim_param_count():
 * key name and a one-line description with the unit. NULL out of range. */
SSD_API size_t ssd_sim_param_count(void);
SSD_API const char *ssd_sim_param_name(size_t i);
SSD_API const char *ssd_sim_param_describe(size_t i);

/*
 * Resolves spec (the part of a URI after "sim:", e.g. "bx200,slc_gib=6"; NULL
 * is the default profile) into a JSON object: {"name":..., "description":...,
 * "params":{key: value...}, "derived":{...}} with derived figures such as
 * raw_bytes and cache_effective_bytes. flags: enum ssd_json_flags
 * (SSD_JSON_COMPACT, 0: one line without spaces). Returns 0 and a malloc'd string in *out; on
 * failure returns SSD_EINVAL / SSD_ERANGE / -errno and *out holds a malloc'd one-line message
 * naming the key at fault (or NULL when out of memory or flags are bad). Either way free *out with
 * ssd_free().
 */
SSD_API int ssd_sim_profile_to_json(const char *spec, int flags, char **out);

/*
 * One parameter of a resolved spec as text, exactly as a profile file or URI
 * would set it ("static", "3", "0.5"), or one of its derived figures (the
 * JSON's "derived" keys: "cache_effective_bytes" ... as a whole number):
 * writes at most len bytes including the NUL into buf (64 bytes always
 * suffice). Returns 0; SSD_EINVAL for an unknown key; SSD_ERANGE when buf
 * is too small; or the error of a spec that does not resolve (ssd_sim_profile_to_json() gives its
 * message).
 * `ssdcore sim show NAME` prints every parameter this way, so its output is
 * a valid profile file.
 */
SSD_API int ssd_sim_profile_value(const char *spec, const char *key, char *buf, size_t len);

/*
 * One ground-truth figure of an open sim target, by key:
 *   "cache_nominal_bytes"        the SLC cache as specified (0 without one)
 *   "cache_effective_bytes"      host bytes an empty cache absorbs on a
 *                                fresh drive (nominal / slc_wa, and for a
 *                                dynamic cache no more than free space allows):
 *                                the profile's figure, not a run's (a run's
 *                                cache is "cache_full_at_bytes")
 *   "cache_used_bytes"           host data now in the SLC cache
 *   "cache_room_bytes"           host bytes the cache takes before it is full
 *   "cache_full_at_bytes"        in the last job: host bytes written when
 *                                writes stopped going to the cache (the end
 *                                of the SLC-mode step on an MLC drive); 0
 *                                when the cache was full from the job's first
 *                                byte (a fill without an idle after it)
 *   "folding_start_bytes"        in the last job: where folding began (with
 *                                a slump over it: the slump's start)
 *   "gc_start_bytes"             in the last job: where writes became
 *                                garbage-collection bound (the main drop)
 *   "cache_mean_bps"             in the last job: mean host write rate while
 *                                writing into the cache
 *   "post_cache_mean_bps"        ... in the first regime after the cache
 *                                (direct to TLC/MLC, folding or GC-bound),
 *                                after a slump if there was one
 *   "folding_mean_bps"           ... while folding
 *   "cache_level_bps", "post_cache_level_bps", "folding_level_bps",
 *   "gc_level_bps"               in the last job: the level of each regime,
 *                                the median of the rates of the job's
 *                                intervals that lay wholly in it (what an
 *                                analysis phase's level_bps is of its samples)
 *   "slump_bytes", "slump_level_bps"  in the last job: the host bytes and
 *                                level of a slump right after the cache
 *                                (the slump_share key; off by default)
 *   "job_written_bytes"          host bytes written in the last job
 *   "host_written_bytes"         host bytes written since open
 *   "nand_written_bytes"         flash bytes programmed since open
 *   "write_amplification"        nand / host since open (NaN, null, before writes)
 *   "last_idle_recovered_bytes"  fast-write bytes the last idle period made
 *                                available (cache room, or clean flash on a
 *                                drive without a cache)
 *   "fast_room_bytes"            fast-write bytes available now
 *   "mapped_bytes"               logical bytes holding data
 *   "valid_bytes", "invalid_bytes", "clean_bytes"   flash state
 *   "gc_efficiency"              1 = writes at full speed; the used-state
 *                                floor is floor_mibps / native_rand_mibps
 *   "dirty"                      1 when writes are now GC-bound, else 0
 *   "virtual_time_s"             the virtual clock since open
 *   "temperature_c"              the model's temperature now
 *   "throttle_start_s", "throttle_start_bytes", "throttle_start_temp_c"
 *                                in the last job: when, after how many host
 *                                bytes written and at what temperature the
 *                                drive first throttled
 *   "throttle_level_bps"         ... its mean host rate in that first
 *                                throttled stretch
 *   "throttled_s"                seconds of the last job run throttled
 * Returns 0; SSD_ENODATA when the event ("..._at_bytes", "..._start_bytes",
 * "..._mean_bps") did not happen in the last job (a "..._level_bps" also
 * when the regime never lasted a whole interval); SSD_EINVAL for an unknown
 * key or a target that is not an open sim target (message in
 * ssd_target_errmsg()).
 */
SSD_API int ssd_sim_truth(ssd_target *t, const char *key, double *out);

/* All of the above as one malloc'd JSON object (events that did not happen
 * are null), plus "counters_since": "open" (the counters above count since
 * the target was opened: a URI's precondition=seq_fill is a past state),
 * "written_before_bytes" and "precondition" (what that past wrote since
 * the last TRIM or purge and how it was preconditioned, as a job run now
 * records them in its analysis context; null and "unknown" when the target
 * does not know), "profile", "params", "regime" (where a write would go
 * now) and "phases": the regimes of the last job in order,
 * [{"regime":"slc"|"native"|"fold"|"gc", "start_bytes":..., "start_s":...,
 * "bytes":..., "runtime_s":...}, ...] (at most 64), and "throttles": the
 * thermal regime, each stretch of the last job run throttled,
 * [{"regime":"throttle", "step":1|2, "start_bytes", "start_s",
 * "start_temp_c", "bytes", "runtime_s", "mean_bps"}, ...] ("runtime_s"
 * was "seconds" before round 21). flags: enum
 * ssd_json_flags (SSD_JSON_COMPACT, 0: one line without spaces). Returns 0 or a negative code
 * (message in ssd_target_errmsg()). Free *out with ssd_free(). */
SSD_API int ssd_sim_truth_to_json(ssd_target *t, int flags, char **out);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_SIM_H */
