/* Fuzzes the results.json loader (ssd_suite_load: the JSON reader, the
 * schema and step checks) and, when a document loads, everything that is
 * built from a loaded suite: results.json again, the text summary and the
 * HTML report. */
#include "results_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return fuzz_results_input(data, size, 1);
}
