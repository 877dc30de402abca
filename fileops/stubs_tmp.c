/* stubs_tmp.c - placeholders until the real modules land. */
#include <stdlib.h>
#include <ssdcore/fileops.h>

int ssd_filebench_create(ssd_filebench **out) { (void)out; return SSD_EUNSUPPORTED; }
void ssd_filebench_free(ssd_filebench *b) { (void)b;  }
const char * ssd_filebench_errmsg(const ssd_filebench *b) { (void)b; return ""; }
int ssd_filebench_set_option(ssd_filebench *b, const char *key, const char *value) { (void)b;(void)key;(void)value; return SSD_EUNSUPPORTED; }
int ssd_filebench_run(ssd_filebench *b, const char *dir) { (void)b;(void)dir; return SSD_EUNSUPPORTED; }
const char * ssd_filebench_json(const ssd_filebench *b) { (void)b; return ""; }
