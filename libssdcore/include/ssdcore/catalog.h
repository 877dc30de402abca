/*
 * ssdcore/catalog.h - a results catalog: every suite run kept in one SQLite
 * file, so drives can be found and compared later without hunting for
 * results directories.
 *
 * The file holds two tables any SQLite client can read (Python's sqlite3,
 * the sqlite3 shell): runs (one row per run: id, run_key, dir, drive,
 * model, serial, firmware, capacity_bytes, target, target_kind, suite,
 * status, host, tool, started, finished, added, headline JSON) and figures
 * (run_id, key, value: the run's headline figures flattened to dotted keys,
 * as ssdcore/compare.h names them). A run is identified by its host, target,
 * suite and start time, so adding it again (from the same or a moved
 * directory) changes nothing.
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

/* Opens the catalog at path (NULL: the default path), creating the file and
 * its directory when missing. As sqlite3_open does, *out receives a handle
 * even on failure (unless memory runs out) so ssd_catalog_errmsg() can say
 * what was wrong; close it in every case. Returns 0, -errno, SSD_EFORMAT
 * (not an ssdcore catalog) or SSD_EIO (SQLite failed; the message says
 * why). */
SSD_API int ssd_catalog_open(ssd_catalog **out, const char *path);

/* Closes c; NULL is a no-op. */
SSD_API void ssd_catalog_close(ssd_catalog *c);

/* Adds the run in results directory dir (its results.json). Returns 1 when
 * added, 0 when the run was already there (nothing changes), or a negative
 * code with the directory and the reason in ssd_catalog_errmsg(): -errno,
 * SSD_EFORMAT (not a results.json), SSD_EIO. */
SSD_API int ssd_catalog_add(ssd_catalog *c, const char *dir);

/* The runs whose drive, model, serial or target contains drive_text
 * (case-insensitive; NULL or "" lists every run), oldest first, in a
 * malloc'd string (ssd_free). format "json": an array of objects with the
 * runs table's columns (headline left out); "text": a table for people (id,
 * started, drive, suite, status, directory), one run a line under a header.
 * Returns the number of runs, SSD_EINVAL (unknown format) or a negative
 * code. */
SSD_API int ssd_catalog_list(ssd_catalog *c, const char *drive_text, const char *format,
                             char **out);

/* The results directory of the newest run matching drive_text as above, in
 * a malloc'd string (ssd_free). Returns 0, SSD_ENODATA (no run matches: the
 * message says which text) or a negative code. */
SSD_API int ssd_catalog_latest_run(ssd_catalog *c, const char *drive_text, char **dir_out);

/* The last error message; "" when there was none. Owned by c. */
SSD_API const char *ssd_catalog_errmsg(const ssd_catalog *c);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_CATALOG_H */
