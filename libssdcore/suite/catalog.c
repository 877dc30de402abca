/* catalog.c - the results catalog (ssdcore/catalog.h): suite runs in one
 * SQLite file. Adding reads only results.json (its stored headline), so a
 * catalog fills quickly and needs no CSVs. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "errmsg.h"
#include "figure_labels.h"
#include "file_write.h"
#include "options.h"
#include "ssdcore/catalog.h"
#include "json_read.h"
#include "jsonw.h"
#include "suite_impl.h"
#include "text.h"

#define CATALOG_VERSION 1
#define STR_(x) #x
#define STR(x) STR_(x)

struct ssd_catalog {
    sqlite3 *db;
    char *path;
    int create;  /* the create option */
    int opened;  /* ssd_catalog_open was called */
    int created; /* this handle created the file: removed on free if nothing went in */
    int added;   /* a run went in (added or updated) */
    char err[SSD__ERRMSG_SIZE];
};

#define SSD__OPTION_OWNER struct ssd_catalog
/* clang-format off */
/* X(key, TYPE, where, unit, min, max, default, words, flags, help) */
#define CATALOG_OPTIONS(X)                                                                         \
    X(create, BOOL, create, "", 0, 1, "1", "", 0,                                                  \
      "create the file and its directory when missing (0: a missing catalog is an error and "     \
      "nothing is created, for reading)")
/* clang-format on */
SSD__OPTION_TABLE(catalog_options, "catalog", CATALOG_OPTIONS);

