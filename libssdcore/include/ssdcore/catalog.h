/*
 * ssdcore/catalog.h - a results catalog: every suite run kept in one SQLite
 * file, so drives can be found and compared later without hunting for
 * results directories.
 *
 * The file holds two tables any SQLite client can read (Python's sqlite3,
 * the sqlite3 shell): runs (one row per run: id, run_key, dir, drive (the
 * drive as the compare page names it: "Transcend SSD370 256 GB"; its
 * identity is in model, serial and target), model, serial, firmware, capacity_bytes, target,
 * target_kind, suite, status, host, tool, started, finished, added, headline JSON) and figures
 * (run_id, key, value: the run's headline figures flattened to dotted keys,
 * as ssdcore/compare.h names them). A run is identified by the run_id its
 * results.json records, so adding it again (from the same or a moved
 * directory) changes nothing unless the run changed; results written before
 * ssdcore recorded run_id are identified by host, target, suite, start time
 * and directory.
 *
 * Not thread-safe: one thread per handle; several processes may share a
 * file (SQLite locks it).
 */
#ifndef SSDCORE_CATALOG_H
#define SSDCORE_CATALOG_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ssd_catalog ssd_catalog;

/* The default catalog path in a malloc'd string (ssd_free): $SSDCORE_CATALOG
 * when set, else $XDG_DATA_HOME/ssdcore/catalog.sqlite, else
 * $HOME/.local/share/ssdcore/catalog.sqlite. Returns 0, SSD_ENODATA (no
 * HOME either) or SSD_ENOMEM. */
SSD_API int ssd_catalog_default_path(char **out);

/* A catalog: ssd_catalog_create (0, SSD_EINVAL or SSD_ENOMEM), then
 * ssd_catalog_set_option (the table ssd_catalog_options() returns;
 * docs/options.md: create, 1 by default, creates the file and its
 * directory when missing; 0 is for reading a catalog that must exist, where
 * a missing file is -ENOENT, "no such catalog", and nothing is created),
 * then ssd_catalog_open, once, of the file at path (NULL: the default
 * path). open returns 0, -errno, SSD_EFORMAT (not an ssdcore catalog),
 * SSD_EIO (SQLite failed) or SSD_ESTATE (opened before), with the reason in
 * ssd_catalog_errmsg(); set_option after open is SSD_ESTATE. */
SSD_API int ssd_catalog_create(ssd_catalog **out);
SSD_API int ssd_catalog_set_option(ssd_catalog *c, const char *key, const char *value);
SSD_API const ssd_option_info *ssd_catalog_options(size_t *n);
SSD_API int ssd_catalog_open(ssd_catalog *c, const char *path);

/* Closes c; NULL is a no-op. */
SSD_API void ssd_catalog_free(ssd_catalog *c);

/* Adds the run in results directory dir (its results.json). Returns 1 when
 * added, 2 when the run was there but has changed since (its status, end or
 * figures: it was catalogued while running; or the directory first
 * catalogued no longer holds it): its row is updated; 0 when the run was
 * already there as it is (nothing changes); or a negative code with the
 * directory and the reason in ssd_catalog_errmsg(): -errno, SSD_EFORMAT (not
 * a results.json this version reads), SSD_EIO. A run whose results.json says
 * "running" while no process holds its directory is catalogued as
 * "interrupted", as every reader shows it. */
SSD_API int ssd_catalog_add(ssd_catalog *c, const char *dir);

/* The runs whose drive, model, serial or target contains drive_text
 * (case-insensitive; NULL or "" lists every run), oldest first, in a
 * malloc'd string (ssd_free). format "json": an array of objects with the
 * runs table's columns (headline left out); "text": a table for people (id,
 * started, drive, target, suite, status, directory), one run a line under a
 * header.
 * The number of runs in *n unless n is NULL. Returns 0, SSD_EINVAL
 * (unknown format) or a negative code. */
SSD_API int ssd_catalog_list(ssd_catalog *c, const char *drive_text, const char *format, char **out,
                             size_t *n);

/* The results directory of the newest run matching drive_text as above, in
 * a malloc'd string (ssd_free), among the runs that also match each filter
 * that is not NULL: run (the catalog id `catalog list` prints, or the
 * start of the run's run_id, 4 hex digits at least), suite (its name,
 * exactly), date (the start of its start time: "2026-12-03",
 * "2026-12-03T07"). A run whose directory now holds another run (the
 * directory was reused) or no results.json is passed over, and the run
 * found there is catalogued; a run that changed since it was catalogued is
 * updated first. With about_out, a malloc'd line (ssd_free) says which
 * run was taken and of how many that matched, e.g. 'drive "ssd370": run 7
 * (run_id 3f2a09c1d4e5..., lab2016, started 2026-12-03T07:04:39Z, DIR),
 * the newest of 3 matching runs'. Returns 0, SSD_ENODATA (no run matches,
 * or none is still where it was catalogued: the message says which text
 * and why) or a negative code. */
SSD_API int ssd_catalog_pick_run(ssd_catalog *c, const char *drive_text, const char *run,
                                 const char *suite, const char *date, char **dir_out,
                                 char **about_out);

/* Every run, oldest first, as ssd_catalog_list(c, NULL, "json", ...) gives
 * them, in a malloc'd string (ssd_free). flags: enum ssd_json_flags
 * (base.h). Returns 0, SSD_EINVAL (NULL, an unknown flag) or a negative
 * code with the reason in ssd_catalog_errmsg(). */
SSD_API int ssd_catalog_to_json(const ssd_catalog *c, int flags, char **out);

/* The last error message; "" when there was none. Owned by c. */
SSD_API const char *ssd_catalog_errmsg(const ssd_catalog *c);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_CATALOG_H */
