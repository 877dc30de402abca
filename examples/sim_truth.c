/* sim_truth.c - a simulated drive and its ground truth through the public
 * API: open sim:PROFILE, let it idle, read what the model knows.
 *   cc sim_truth.c $(pkg-config --cflags --libs ssdcore) -o sim_truth
 *   ./sim_truth 'sim:ssd370,precondition=random_fill' 900 */
#include <stdio.h>
#include <stdlib.h>

#include <ssdcore.h>

int main(int argc, char **argv) {
    const char *uri = argc > 1 ? argv[1] : "sim:bx200";
    double idle_s = argc > 2 ? atof(argv[2]) : 0;
    ssd_target *t = NULL;
    int rc = ssd_target_create(&t);
    if (!rc)
        rc = ssd_target_open(t, uri);
    if (!rc && idle_s > 0)
        rc = ssd_target_idle(t, idle_s);
    double cache = 0, recovered = 0;
    if (!rc)
        rc = ssd_sim_truth(t, "cache_effective_bytes", &cache);
    if (!rc)
        rc = ssd_sim_truth(t, "last_idle_recovered_bytes", &recovered);
    if (rc) {
        fprintf(stderr, "%s: %s (%s)\n", uri, t ? ssd_target_errmsg(t) : "", ssd_strerror(rc));
        ssd_target_free(t);
        return 1;
    }
    printf("%s: %llu bytes, effective SLC cache %.2f GiB, idle %.0f s recovered %.2f GiB\n", uri,
           (unsigned long long)ssd_target_size(t), cache / 1073741824.0, idle_s,
           recovered / 1073741824.0);
    ssd_target_free(t);
    return 0;
}
