/* drive_name.c - what a reader calls the drive of a run: the simulator
 * profile's drive ("Crucial BX200 240 GB", as `sim list` prints it), or a
 * real drive's model, capacity and firmware from its identity. The compare
 * page and the catalog name drives this way instead of "sim:bx200". */
#include <stdio.h>
#include <string.h>

#include "json_read.h"
#include "results_model.h"
#include "ssdcore/sim.h"

void ssd__drive_name(const struct ssd__results *r, char *buf, size_t len) {
    if (!len)
        return;
    buf[0] = 0;
    struct ssd__jv id = {0};
    char err[128];
    if (r->drive_json && !ssd__jr_parse(r->drive_json, &id, err, sizeof err)) {
        const char *profile = ssd__jv_str(&id, "profile");
        const char *model = ssd__jv_str(&id, "model");
        const char *fw = ssd__jv_str(&id, "firmware");
        double cap = ssd__jv_num(&id, "capacity_bytes", 0);
        /* A model the identity gives (a real drive's, or one a results.json
         * was edited to) wins over the profile; "sim:NAME" is no name. */
        int sim_model = !model || !*model || !strncmp(model, "sim:", 4);
        for (size_t i = 0; sim_model && profile && i < ssd_sim_profile_count(); i++)
            if (!strcmp(ssd_sim_profile_name(i), profile)) {
                /* "Crucial BX200 240 GB, SM2256 TLC, ...": the drive is
                 * what comes before the first comma. */
                const char *d = ssd_sim_profile_describe(i);
                snprintf(buf, len, "%.*s", (int)strcspn(d, ","), d);
            }
        if (!buf[0] && model && *model) {
            size_t n = (size_t)snprintf(buf, len, "%s", model);
            /* Drive makers count in decimal gigabytes. */
            if (cap > 0 && n < len && !strstr(model, "GB") && !strstr(model, "TB"))
                n += (size_t)snprintf(buf + n, len - n, cap >= 1e12 ? " %.3g TB" : " %.0f GB",
                                      cap >= 1e12 ? cap / 1e12 : cap / 1e9);
            if (fw && *fw && n < len)
                snprintf(buf + n, len - n, ", firmware %s", fw);
        }
    }
    ssd__jv_free(&id);
    if (!buf[0])
        snprintf(buf, len, "%s", r->target_uri ? r->target_uri : "?");
}
