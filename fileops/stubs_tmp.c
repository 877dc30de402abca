/* stubs_tmp.c - placeholders until the real modules land. */
#include <stdlib.h>
#include <ssdcore/fileops.h>

int ssd_archive_create(ssd_archive **out) {
    (void)out;
    return SSD_EUNSUPPORTED;
}
void ssd_archive_free(ssd_archive *a) {
    (void)a;
}
const char *ssd_archive_errmsg(const ssd_archive *a) {
    (void)a;
    return "not implemented";
}
int ssd_archive_set_option(ssd_archive *a, const char *key, const char *value) {
    (void)a;
    (void)key;
    (void)value;
    return SSD_EUNSUPPORTED;
}
int ssd_archive_set_progress(ssd_archive *a, ssd_fileops_progress_fn fn, void *user) {
    (void)a;
    (void)fn;
    (void)user;
    return SSD_EUNSUPPORTED;
}
int ssd_archive_run(ssd_archive *a, const char *src, const char *archive_path,
                    ssd_archive_result *res) {
    (void)a;
    (void)src;
    (void)archive_path;
    (void)res;
    return SSD_EUNSUPPORTED;
}
int ssd_extract_create(ssd_extract **out) {
    (void)out;
    return SSD_EUNSUPPORTED;
}
void ssd_extract_free(ssd_extract *x) {
    (void)x;
}
const char *ssd_extract_errmsg(const ssd_extract *x) {
    (void)x;
    return "not implemented";
}
int ssd_extract_set_option(ssd_extract *x, const char *key, const char *value) {
    (void)x;
    (void)key;
    (void)value;
    return SSD_EUNSUPPORTED;
}
int ssd_extract_set_progress(ssd_extract *x, ssd_fileops_progress_fn fn, void *user) {
    (void)x;
    (void)fn;
    (void)user;
    return SSD_EUNSUPPORTED;
}
int ssd_extract_run(ssd_extract *x, const char *archive_path, const char *dst,
                    ssd_archive_result *res) {
    (void)x;
    (void)archive_path;
    (void)dst;
    (void)res;
    return SSD_EUNSUPPORTED;
}
int ssd_fileset_create(ssd_fileset **out) {
    (void)out;
    return SSD_EUNSUPPORTED;
}
void ssd_fileset_free(ssd_fileset *s) {
    (void)s;
}
const char *ssd_fileset_errmsg(const ssd_fileset *s) {
    (void)s;
    return "not implemented";
}
int ssd_fileset_set_option(ssd_fileset *s, const char *key, const char *value) {
    (void)s;
    (void)key;
    (void)value;
    return SSD_EUNSUPPORTED;
}
int ssd_fileset_run(ssd_fileset *s, const char *dir, ssd_fileset_result *res) {
    (void)s;
    (void)dir;
    (void)res;
    return SSD_EUNSUPPORTED;
}
int ssd_filebench_create(ssd_filebench **out) {
    (void)out;
    return SSD_EUNSUPPORTED;
}
void ssd_filebench_free(ssd_filebench *b) {
    (void)b;
}
const char *ssd_filebench_errmsg(const ssd_filebench *b) {
    (void)b;
    return "not implemented";
}
int ssd_filebench_set_option(ssd_filebench *b, const char *key, const char *value) {
    (void)b;
    (void)key;
    (void)value;
    return SSD_EUNSUPPORTED;
}
int ssd_filebench_run(ssd_filebench *b, const char *dir) {
    (void)b;
    (void)dir;
    return SSD_EUNSUPPORTED;
}
const char *ssd_filebench_json(const ssd_filebench *b) {
    (void)b;
    return "not implemented";
}
