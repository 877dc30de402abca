/* options.c - the one boolean vocabulary of option values (options.h). */
#include <stddef.h>
#include <strings.h>

#include "options.h"
#include "ssdcore/base.h"

int ssd__parse_bool(const char *text, int *out) {
    static const char *const yes[] = {"1", "true", "yes", "on"};
    static const char *const no[] = {"0", "false", "no", "off"};
    if (!text)
        return SSD_EINVAL;
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
        if (!strcasecmp(text, yes[i])) {
            *out = 1;
            return 0;
        }
        if (!strcasecmp(text, no[i])) {
            *out = 0;
            return 0;
        }
    }
    return SSD_EINVAL;
}
