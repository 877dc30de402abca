/* cmd_analyze.c - `ssdcore analyze FILE... [--reference FRESH] [--json]`:
 * phases, cache, folding, recovery and consistency of write series. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <ssdcore.h>

#include "cli.h"

/* Digits for a share of the time in percent: dips 0.4 % of the time are
 * not "0% of the time" (a dip that never happens). */
static int share_digits(double share) {
    return share > 0 && share < 0.0995 ? (share < 0.00995 ? 2 : 1) : 0;
}
static const char *const analyze_usage =
    "usage: ssdcore analyze FILE... [--reference FRESH] [--json] [--combine]\n"
    "                       [--ddir write|read|trim|any] [--per-io-interval DURATION]\n"
    "                       [--capacity SIZE] [--written-before SIZE] [--span SIZE]\n"
    "                       [--KEY VALUE | --set KEY=VALUE]...\n"
    "\n"
    "Analyses write series (ssdcore series CSV, fio bw/iops logs, pos_bytes CSV,\n"
    "CSVs of a time and a throughput column with their units, e.g. 'Time (ms)' and\n"
    "'Throughput (MiB/s)'; the format is read from the content). Each FILE is one\n"
    "series; a quoted glob ('run_bw.*.log') or --combine makes several fio job logs\n"
    "one series.\n"
    "fio per-I/O logs (no log_avg_msec) are summed into 1 s intervals first, or\n"
    "intervals of --per-io-interval DURATION (1ms to 24h: 500ms, 2s); the output\n"
    "says so.\n"
    "--reference FRESH: the fresh-drive series; FILE is then the after-idle run\n"
    "and the output gains \"recovery\"; on a run written before (a filled drive)\n"
    "the fresh levels also tell its SLC cache from the clean blocks. Without it,\n"
    "the reference FILE's metadata records (a run made with job --reference) is\n"
    "used; given, it wins (the JSON's \"reference\" says which was used).\n"
    "--capacity SIZE (\"240057409536\", \"256g\"), --written-before SIZE and\n"
    "--span SIZE are --capacity-bytes, --written-before-bytes and --span-bytes\n"
    "below (--span: how much of the drive the writes addressed, 8g for a short\n"
    "random write test over an 8 GiB area): a run on a drive already written full\n"
    "(after idle time following a 2-hour test) may reach its used state a few GiB\n"
    "in. --json prints one JSON object per series (an array for several). The\n"
    "analysis options below are flags, or --set KEY=VALUE. A series with a temp_c\n"
    "column (the drive's temperature) is also checked for thermal throttling;\n"
    "without one, throttling is not assessed.\n";

/* The names the CLI had before the table's options were sizes, and --span. */
static const struct cli_alias analyze_aliases[] = {
    {"capacity", "capacity_bytes", NULL},
    {"written-before", "written_before_bytes", NULL},
    {"span", "span_bytes", NULL},
    {NULL, NULL, NULL},
};

CLI_HANDLE(analysis, analysis)

/* The regime note, up to 560 characters: on a terminal, wrapped at its
 * width under its own column, as the other lines' values sit (one line
 * the terminal broke mid-word read badly; the round-23 audit); piped or
 * to a file, one line, for grep and the scripts that read it. */
static void print_note(FILE *f, const char *note) {
    struct winsize ws;
    int width = 0;
    /* (The text is built in memory, then printed on stdout.) */
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40)
        width = ws.ws_col < 120 ? ws.ws_col : 120;
    cli_wrap(f, fprintf(f, "  note:        "), 15, width, note);
}

/* What one curve cannot decide (ssd_analysis_undecided), in one line: the
 * two readings, the one taken, and what decides. */
