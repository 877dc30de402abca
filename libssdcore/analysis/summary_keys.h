/* summary_keys.h - the keys of the summary figures in ssd_analysis_to_json,
 * per object and in the order they are written, each with the
 * struct ssd_analysis_summary member it holds: X(key, member). The writer
 * (analysis_json.c) and the reader of a stored analysis (suite_load.c)
 * both expand these, so the two cannot name a figure differently. */
#ifndef SSD_SUMMARY_KEYS_H
#define SSD_SUMMARY_KEYS_H

/* clang-format off */
#define SSD__CACHE_KEYS(X)                                                                         \
    X(bytes, cache_bytes) X(level_bps, cache_level_bps)                                            \
    X(drop_ratio, cache_drop_ratio) X(uncertainty_bytes, cache_uncertainty_bytes)
#define SSD__FOLDING_KEYS(X)                                                                       \
    X(start_bytes, folding_start_bytes) X(level_bps, folding_level_bps)
#define SSD__GC_KEYS(X)                                                                            \
    X(start_bytes, gc_start_bytes) X(level_bps, gc_level_bps) X(end_level_bps, gc_end_level_bps)   \
    X(start_level_bps, gc_start_level_bps) X(slope_bps_per_gib, gc_slope_bps_per_gib)
#define SSD__TEMPERATURE_KEYS(X)                                                                   \
    X(start_c, temp_start_c) X(max_c, temp_max_c) X(end_c, temp_end_c)
#define SSD__THROTTLE_KEYS(X)                                                                      \
    X(start_s, throttle_start_s) X(start_bytes, throttle_start_bytes) X(temp_c, throttle_temp_c)   \
    X(level_bps, throttle_level_bps) X(before_bps, throttle_before_bps) X(throttled_s, throttled_s)
#define SSD__RECOVERY_KEYS(X)                                                                      \
    X(recovered_bytes, recovered_bytes) X(reference_level_bps, reference_level_bps)
/* clang-format on */

/* A censored figure's "censored" word: "none", "right" or "resolution"
 * (enum ssd_censor), as ssd_analysis_to_json and results.json write it. */
const char *ssd__censor_name(int c);

#endif
