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
#include <time.h>

#include "errmsg.h"
#include "file_read.h"
#include "file_write.h"
#include "ssdcore/catalog.h"
#include "json_read.h"
#include "text.h"

#define CATALOG_VERSION 1
#define MAX_JSON_MIB 256

struct ssd_catalog {
    sqlite3 *db;
    char *path;
    char err[SSD__ERRMSG_SIZE];
};

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

int ssd_catalog_open(ssd_catalog **out, const char *path) {
    if (!out)
        return SSD_EINVAL;
    ssd_catalog *c = *out = calloc(1, sizeof *c);
    if (!c)
        return SSD_ENOMEM;
    int rc = 0;
    if (path && *path)
        c->path = strdup(path);
    else if ((rc = ssd_catalog_default_path(&c->path)))
        return ssd__fail(c->err, rc, "no catalog path: set SSDCORE_CATALOG or HOME");
    if (!c->path)
        return ssd__fail(c->err, SSD_ENOMEM, "out of memory");
    struct stat sb;
    if (!stat(c->path, &sb) && S_ISDIR(sb.st_mode))
        return ssd__fail(c->err, -EISDIR, "%s: a directory, not a catalog file", c->path);
    if ((rc = make_parent(c->path)))
        return ssd__fail(c->err, rc, "%s: cannot create its directory: %s", c->path, strerror(-rc));
    if (sqlite3_open_v2(c->path, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK)
        return db_fail(c, "cannot open");
    sqlite3_busy_timeout(c->db, 5000);
    /* A file that is not SQLite, or a database of something else, is refused
     * rather than written into. */
    sqlite3_stmt *st = NULL;
    int version = -1;
    if (sqlite3_prepare_v2(c->db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (version == -1)
        return (sqlite3_errcode(c->db) & 0xff) == SQLITE_NOTADB
                   ? ssd__fail(c->err, SSD_EFORMAT, "%s: not an SQLite file, so not a catalog",
                               c->path)
                   : db_fail(c, "cannot read");
    int tables = 0;
    if (sqlite3_prepare_v2(c->db, "SELECT count(*) FROM sqlite_master", -1, &st, NULL) ==
            SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        tables = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (version != CATALOG_VERSION && (version != 0 || tables))
        return ssd__fail(c->err, SSD_EFORMAT,
                         "%s: not an ssdcore catalog (user_version %d, expected %d)", c->path,
                         version, CATALOG_VERSION);
    /* Only a new file is written to here: setting user_version on every
     * open would cost a synced write per `catalog list`. */
    if (version == 0 &&
        (sqlite3_exec(c->db, schema, NULL, NULL, NULL) != SQLITE_OK ||
         sqlite3_exec(c->db, "PRAGMA user_version=1", NULL, NULL, NULL) != SQLITE_OK))
        return db_fail(c, "cannot create the tables");
    return 0;
}

void ssd_catalog_close(ssd_catalog *c) {
    if (!c)
        return;
    sqlite3_close_v2(c->db);
    free(c->path);
    free(c);
}

const char *ssd_catalog_errmsg(const ssd_catalog *c) {
    return c ? c->err : "";
}

static int bind_text(sqlite3_stmt *st, int i, const char *v) {
    return v ? sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT) : sqlite3_bind_null(st, i);
}

static int insert_figures(sqlite3_stmt *st, sqlite3_int64 id, const struct ssd__jv *v, char *path,
                          size_t len) {
    size_t at = strlen(path);
    for (size_t i = 0; i < v->n; i++) {
        const struct ssd__jv *m = &v->items[i];
        if (snprintf(path + at, len - at, "%s%s", at ? "." : "", v->keys[i]) >= (int)(len - at)) {
            path[at] = 0;
            continue;
        }
        int rc = SQLITE_DONE;
        if (m->type == SSD__JNUM || m->type == SSD__JNULL) {
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, id);
            sqlite3_bind_text(st, 2, path, -1, SQLITE_TRANSIENT);
            if (m->type == SSD__JNUM && isfinite(m->num))
                sqlite3_bind_double(st, 3, m->num);
            else
                sqlite3_bind_null(st, 3);
            rc = sqlite3_step(st);
        } else if (m->type == SSD__JOBJ) {
            rc = insert_figures(st, id, m, path, len);
        }
        path[at] = 0;
        if (rc != SQLITE_DONE)
            return rc;
    }
    return SQLITE_DONE;
}

int ssd_catalog_add(ssd_catalog *c, const char *dir) {
    if (!c || !c->db || !dir)
        return SSD_EINVAL;
    c->err[0] = 0;
    char path[PATH_MAX], abs[PATH_MAX];
    snprintf(path, sizeof path, "%s/results.json", dir);
    char *text;
    int rc = ssd__read_text(path, MAX_JSON_MIB, "results.json", c->err, &text);
    if (rc)
        return rc;
    struct ssd__jv root = {0};
    char err[256];
    rc = ssd__jr_parse(text, &root, err, sizeof err);
    free(text);
    if (rc)
        return ssd__fail(c->err, rc, "%s: %s", path, err);
    const char *schema_name = ssd__jv_str(&root, "schema");
    if (!schema_name || strcmp(schema_name, "ssdcore-results/1")) {
        ssd__jv_free(&root);
        return ssd__fail(c->err, SSD_EFORMAT, "%s: not ssdcore results (schema %s)", path,
                         schema_name ? schema_name : "missing");
    }
    if (!realpath(dir, abs))
        snprintf(abs, sizeof abs, "%s", dir);
    const struct ssd__jv *target = ssd__jv_get(&root, "target"),
                         *drive = ssd__jv_get(target, "drive"), *host = ssd__jv_get(&root, "host"),
                         *headline = ssd__jv_get(&root, "headline");
    const char *uri = ssd__jv_str(target, "uri"), *model = ssd__jv_str(drive, "model");
    const char *suite = ssd__jv_str(&root, "suite") ? ssd__jv_str(&root, "suite")
                                                    : ssd__jv_str(&root, "suite_file");
    const char *started = ssd__jv_str(&root, "started"), *hostname = ssd__jv_str(host, "hostname");
    const char *status = ssd__jv_str(&root, "status");
    if (!status)
        status = ssd__jv_true(&root, "complete")      ? "complete"
                 : ssd__jv_true(&root, "interrupted") ? "interrupted"
                 : ssd__jv_str(&root, "error")        ? "failed"
                                                      : "partial";
    /* The run's identity: where and when it ran, not where it is kept. A run
     * without a start time is identified by its directory. */
    char key[PATH_MAX + 16];
    if (started)
        snprintf(key, sizeof key, "%s|%s|%s|%s", hostname ? hostname : "", uri ? uri : "",
                 suite ? suite : "", started);
    else
        snprintf(key, sizeof key, "dir|%s", abs);
    struct ssd__text hl = {0};
    if (headline)
        ssd__jv_write(&hl, headline);
    char *hltext = ssd__text_take(&hl);
    char added[32];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(added, sizeof added, "%Y-%m-%dT%H:%M:%SZ", &tm);

    sqlite3_stmt *ins = NULL, *fig = NULL;
    int result = 0;
    if (sqlite3_exec(c->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
        result = db_fail(c, "cannot begin");
        goto done;
    }
    if (sqlite3_prepare_v2(c->db,
                           "INSERT OR IGNORE INTO runs(run_key,dir,drive,model,serial,firmware,"
                           "capacity_bytes,target,target_kind,suite,status,host,tool,started,"
                           "finished,added,headline) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                           -1, &ins, NULL) != SQLITE_OK) {
        result = db_fail(c, "cannot prepare");
        goto rollback;
    }
    double cap = ssd__jv_num(drive, "capacity_bytes", ssd__jv_num(target, "size_bytes", NAN));
    bind_text(ins, 1, key);
    bind_text(ins, 2, abs);
    bind_text(ins, 3, model && *model ? model : uri);
    bind_text(ins, 4, model);
    bind_text(ins, 5, ssd__jv_str(drive, "serial"));
    bind_text(ins, 6, ssd__jv_str(drive, "firmware"));
    if (isfinite(cap))
        sqlite3_bind_double(ins, 7, cap);
    bind_text(ins, 8, uri);
    bind_text(ins, 9, ssd__jv_str(target, "kind"));
    bind_text(ins, 10, suite);
    bind_text(ins, 11, status);
    bind_text(ins, 12, hostname);
    bind_text(ins, 13, ssd__jv_str(&root, "tool"));
    bind_text(ins, 14, started);
    bind_text(ins, 15, ssd__jv_str(&root, "finished"));
    bind_text(ins, 16, added);
    bind_text(ins, 17, hltext);
    if (sqlite3_step(ins) != SQLITE_DONE) {
        result = db_fail(c, "cannot add the run");
        goto rollback;
    }
    if (sqlite3_changes(c->db) == 0) {
        result = 0; /* already there */
        goto rollback;
    }
    sqlite3_int64 id = sqlite3_last_insert_rowid(c->db);
    if (headline && headline->type == SSD__JOBJ) {
        if (sqlite3_prepare_v2(c->db, "INSERT OR REPLACE INTO figures VALUES(?,?,?)", -1, &fig,
                               NULL) != SQLITE_OK) {
            result = db_fail(c, "cannot prepare");
            goto rollback;
        }
        char fpath[512] = "";
        if (insert_figures(fig, id, headline, fpath, sizeof fpath) != SQLITE_DONE) {
            result = db_fail(c, "cannot add the figures");
            goto rollback;
        }
    }
    if (sqlite3_exec(c->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        result = db_fail(c, "cannot commit");
        goto rollback;
    }
    result = 1;
    goto done;
rollback:
    sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
done:
    sqlite3_finalize(ins);
    sqlite3_finalize(fig);
    free(hltext);
    ssd__jv_free(&root);
    return result;
}

static const char match_where[] =
    " WHERE ?1 IS NULL OR instr(lower(coalesce(drive,'')),lower(?1)) OR"
    " instr(lower(coalesce(model,'')),lower(?1)) OR instr(lower(coalesce(serial,'')),lower(?1))"
    " OR instr(lower(coalesce(target,'')),lower(?1))";

/* One run a line: id, started, drive, suite, status, dir. */
static void text_row(struct ssd__text *t, sqlite3_stmt *st) {
    static const int cols[] = {0, 14, 3, 10, 11, 2};
    static const int width[] = {5, 21, 28, 10, 12, 0};
    for (size_t k = 0; k < sizeof cols / sizeof cols[0]; k++) {
        const char *v = (const char *)sqlite3_column_text(st, cols[k]);
        ssd__text_add(t, "%s%-*s", k ? " " : "", width[k], v ? v : "-");
    }
    ssd__text_raw(t, "\n", 1);
}

int ssd_catalog_list(ssd_catalog *c, const char *drive_text, const char *format, char **out) {
    if (!c || !c->db || !out)
        return SSD_EINVAL;
    *out = NULL;
    int text = format && !strcmp(format, "text");
    if (!text && (!format || strcmp(format, "json")))
        return ssd__fail(c->err, SSD_EINVAL, "list: unknown format \"%s\" (json or text)",
                         format ? format : "(null)");
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
    struct ssd__text t = {0};
    if (text)
        ssd__text_add(&t, "%-5s %-21s %-28s %-10s %-12s %s\n", "id", "started", "drive", "suite",
                      "status", "directory");
    else
        ssd__text_raw(&t, "[", 1);
    int n = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (text) {
            text_row(&t, st);
            n++;
            continue;
        }
        ssd__text_add(&t, "%s{", n ? ",\n" : "\n");
        for (int k = 0; k < sqlite3_column_count(st); k++) {
            if (k)
                ssd__text_raw(&t, ",", 1);
            ssd__text_jstr(&t, sqlite3_column_name(st, k));
            ssd__text_raw(&t, ":", 1);
            switch (sqlite3_column_type(st, k)) {
            case SQLITE_NULL:
                ssd__text_raw(&t, "null", 4);
                break;
            case SQLITE_INTEGER:
                ssd__text_add(&t, "%lld", (long long)sqlite3_column_int64(st, k));
                break;
            case SQLITE_FLOAT:
                ssd__text_jnum(&t, sqlite3_column_double(st, k));
                break;
            default:
                ssd__text_jstr(&t, (const char *)sqlite3_column_text(st, k));
            }
        }
        ssd__text_raw(&t, "}", 1);
        n++;
    }
    sqlite3_finalize(st);
    if (!text)
        ssd__text_add(&t, "%s]\n", n ? "\n" : "");
    if (rc != SQLITE_DONE) {
        ssd__text_free(&t);
        return db_fail(c, "cannot list");
    }
    *out = ssd__text_take(&t);
    return *out ? n : ssd__fail(c->err, SSD_ENOMEM, "out of memory");
}

int ssd_catalog_latest_run(ssd_catalog *c, const char *drive_text, char **dir_out) {
    if (!c || !c->db || !dir_out || !drive_text)
        return SSD_EINVAL;
    *dir_out = NULL;
    char sql[1024];
    snprintf(sql, sizeof sql, "SELECT dir FROM runs%s ORDER BY started DESC, id DESC LIMIT 1",
             match_where);
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(c->db, sql, -1, &st, NULL) != SQLITE_OK)
        return db_fail(c, "cannot search");
    bind_text(st, 1, *drive_text ? drive_text : NULL);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *dir_out = strdup((const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    if (rc == SQLITE_DONE)
        return ssd__fail(c->err, SSD_ENODATA, "%s: no run in the catalog matches drive \"%s\"",
                         c->path, drive_text);
    if (rc != SQLITE_ROW)
        return db_fail(c, "cannot search");
    return *dir_out ? 0 : ssd__fail(c->err, SSD_ENOMEM, "out of memory");
}