static void print_undecided(FILE *f, const ssd_analysis *a) {
    const char *read_as = NULL, *by = NULL;
    const char *u = ssd_analysis_undecided(a, &read_as, &by);
    if (!u)
        return;
    static const char *const words[][2] = {
        {"cache_or_clean_blocks", "a cache or clean blocks"},
        {"direct_or_folding", "direct writes or folding"},
        {"folding_or_used_state", "folding or the used state"},
        {"cache_or_direct", "a cache or direct writes"},
        {"cache_or_throttle", "a cache's end or a thermal throttle"},
        {"cache", "a cache"},
        {"clean_blocks", "clean blocks"},
        {"direct", "direct writes"},
        {"folding", "folding"},
        {"used_state", "the used state"},
        {"reference", "the fill's own log or the drive's fresh run as --reference FILE decides"},
        {"capacity", "the drive's capacity (--capacity) decides"},
        {"past", "what was written before (--precondition, --written-before) decides"},
        {"capacity_and_past", "the capacity and what was written before decide"},
        {"longer_run", "a longer run decides"},
        {"cooler_run", "a run with the drive kept cooler decides"},
    };
    const char *w[3] = {u, read_as, by};
    for (size_t k = 0; k < 3; k++)
        for (size_t i = 0; w[k] && i < sizeof words / sizeof words[0]; i++)
            if (!strcmp(w[k], words[i][0])) {
                w[k] = words[i][1];
                break;
            }
    fprintf(f, "  cannot tell: %s from this run alone (read as %s); %s\n", w[0], w[1] ? w[1] : "?",
            w[2] ? w[2] : "?");
}

