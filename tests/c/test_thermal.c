/* Temperature and throttling: the temp_c column a job logs (sim model,
 * none on a target without a sensor), the reader keeping it only when
 * asked, the simulator's thermal model and its ground truth. */
#include <criterion/criterion.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "drive_health.h"
#include "target_impl.h"
#include "ssdcore.h"

static char dir[] = "/tmp/ssd_thermal_XXXXXX";

static void setup(void) {
    cr_assert_not_null(mkdtemp(dir));
}

static void teardown(void) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_expect_eq(system(cmd), 0);
}

TestSuite(thermal, .init = setup, .fini = teardown, .timeout = 60);

static ssd_target *open_target(const char *uri) {
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    int rc = ssd_target_open(t, uri);
    cr_assert_eq(rc, 0, "%s: %s", uri, ssd_target_errmsg(t));
    return t;
}

/* A sequential write job on t for time_s, logged to log (may be NULL). */
static ssd_job *write_job(ssd_target *t, const char *time_s, const char *log) {
    ssd_job *j = NULL;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    cr_assert_eq(ssd_job_set_option(j, "pattern", "write"), 0);
    cr_assert_eq(ssd_job_set_option(j, "bs", "128k"), 0);
    cr_assert_eq(ssd_job_set_option(j, "qd", "32"), 0);
    cr_assert_eq(ssd_job_set_option(j, "time", time_s), 0);
    if (log)
        cr_assert_eq(ssd_job_set_option(j, "log", log), 0);
    cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
    return j;
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

Test(thermal, sim_job_logs_a_rising_temperature_column_that_reads_back) {
    char log[128];
    snprintf(log, sizeof log, "%s/w.csv", dir);
    ssd_target *t = open_target("sim:mp44l-1tb");
    ssd_job *j = write_job(t, "60s", log);
    size_t n = 0;
    const ssd_sample *sm = ssd_job_samples(j, &n);
    cr_assert_eq(n, 60);
    /* The model starts idle (35 C) and heats while writing at 3 GB/s. */
    cr_expect(sm[0].temp_c > 34 && sm[0].temp_c < 40, "%g", sm[0].temp_c);
    cr_expect(sm[59].temp_c > sm[0].temp_c + 10, "%g -> %g", sm[0].temp_c, sm[59].temp_c);
    char *text = slurp(log);
    cr_expect(strstr(text, "\"temp_source\":\"sim model\""), "%.300s", text);
    cr_expect(strstr(text, "write_lat_max_us,temp_c\n"), "%.600s", text);
    /* The reader keeps it by default and when named, not with "". */
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_open(&s, log), 0, "%s", ssd_series_errmsg(s));
    const double *col = ssd_series_column(s, "temp_c");
    cr_assert_not_null(col);
    for (size_t i = 0; i < n; i++)
        cr_expect_float_eq(col[i], round(sm[i].temp_c * 10) / 10, 1e-9, "sample %zu", i);
    ssd_series_free(s);
    const char *paths[] = {log};
    cr_assert_eq(ssd_series_open_columns(&s, paths, 1, NULL, 0, 0, ""), 0);
    cr_expect_null(ssd_series_column(s, "temp_c"));
    ssd_series_free(s);
    cr_assert_eq(ssd_series_open_columns(&s, paths, 1, NULL, 0, 0, "temp_c"), 0);
    cr_expect_not_null(ssd_series_column(s, "temp_c"));
    cr_expect_null(ssd_series_column(s, "lat_p99_us"));
    ssd_series_free(s);
    /* The job's series in memory carries the column as its log does. */
    cr_assert_eq(ssd_job_series(j, SSD_DIR_WRITE, &s), 0);
    col = ssd_series_column(s, "temp_c");
    cr_assert_not_null(col);
    cr_expect_float_eq(col[59], round(sm[59].temp_c * 10) / 10, 1e-9);
    ssd_series_free(s);
    char *json = NULL;
    cr_assert_eq(ssd_job_to_json(j, 0, &json), 0);
    cr_expect(strstr(json, "\"temp_source\":\"sim model\""));
    ssd_free(json);
    ssd_job_free(j);
    ssd_target_free(t);
}

