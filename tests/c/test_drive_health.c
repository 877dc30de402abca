/* The NVMe health log and ATA SMART parsers on synthetic pages: every
 * counter at its specified offset and unit, and a counter the drive does not
 * expose stays NaN (never 0). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "drive_health.h"

static void put_le(uint8_t *p, int n, uint64_t v) {
    for (int i = 0; i < n; i++, v >>= 8)
        p[i] = (uint8_t)v;
}

Test(drive_health, nvme_log_counters_at_their_offsets_and_units) {
    uint8_t log[512] = {0};
    put_le(log + 1, 2, 318); /* kelvin */
    log[5] = 7;
    put_le(log + 32, 16, 1000); /* data units read */
    put_le(log + 48, 16, 2000); /* data units written */
    put_le(log + 64, 16, 11);   /* host read commands */
    put_le(log + 80, 16, 22);   /* host write commands */
    put_le(log + 160, 16, 3);   /* media errors */
    put_le(log + 192, 4, 40);   /* warning temp minutes */
    put_le(log + 196, 4, 2);    /* critical temp minutes */
    put_le(log + 216, 4, 5);    /* T1 transitions */
    put_le(log + 220, 4, 1);    /* T2 transitions */
    put_le(log + 224, 4, 600);  /* T1 seconds */
    put_le(log + 228, 4, 30);   /* T2 seconds */
    ssd_health h;
    ssd__health_from_nvme_log(log, &h);
    cr_assert(h.available);
    cr_expect_str_eq(h.source, "nvme smart log");
    cr_expect_float_eq(h.temperature_c, 44.85, 1e-9);
    cr_expect_eq(h.percentage_used, 7);
    cr_expect_eq(h.host_read_bytes, 1000 * 512000.0);
    cr_expect_eq(h.host_written_bytes, 2000 * 512000.0);
    cr_expect_eq(h.host_read_commands, 11);
    cr_expect_eq(h.host_write_commands, 22);
    cr_expect_eq(h.media_errors, 3);
    cr_expect_eq(h.warning_temp_minutes, 40);
    cr_expect_eq(h.critical_temp_minutes, 2);
    cr_expect_eq(h.thermal_t1_transitions, 5);
    cr_expect_eq(h.thermal_t2_transitions, 1);
    cr_expect_eq(h.thermal_t1_seconds, 600);
    cr_expect_eq(h.thermal_t2_seconds, 30);
    /* NVMe has no media-writes counter in the standard log. */
    cr_expect(isnan(h.media_written_bytes));
    cr_expect(isnan(h.reallocated_sectors));
}

static void put_attr(uint8_t *data, int slot, int id, uint64_t raw) {
    uint8_t *a = data + 2 + 12 * slot;
    a[0] = (uint8_t)id;
    a[3] = 100;
    put_le(a + 5, 6, raw);
}

Test(drive_health, ata_attributes_and_wa_only_where_nand_writes_are_exposed) {
    uint8_t data[512] = {0};
    put_attr(data, 0, 5, 2);
    put_attr(data, 1, 187, 4);
    put_attr(data, 2, 194, 0x002a0014001fULL); /* min/max in the upper bytes */
    put_attr(data, 3, 241, 1000);
    put_attr(data, 4, 249, 3);
    ssd_health before, after;
    cr_assert_eq(ssd__health_from_ata_smart(data, &before), 0);
    cr_expect_str_eq(before.source, "ata smart");
    cr_expect_eq(before.reallocated_sectors, 2);
    cr_expect_eq(before.media_errors, 4);
    cr_expect_eq(before.temperature_c, 31);
    cr_expect_eq(before.host_written_bytes, 512000);
    cr_expect_eq(before.media_written_bytes, 3 * 1073741824.0);
    cr_expect(isnan(before.host_write_commands));
    put_attr(data, 3, 241, 1000 + 4194304); /* +2 GiB host */
    put_attr(data, 4, 249, 8);              /* +5 GiB NAND */
    cr_assert_eq(ssd__health_from_ata_smart(data, &after), 0);
    cr_expect_float_eq(ssd__health_wa(&before, &after), 2.5, 1e-12);
    char *json = NULL;
    cr_assert_eq(ssd_health_delta_json(&before, &after, SSD_JSON_COMPACT, &json), 0);
    cr_expect(strstr(json, "\"write_amplification\":2.5"), "%s", json);
    cr_expect(!strstr(json, "host_write_commands"), "%s", json);
    ssd_free(json);
    /* Without attribute 249 the WA is unknown, not 1 or 0. */
    put_attr(data, 4, 9, 8);
    cr_assert_eq(ssd__health_from_ata_smart(data, &after), 0);
    cr_expect(isnan(ssd__health_wa(&before, &after)));
    cr_assert_eq(ssd_health_delta_json(&before, &after, SSD_JSON_COMPACT, &json), 0);
    cr_expect(strstr(json, "\"write_amplification\":null"), "%s", json);
    ssd_free(json);
}

Test(drive_health, ata_page_without_known_attributes_is_not_available) {
    uint8_t data[512] = {0};
    ssd_health h;
    cr_expect_eq(ssd__health_from_ata_smart(data, &h), -1);
    cr_expect_eq(h.available, 0);
}
