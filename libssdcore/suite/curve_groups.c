/* curve_groups.c - the one table of the built-in suites' curves. */
#include "curve_groups.h"

const char ssd__group_prepare[] = "prepare";
const char ssd__group_apps[] = "apps";

const struct ssd__curve_group ssd__curve_groups[SSD__GROUP_COUNT] = {
    [SSD__GROUP_QD_RANDREAD] = {"qd-randread", "random read 4K",
                                "random read 4K: IOPS against queue depth", "QD", 1, 0, 1, NULL,
                                NULL},
    [SSD__GROUP_QD_RANDWRITE] = {"qd-randwrite", "random write 4K",
                                 "random write 4K: IOPS against queue depth", "QD", 1, 0, 1, NULL,
                                 NULL},
    [SSD__GROUP_QD_SEQREAD] = {"qd-seqread", "sequential read 256K",
                               "sequential read 256K: MiB/s against queue depth", "QD", 1, 0, 0,
                               NULL, NULL},
    [SSD__GROUP_QD_SEQWRITE] = {"qd-seqwrite", "sequential write 256K",
                                "sequential write 256K: MiB/s against queue depth", "QD", 1, 0, 0,
                                NULL, NULL},
    [SSD__GROUP_BS_RANDREAD] = {"bs-randread", "random read, QD4",
                                "random read, QD4: MiB/s against block size", "block", 1, 1, 0,
                                NULL, NULL},
    [SSD__GROUP_BS_RANDWRITE] = {"bs-randwrite", "random write, QD4",
                                 "random write, QD4: MiB/s against block size", "block", 1, 1, 0,
                                 NULL, NULL},
    [SSD__GROUP_MIXED_SEQ] = {"mixed-seq", "sequential 128K, 2 threads",
                              "mixed sequential 128K: MiB/s against read share", "reads %", 0, 0, 0,
                              "mixed_seq", "mixed sequential 128K, 2 threads"},
    [SSD__GROUP_MIXED_RAND] = {"mixed-rand", "random 4K, 4 threads",
                               "mixed random 4K: MiB/s against read share", "reads %", 0, 0, 0,
                               "mixed_random", "mixed random 4K, 4 threads"},
};
