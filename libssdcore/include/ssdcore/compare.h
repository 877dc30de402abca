/*
 * ssdcore/compare.h - several drives side by side, as the reviews print
 * them: the headline figures of several results directories (suite runs)
 * in one table, sorted bars per figure with one drive highlighted and the
 * percentage difference against it, the QD / block-size / mixed curves of
 * every drive overlaid, and their write curves on shared axes.
 *
 * Runs of different suites compare on the figures they share; a figure a
 * run does not have is missing (null in JSON, empty in CSV, "missing" on
 * the page), never zero. The figures are whatever the runs' headlines hold
 * ("headline" in results.json), flattened to dotted keys such as
 * "seq_read_bps" or "write_curves.degradation.cache_bytes", so figures a
 * newer suite adds are compared without a change here.
 *
 * Lifecycle: ssd_compare_create, ssd_compare_add_run for each results
 * directory, optionally ssd_compare_set_option, then ssd_compare_to_json /
 * _csv / _html or ssd_compare_write, ssd_compare_free. Not thread-safe: one
 * thread per handle.
 */
#ifndef SSDCORE_COMPARE_H
#define SSDCORE_COMPARE_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ssd_compare ssd_compare;

/* Creates an empty comparison. Returns 0 or SSD_ENOMEM. */
SSD_API int ssd_compare_create(ssd_compare **out);

/* Frees c; NULL is a no-op. */
SSD_API void ssd_compare_free(ssd_compare *c);

/*
 * Adds the results directory dir (results.json and its series CSVs, as
 * ssd_suite_load reads them) as one drive. label names it on the page
 * (NULL: the drive's model from results.json, else the target URI; a label
 * already taken gets " (2)", " (3)"...). Returns 0, or a negative code with
 * the directory and what is wrong in ssd_compare_errmsg(): -errno (no
 * results.json), SSD_EFORMAT (not a results.json), SSD_ENOMEM. A run whose
 * CSV is missing is added with the figures results.json stored.
 */
SSD_API int ssd_compare_add_run(ssd_compare *c, const char *dir, const char *label);

/*
 * Sets an option: "highlight" (the drive the others are measured against,
 * by label or 1-based position) or "title"; ssd_compare_options() lists
 * them with their help (docs/options.md). Returns 0 or SSD_EINVAL (unknown
 * key, or no drive with that label; the message says which).
 */
SSD_API int ssd_compare_set_option(ssd_compare *c, const char *key, const char *value);

/* The options ssd_compare_set_option accepts, in a static array of *n
 * entries (ssdcore/base.h). Thread-safe. */
SSD_API const ssd_option_info *ssd_compare_options(size_t *n);

/* The number of drives added. */
SSD_API size_t ssd_compare_drive_count(const ssd_compare *c);

/* compare.json (schema "ssdcore-compare/1"): the drives with their target
 * and identity, and every figure with its label, unit, which way is better
 * and one value per drive (null when missing). flags: enum ssd_json_flags
 * (SSD_JSON_COMPACT: a drive or a figure a line, as compare.json is
 * written). Malloc'd, freed with ssd_free. Returns 0, SSD_EINVAL (NULL or
 * an unknown flag), SSD_ENODATA (no drive added) or SSD_ENOMEM. */
SSD_API int ssd_compare_to_json(const ssd_compare *c, int flags, char **out);

/* compare.csv: one row per drive x figure (drive,figure,label,unit,better,
 * value,pct_vs_highlight), the value empty when missing. As above. */
SSD_API int ssd_compare_csv(const ssd_compare *c, char **out);

/* compare.html: one self-contained page (SVG charts, inline script, no
 * external fetch). As above. */
SSD_API int ssd_compare_html(const ssd_compare *c, char **out);

/* The summary as text, a block per drive: its name, suite and directory,
 * then the cache, the speed after it, the used state (start -> end, the
 * slowest second), the recovery after idle and after TRIM, QD and
 * block-size dips, the fill time and the application score, each a value
 * with its unit or what it is in words ("no cache", "not in this run",
 * "at least 77.10 GiB, the drive never slowed"). Malloc'd in *out
 * (ssd_free). Returns 0, SSD_ENODATA (no runs) or SSD_ENOMEM. */
SSD_API int ssd_compare_text(const ssd_compare *c, char **out);

/* Writes compare.html, compare.json and compare.csv into dir (created if
 * missing), each atomically. Returns 0 or a negative code (message in
 * ssd_compare_errmsg). */
SSD_API int ssd_compare_write(ssd_compare *c, const char *dir);

/* The last error message; "" when there was none. Owned by c. */
SSD_API const char *ssd_compare_errmsg(const ssd_compare *c);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_COMPARE_H */
