/* fo_util.h - private helpers shared by the fileops sources: what only
 * fileops needs. What every box needs (messages, clock, booleans, mkdir -p,
 * UTF-8) comes from libssdcore/base/, which fileops may use
 * (docs/ARCHITECTURE.md). */
#ifndef SSD_FO_UTIL_H
#define SSD_FO_UTIL_H

#include <locale.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <ssdcore.h>

#include "clock.h"
#include "errmsg.h"
#include "file_write.h"
#include "grow.h" /* ssd__mkdirs(path, 0755) for every directory fileops makes */
#include "jsonw.h"

/* The progress_interval option of every fileops handle, a row of its
 * options table (X(key, TYPE, field, ...), the field a double of seconds):
 * how often the run calls its progress callback, and so how soon a stop
 * (the CLI's Ctrl-C, Python's KeyboardInterrupt) is noticed. */
#define SSD__FO_PROGRESS_INTERVAL_OPTION(X)                                                        \
    X(progress_interval, DURATION, progress_interval, "s", 0, 3600, "250ms", "", 0,                \
      "time between progress callbacks")

/* Defines ssd_T_errmsg, ssd_T_set_progress and ssd_T_to_json, which every
 * fileops handle (copy, archive, extract, fileset, filebench) has alike:
 * its message in member err, its progress callback in progress_fn and
 * progress_user, its last run's results (a compact JSON document the run
 * wrote, NULL before one) in json. */
#define SSD__FO_HANDLE_CALLS(T)                                                                    \
    SSD__ERRMSG_OF(T)                                                                              \
    int ssd_##T##_to_json(const ssd_##T *h, int flags, char **out) {                               \
        return ssd__fo_to_json(h, h ? h->json : NULL, flags, out, h ? (char *)h->err : NULL);      \
    }                                                                                              \
    int ssd_##T##_set_progress(ssd_##T *h, ssd_fileops_progress_fn fn, void *user) {               \
        if (!h)                                                                                    \
            return SSD_EINVAL;                                                                     \
        h->progress_fn = fn;                                                                       \
        h->progress_user = user;                                                                   \
        return 0;                                                                                  \
    }

/* Defines ssd_T_free and ssd_T_set_option for a fileops handle whose
 * options (in the option table named table) need no more than the table
 * does: set through it, freed with nothing but the handle and its json. */
#define SSD__FO_PLAIN_HANDLE(T, table)                                                             \
    void ssd_##T##_free(ssd_##T *h) {                                                              \
        if (h)                                                                                     \
            free(h->json);                                                                         \
        free(h);                                                                                   \
    }                                                                                              \
    int ssd_##T##_set_option(ssd_##T *h, const char *key, const char *value) {                     \
        if (!h)                                                                                    \
            return SSD_EINVAL;                                                                     \
        int i = ssd__option_set(&table, h, key, value, h->err);                                    \
        return i < 0 ? i : 0;                                                                      \
    }

/* Defines emit_progress(h, force, name) for an archive or extract run (T
 * archive or extract, also the phase said): the progress callback when due
 * or forced, what res holds so far being the total too. Returns
 * SSD_EINTERRUPTED (the message naming name set the first time) once the
 * callback has asked to stop, else 0. */
#define SSD__FO_ARCHIVE_PROGRESS(T)                                                                \
    static int emit_progress(ssd_##T *h, int force, const char *name) {                            \
        if (h->stopped)                                                                            \
            return SSD_EINTERRUPTED;                                                               \
        ssd_fileops_progress p = {.size = sizeof p,                                                \
                                  .phase = #T,                                                     \
                                  .files_done = h->res.files,                                      \
                                  .files_total = h->res.files,                                     \
                                  .bytes_done = h->res.data_bytes,                                 \
                                  .bytes_total = h->res.data_bytes};                               \
        if (!ssd__fo_progress(h->progress_fn, h->progress_user, h->progress_interval, h->t0,       \
                              &h->next_progress, force, &p))                                       \
            return 0;                                                                              \
        h->stopped = 1;                                                                            \
        return ssd__fail(h->err, SSD_EINTERRUPTED, "%s: " #T " stopped by the progress callback",  \
                         name);                                                                    \
    }

/* Defines ssd_T_run(h, first, second, res) for an archive or extract run
 * (T archive or extract, also the operation its results name): T_run_in_utf8
 * between ssd__fo_utf8_enter and _leave, then its results (ssd__fo_archive_json
 * of archive and tree, two of first and second) in h->json. */