/* One series' analysis as text; a blank line after it when more follow. */
static void print_human(FILE *f, const ssd_analysis *a, const char *name, const char *input_note,
                        int more) {
    struct ssd_analysis_summary s = {.size = sizeof s};
    ssd_analysis_summary(a, &s);
    const char *note = ssd_analysis_recovery_note(a);
    fprintf(f, "%s: %zu samples, %.1f s, %s written\n", name, s.samples, s.duration_s,
            cli_bytes(s.total_bytes));
    if (*input_note)
        fprintf(f, "  input:       %s\n", input_note);
    struct ssd_phase p0 = {.size = sizeof p0};
    if (ssd_analysis_phase_count(a) > 0 && !ssd_analysis_phase(a, 0, &p0) &&
        p0.regime == SSD_REGIME_SLOW_START)
        fprintf(f, "  slow start:  %s at %s/s for %.0f s before the %s\n",
                cli_bytes(p0.end_bytes - p0.start_bytes), cli_bytes(p0.level_bps),
                p0.end_s - p0.start_s,
                s.has_cache ? "cache (not in its size)" : "faster level after it");
    if (s.has_cache && s.cache_censored == SSD_CENSOR_RESOLUTION) {
        /* The drop inside the first sample: the cache lies between what
         * the sample wrote beyond the post-cache rate and all it wrote. */
        fprintf(f,
                "  cache:       at most %s (it ended inside the first sample or two; at least %s) "
                "at %s/s or faster, then at least %.2gx slower\n",
                cli_bytes(s.cache_bytes + s.cache_uncertainty_bytes), cli_bytes(s.cache_bytes),
                cli_bytes(s.cache_level_bps), s.cache_drop_ratio);
    } else if (s.has_cache) {
        const char *cens = s.cache_censored == SSD_CENSOR_RIGHT ? " (at least: no drop seen)" : "";
        fprintf(f, "  cache:       %s +- %s at %s/s, then %.2gx slower%s\n",
                cli_bytes(s.cache_bytes), cli_bytes(s.cache_uncertainty_bytes),
                cli_bytes(s.cache_level_bps), s.cache_drop_ratio, cens);
    } else {
        fprintf(f, "  cache:       none found\n");
    }
    /* Without a cache post_cache_bps is the first level: not "post" anything.
     * Before a used state it is the fresh state's speed, or on a drive
     * written before the run the clean blocks' those writes left. */
    int used_drive = s.written_before_bytes > 0 || s.precondition == SSD_PRECONDITION_SEQ_FILL ||
                     s.precondition == SSD_PRECONDITION_RANDOM_FILL;
    /* A used state from the first byte (a run right after a fill): no
     * clean blocks to speak of. */
    int used_at_once = s.has_gc && !s.has_cache && s.gc_start_bytes <= 0;
    const char *onset = used_at_once ? "no clean blocks left" : "clean blocks ran out";
    if (isfinite(s.post_cache_bps) && !used_at_once)
        fprintf(f, "  %s %s/s\n",
                s.has_cache  ? "post-cache: "
                : !s.has_gc  ? "first level:"
                : used_drive ? "clean blocks:"
                             : "fresh state:",
                cli_bytes(s.post_cache_bps));
    if (s.has_folding)
        fprintf(f, "  folding:     from %s at %s/s\n", cli_bytes(s.folding_start_bytes),
                cli_bytes(s.folding_level_bps));
    if (s.has_gc && s.gc_sliding) {
        /* A slide has no one level: where it starts and ends, and its pace. */
        /* The slope as the suite, the report and Python say it: MiB/s per
         * GiB, three decimals (it read "-298 KiB/s" beside their "-0.291"). */
        fprintf(f,
                "  used state:  from %s (%s): %s/s just after the onset, %s to "
                "%s/s at the end (%.3f MiB/s per GiB written)\n",
                cli_bytes(s.gc_start_bytes), onset, cli_bytes(s.gc_start_level_bps),
                s.gc_end_level_bps < s.gc_start_level_bps ? "falling" : "rising",
                cli_bytes(s.gc_end_level_bps), s.gc_slope_bps_per_gib / 1048576.0);
    } else if (s.has_gc && s.gc_may_be_folding) {
        /* Folding or GC at one speed: the curve cannot tell (regime note). */
        fprintf(f,
                "  used state:  from %s at %s/s, %s/s at the end, or the cache's folding "
                "(one speed: see the note)\n",
                cli_bytes(s.gc_start_bytes), cli_bytes(s.gc_level_bps),
                cli_bytes(s.gc_end_level_bps));
    } else if (s.has_gc) {
        fprintf(f, "  used state:  from %s (%s) at %s/s, %s/s at the end\n",
                cli_bytes(s.gc_start_bytes), onset, cli_bytes(s.gc_level_bps),
                cli_bytes(s.gc_end_level_bps));
    }
    if (s.has_throttle)
        fprintf(
            f,
            "  throttle:    from %.0f s (%s written) at %.1f C: %s/s -> %s/s, %.0f s throttled\n",
            s.throttle_start_s, cli_bytes(s.throttle_start_bytes), s.throttle_temp_c,
            cli_bytes(s.throttle_before_bps), cli_bytes(s.throttle_level_bps), s.throttled_s);
    if (s.has_temperature)
        fprintf(f, "  temperature: %.1f C at the start, %.1f C at most, %.1f C at the end\n",
                s.temp_start_c, s.temp_max_c, s.temp_end_c);
    if (s.written_before_bytes > 0)
        fprintf(f, "  written before: %s since the last TRIM\n", cli_bytes(s.written_before_bytes));
    if (isfinite(s.idle_before_s))
        fprintf(f, "  idle before: %.0f s since the drive's last write\n", s.idle_before_s);
    if (isfinite(s.written_since_idle_bytes))
        fprintf(f, "  written since idle: %s since the drive last idled or was opened\n",
                cli_bytes(s.written_since_idle_bytes));
    if (isfinite(s.span_bytes))
        fprintf(f, "  span: %s of the drive addressed\n", cli_bytes(s.span_bytes));
    if (s.precondition != SSD_PRECONDITION_UNKNOWN)
        fprintf(f, "  precondition: %s\n", ssd_analysis_precondition_name(s.precondition));
    const char *rnote = ssd_analysis_regime_note(a);
    if (rnote)
        print_note(f, rnote);
    print_undecided(f, a);
    if (s.has_recovery && s.recovery_censored == SSD_CENSOR_RIGHT)
        fprintf(f,
                "  recovery:    at least %s (the drive never slowed: all the run wrote, at "
                "the reference's full speed, %s/s)\n",
                cli_bytes(s.recovered_bytes), cli_bytes(s.reference_level_bps));
    else if (s.has_recovery && note)
        fprintf(f, "  recovery:    %s written again at the reference's %s/s (%s)\n",
                cli_bytes(s.recovered_bytes), cli_bytes(s.reference_level_bps), note);
    else if (s.has_recovery)
        fprintf(f, "  recovery:    %s written again at full speed (the reference's %s/s)\n",
                cli_bytes(s.recovered_bytes), cli_bytes(s.reference_level_bps));
    else if (note)
        fprintf(f, "  recovery:    undefined: %s\n", note);
    size_t np = ssd_analysis_phase_count(a);
    fprintf(f, "  phases:      %zu\n", np);
    for (size_t i = 0; i < np; i++) {
        struct ssd_phase p = {.size = sizeof p};
        ssd_analysis_phase(a, i, &p);
        fprintf(f, "    %2zu  %-7s %10s .. %-10s  %8.1f .. %-8.1f s  level ", i,
                ssd_analysis_regime_name(p.regime), cli_bytes(p.start_bytes),
                cli_bytes(p.end_bytes), p.start_s, p.end_s);
        /* A used state that slides has no one level: its median (7.66
         * MiB/s for SSD370's falling from 227 to 7.1) is a point on the way,
         * so each of its phases gives where the slide is at its start and
         * end (the first starts at the used state's start level, the last
         * ends at its end level; the Python phases frame's
         * level_start_bps and level_end_bps). */
        if (p.sliding) {
            fprintf(f, "%s/s -> %s/s (sliding)", cli_bytes(p.start_level_bps),
                    cli_bytes(p.end_level_bps));
        } else {
            fprintf(f, "%s/s", cli_bytes(p.level_bps));
        }
        /* Where this phase's dips bottom out (its deeper quarter) against
         * its level, and their share of the phase's time. */
        if (p.has_dips)
            fprintf(f, "  dips every %.1f s to %.0f%% of its level, %.*f%% of the phase's time",
                    p.dip_period_s, 100 * (1 - p.dip_depth), share_digits(p.dip_duty),
                    100 * p.dip_duty);
        fputc('\n', f);
    }
    /* Phases start and end on whole samples; the cache's end is placed
     * inside the drop's sample, which mixes the two levels ("Method",
     * step 6). Said where the reader sees both figures, so that the
     * headline's size and the cache phase's end are one cache (BX200:
     * "cache: 2.01 GiB" and phase 0 "0 B .. 1.87 GiB", round 23's audit).
     * An end further from the phase's than a sample (a used drive's cache
     * read against its reference, whose phases follow the speed's levels)
     * is said as the phase it lies in. */
    if (s.has_cache && s.cache_censored == SSD_CENSOR_NONE && np >= 2 && s.samples > 0) {
        struct ssd_phase cph = {.size = sizeof cph}, nph = {.size = sizeof nph};
        ssd_analysis_phase(a, 0, &cph);
        ssd_analysis_phase(a, 1, &nph);
        const char *cache = cli_bytes(s.cache_bytes);
        double sample = fmax(cph.level_bps, nph.level_bps) * s.duration_s / (double)s.samples;
        size_t in = 0;
        while (in + 1 < np) {
            struct ssd_phase q = {.size = sizeof q};
            ssd_analysis_phase(a, in, &q);
            if (s.cache_bytes < q.end_bytes)
                break;
            in++;
        }
        int apart = cph.regime == SSD_REGIME_CACHE && strcmp(cache, cli_bytes(cph.end_bytes));
        if (apart && fabs(s.cache_bytes - cph.end_bytes) <= sample * 1.001)
            fprintf(f,
                    "                (the cache itself ends at %s, inside the sample that mixes "
                    "its level and the next one's: phases start and end on whole samples)\n",
                    cache);
        else if (apart)
            fprintf(f, "                (the cache itself ends at %s, inside phase %zu)\n", cache,
                    in);
    }
    /* In words: "p1/mean 0.75" was the JSON's key (round 23's audit). */
    /* Its window is the time after the cache (docs/analysis.md): said, so
     * "mean 250 MiB/s" under a 1000 MiB/s cache is not read as the run's. */
    fprintf(f,
            "  consistency: %smean %s/s, CV %.3f (standard deviation / mean); the slowest 1%% of "
            "samples at %.2fx the mean or less, the slowest 5%% at %.2fx\n",
            s.has_cache ? "after the cache, " : "", cli_bytes(s.mean_bps), s.cv, s.p1_over_mean,
            s.p5_over_mean);
    /* The consistency window's dips: every phase after the cache at once,
     * a dip's mean against the level, their share of that whole time. Said
     * as such, not as a second answer to a phase's line: AS510S after a
     * fill read "dips every 13.4 s to 44%, 16% of the time" (its first
     * phase, 69 s) and "dips: every 14.0 s, 40% deep, 0.21% of the time"
     * (the 2 hours), the round-22 audit. */
    if (s.has_dips) {
        /* What the dips are a share of: "the level" over phases of very
         * different levels said nothing (AS510S after a fill: 233 MiB/s,
         * then 7, the round-23 audit). */
        char base[256];
        struct ssd_phase *ph = calloc(np ? np : 1, sizeof *ph);
        for (size_t i = 0; ph && i < np; i++) {
            ph[i].size = sizeof ph[i];
            ssd_analysis_phase(a, i, &ph[i]);
        }
        ssd_dips_base_words(&s, ph, ph ? np : 0, base, sizeof base);
        free(ph);
        fprintf(f,
                "  dips:        %s: every %.1f s, on average at %.0f%% of %s while in a dip, "
                "%.*f%% of %s\n",
                s.has_cache ? "after the cache, all phases together"
                            : "the whole run, all phases together",
                s.dip_period_s, 100 * (1 - s.dip_depth), base, share_digits(s.dip_duty),
                100 * s.dip_duty, s.has_cache ? "that time" : "the run's time");
    }
    /* The one the drive settles into, not the first stable stretch. */
    if (s.steady_reached)
        /* "averaging": the rule's figure is the window's mean, bursts
         * included, where a phase's level is its median (BX200 written
         * full: used state "at 5.12", steady state "at 6.18", round 23's
         * audit). */
        fprintf(f,
                "  steady state: from %.0f s (%s written), averaging %s/s to the end (SNIA PTS "
                "rule)\n",
                s.steady_start_s, cli_bytes(s.steady_start_bytes), cli_bytes(s.steady_mean_bps));
    else if (s.steady_fresh)
        fprintf(f,
                "  steady state: not reached: the drive is still in its fresh state (%s of %s "
                "written since TRIM, no used state found): its flat end is the fresh plateau, "
                "which the drive leaves once its clean blocks run out\n",
                cli_bytes(s.written_before_bytes + s.total_bytes), cli_bytes(s.capacity_bytes));
    else
        fprintf(f, "  steady state: not reached by the end (SNIA PTS rule: the last 5 rounds "
                   "vary or slide too much)\n");
    if (more)
        fputc('\n', f);
}

