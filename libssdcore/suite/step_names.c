/* step_names.c - the one table of built-in step names outputs read. */
#include "step_names.h"

const char ssd__step_degradation[] = "degradation";
const char ssd__step_fill[] = "fill";

const struct ssd__named_step ssd__named_steps[] = {
    {"seq-read", "seq_read_bps", NULL, 0},
    {"seq-write", "seq_write_bps", NULL, 0},
    {"rand4k-read-qd1", "rand4k_read_qd1_iops", "random read 4K QD1", 1},
    {"rand4k-read-qd4", "rand4k_read_qd4_iops", "random read 4K QD4", 1},
    {"rand4k-write-qd1", "rand4k_write_qd1_iops", "random write 4K QD1", 1},
    {"rand4k-write-qd4", "rand4k_write_qd4_iops", "random write 4K QD4", 1},
    {ssd__step_degradation, NULL, "degradation, 4K QD32", 0},
};

const size_t ssd__named_step_count = sizeof ssd__named_steps / sizeof ssd__named_steps[0];
