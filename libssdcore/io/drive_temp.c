/* drive_temp.c - the drive's temperature while a job runs (the series'
 * temp_c column): the health log the drive exposes (ssd_target_health:
 * NVMe log page 02h, ATA SMART, the sim model), else the hwmon sensor of
 * the disk under the target. A temperature that cannot be read is NaN,
 * never 0. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "drive_temp.h"
#include "target_impl.h"

#define SSD__TEMP_MIN_PERIOD_NS 1000000000ULL

static double health_temp(ssd_target *t, char *source, size_t len) {
    ssd_health h = {.size = sizeof h};
    if (ssd_target_health(t, &h) || !h.available || !isfinite(h.temperature_c))
        return NAN;
    if (source)
        snprintf(source, len, "%s", h.source);
    return h.temperature_c;
}

void ssd__temp_probe(ssd_target *t, struct ssd__temp_src *src) {
    memset(src, 0, sizeof *src);
    src->last_c = NAN;
    if (!t || !t->is_open)
        return;
    src->is_sim = t->ops && !strcmp(t->ops->kind, "sim");
    double c = health_temp(t, src->source, sizeof src->source);
    if (isfinite(c)) {
        src->kind = SSD__TEMP_HEALTH;
    } else if (!src->is_sim && t->uri &&
               ssd__hwmon_temp_input(t->uri, src->input, sizeof src->input) == 0 &&
               isfinite(c = ssd__hwmon_read_c(src->input))) {
        src->kind = SSD__TEMP_HWMON;
        snprintf(src->source, sizeof src->source, "hwmon");
    } else {
        src->source[0] = '\0';
        return;
    }
    src->last_c = c;
    src->last_ns = ssd__mono_ns();
}

double ssd__temp_read(ssd_target *t, struct ssd__temp_src *src) {
    if (src->kind == SSD__TEMP_NONE)
        return NAN;
    uint64_t now = ssd__mono_ns();
    if (!src->is_sim && src->last_ns && now - src->last_ns < SSD__TEMP_MIN_PERIOD_NS)
        return src->last_c;
    src->last_c =
        src->kind == SSD__TEMP_HWMON ? ssd__hwmon_read_c(src->input) : health_temp(t, NULL, 0);
    src->last_ns = now;
    return src->last_c;
}