/* Reads paths into *out: 0, 1 (a file that cannot be read) or 2 (a value
 * --ddir or --per-io-interval gave that the series' option table refuses,
 * a usage error in the table's words). */
static int open_series(const char *cmd, const char *const *paths, size_t n, const char *ddir,
                       const char *per_io_interval, ssd_series **out) {
    const char *flags[][2] = {{"--ddir", "ddir"}, {"--per-io-interval", "per_io_interval"}};
    const char *values[] = {ddir, per_io_interval};
    int rc = ssd_series_create(out), status = 1;
    for (size_t i = 0; i < 2 && !rc; i++)
        if (values[i] && (rc = ssd_series_set_option(*out, flags[i][1], values[i])) < 0)
            status = cli_bad_value(cmd, 2, flags[i][0], flags[i][1], ssd_series_errmsg(*out));
    /* The analysis reads the latency columns alone: the others (ops, the
     * per-direction figures) are skipped unparsed. */
    if (!rc)
        rc = ssd_series_set_option(*out, "columns", "lat_*,temp_c");
    if (!rc && (rc = ssd_series_load(*out, paths, n)) < 0)
        cli_error(cmd, "%s", ssd_series_errmsg(*out));
    if (rc < 0 && !*out)
        cli_error(cmd, "%s", ssd_strerror(rc));
    if (rc < 0) {
        ssd_series_free(*out);
        *out = NULL;
        return status;
    }
    return 0;
}

