/* Fuzzes the results catalog's reader of results.json (ssd_catalog_add):
 * the JSON reader, the schema check and its message, the run key (run_id,
 * or host, target, suite, start and directory), the status, the headline
 * flattened into figures; then the runs listed as JSON and as text. Each
 * input is added twice to an emptied in-memory catalog (the second add must
 * find it unchanged), so a run is deterministic. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <ssdcore.h>

#include "fuzz_text.h"
#include "suite_impl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    static ssd_catalog *c;
    if (!c && (ssd_catalog_create(&c) || ssd_catalog_open(c, ":memory:"))) {
        ssd_catalog_free(c);
        c = NULL;
    }
    if (c && ssd__catalog_clear(c) == 0) {
        int rc = ssd__catalog_add_text(c, "/nonexistent/ssdcore-fuzz", text);
        if (rc == 1 && ssd__catalog_add_text(c, "/nonexistent/ssdcore-fuzz", text) != 0)
            abort(); /* the same document twice: nothing changes */
        char *out = NULL;
        if (ssd_catalog_list(c, NULL, "json", &out, NULL) >= 0)
            ssd_free(out);
        out = NULL;
        if (ssd_catalog_list(c, "a", "text", &out, NULL) >= 0)
            ssd_free(out);
    }
    free(text);
    return 0;
}
