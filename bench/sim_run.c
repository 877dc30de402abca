/* sim_run.c - drives a sim target through its ops without the job loop:
 * prints a series (t_s, MiB/s per direction, written GiB) and the ground
 * truth, or with --bench only the wall time and simulated I/Os per second.
 * Built by bench/sim_speed.sh against the static library; it reaches the
 * simulator's internal driver, which the job loop will replace for users.
 *
 * usage: sim_run URI PATTERN BS QD TIME_S [INTERVAL_S] [--bench] [--quiet]
 *        [--idle S] [--trim] [--fill]   (idle/trim are applied before the run;
 *        --fill stops after one drive capacity) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ssdcore.h>

#include "sim_drive.h"

struct acc {
    int quiet;
    double written;
    uint64_t ops;
};

static int print_sample(void *ud, double t_s, double elapsed, const struct ssd__interval *iv,
                        ssd_hist *const lat[2]) {
    struct acc *a = ud;
    a->written += (double)iv->bytes[1];
    a->ops += iv->ops[0] + iv->ops[1];
    if (!a->quiet && elapsed > 0)
        printf("%.3f,%.2f,%.2f,%.3f,%.1f\n", t_s, iv->bytes[0] / elapsed / 1048576.0,
               iv->bytes[1] / elapsed / 1048576.0, a->written / 1073741824.0,
               ssd_hist_percentile(lat[1], 99) / 1000.0);
    return 0;
}

static const char *const patterns[] = {"read", "write", "randread", "randwrite", "rw", "randrw"};

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: sim_run URI PATTERN BS QD TIME_S [INTERVAL_S] [--bench]\n");
        return 2;
    }
    int bench = 0, quiet = 0, trim = 0, fill = 0;
    double idle = 0, interval = 1;
    for (int i = 6; i < argc; i++) {
        if (!strcmp(argv[i], "--bench"))
            bench = quiet = 1;
        else if (!strcmp(argv[i], "--quiet"))
            quiet = 1;
        else if (!strcmp(argv[i], "--fill"))
            fill = 1;
        else if (!strcmp(argv[i], "--trim"))
            trim = 1;
        else if (!strcmp(argv[i], "--idle") && i + 1 < argc)
            idle = atof(argv[++i]);
        else
            interval = atof(argv[i]);
    }
    ssd_target *t;
    if (ssd_target_create(&t) || ssd_target_open(t, argv[1])) {
        fprintf(stderr, "sim_run: %s\n", ssd_target_errmsg(t));
        return 1;
    }
    int pat = -1;
    for (int i = 0; i < 6; i++)
        if (!strcmp(argv[2], patterns[i]))
            pat = i;
    uint64_t bs;
    if (pat < 0 || ssd_parse_size(argv[3], &bs)) {
        fprintf(stderr, "sim_run: bad pattern or block size\n");
        return 2;
    }
    struct ssd__workload w;
    ssd__sim_workload_defaults(&w, (enum ssd__pattern)pat, ssd_target_size(t));
    w.block_size = (uint32_t)bs;
    w.queue_depth = (unsigned)atoi(argv[4]);
    w.time_s = atof(argv[5]);
    w.interval_s = interval;
    if (fill)
        w.max_bytes = ssd_target_size(t);
    if (trim)
        ssd_target_trim(t, 0, ssd_target_size(t));
    if (idle > 0)
        ssd_target_idle(t, idle);
    struct acc a = {quiet, 0, 0};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = ssd__sim_drive(t, &w, print_sample, &a);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (rc) {
        fprintf(stderr, "sim_run: %s\n", ssd_target_errmsg(t));
        return 1;
    }
    double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    if (bench) {
        double virt = 0;
        ssd_sim_truth(t, "virtual_time_s", &virt);
        printf("{\"uri\": \"%s\", \"virtual_s\": %.1f, \"wall_s\": %.4f, \"ios\": %llu, "
               "\"sim_ios_per_wall_s\": %.4g, \"written_gib\": %.2f}\n",
               argv[1], virt, wall, (unsigned long long)a.ops, (double)a.ops / wall,
               a.written / 1073741824.0);
    } else {
        char *json;
        if (!ssd_sim_truth_to_json(t, 0, &json)) {
            fprintf(stderr, "%s\n", json);
            ssd_free(json);
        }
    }
    ssd_target_free(t);
    return 0;
}
