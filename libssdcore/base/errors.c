/* errors.c - descriptions and names for every error code. */
#include <stdlib.h>
#include <string.h>

#include "ssdcore/base.h"

const char *ssd_strerror(int code) {
    if (code >= 0)
        return "success";
#define SSD__ERROR_TEXT(name, value, text)                                                         \
    if (code == (value))                                                                           \
        return text;
    SSD_ERROR_TABLE(SSD__ERROR_TEXT)
#undef SSD__ERROR_TEXT
    /* strerrordesc_np is the thread-safe, locale-free glibc form. */
    const char *desc = strerrordesc_np(-code);
    return desc ? desc : "unknown error";
}

const char *ssd_err_name(int code) {
    if (code == 0)
        return "SSD_OK";
#define SSD__ERROR_NAME(name, value, text)                                                         \
    if (code == (value))                                                                           \
        return #name;
    SSD_ERROR_TABLE(SSD__ERROR_NAME)
#undef SSD__ERROR_NAME
    const char *name = code < 0 ? strerrorname_np(-code) : NULL;
    return name ? name : "unknown";
}

void ssd_free(void *p) {
    free(p);
}

unsigned ssd_version_number(void) {
    return SSD_VERSION_NUMBER;
}

const char *ssd_version_string(void) {
    return SSD_VERSION_STRING;
}
