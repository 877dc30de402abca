/* drive_name.c - what a reader calls the drive of a run: the simulator
 * profile's drive ("Crucial BX200 240 GB", as `sim list` prints it), or a
 * real drive's model, capacity and firmware from its identity. The compare
 * page and the catalog name drives this way instead of "sim:bx200". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "results_model.h"
#include "ssdcore/sim.h"

/* A sim URI that changes the profile's capacity ("sim:mp44l-1tb,
 * capacity_gb=512") is no longer the profile's drive: the name keeps the
 * drive ("Team MP44L 1 TB" less its capacity) and gives the variant's, as
 * "Team MP44L 512 GB (sim variant)". spec is the model's "sim:..." URI. */
static void variant_capacity(char *buf, size_t len, const char *profile, const char *spec) {
    char mine[64], base[64];
    if (!spec || strncmp(spec, "sim:", 4) || !strchr(spec, ',') ||
        ssd_sim_profile_value(spec + 4, "capacity_gb", mine, sizeof mine) ||
        ssd_sim_profile_value(profile, "capacity_gb", base, sizeof base))
        return;
    double gb = strtod(mine, NULL), was = strtod(base, NULL);
    if (!(gb > 0) || fabs(gb - was) <= 0.005 * was)
        return;
    /* The profile's drive ends in its capacity ("... 1 TB", "... 256 GB"):
     * cut it. */
    char *sp = strrchr(buf, ' ');
    if (sp && sp > buf && (!strcmp(sp, " GB") || !strcmp(sp, " TB"))) {
        *sp = 0;
        char *num = strrchr(buf, ' ');
        if (num && strspn(num + 1, "0123456789.") == strlen(num + 1))
            *num = 0;
        else
            *sp = ' ';
    }
    size_t n = strlen(buf);
    if (n < len)
        snprintf(buf + n, len - n, gb >= 1000 ? " %.3g TB (sim variant)" : " %.0f GB (sim variant)",
                 gb >= 1000 ? gb / 1000 : gb);
}

/* The profile's drive ("Crucial BX200 240 GB") into buf, or nothing when
 * profile is no profile; spec (the model's "sim:..." URI, or NULL) may
 * change its capacity. */
static void profile_drive(char *buf, size_t len, const char *profile, size_t plen,
                          const char *spec) {
    for (size_t i = 0; profile && i < ssd_sim_profile_count(); i++) {
        const char *name = ssd_sim_profile_name(i);
        if (strlen(name) == plen && !strncmp(name, profile, plen)) {
            /* "Crucial BX200 240 GB, SM2256 TLC, ...": the drive is what
             * comes before the first comma. */
            const char *d = ssd_sim_profile_describe(i);
            snprintf(buf, len, "%.*s", (int)strcspn(d, ","), d);
            variant_capacity(buf, len, name, spec);
            return;
        }
    }
}

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
        if (sim_model && profile)
            profile_drive(buf, len, profile, strlen(profile), model);
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
    /* A run written before results.json kept the drive's identity names its
     * sim: drive by the target alone ("sim:bx200,seed=2"). */
    const char *uri = r->target_uri;
    if (!buf[0] && uri && !strncmp(uri, "sim:", 4))
        profile_drive(buf, len, uri + 4, strcspn(uri + 4, ","), uri);
    if (!buf[0])
        snprintf(buf, len, "%s", r->target_uri ? r->target_uri : "?");
}