Test(thermal, a_target_without_a_sensor_logs_no_temperature_column) {
    char path[128], log[128];
    snprintf(path, sizeof path, "%s/target.bin", dir);
    snprintf(log, sizeof log, "%s/f.csv", dir);
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_assert_eq(ssd_target_set_option(t, "size", "8m"), 0);
    cr_assert_eq(ssd_target_set_option(t, "buffered", "1"), 0);
    cr_assert_eq(ssd_target_open(t, path), 0, "%s", ssd_target_errmsg(t));
    ssd_health h;
    cr_assert_eq(ssd_target_health(t, &h), 0);
    ssd_job *j = NULL;
    cr_assert_eq(ssd_job_create(&j, t), 0);
    cr_assert_eq(ssd_job_set_option(j, "pattern", "write"), 0);
    cr_assert_eq(ssd_job_set_option(j, "time", "0.3s"), 0);
    cr_assert_eq(ssd_job_set_option(j, "interval", "0.1s"), 0);
    cr_assert_eq(ssd_job_set_option(j, "log", log), 0);
    cr_assert_eq(ssd_job_run(j), 0, "%s", ssd_job_errmsg(j));
    char *text = slurp(log);
    char probe[PATH_MAX + 64];
    if (ssd__hwmon_temp_input(path, probe, sizeof probe) == 0) {
        /* This machine has a sensor for the disk: then the column is there. */
        cr_expect(strstr(text, ",temp_c\n"));
    } else {
        cr_expect(!strstr(text, "temp_c"), "%.600s", text);
        cr_expect(!strstr(text, "temp_source"));
        size_t n = 0;
        const ssd_sample *sm = ssd_job_samples(j, &n);
        cr_assert_gt(n, 0);
        cr_expect(isnan(sm[0].temp_c), "unknown is NaN, never 0: %g", sm[0].temp_c);
    }
    ssd_job_free(j);
    ssd_target_free(t);
}

Test(thermal, hwmon_sensor_under_a_fake_sysfs_is_found_and_read) {
    /* /sys/dev/block/M:m of the filesystem the directory is on, pointing
     * at a disk whose device has an NVMe-style hwmon. */
    char root[160], cmd[1024];
    snprintf(root, sizeof root, "%s/sys", dir);
    struct stat st;
    cr_assert_eq(stat(dir, &st), 0);
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/dev/block %s/block/nvme9n1/device/hwmon3 && "
             "echo 47850 > %s/block/nvme9n1/device/hwmon3/temp1_input && "
             "ln -s ../../block/nvme9n1 %s/dev/block/%u:%u",
             root, root, root, root, major(st.st_dev), minor(st.st_dev));
    cr_assert_eq(system(cmd), 0);
    setenv("SSD_SYSFS_ROOT", root, 1);
    char input[PATH_MAX + 64];
    int rc = ssd__hwmon_temp_input(dir, input, sizeof input);
    unsetenv("SSD_SYSFS_ROOT");
    cr_assert_eq(rc, 0);
    cr_expect(strstr(input, "hwmon3/temp1_input"), "%s", input);
    cr_expect_float_eq(ssd__hwmon_read_c(input), 47.85, 1e-9);
}

Test(thermal, ata_airflow_temperature_stands_in_when_194_is_missing) {
    uint8_t data[512] = {0};
    uint8_t *a = data + 2;
    a[0] = 190;
    a[5] = 44;
    a = data + 2 + 12;
    a[0] = 241;
    a[5] = 1;
    ssd_health h;
    cr_assert_eq(ssd__health_from_ata_smart(data, &h), 0);
    cr_expect_eq(h.temperature_c, 44);
    /* With 194 as well, 194 is the drive's temperature. */
    a = data + 2 + 24;
    a[0] = 194;
    a[5] = 51;
    cr_assert_eq(ssd__health_from_ata_smart(data, &h), 0);
    cr_expect_eq(h.temperature_c, 51);
}
