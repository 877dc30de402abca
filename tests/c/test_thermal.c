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
#include "analysis_testutil.h"
#include "series_testutil.h"
#include "target_impl.h"
#include "ssdcore.h"
#include "data_dirs.h"

static char dir[] = "/tmp/ssd_thermal_XXXXXX";

static void setup(void) {
    cr_assert_not_null(mkdtemp(dir));
}

static void teardown(void) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_expect_eq(system(cmd), 0);
}

TestSuite(thermal, .init = setup, .fini = teardown);

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
    cr_assert_eq(series_open(&s, log), 0, "%s", ssd_series_errmsg(s));
    const double *col = ssd_series_column(s, "temp_c");
    cr_assert_not_null(col);
    for (size_t i = 0; i < n; i++)
        cr_expect_float_eq(col[i], round(sm[i].temp_c * 10) / 10, 1e-9, "sample %zu", i);
    ssd_series_free(s);
    const char *paths[] = {log};
    cr_assert_eq(series_open_opt(&s, paths, 1, "columns", "none"), 0);
    cr_expect_null(ssd_series_column(s, "temp_c"));
    ssd_series_free(s);
    cr_assert_eq(series_open_opt(&s, paths, 1, "columns", "temp_c"), 0);
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
    ssd_health h = {.size = sizeof h};
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
    ssd_health h = {.size = sizeof h};
    cr_assert_eq(ssd__health_from_ata_smart(data, &h), 0);
    cr_expect_eq(h.temperature_c, 44);
    /* With 194 as well, 194 is the drive's temperature. */
    a = data + 2 + 24;
    a[0] = 194;
    a[5] = 51;
    cr_assert_eq(ssd__health_from_ata_smart(data, &h), 0);
    cr_expect_eq(h.temperature_c, 51);
}

static double truth(ssd_target *t, const char *key) {
    double v = NAN;
    int rc = ssd_sim_truth(t, key, &v);
    cr_assert_eq(rc, 0, "truth %s: %s", key, ssd_target_errmsg(t));
    return v;
}

Test(thermal, sim_throttle_steps_engage_at_their_temperatures_with_hysteresis) {
    /* A SATA drive made to heat fast: light step at 60 C, heavy at 70 C. */
    ssd_target *t = open_target("sim:ssd370,heat_write_c=150,thermal_tau_s=30,throttle_c=60,"
                                "throttle_mbps=300,throttle2_c=70,throttle2_mbps=50,"
                                "throttle_hyst_c=3,noise=0,noise_direct=0,dip_duty=0");
    ssd_job *j = write_job(t, "300s", NULL);
    double start = truth(t, "throttle_start_temp_c");
    cr_expect(start >= 60 && start < 60.5, "%g", start);
    cr_expect_float_eq(truth(t, "throttle_level_bps"), 300 * 1048576.0, 1);
    char *json = NULL;
    cr_assert_eq(ssd_sim_truth_to_json(t, 0, &json), 0);
    cr_expect(strstr(json, "\"regime\":\"throttle\",\"step\":1"), "%.3000s", json);
    cr_expect(strstr(json, "\"step\":2"), "the heavy step engages: %.3000s", json);
    ssd_free(json);
    /* At 300 MiB/s the drive would settle at 35 + 150 * 0.29 = 79 C: the
     * heavy step engages at 70, its 50 MiB/s cools the drive, and it is
     * released 3 C below 70; the temperature never passes 70 by much. */
    size_t n = 0;
    const ssd_sample *sm = ssd_job_samples(j, &n);
    double hottest = 0;
    for (size_t i = 0; i < n; i++)
        hottest = fmax(hottest, sm[i].temp_c);
    cr_expect(hottest < 71.5, "%g", hottest);
    /* Cooling: an idle drive returns towards its idle temperature and
     * leaves the throttle behind. */
    cr_assert_eq(ssd_target_idle(t, 600), 0);
    cr_expect(truth(t, "temperature_c") < 36, "%g", truth(t, "temperature_c"));
    ssd_job_free(j);
    j = write_job(t, "2s", NULL);
    double tv;
    cr_expect_eq(ssd_sim_truth(t, "throttle_start_s", &tv), SSD_ENODATA, "cool: no throttle");
    ssd_job_free(j);
    ssd_target_free(t);
}

Test(thermal, a_heavy_step_needs_a_light_one_below_it) {
    ssd_target *t = NULL;
    cr_assert_eq(ssd_target_create(&t), 0);
    cr_expect_eq(ssd_target_open(t, "sim:bx200,throttle2_c=80"), SSD_ERANGE);
    cr_expect(strstr(ssd_target_errmsg(t), "throttle2_c"), "%s", ssd_target_errmsg(t));
    ssd_target_free(t);
}

/* A synthetic run: 1 s samples at 1000 MB/s, then at 600 from sample 60,
 * with temperatures temp(i). */
