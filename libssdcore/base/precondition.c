/* precondition.c - the words for how a drive was preconditioned: one table
 * for the job and replay options, the series metadata, the analysis, the
 * `precondition` step and command, and the sim: URI. */
#include <string.h>

#include "ssdcore/analysis.h"
#include "precondition.h"

static const char *const names[] = {"none", "seq_fill", "random_fill", "unknown"};

/* Other spellings read as the name (written never): the sim: URI's words
 * for its drive's state at open before round 24 (docs/simulator.md). */
static const struct {
    const char *word;
    int value;
} aliases[] = {
    {"fresh", SSD_PRECONDITION_NONE},
    {"full", SSD_PRECONDITION_SEQ_FILL},
    {"dirty", SSD_PRECONDITION_RANDOM_FILL},
};

const char *ssd__precondition_name(int value) {
    return value >= 0 && value < (int)(sizeof names / sizeof names[0])
               ? names[value]
               : names[SSD_PRECONDITION_UNKNOWN];
}

int ssd__precondition_parse(const char *s, size_t len) {
    for (size_t i = 0; s && i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i]) == len && !memcmp(names[i], s, len))
            return (int)i;
    for (size_t i = 0; s && i < sizeof aliases / sizeof aliases[0]; i++)
        if (strlen(aliases[i].word) == len && !memcmp(aliases[i].word, s, len))
            return aliases[i].value;
    return -1;
}
