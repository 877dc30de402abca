/* Fuzzes the fio JSON reader and its JSON parser. */
#include <stddef.h>
#include <stdint.h>

#include <ssdcore.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ssd_fio_result *r = NULL;
    if (ssd_fio_result_parse(&r, "fuzz", (const char *)data, size) == 0) {
        char *json = NULL;
        if (ssd_fio_result_to_json(r, 0, &json) == 0)
            ssd_free(json);
    }
    ssd_fio_result_free(r);
    return 0;
}
