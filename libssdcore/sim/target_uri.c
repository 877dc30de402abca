/* target_uri.c - ssd_target_open(): a URI to the kind of target it names.
 * It lives above io/ because it must know every kind, the simulated drive
 * included, and the simulator is built on io/'s target interface. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "interrupt.h"
#include "ssdcore/drive.h"
#include "text.h"
#include "sim_model.h"

int ssd_target_open(ssd_target *t, const char *uri) {
    t->err[0] = '\0';
    if (t->is_open)
        return ssd__fail(t->err, SSD_ESTATE, "the target is already open (%s)", t->uri);
    if (!uri || !*uri)
        return ssd__fail(t->err, SSD_EINVAL, "empty target URI");
    t->open_gen = ssd__interrupt_generation();
    t->uri = strdup(uri);
    if (!t->uri)
        return SSD_ENOMEM;
    int rc;
    if (!strncmp(uri, "sim:", 4))
        rc = ssd__sim_target_open(t, uri + 4);
    else if (!strncmp(uri, "/dev/", 5) && strncmp(uri, "/dev/shm/", 9))
        rc = ssd__block_target_open(t, uri); /* /dev/shm is a RAM disk of files */
    else
        rc = ssd__file_target_open(t, uri);
    if (rc < 0) {
        if (t->ops && t->ops->close)
            t->ops->close(t);
        t->ops = NULL;
        t->impl = NULL;
        if (t->fd >= 0)
            close(t->fd);
        t->fd = -1;
        free(t->uri);
        t->uri = NULL;
        t->write_refused[0] = '\0';
        return rc;
    }
    t->is_open = 1;
    return 0;
}

/* Here rather than in io/drive_identity.c: a sim: URI is resolved against
 * the profiles as ssd_target_open resolves it, so that identity and a job
 * refuse the same unknown profile, and the identity has the drive's user
 * capacity as a real drive's has its size. */
int ssd_drive_identity_json(const char *target, int hash_serial, int flags, char **out) {
    int text = flags == SSD_JSON_TEXT;
    struct ssd__jw w;
    int rc = ssd__jw_open(&w, target, out, text ? SSD_JSON_COMPACT : flags, NULL);
    if (rc)
        return rc;
    uint64_t sim_capacity = 0;
    double sim_temp_c = NAN; /* a fresh model sits at its idle temperature, as health says */
    if (!strncmp(target, "sim:", 4)) {
        struct ssd__sim_params p;
        const char *name;
        char why[512] = "";
        rc = ssd__sim_resolve(target[4] ? target + 4 : NULL, &p, &name, why, sizeof why);
        if (rc < 0) {
            struct ssd__text t = {0};
            ssd__text_add(&t, "%s: %s", target, why[0] ? why : ssd_strerror(rc));
            *out = ssd__text_take(&t);
            return rc;
        }
        sim_capacity = ssd__sim_user_bytes(&p);
        sim_temp_c = p.temp_idle_c;
    }
    rc =
        ssd__drive_identity_json(target, hash_serial, text, sim_capacity, sim_temp_c, w.style, out);
    if (rc < 0 || !text)
        return rc;
    char *json = *out;
    rc = ssd_json_restyle(json, SSD_JSON_TEXT, out);
    ssd_free(json);
    return rc;
}
