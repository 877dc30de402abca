/* run_job.c - a short job through the public API:
 *   cc run_job.c $(pkg-config --cflags --libs ssdcore) -o run_job
 *   ./run_job /path/on/ssd/test.bin [pattern] [seconds]
 * Creates a 64 MiB test file (laid out with random data), runs a 4 KiB
 * QD32 workload and prints the results JSON. */
#include <stdio.h>

#include <ssdcore.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [pattern] [seconds]\n", argv[0]);
        return 2;
    }
    ssd_target *t = NULL;
    ssd_job *j = NULL;
    char *json = NULL;
    int status = 1, rc;
    if ((rc = ssd_target_create(&t)) < 0)
        goto fail;
    ssd_target_set_option(t, "size", "64m");
    if ((rc = ssd_target_open(t, argv[1])) < 0) {
        fprintf(stderr, "%s\n", ssd_target_errmsg(t));
        goto out;
    }
    if ((rc = ssd_job_create(&j, t)) < 0)
        goto fail;
    const char *opts[][2] = {
        {"pattern", argc > 2 ? argv[2] : "randread"},
        {"bs", "4k"},
        {"qd", "32"},
        {"time", argc > 3 ? argv[3] : "1"},
    };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if ((rc = ssd_job_set_option(j, opts[i][0], opts[i][1])) < 0) {
            fprintf(stderr, "%s\n", ssd_job_errmsg(j));
            goto out;
        }
    if ((rc = ssd_job_run(j)) < 0) {
        fprintf(stderr, "%s\n", ssd_job_errmsg(j));
        goto out;
    }
    if ((rc = ssd_job_to_json(j, 0, &json)) < 0)
        goto fail;
    puts(json);
    status = 0;
    goto out;
fail:
    fprintf(stderr, "ssdcore: %s\n", ssd_strerror(rc));
out:
    ssd_free(json);
    ssd_job_free(j);
    ssd_target_free(t);
    return status;
}