SSD__OPTIONS_ACCESSOR(ssd_catalog_options, catalog_options)

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS runs("
    " id INTEGER PRIMARY KEY, run_key TEXT UNIQUE NOT NULL, dir TEXT NOT NULL,"
    " drive TEXT, model TEXT, serial TEXT, firmware TEXT, capacity_bytes REAL,"
    " target TEXT, target_kind TEXT, suite TEXT, status TEXT, host TEXT, tool TEXT,"
    " started TEXT, finished TEXT, added TEXT, headline TEXT);"
    "CREATE TABLE IF NOT EXISTS figures("
    " run_id INTEGER NOT NULL REFERENCES runs(id), key TEXT NOT NULL, value REAL,"
    " PRIMARY KEY(run_id, key)) WITHOUT ROWID;"
    "CREATE INDEX IF NOT EXISTS runs_started ON runs(started);";

int ssd_catalog_default_path(char **out) {
    if (!out)
        return SSD_EINVAL;
    *out = NULL;
    const char *env = getenv("SSDCORE_CATALOG"), *xdg = getenv("XDG_DATA_HOME"),
               *home = getenv("HOME");
    char buf[PATH_MAX];
    if (env && *env)
        snprintf(buf, sizeof buf, "%s", env);
    else if (xdg && *xdg)
        snprintf(buf, sizeof buf, "%s/ssdcore/catalog.sqlite", xdg);
    else if (home && *home)
        snprintf(buf, sizeof buf, "%s/.local/share/ssdcore/catalog.sqlite", home);
    else
        return SSD_ENODATA;
    *out = strdup(buf);
    return *out ? 0 : SSD_ENOMEM;
}

static int db_fail(ssd_catalog *c, const char *what) {
    return ssd__fail(c->err, SSD_EIO, "%s: %s: %s", c->path ? c->path : "catalog", what,
                     c->db ? sqlite3_errmsg(c->db) : "no database");
}

/* mkdir -p of the directory part of path. */
static int make_parent(const char *path) {
    char buf[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    char *slash = strrchr(buf, '/');
    if (!slash || slash == buf)
        return 0;
    *slash = 0;
    return ssd__mkdirs(buf, 0777);
}

static int query_int(sqlite3 *db, const char *sql, int *v) {
    sqlite3_stmt *st = NULL;
    int ok =
        sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW;
    if (ok)
        *v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return ok ? 0 : -1;
}

/* Objects in the file that are not the catalog's. */
static const char foreign_objects[] =
    "SELECT count(*) FROM sqlite_master WHERE name NOT IN"
    " ('runs','figures','runs_started','sqlite_autoindex_runs_1')";

/* Checks that the file is an ssdcore catalog, creating its tables when it
 * has none. The tables and user_version are created in one transaction and
 * checked again once its write lock is held: a process killed part-way
 * leaves no table or all of them with their version, and two processes
 * creating one new file at once both succeed. A file holding only some of
 * the catalog's tables at version 0 (what ssdcore left when killed during
 * creation, before it was one transaction) is completed, not refused. A
 * file that is not SQLite, or a database of something else, is refused
 * rather than written into. */
static int check_or_create(ssd_catalog *c) {
    int locked = 0;
    for (;;) {
        int version = -1, foreign = 0;
        int bad = query_int(c->db, "PRAGMA user_version", &version);
        if (bad || query_int(c->db, foreign_objects, &foreign)) {
            int notadb = (sqlite3_errcode(c->db) & 0xff) == SQLITE_NOTADB;
            int rc = notadb ? ssd__fail(c->err, SSD_EFORMAT,
                                        "%s: not an SQLite file, so not a catalog", c->path)
                            : db_fail(c, "cannot read");
            if (locked)
                sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
            return rc;
        }
        if (version == CATALOG_VERSION) {
            if (locked)
                sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
            return 0;
        }
        if (version != 0 || foreign) {
            if (locked)
                sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
            return ssd__fail(c->err, SSD_EFORMAT,
                             "%s: not an ssdcore catalog (user_version %d, expected %d)", c->path,
                             version, CATALOG_VERSION);
        }
        if (locked)
            break;
        /* Only a new file is written to here: setting user_version on every
         * open would cost a synced write per `catalog list`. */
        if (sqlite3_exec(c->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
            return db_fail(c, "cannot create the tables");
        locked = 1;
    }
    if (sqlite3_exec(c->db, schema, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(c->db, "PRAGMA user_version=" STR(CATALOG_VERSION), NULL, NULL, NULL) !=
            SQLITE_OK ||
        sqlite3_exec(c->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        int rc = db_fail(c, "cannot create the tables");
        sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
        return rc;
    }
    return 0;
}

int ssd_catalog_create(ssd_catalog **out) {
    return ssd__option_create(out, sizeof **out, &catalog_options);
}

int ssd_catalog_set_option(ssd_catalog *c, const char *key, const char *value) {
    if (!c)
        return SSD_EINVAL;
    if (c->opened)
        return ssd__fail(c->err, SSD_ESTATE, "option %s: set before ssd_catalog_open",
                         key ? key : "(null)");
    int rc = ssd__option_set(&catalog_options, c, key, value, c->err);
    return rc < 0 ? rc : 0;
}

int ssd_catalog_open(ssd_catalog *c, const char *path) {
    if (!c)
        return SSD_EINVAL;
    if (c->opened)
        return ssd__fail(c->err, SSD_ESTATE, "a catalog is opened once");
    c->opened = 1;
    int rc = 0, create = c->create;
    if (path && *path)
        c->path = strdup(path);
    else if ((rc = ssd_catalog_default_path(&c->path)))
        return ssd__fail(c->err, rc, "no catalog path: set SSDCORE_CATALOG or HOME");
    if (!c->path)
        return ssd__fail(c->err, SSD_ENOMEM, "out of memory");
    struct stat sb;
    if (stat(c->path, &sb)) {
        if (errno != ENOENT || !create)
            return ssd__fail(c->err, -errno, "%s: %s%s", c->path,
                             errno == ENOENT ? "no such catalog" : strerror(errno),
                             errno == ENOENT ? " (ssdcore catalog add creates it)" : "");
        c->created = 1;
    } else if (S_ISDIR(sb.st_mode)) {
        return ssd__fail(c->err, -EISDIR, "%s: a directory, not a catalog file", c->path);
    } else if (!S_ISREG(sb.st_mode)) {
        return ssd__fail(c->err, SSD_EFORMAT, "%s: not a regular file, so not a catalog", c->path);
    }
    if (create && (rc = make_parent(c->path)))
        return ssd__fail(c->err, rc, "%s: cannot create its directory: %s", c->path, strerror(-rc));
    if (sqlite3_open_v2(c->path, &c->db, SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0),
                        NULL) != SQLITE_OK)
        return db_fail(c, "cannot open");
    sqlite3_busy_timeout(c->db, 5000);
    if ((rc = check_or_create(c)))
        return rc;
    return 0;
}

void ssd_catalog_free(ssd_catalog *c) {
    if (!c)
        return;
    sqlite3_close_v2(c->db);
    /* A catalog this handle created and put no run into is not left
     * behind: `catalog add` of a run that fails leaves no empty catalog
     * for the next command to find (its directory, if made, stays). */
    if (c->created && !c->added && c->path)
        unlink(c->path);
    free(c->path);
    free(c);
}

SSD__ERRMSG_OF(catalog)

static int bind_text(sqlite3_stmt *st, int i, const char *v) {
    return v ? sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT) : sqlite3_bind_null(st, i);
}

/* One results.json as the catalog keeps it: the run's fields as the one
 * list of them reads them (ssd__run_fields, results_fields.c), the drive's
 * identity (kept whole there) and the headline from the document. */
struct run_doc {
    struct ssd__jv root;
    struct ssd__results run;
    const struct ssd__jv *drive; /* target.drive, into root */
    char *key;                   /* the run's identity (see run_key) */
    char *hltext;                /* the headline, as JSON */
    char name[160];              /* the drive as compare names it (ssd__drive_name) */
    const char *status;
    char abs[PATH_MAX];
};

static void run_doc_free(struct run_doc *r) {
    ssd__jv_free(&r->root);
    free(r->run.target_uri);
    free(r->run.suite_file);
    free(r->run.drive_json);
    free(r->key);
    free(r->hltext);
}

/* A text field as a column: what the reader reads for one that is missing
 * or null ("", or "?" for the target) is NULL, as before the catalog read
 * results.json through the field list; so is "" (unknown either way). */
static const char *column(const char *v) {
    return v && *v && strcmp(v, "?") ? v : NULL;
}

/* The id a run gives itself in results.json (ssdcore writes 32 hex
 * digits); NULL for results written before it did, or an id that is not
 * one. */
static const char *run_id(const struct ssd__jv *root) {
    const char *id = ssd__jv_str(root, "run_id");
    size_t n = id ? strspn(id, "0123456789abcdef") : 0;
    return n >= 16 && n <= 64 && !id[n] ? id : NULL;
}

/* Reads dir's results.json (text: its contents, or NULL to read the file;
 * path names it) into r (run_doc_free it when this returns 0) through the
 * one reader of results.json. The run's key: its run_id; a run written
 * before ssdcore recorded one is identified by where and when it ran and
 * the directory it is in (two runs started in the same second differ by
 * directory). */
static int read_run_doc(char *err, const char *dir, const char *path, const char *text,
                        struct run_doc *r) {
    memset(r, 0, sizeof *r);
    int rc = ssd__results_read(err, path, text, &r->root);
    if (rc)
        return rc;
    if (!realpath(dir, r->abs))
        snprintf(r->abs, sizeof r->abs, "%s", dir);
    struct ssd__rio io = {.v = &r->root, .r = &r->run, .err = err, .path = path};
    ssd__run_fields(&io, &r->run);
    const struct ssd__results *run = &r->run;
    const struct ssd__jv *headline = ssd__jv_get(&r->root, "headline");
    const char *uri = column(run->target_uri), *id = run_id(&r->root);
    const char *suite = ssd__results_suite(run);
    r->drive = ssd__jv_get(ssd__jv_get(&r->root, "target"), "drive");
    ssd__drive_name(run, r->name, sizeof r->name);
    struct ssd__text k = {0};
    if (id) {
        ssd__text_add(&k, "id|%s", id);
    } else if (*run->started) {
        ssd__text_add(&k, "%s|%s|%s|%s|dir|%s", run->host_name, uri ? uri : "", suite ? suite : "",
                      run->started, r->abs);
    } else {
        ssd__text_add(&k, "dir|%s", r->abs);
    }
    r->key = ssd__text_take(&k);
    r->hltext = headline ? ssd__jv_json(headline) : NULL;
    if (!r->key || (headline && !r->hltext)) {
        run_doc_free(r);
        return ssd__fail(err, SSD_ENOMEM, "%s: out of memory", path);
    }
    r->status = ssd__results_status(&r->root, dir, NULL, NULL, 0);
    return 0;
}

static int read_run(char *err, const char *dir, struct run_doc *r) {
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/results.json", dir) >= (int)sizeof path) {
        memset(r, 0, sizeof *r);
        return ssd__fail(err, -ENAMETOOLONG, "%s: the path is too long", dir);
    }
    return read_run_doc(err, dir, path, NULL, r);
}

static int streq(const char *a, const char *b) {
    return a == b || (a && b && !strcmp(a, b));
}

/* Whether dir still holds the run whose key is key. */
static int dir_holds(const char *dir, const char *key) {
    char err[SSD__ERRMSG_SIZE];
    struct run_doc r;
    if (read_run(err, dir, &r))
        return 0;
    int same = !strcmp(r.key, key);
    run_doc_free(&r);
    return same;
}

static const char insert_sql[] =
    "INSERT INTO runs(run_key,dir,drive,model,serial,firmware,capacity_bytes,target,target_kind,"
    "suite,status,host,tool,started,finished,added,headline)"
    " VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17)";
static const char update_sql[] =
    "UPDATE runs SET run_key=?1,dir=?2,drive=?3,model=?4,serial=?5,firmware=?6,"
    "capacity_bytes=?7,target=?8,target_kind=?9,suite=?10,status=?11,host=?12,tool=?13,"
    "started=?14,finished=?15,headline=?17 WHERE id=?18";

static void bind_run(sqlite3_stmt *st, const struct run_doc *r, const char *dir,
                     const char *added) {
    const struct ssd__results *run = &r->run;
    const char *uri = column(run->target_uri), *model = ssd__jv_str(r->drive, "model");
    double cap =
        ssd__jv_num(r->drive, "capacity_bytes", run->target_size ? (double)run->target_size : NAN);
    bind_text(st, 1, r->key);
    bind_text(st, 2, dir);
    /* The drive as the compare page names it ("Transcend SSD370 256 GB"),
     * not its identity's model ("sim:ssd370"), which stays in model and
     * target: round 23's audit found the two commands naming one drive two
     * ways. */
    bind_text(st, 3, column(r->name)); /* its target, or "?" (NULL) without one */
    bind_text(st, 4, model);
    bind_text(st, 5, ssd__jv_str(r->drive, "serial"));
    bind_text(st, 6, ssd__jv_str(r->drive, "firmware"));
    if (isfinite(cap))
        sqlite3_bind_double(st, 7, cap);
    bind_text(st, 8, uri);
    bind_text(st, 9, column(run->target_kind));
    bind_text(st, 10, column(ssd__results_suite(run)));
    bind_text(st, 11, r->status);
    bind_text(st, 12, column(run->host_name));
    bind_text(st, 13, column(run->tool));
    bind_text(st, 14, column(run->started));
    bind_text(st, 15, column(run->finished));
    if (added)
        bind_text(st, 16, added);
    bind_text(st, 17, r->hltext);
}

/* Adds r, or updates its row when the run changed since (its status, end or
 * figures: a run catalogued while it ran) or when the directory the row
 * names no longer holds it. Returns 1 added, 2 updated, 0 unchanged, or a
 * negative code. */
static int add_run(ssd_catalog *c, const struct run_doc *r) {
    char added[32];
    ssd__now_iso(added, sizeof added);
    sqlite3_stmt *st = NULL, *fig = NULL;
    int result = 0;
    char *olddir = NULL;
    if (sqlite3_exec(c->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return db_fail(c, "cannot begin");
    if (sqlite3_prepare_v2(c->db,
                           "SELECT id,dir,status,finished,headline,drive FROM runs WHERE run_key=?",
                           -1, &st, NULL) != SQLITE_OK)
        goto prepare_failed;
    bind_text(st, 1, r->key);
    sqlite3_int64 id = -1;
    int rc = sqlite3_step(st), same = 0;
    if (rc == SQLITE_ROW) {
        id = sqlite3_column_int64(st, 0);
        const char *dir = (const char *)sqlite3_column_text(st, 1);
        olddir = dir ? strdup(dir) : NULL;
        same = streq((const char *)sqlite3_column_text(st, 2), r->status) &&
               streq((const char *)sqlite3_column_text(st, 3), column(r->run.finished)) &&
               streq((const char *)sqlite3_column_text(st, 4), r->hltext) &&
               /* a row named before the drive's name was compare's is renamed */
               streq((const char *)sqlite3_column_text(st, 5), column(r->name));
    } else if (rc != SQLITE_DONE) {
        result = db_fail(c, "cannot read the catalog");
        goto rollback;
    }
    sqlite3_finalize(st);
    st = NULL;
    /* A copy of a run keeps the directory first catalogued, while that still
     * holds it. */
    int dir_ok = olddir && (!strcmp(olddir, r->abs) || dir_holds(olddir, r->key));
    if (id >= 0 && same && dir_ok) {
        result = 0;
        goto rollback;
    }
    if (sqlite3_prepare_v2(c->db, id >= 0 ? update_sql : insert_sql, -1, &st, NULL) != SQLITE_OK)
        goto prepare_failed;
    bind_run(st, r, dir_ok ? olddir : r->abs, id >= 0 ? NULL : added);
    if (id >= 0)
        sqlite3_bind_int64(st, 18, id);
    if (sqlite3_step(st) != SQLITE_DONE) {
        result = db_fail(c, "cannot add the run");
        goto rollback;
    }
    if (id < 0) {
        id = sqlite3_last_insert_rowid(c->db);
    } else {
        sqlite3_finalize(st);
        st = NULL;
        if (sqlite3_prepare_v2(c->db, "DELETE FROM figures WHERE run_id=?", -1, &st, NULL) !=
            SQLITE_OK)
            goto prepare_failed;
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) != SQLITE_DONE) {
            result = db_fail(c, "cannot update the figures");
            goto rollback;
        }
    }
    const struct ssd__jv *headline = ssd__jv_get(&r->root, "headline");
    if (headline && headline->type == SSD__JOBJ) {
        if (sqlite3_prepare_v2(c->db, "INSERT OR REPLACE INTO figures VALUES(?,?,?)", -1, &fig,
                               NULL) != SQLITE_OK)
            goto prepare_failed;
        /* The figures every view of the headline shows (figure_labels.h);
         * null (a figure the run lacks) as NULL. */
        struct ssd__figs figs;
        int bad = ssd__figs_of(headline, &figs);
        for (size_t i = 0; !bad && i < figs.n; i++) {
            sqlite3_reset(fig);
            sqlite3_bind_int64(fig, 1, id);
            sqlite3_bind_text(fig, 2, figs.f[i].key, -1, SQLITE_TRANSIENT);
            if (isfinite(figs.f[i].v))
                sqlite3_bind_double(fig, 3, figs.f[i].v);
            else
                sqlite3_bind_null(fig, 3);
            bad = sqlite3_step(fig) != SQLITE_DONE;
        }
        ssd__figs_free(&figs);
        if (bad) {
            result = db_fail(c, "cannot add the figures");
            goto rollback;
        }
    }
    if (sqlite3_exec(c->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        result = db_fail(c, "cannot commit");
        goto rollback;
    }
    result = olddir ? 2 : 1;
    goto done;
prepare_failed:
    result = db_fail(c, "cannot prepare");
rollback:
    sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
done:
    sqlite3_finalize(st);
    sqlite3_finalize(fig);
    free(olddir);
    return result;
}

/* Adds the run in dir: its results.json, or text when given (the fuzzer's
 * input, named by dir). */
static int add_dir(ssd_catalog *c, const char *dir, const char *text) {
    if (!c || !c->db || !dir)
        return SSD_EINVAL;
    c->err[0] = 0;
    struct run_doc r;
    int rc = text ? read_run_doc(c->err, dir, dir, text, &r) : read_run(c->err, dir, &r);
    if (rc)
        return rc;
    rc = add_run(c, &r);
    run_doc_free(&r);
    c->added |= rc > 0;
    return rc;
}

int ssd__catalog_add_text(ssd_catalog *c, const char *dir, const char *text) {
    return text ? add_dir(c, dir, text) : SSD_EINVAL;
}

int ssd__catalog_clear(ssd_catalog *c) {
    return c && c->db &&
                   sqlite3_exec(c->db, "DELETE FROM figures; DELETE FROM runs", NULL, NULL, NULL) ==
                       SQLITE_OK
               ? 0
               : SSD_EIO;
}

int ssd_catalog_add(ssd_catalog *c, const char *dir) {
    return add_dir(c, dir, NULL);
}

static const char match_where[] =
    " WHERE ?1 IS NULL OR instr(lower(coalesce(drive,'')),lower(?1)) OR"
    " instr(lower(coalesce(model,'')),lower(?1)) OR instr(lower(coalesce(serial,'')),lower(?1))"
    " OR instr(lower(coalesce(target,'')),lower(?1))";

/* One run a line: id, started, drive, target, suite, status, dir. */
static void text_row(struct ssd__text *t, sqlite3_stmt *st) {
    static const int cols[] = {0, 14, 3, 8, 10, 11, 2};
    static const int width[] = {5, 21, 30, 14, 10, 12, 0};
    for (size_t k = 0; k < sizeof cols / sizeof cols[0]; k++) {
        const char *v = (const char *)sqlite3_column_text(st, cols[k]);
        ssd__text_add(t, "%s%-*s", k ? " " : "", width[k], v ? v : "-");
    }
    ssd__text_raw(t, "\n", 1);
}

/* The runs matching drive_text as a text table (text), or as a JSON array
 * in style, a run a line when lines: ssd_catalog_list's and _to_json's. */
static int list_runs(ssd_catalog *c, const char *drive_text, int text, enum ssd__jw_style style,
                     int lines, char **out, size_t *count) {
    char sql[1024];
    snprintf(sql, sizeof sql,
             "SELECT id,run_key,dir,drive,model,serial,firmware,capacity_bytes,target,"
             "target_kind,suite,status,host,tool,started,finished,added FROM runs%s"
             " ORDER BY started,id",
             match_where);
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(c->db, sql, -1, &st, NULL) != SQLITE_OK)
        return db_fail(c, "cannot list");
    bind_text(st, 1, drive_text && *drive_text ? drive_text : NULL);
    /* Text: a header and a run a line; JSON: an array, a run a line. */
    struct ssd__text t = {0};
    struct ssd__jw w;
    ssd__jw_init(&w, style);
    if (text)
        ssd__text_add(&t, "%-5s %-21s %-30s %-14s %-10s %-12s %s\n", "id", "started", "drive",
                      "target", "suite", "status", "directory");
    else
        ssd__jw_begin_array(&w);
    size_t n = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        n++;
        if (text) {
            text_row(&t, st);
            continue;
        }
        if (lines)
            ssd__jw_newline(&w);
        ssd__jw_begin_object(&w);
        for (int k = 0; k < sqlite3_column_count(st); k++) {
            ssd__jw_key(&w, sqlite3_column_name(st, k));
            int type = sqlite3_column_type(st, k);
            if (type == SQLITE_NULL)
                ssd__jw_null(&w);
            else if (type == SQLITE_INTEGER) /* SQLite's decimal text of it */
                ssd__jw_raw(&w, (const char *)sqlite3_column_text(st, k));
            else if (type == SQLITE_FLOAT)
                ssd__jw_num(&w, sqlite3_column_double(st, k));
            else
                ssd__jw_str(&w, (const char *)sqlite3_column_text(st, k));
        }
        ssd__jw_end_object(&w);
    }
    sqlite3_finalize(st);
    if (!text) {
        ssd__jw_end_array(&w);
        if (lines)
            ssd__jw_newline(&w);
    }
    char *doc = NULL;
    ssd__jw_finish(&w, &doc);
    if (text) {
        free(doc);
        doc = ssd__text_take(&t);
    }
    if (rc != SQLITE_DONE) {
        free(doc);
        return db_fail(c, "cannot list");
    }
    *out = doc;
    if (count)
        *count = n;
    return doc ? 0 : ssd__fail(c->err, SSD_ENOMEM, "out of memory");
}

int ssd_catalog_list(ssd_catalog *c, const char *drive_text, const char *format, char **out,
                     size_t *n) {
    if (n)
        *n = 0;
    if (!c || !c->db || !out)
        return SSD_EINVAL;
    *out = NULL;
    int text = format && !strcmp(format, "text");
    if (!text && (!format || strcmp(format, "json")))
        return ssd__fail(c->err, SSD_EINVAL, "list: unknown format \"%s\" (json or text)",
                         format ? format : "(null)");
    return list_runs(c, drive_text, text, SSD__JW_COMPACT, 1, out, n);
}

int ssd_catalog_to_json(const ssd_catalog *c, int flags, char **out) {
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, c, out, flags, c ? (char *)c->err : NULL);
    if (rc || !c->db)
        return rc ? rc : SSD_EINVAL;
    /* c is the caller's, not const: a failed query leaves its message */
    return list_runs((ssd_catalog *)c, NULL, 0, w.style, 0, out, NULL);
}

/* "drive \"ssd370\", suite lab2016, ..." for the messages: what was asked. */
static void asked(char *buf, size_t len, const char *drive, const char *run, const char *suite,
                  const char *date) {
    size_t n = *drive ? (size_t)snprintf(buf, len, "drive \"%s\"", drive) : 0;
    if (!*drive)
        buf[0] = 0;
    if (run && n < len)
        n += (size_t)snprintf(buf + n, len - n, "%srun %s", n ? ", " : "", run);
    if (!n && n < len)
        n += (size_t)snprintf(buf + n, len - n, "any drive");
    if (suite && n < len)
        n += (size_t)snprintf(buf + n, len - n, ", suite %s", suite);
    if (date && n < len)
        snprintf(buf + n, len - n, ", started %s...", date);
}

/* A row whose directory now holds another run (the directory was reused)
 * is passed over, and the run found there catalogued, so that a compare
 * never shows one drive's data under another's name. */
int ssd_catalog_pick_run(ssd_catalog *c, const char *drive_text, const char *run, const char *suite,
                         const char *date, char **dir_out, char **about_out) {
    if (!c || !c->db || !dir_out || !drive_text)
        return SSD_EINVAL;
    *dir_out = NULL;
    if (about_out)
        *about_out = NULL;
    c->err[0] = 0;
    char sql[1536], why[SSD__ERRMSG_SIZE] = "", what[512];
    asked(what, sizeof what, drive_text, run, suite, date);
    /* A run is its catalog id (as `catalog list` prints it) or the start of
     * its run_id: four hex digits at least, so "7" is never a prefix. */
    snprintf(sql, sizeof sql,
             "SELECT dir,run_key,status,id FROM runs "
             "WHERE (%s) AND (?2 IS NULL OR CAST(id AS TEXT)=?2 OR (length(?2)>=4 AND "
             "substr(run_key,1,3+length(?2))='id|'||lower(?2))) AND (?3 IS NULL OR suite=?3) AND "
             "(?4 IS NULL OR substr(started,1,length(?4))=?4) ORDER BY started DESC, id DESC",
             match_where + strlen(" WHERE "));
    int rows = 0;
    /* A pass stops at a reused directory, catalogues the run found there
     * and starts again: that run may be the newest of this drive. Runs so
     * catalogued hold their directories, so each reused one costs a pass. */
    for (int pass = 0; pass < 64 && !*dir_out; pass++) {
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(c->db, sql, -1, &st, NULL) != SQLITE_OK)
            return db_fail(c, "cannot search");
        bind_text(st, 1, *drive_text ? drive_text : NULL);
        bind_text(st, 2, run);
        bind_text(st, 3, suite);
        bind_text(st, 4, date);
        /* Read every candidate first: the catalog is written below. */
        struct ssd__text cand = {0};
        int n = 0, rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            for (int k = 0; k < 4; k++) {
                const char *v = (const char *)sqlite3_column_text(st, k);
                ssd__text_raw(&cand, v ? v : "", v ? strlen(v) + 1 : 1);
            }
            n++;
        }
        sqlite3_finalize(st);
        char *all = ssd__text_take(&cand);
        if (rc != SQLITE_DONE || (n && !all)) {
            free(all);
            return rc != SQLITE_DONE ? db_fail(c, "cannot search")
                                     : ssd__fail(c->err, SSD_ENOMEM, "out of memory");
        }
        rows = n;
        int added = 0;
        const char *p = all;
        for (int i = 0; i < n && !*dir_out; i++) {
            const char *dir = p, *key = dir + strlen(dir) + 1, *status = key + strlen(key) + 1;
            const char *id = status + strlen(status) + 1;
            p = id + strlen(id) + 1;
            char err[SSD__ERRMSG_SIZE];
            struct run_doc r;
            if (read_run(err, dir, &r)) {
                if (!why[0])
                    snprintf(why, sizeof why, "%s", err);
                continue;
            }
            if (!strcmp(r.key, key)) {
                if (strcmp(r.status, status) && add_run(c, &r) < 0) {
                    run_doc_free(&r);
                    free(all);
                    return SSD_EIO;
                }
                if (!(*dir_out = strdup(dir))) {
                    run_doc_free(&r);
                    free(all);
                    return ssd__fail(c->err, SSD_ENOMEM, "out of memory");
                }
                if (about_out) {
                    struct ssd__text a = {0};
                    ssd__text_add(&a, "%s: run %s (", what, id);
                    if (*r.run.run_id)
                        ssd__text_add(&a, "run_id %.12s..., ", r.run.run_id);
                    const char *rs = column(ssd__results_suite(&r.run));
                    ssd__text_add(&a, "%s, started %s, %s)", rs ? rs : "no suite",
                                  *r.run.started ? r.run.started : "?", dir);
                    if (n - i > 1)
                        ssd__text_add(&a, ", the newest of %d matching runs", n - i);
                    *about_out = ssd__text_take(&a);
                }
            } else {
                if (!why[0])
                    snprintf(why, sizeof why,
                             "%s holds another run now (started %s): the directory was reused", dir,
                             *r.run.started ? r.run.started : "?");
                int a = add_run(c, &r);
                if (a < 0) {
                    run_doc_free(&r);
                    free(all);
                    return a;
                }
                added += a > 0;
            }
            run_doc_free(&r);
            if (added) /* a newer run of this drive may be the one just found */
                break;
        }
        free(all);
        if (!added)
            break;
    }
    if (*dir_out)
        return 0;
    if (!rows)
        return ssd__fail(c->err, SSD_ENODATA, "%s: no run in the catalog matches %s", c->path,
                         what);
    return ssd__fail(c->err, SSD_ENODATA, "%s: no run of %s is still where it was catalogued (%s)",
                     c->path, what, why);
}