static const struct cli_spec analyze_cli = {
    .cmd = "analyze",
    .usage = analyze_usage,
    .operands = "FILE...",
    .options = ssd_analysis_options,
    .aliases = analyze_aliases,
    .heading = "analysis options (ssd_analysis_set_option's keys, and ssdcore.analyze()'s, with _ "
               "for -):",
    .set_option = analysis_set_option,
    .errmsg = analysis_errmsg,
    .set = "analysis"};

int cmd_analyze(int argc, char **argv) {
    const char *cmd = "analyze";
    const char *reference = NULL, *ddir = NULL, *per_io = NULL;
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    int json = 0, combine = 0, status = 0;
    size_t nfiles = 0, len = 0;
    ssd_series *ref = NULL;
    ssd_analysis *a = NULL;
    ssd_json *w = NULL; /* --json: the series' object, or an array of them */
    char *text = NULL;
    FILE *mem = NULL;
    const struct cli_own own[] = {{"--json", &json, NULL, NULL},
                                  {"--combine", &combine, NULL, NULL},
                                  {"--reference", NULL, &reference, NULL},
                                  {"--ddir", NULL, &ddir, NULL},
                                  {"--per-io-interval", NULL, &per_io, NULL},
                                  {NULL, NULL, NULL, NULL}};
    if (!files || ssd_analysis_create(&a) < 0) {
        status = cli_error(cmd, "out of memory creating the analysis");
        goto out;
    }
    if ((status = cli_parse(&analyze_cli, a, own, argc, argv, files)) >= 0)
        goto out;
    status = 0;
    while (files[nfiles])
        nfiles++;
    if (reference && (status = open_series(cmd, &reference, 1, ddir, per_io, &ref)))
        goto out;
    size_t nseries = combine ? 1 : nfiles;
    if (json ? ssd_json_create(&w, SSD_JSON_COMPACT) < 0 : !(mem = open_memstream(&text, &len))) {
        status = cli_error(cmd, "out of memory for the output");
        goto out;
    }
    if (nseries > 1)
        ssd_json_begin_array(w, NULL);
    /* Everything is analysed before anything is printed: a bad file means
     * an error and an empty stdout, never half an answer. */
    for (size_t i = 0; i < nseries && !status; i++) {
        ssd_series *s = NULL;
        char *one = NULL;
        if ((status = open_series(cmd, files + i, combine ? nfiles : 1, ddir, per_io, &s)))
            break;
        int rc = ssd_analysis_run(a, s, ref);
        if (rc < 0)
            status = cli_error(cmd, "%s", ssd_analysis_errmsg(a));
        else if (json && (rc = ssd_analysis_to_json(a, files[i], SSD_JSON_COMPACT, &one)) < 0)
            status = cli_error(cmd, "%s", ssd_strerror(rc));
        else if (json)
            ssd_json_raw(w, NULL, one);
        else
            print_human(mem, a, combine ? ssd_series_source(s) : files[i], ssd_series_note(s),
                        i + 1 < nseries);
        ssd_free(one);
        ssd_series_free(s);
    }
    if (mem && (fclose(mem) || !text) && !status)
        status = cli_error(cmd, "out of memory for the output");
    if (!status && json) {
        if (nseries > 1)
            ssd_json_end_array(w);
        cli_json_put(w, 1);
        w = NULL;
    } else if (!status) {
        fputs(text, stdout);
    }
out:
    free(text);
    ssd_json_free(w);
    ssd_series_free(ref);
    ssd_analysis_free(a);
    free(files);
    return status;
}
