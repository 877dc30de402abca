/* Fuzzes the results.json loader alone (the JSON reader, the schema and
 * step checks, the status of a run that never recorded its end):
 * fuzz_suite_results also renders the HTML report of every document that
 * loads, ~30x slower, too slow for the 10M-execution runs of
 * this target makes (bench/fuzz_long.sh results_reader). */
#include "results_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return fuzz_results_input(data, size, 0);
}