static ssd_analysis *analyse_run(double (*temp)(size_t), int with_temp,
                                 struct ssd_analysis_summary *sum) {
    enum { N = 200 };
    double t[N], b[N], c[N];
    for (size_t i = 0; i < N; i++) {
        t[i] = (double)(i + 1);
        b[i] = (i < 60 ? 1000e6 : 600e6) * (1 + 0.005 * ((double)((i * 7919) % 5) - 2));
        c[i] = temp(i);
    }
    ssd_series *s = NULL;
    cr_assert_eq(ssd_series_from_arrays(&s, t, b, N), 0);
    if (with_temp)
        cr_assert_eq(ssd_series_set_column(s, "temp_c", c), 0);
    ssd_analysis *a = analysed_series(s, sum);
    ssd_series_free(s);
    return a;
}

/* Heats to 80 C at the drop, then holds at 78-80. */
static double held(size_t i) {
    return i < 60 ? 40 + 40.0 * (double)i / 59 : 80 - 2 * (1 - exp(-(double)(i - 60) / 20));
}
/* The same shape, 25 C cooler: a drop on a drive at 55 C. */
static double cool(size_t i) {
    return held(i) - 25;
}
/* Heats to 80 C at the drop and keeps heating: the drop did not hold it. */
static double rising(size_t i) {
    return 40 + 40.0 * (double)i / 59;
}

Test(thermal, analysis_calls_a_drop_throttling_only_with_a_held_hot_temperature) {
    struct ssd_analysis_summary m;
    ssd_analysis *a = analyse_run(held, 1, &m);
    cr_expect(m.has_temperature);
    cr_expect(m.has_throttle);
    cr_expect_float_eq(m.throttle_start_s, 60, 1e-9);
    cr_expect_float_eq(m.throttle_temp_c, 80, 0.1);
    cr_expect(fabs(m.throttle_level_bps / 600e6 - 1) < 0.02, "%g", m.throttle_level_bps);
    cr_expect(!m.has_cache, "the fast start is the cool drive, not a cache");
    cr_expect_float_eq(m.post_cache_bps, m.throttle_before_bps, 1e-9);
    struct ssd_phase p = {.size = sizeof p};
    cr_assert_eq(ssd_analysis_phase(a, 1, &p), 0);
    cr_expect_str_eq(ssd_analysis_regime_name(p.regime), "throttle");
    char *json = NULL;
    cr_assert_eq(ssd_analysis_to_json(a, NULL, 0, &json), 0);
    cr_expect(strstr(json, "\"throttle\":{\"start_s\":60"), "%s", json);
    ssd_free(json);
    ssd_analysis_free(a);
    /* The same speeds: without the column, or on a cooler drive, or with
     * the temperature still climbing after the drop, no throttle, and the
     * cache verdict is the one the speeds alone give. */
    double (*others[])(size_t) = {held, cool, rising};
    for (int k = 0; k < 3; k++) {
        a = analyse_run(others[k], k != 0, &m);
        cr_expect(!m.has_throttle, "case %d", k);
        cr_expect(m.has_cache, "case %d", k);
        cr_expect_eq(m.has_temperature, k != 0, "case %d", k);
        cr_assert_eq(ssd_analysis_to_json(a, NULL, 0, &json), 0);
        cr_expect(strstr(json, "\"throttle\":null"), "%s", json);
        if (k == 0)
            cr_expect(strstr(json, "\"temperature\":null") && strstr(json, "throttle_note"));
        ssd_free(json);
        ssd_analysis_free(a);
    }
}

Test(thermal, checked_in_sample_with_temperatures_reads_and_throttles) {
    ssd_series *s = NULL;
    const char *path = data_path("/series/series_v1_temp.csv");
    cr_assert_eq(series_open(&s, path), 0, "%s", ssd_series_errmsg(s));
    const double *tc = ssd_series_column(s, "temp_c");
    cr_assert_not_null(tc);
    cr_expect_float_eq(tc[0], 40, 1e-9);
    cr_expect(isnan(tc[150]), "an empty field is unknown, not 0: %g", tc[150]);
    ssd_analysis *a = NULL;
    cr_assert_eq(ssd_analysis_create(&a), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0, "%s", ssd_analysis_errmsg(a));
    struct ssd_analysis_summary m = {.size = sizeof m};
    cr_assert_eq(ssd_analysis_summary(a, &m), 0);
    cr_expect(m.has_throttle);
    cr_expect_float_eq(m.throttle_start_s, 100, 1e-9);
    cr_expect_float_eq(m.throttle_temp_c, 80, 1e-9);
    char *json = NULL;
    cr_assert_eq(ssd_analysis_to_json(a, NULL, 0, &json), 0);
    cr_expect(strstr(json, "\"source\":\"nvme smart log\""), "%s", json);
    ssd_free(json);
    /* Above the drive's hottest reading, no drop is throttling. */
    cr_assert_eq(ssd_analysis_set_option(a, "throttle_min_c", "85"), 0);
    cr_assert_eq(ssd_analysis_run(a, s, NULL), 0);
    cr_assert_eq(ssd_analysis_summary(a, &m), 0);
    cr_expect(!m.has_throttle);
    ssd_analysis_free(a);
    ssd_series_free(s);
}
