/* precondition.c - the words for how a drive was preconditioned: one table
 * for the job and replay options, the series metadata, the analysis, the
 * `precondition` step and command, and the sim: URI. */
#include <string.h>

#include "ssdcore/analysis.h"
#include "precondition.h"

static const char *const names[] = {"none", "seq_fill", "random_fill", "unknown"};

const char *ssd__precondition_name(int value) {
    return value >= 0 && value < (int)(sizeof names / sizeof names[0])
               ? names[value]
               : names[SSD_PRECONDITION_UNKNOWN];
}

int ssd__precondition_parse(const char *s, size_t len) {
    for (size_t i = 0; s && i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i]) == len && !memcmp(names[i], s, len))
            return (int)i;
    return -1;
}
