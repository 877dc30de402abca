/* archive_lib.c - libarchive, loaded on first use (archive_lib.h says why). */
#define SSD__ARCHIVE_LIB_IMPL
#include "archive_lib.h"

#include <dlfcn.h>
#include <pthread.h>

#include <ssdcore/base.h>

#include "errmsg.h"

struct ssd__archive_lib ssd__archive_lib;

/* Opens soname and fills *lib: the handle, or NULL with the reason in err
 * (SSD__ERRMSG_SIZE bytes). */
static void *load(const char *soname, struct ssd__archive_lib *lib, char *err) {
    /* RTLD_LOCAL: its symbols serve this table only; RTLD_NOW: a missing
     * function of what it needs fails here, not in the middle of a run. */
    void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        ssd__fail(err, SSD_EUNSUPPORTED,
                  "libarchive could not be loaded (%s): install it (Debian: libarchive13)",
                  why ? why : soname);
        return NULL;
    }
    const char *missing = NULL;
#define SSD__ARCHIVE_LOOKUP(f)                                                                     \
    if (!missing && !(*(void **)&lib->f = dlsym(h, #f)))                                           \
        missing = #f;
    SSD__ARCHIVE_FUNCS(SSD__ARCHIVE_LOOKUP)
#undef SSD__ARCHIVE_LOOKUP
    if (missing) {
        dlclose(h);
        ssd__fail(err, SSD_EUNSUPPORTED,
                  "%s has no %s: ssdcore was built for libarchive " ARCHIVE_VERSION_ONLY_STRING,
                  soname, missing);
        return NULL;
    }
    return h;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *handle; /* never closed: the table points into it */
static char load_err[SSD__ERRMSG_SIZE];

static void load_once(void) {
    struct ssd__archive_lib lib;
    if ((handle = load(SSD__LIBARCHIVE_SONAME, &lib, load_err)))
        ssd__archive_lib = lib;
}

int ssd__archive_lib_load(char *err, const char *what) {
    pthread_once(&once, load_once);
    return handle ? 0 : ssd__fail(err, SSD_EUNSUPPORTED, "%s: %s", what, load_err);
}

int ssd__archive_lib_try(const char *soname, char *err, const char *what) {
    struct ssd__archive_lib lib;
    void *h = load(soname, &lib, err);
    if (!h)
        return ssd__fail(err, SSD_EUNSUPPORTED, "%s: %s", what, err);
    dlclose(h);
    return 0;
}
