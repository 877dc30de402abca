/* Fuzzes the results.json loader alone (the JSON reader, the schema and
 * step checks, the status of a run that never recorded its end):
 * fuzz_suite_results also renders the HTML report of every document that
 * loads, ~30x slower, too slow for the 10M-execution runs of
 * bench/fuzz_readers.sh. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "suite_impl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* The loader refuses NUL bytes before parsing. */
    if (memchr(data, 0, size))
        return 0;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    ssd_suite *s = NULL;
    if (ssd__suite_load_text(&s, "/nonexistent/ssdcore-fuzz", text) == 0) {
        char *out = NULL;
        if (ssd_suite_results_json(s, &out) == 0)
            ssd_free(out);
    }
    ssd_suite_free(s);
    free(text);
    return 0;
}
