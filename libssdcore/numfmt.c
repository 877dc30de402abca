/* numfmt.c - shortest round-trip formatting of doubles. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"

const char *ssd__fmt_json_number(char buf[SSD__NUM_BUF], double v) {
    if (!isfinite(v)) {
        memcpy(buf, "null", 5);
        return buf;
    }
    /* 15 significant digits always survive a round trip through decimal;
     * try those first and widen only when the value needs more. */
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(buf, SSD__NUM_BUF, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    return buf;
}
