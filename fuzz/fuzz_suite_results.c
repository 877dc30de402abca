/* Fuzzes the results.json loader (ssd_suite_load: the JSON reader, the
 * schema and step checks) and, when a document loads, everything that is
 * built from a loaded suite: results.json again, the text summary and the
 * HTML report. The directory does not exist, so every analysis takes the
 * lost-CSV path. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "report_html.h"
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
        if (ssd_suite_to_json(s, 0, &out) == 0)
            ssd_free(out);
        out = NULL;
        if (ssd_suite_summary_text(s, &out) == 0)
            ssd_free(out);
        out = NULL;
        if (ssd__suite_report_html(&s->res, &out) == 0)
            free(out);
    }
    ssd_suite_free(s);
    free(text);
    return 0;
}
