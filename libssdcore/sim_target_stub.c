/* sim_target_stub.c - placeholder until the simulator lands: sim: targets
 * are refused with a clear message. The simulator replaces this file. */
#include "target_impl.h"

int ssd__sim_target_open(ssd_target *t, const char *spec) {
    return ssd__fail(t->err, SSD_EUNSUPPORTED, "sim:%s: the simulated drive is not built yet",
                     spec);
}
