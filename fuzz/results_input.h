/* results_input.h - the one body of the two results.json fuzz targets:
 * the input as a results document loaded from memory (the directory does
 * not exist, so every analysis takes the lost-CSV path) and written back as
 * results.json; with `render`, also the text summary and the HTML report
 * built from the loaded suite. */
#ifndef SSD_FUZZ_RESULTS_INPUT_H
#define SSD_FUZZ_RESULTS_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <ssdcore.h>

#include "fuzz_text.h"
#include "report_html.h"
#include "suite_impl.h"

static int fuzz_results_input(const uint8_t *data, size_t size, int render) {
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    ssd_suite *s = NULL;
    if (ssd__suite_load_text(&s, "/nonexistent/ssdcore-fuzz", text) == 0) {
        char *out = NULL;
        if (ssd_suite_to_json(s, 0, &out) == 0)
            ssd_free(out);
        out = NULL;
        if (render && ssd_suite_summary_text(s, &out) == 0)
            ssd_free(out);
        out = NULL;
        if (render && ssd__suite_report_html(&s->res, &out) == 0)
            free(out);
    }
    ssd_suite_free(s);
    free(text);
    return 0;
}

#endif
