/* target_real_stub.c - placeholder until the engine lands: file and block
 * targets are refused. Replaced by target_file.c and target_block.c. */
#include "target_impl.h"

int ssd__file_target_open(ssd_target *t, const char *path) {
    return ssd__fail(t->err, SSD_EUNSUPPORTED, "%s: file targets are not built yet", path);
}

int ssd__block_target_open(ssd_target *t, const char *path) {
    return ssd__fail(t->err, SSD_EUNSUPPORTED, "%s: block targets are not built yet", path);
}

int ssd__sleep_interruptible(double seconds) {
    return SSD_EUNSUPPORTED;
}