#define SSD__FO_ARCHIVE_RUN(T, first, second, archive, tree)                                       \
    int ssd_##T##_run(ssd_##T *h, const char *first, const char *second,                           \
                      ssd_archive_result *res) {                                                   \
        struct ssd__fo_locale loc;                                                                 \
        if (h) {                                                                                   \
            free(h->json);                                                                         \
            h->json = NULL;                                                                        \
        }                                                                                          \
        ssd__fo_utf8_enter(&loc);                                                                  \
        int rc = T##_run_in_utf8(h, first, second, res);                                           \
        ssd__fo_utf8_leave(&loc);                                                                  \
        if (rc >= 0)                                                                               \
            h->json = ssd__fo_archive_json(#T, archive, tree, &h->res);                            \
        return rc;                                                                                 \
    }

/* A handle's stored compact document json in the style flags ask for:
 * 0, SSD_EINVAL (NULL handle or out, an unknown flag), SSD_ESTATE (no
 * document: the handle has not run, or its run failed before it had
 * results) or SSD_ENOMEM; *out NULL on failure. */
int ssd__fo_to_json(const void *h, const char *json, int flags, char **out, char *err);

/* The progress throttle of every fileops run: when fn is set and a call is
 * due (force, or the time *next reached; *next then moves interval on),
 * calls fn with p, its elapsed_s counted from t0. 1 when fn asks to stop. */
int ssd__fo_progress(ssd_fileops_progress_fn fn, void *user, double interval, double t0,
                     double *next, int force, ssd_fileops_progress *p);

/* A time in seconds under key, to the microsecond as every fileops time. */
void ssd__fo_ksec(struct ssd__jw *w, const char *key, double s);

/* The results of an archive or extract run (operation "archive" or
 * "extract"), compact, as ssd_archive_to_json and ssd_extract_to_json give
 * them: malloc'd, NULL when out of memory. */
char *ssd__fo_archive_json(const char *operation, const char *archive, const char *tree,
                           const ssd_archive_result *r);

/* syncfs() on the filesystem holding path. Returns 0 or -errno. */
int ssd__fo_syncfs(const char *path);

/* A directory entry: its name, and its lstat data when asked for. */
struct ssd__fo_ent {
    struct stat st;
    char *name;
};

/* Lists the directory path (relative to dirfd, which may be AT_FDCWD) but
 * "." and "..", sorted by name, into *out (*count entries; NULL when none),
 * with each entry's lstat data when with_stat (an entry gone before it is
 * left out). A missing directory is an empty list. 0, -errno or SSD_ENOMEM. */
int ssd__fo_list_dir(int dirfd, const char *path, int with_stat, struct ssd__fo_ent **out,
                     size_t *count);
void ssd__fo_ents_free(struct ssd__fo_ent *e, size_t n);

/* Joins a and b with one '/' into out (size n); SSD_ERANGE when too long. */
int ssd__fo_join(char *out, size_t n, const char *a, const char *b);

/* Splits path into its directory part (n bytes at dir: "." when it has no
 * '/', "/" for one at the root) and its leaf (*leaf, inside path). */
void ssd__fo_split_path(const char *path, char *dir, size_t n, const char **leaf);

/* Removes path and everything below it (no symlinks followed). 0 or -errno. */
int ssd__fo_rmtree(const char *path);

/* The next component of the relative path p from byte *pos on: slashes are
 * skipped, *len is set and *pos moved past it. NULL at the end of p. The
 * extractor's link check and the fuzz oracle that checks it walk paths with
 * it. */
const char *ssd__fo_path_next(const char *p, size_t *pos, size_t *len);

/* libarchive converts entry names with the calling thread's LC_CTYPE; a
 * program left in the C locale stores "ünï" in a 7z archive as "??n??".
 * enter switches this thread to UTF-8 (when the system has it), leave
 * restores what was there. */
struct ssd__fo_locale {
    locale_t mine, prev;
};
void ssd__fo_utf8_enter(struct ssd__fo_locale *l);
void ssd__fo_utf8_leave(struct ssd__fo_locale *l);

/* The crash-safety rule (docs/crash-safety.md): an output file is written
 * under no name (O_TMPFILE) or, where the filesystem lacks that, under a
 * marked temporary name in its own directory (".NAME.ssdcore-partial.XXXXXX"),
 * and gets its final name only when complete. A killed run then leaves no
 * partial file under a final name. */
#define SSD__FO_PARTIAL_MARK ".ssdcore-partial."

struct ssd__fo_tmpfile {
    int fd;          /* the file to write; the caller closes it after publish/discard */
    int dirfd;       /* borrowed */
    char path[4096]; /* final path relative to dirfd */
    char tmp[4096];  /* the temporary name relative to dirfd, "" while unnamed */
};

/* Opens a new file that will become path (relative to dirfd, which may be
 * AT_FDCWD) with O_WRONLY | O_CLOEXEC | extra_flags. Returns 0 or -errno
 * (-ENAMETOOLONG when path does not fit). */
int ssd__fo_tmp_open(struct ssd__fo_tmpfile *t, int dirfd, const char *path, int extra_flags,
                     mode_t mode);

/* Gives the complete file its final name, atomically replacing what is there
 * when replace is set (a file or symlink; never a directory), else failing
 * with -EEXIST. Returns 0 or -errno; on failure the file stays unpublished
 * and the caller calls ssd__fo_tmp_discard. */
int ssd__fo_tmp_publish(struct ssd__fo_tmpfile *t, int replace);

/* Removes an unpublished file's temporary name, if it has one. */
void ssd__fo_tmp_discard(struct ssd__fo_tmpfile *t);

#endif
