#include "data_dirs.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static const char *joined(const char *dir, const char *rel) {
    static char buf[16][PATH_MAX];
    static unsigned next;
    char *b = buf[next++ % 16];
    if ((size_t)snprintf(b, PATH_MAX, "%s%s", dir, rel) >= PATH_MAX) {
        fprintf(stderr, "data_dirs: path too long: %s%s\n", dir, rel);
        abort();
    }
    return b;
}

const char *data_path(const char *rel) {
    return joined(SSD_TEST_DATA_DIR, rel);
}

const char *datasets_path(const char *rel) {
    return joined(SSD_DATASETS_DIR, rel);
}
