/* figure_labels.c - the one table of headline figures' words, units and
 * formats (figure_labels.h). */
#include <stdio.h>
#include <string.h>

#include "figure_labels.h"
#include "results_model.h"

#define MIB 1048576.0
#define GIB 1073741824.0

void ssd__figure_describe(const char *key, struct ssd__figure_info *f) {
    static const struct {
        const char *leaf, *words, *format; /* format NULL: the unit's */
    } names[] = {
        {"seq_read_bps", "sequential read 256K QD1", NULL},
        {"seq_write_bps", "sequential write 256K QD1", NULL},
        {"rand4k_read_qd1_iops", "random read 4K QD1", NULL},
        {"rand4k_read_qd4_iops", "random read 4K QD4", NULL},
        {"rand4k_write_qd1_iops", "random write 4K QD1", NULL},
        {"rand4k_write_qd4_iops", "random write 4K QD4", NULL},
        {"mixed_seq_80_bps", "mixed sequential 128K, 80 % reads", NULL},
        {"mixed_seq_mean_bps", "mixed sequential 128K, mean of six", NULL},
        {"mixed_random_80_bps", "mixed random 4K, 80 % reads", NULL},
        {"mixed_random_mean_bps", "mixed random 4K, mean of six", NULL},
        {"fill_time_s", "whole-drive fill time", NULL},
        {"total_bytes", "written", "%.1f"},
        {"duration_s", "duration", NULL},
        {"mean_bps", "mean speed", NULL},
        {"cache_bytes", "SLC cache", NULL},
        {"cache_level_bps", "speed in the cache", NULL},
        {"post_cache_bps", "speed after the cache", NULL},
        {"folding_start_bytes", "slower again from", NULL},
        {"folding_level_bps", "speed when slower again (folding or GC)", NULL},
        {"end_level_bps", "speed at the end", NULL},
        {"steady_start_s", "steady state (SNIA PTS) from", NULL},
        {"steady_mean_bps", "steady state speed", NULL},
        {"recovered_bytes", "recovered fast-write volume", NULL},
        {"gc_start_bytes", "used state (GC) from", "%.1f"},
        {"gc_level_bps", "median speed in the used state", NULL},
        {"gc_end_level_bps", "used-state speed at the end", NULL},
        {"gc_start_level_bps", "used-state speed just after the onset", NULL},
        {"gc_slope_bps_per_gib", "used-state slope, per GiB written", "%+.3f"},
        {"p50_us", "latency p50", NULL},
        {"p99_us", "latency p99", NULL},
        {"p99_9_us", "latency p99.9", NULL},
        {"p99_over_p50", "latency p99 / p50", NULL},
        {"p99_9_over_p50", "latency p99.9 / p50", NULL},
        {"apps_score_bps", "application score (bytes / busy time)", NULL},
        {"apps_mean_bps", "application traces, mean bandwidth", NULL},
        {"bw_bps", "bandwidth (bytes / busy time)", NULL},
        {"busy_s", "busy time", NULL},
        {"copy_s", "copy time", NULL},
        {"copy_bps", "copy speed", NULL},
        {"archive_s", "archive time", NULL},
        {"archive_bps", "archive speed", NULL},
        {"extract_s", "extract time", NULL},
        {"extract_bps", "extract speed", NULL},
        {"empty_bps", "empty", NULL},
        {"full_bps", "nearly full", NULL},
        {"full_over_empty", "nearly full / empty", NULL},
        {"fill_level_pct", "fill level", NULL},
        {"access_us", "average access time", NULL},
        {"traces", "traces", "%.0f"},
        {"score", "full system drive score", NULL},
        {"max_temp_c", "hottest", NULL},
        {"throttle_temp_c", "throttles at", NULL},
        {"throttle_start_s", "throttles after", NULL},
        {"throttle_level_bps", "speed when throttled", NULL},
        {"throttled_s", "time throttled", NULL},
        {"rounds", "rounds", "%.0f"},
        {"bs", "block size", "%.0f"},
        {"baseline_iops", "baseline (steady state)", NULL},
    };
    /* Sections the headline's object names would spell badly. */
    static const struct {
        const char *prefix, *section;
    } sections[] = {
        {"apps_", "Application traces"},
        {"replays.", "Application traces"},
        {"cdm.", "CrystalDiskMark (best of passes)"},
        {"write_curves.", "Write-curve figures"},
        {"latency.", "Latency"},
        {"naspt.", "Large-file work, empty and nearly full (naspt)"},
        {"fsd.", "Full System Drive-like (fsd)"},
        {"pts.", "SNIA PTS"},
    };
    const char *dot = strchr(key, '.'), *leaf = strrchr(key, '.');
    leaf = leaf ? leaf + 1 : key;
    /* HIR's bursts are keyed by their wait in seconds, which has a dot of
     * its own ("pts.pts-hir.mean_iops_by_wait_s.0.05"): the wait is the
     * rest of the key, not its last part. */
    static const char by_wait[] = ".mean_iops_by_wait_s.";
    const char *wait = strstr(key, by_wait);
    char wait_words[96];
    if (wait) {
        snprintf(wait_words, sizeof wait_words, "mean IOPS of a burst after %s s idle",
                 wait + strlen(by_wait));
        leaf = wait + 1;
    }
    if (!dot) {
        snprintf(f->section, sizeof f->section, "Speed");
    } else {
        size_t n = (size_t)(dot - key);
        snprintf(f->section, sizeof f->section, "%.*s", (int)n, key);
        for (char *p = f->section; *p; p++)
            if (*p == '_')
                *p = ' ';
        f->section[0] =
            (char)(f->section[0] >= 'a' && f->section[0] <= 'z' ? f->section[0] - 'a' + 'A'
                                                                : f->section[0]);
    }
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++)
        if (!strncmp(key, sections[i].prefix, strlen(sections[i].prefix)))
            snprintf(f->section, sizeof f->section, "%s", sections[i].section);
    const char *words = NULL, *format = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(leaf, names[i].leaf))
            words = names[i].words, format = names[i].format;
    char generic[128];
    if (wait)
        words = wait_words;
    if (!words) {
        snprintf(generic, sizeof generic, "%s", leaf);
        /* Drop the unit suffix the unit column shows. */
        static const char *const sfx[] = {"_bps", "_iops", "_us", "_bytes", "_s"};
        for (size_t i = 0; i < sizeof sfx / sizeof sfx[0]; i++)
            if (ssd__ends_with(generic, sfx[i]) && strlen(generic) > strlen(sfx[i])) {
                generic[strlen(generic) - strlen(sfx[i])] = 0;
                break;
            }
        for (char *p = generic; *p; p++)
            if (*p == '_')
                *p = ' ';
        words = generic;
    }
    f->words = words == generic || words == wait_words ? NULL : words;
    /* The middle of a.b.c names the test or curve ("degradation"); a
     * latency test by its words ("random read 4K QD1"), as its chart. */
    if (dot && leaf != dot + 1) {
        int n = (int)(leaf - 1 - (dot + 1));
        char step[SSD__NAME_MAX];
        snprintf(step, sizeof step, "%.*s", n, dot + 1);
        const char *test = strncmp(key, "latency.", 8) ? NULL : ssd__latency_label(step);
        snprintf(f->label, sizeof f->label, "%s: %s", test ? test : step, words);
    } else {
        snprintf(f->label, sizeof f->label, "%s", words);
    }
    f->scale = 1;
    f->better = 0;
    f->unit = f->json_unit = "";
    if (ssd__ends_with(leaf, "_bps") && !strncmp(key, "cdm.", 4)) {
        /* CrystalDiskMark's figures in its own unit, as the run's report. */
        f->unit = "MB/s", f->json_unit = "bytes/s", f->scale = 1e-6, f->better = 1;
    } else if (ssd__ends_with(leaf, "_bps")) {
        f->unit = "MiB/s", f->json_unit = "bytes/s", f->scale = 1 / MIB, f->better = 1;
    } else if (ssd__ends_with(leaf, "_bps_per_gib")) {
        /* A slope: falling slower is better (closer to 0 from below). */
        f->unit = "MiB/s per GiB", f->json_unit = "bytes/s per GiB", f->scale = 1 / MIB;
        f->better = 1;
    } else if (ssd__ends_with(leaf, "_iops") || wait) {
        f->unit = f->json_unit = "IOPS", f->better = 1;
    } else if (ssd__ends_with(leaf, "_us")) {
        f->unit = "\xc2\xb5s", f->json_unit = "us", f->better = -1;
    } else if (ssd__ends_with(leaf, "_over_p50")) {
        f->unit = "\xc3\x97", f->json_unit = "ratio", f->better = -1;
    } else if (!strcmp(leaf, "full_over_empty")) {
        f->unit = "\xc3\x97", f->json_unit = "ratio", f->better = 1; /* 1: no slower full */
    } else if (ssd__ends_with(leaf, "_pct")) {
        f->unit = f->json_unit = "%";
    } else if (!strcmp(key, "fsd.score")) {
        f->better = 1; /* UL's score: higher is faster */
    } else if (ssd__ends_with(leaf, "_temp_c")) {
        /* Cooler is better; the temperature a drive throttles at is its
         * design, neither better nor worse. */
        f->unit = "\xc2\xb0"
                  "C",
        f->json_unit = "C", f->better = strcmp(leaf, "throttle_temp_c") ? -1 : 0;
    } else if (!strcmp(leaf, "bs")) {
        f->unit = "KiB", f->json_unit = "bytes", f->scale = 1 / 1024.0;
    } else if (!strcmp(leaf, "throttle_start_s")) {
        f->unit = f->json_unit = "s", f->better = 1; /* throttling later is better */
    } else if (!strcmp(leaf, "fill_time_s")) {
        f->unit = "min", f->json_unit = "s", f->scale = 1 / 60.0, f->better = -1;
    } else if (!strcmp(leaf, "duration_s")) {
        f->unit = f->json_unit = "s";
    } else if (ssd__ends_with(leaf, "_s")) {
        f->unit = f->json_unit = "s", f->better = -1;
    } else if (ssd__ends_with(leaf, "_bytes")) {
        f->unit = "GiB", f->json_unit = "bytes", f->scale = 1 / GIB, f->better = 1;
    }
    if (!format)
        format = !strcmp(f->unit, "GiB")                             ? "%.2f"
                 : !strcmp(f->unit, "IOPS") || !strcmp(f->unit, "s") ? "%.0f"
                                                                     : "%.1f";
    f->format = format;
}

void ssd__figure_format(const struct ssd__figure_info *f, double v, char *buf, size_t len) {
    snprintf(buf, len, f->format, v * f->scale);
}
