/* Fuzzes the trace readers (detection, ssdcore CSV, fio iolog v2/v3,
 * blkparse text) and, when a trace parses, its summary. The first byte
 * picks the reader, so every one of them sees every input shape. */
#include <stddef.h>
#include <stdint.h>

#include <ssdcore.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char *const formats[] = {"auto", "csv", "iolog", "blkparse"};
    if (size < 1)
        return 0;
    ssd_trace *tr = NULL;
    if (ssd_trace_create(&tr))
        return 0;
    if (ssd_trace_parse(tr, (const char *)data + 1, size - 1, formats[data[0] % 4], "fuzz") == 0) {
        char *json = NULL;
        if (ssd_trace_to_json(tr, SSD_JSON_COMPACT, &json) == 0)
            ssd_free(json);
        ssd_trace_max_overlap(tr);
    }
    ssd_trace_free(tr);
    return 0;
}
