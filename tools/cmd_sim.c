/* cmd_sim.c - `ssdcore sim list|show|truth`: the simulated drive's profiles
 * and ground truth. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "cli.h"

static const char sim_about[] =
    "SPEC is a sim: URI without 'sim:', e.g. bx200 or bx200,slc_gib=6. The output\n"
    "of 'sim show' is a profile file: edit it and open sim:file=PATH.\n"
    "'ssdcore sim COMMAND --help' describes each.\n";

static const char list_usage[] = "usage: ssdcore sim list [--json]\n"
                                 "\n"
                                 "The built-in profiles and their key figures.\n"
                                 "  --json   print every profile's parameters as JSON\n";

static const char show_usage[] =
    "usage: ssdcore sim show SPEC [--json]\n"
    "\n"
    "Every parameter of a profile (SPEC: bx200, bx200,slc_gib=6, file=PATH) as a\n"
    "profile file: edit it and open sim:file=PATH.\n"
    "  --json   print them as JSON\n";

static const char truth_usage[] =
    "usage: ssdcore sim truth URI [--trim] [--idle DURATION] [--json]\n"
    "\n"
    "The ground truth of a sim target: nominal and effective SLC cache, how dirty\n"
    "the drive is, the virtual clock. The counters (host_written_bytes,\n"
    "nand_written_bytes, job_written_bytes, virtual_time_s) count since the target\n"
    "was opened (counters_since: open): a URI's precondition=seq_fill is the drive's\n"
    "past, given as written_before_bytes and precondition, what a job run now\n"
    "records in its analysis context (null / unknown where not known).\n"
    "  --trim            TRIM the whole target first\n"
    "  --idle DURATION   leave it idle that long first (15m, 30s)\n"
    "  --json            print it as JSON\n";

static double value(const char *spec, const char *key) {
    char buf[64];
    if (ssd_sim_profile_value(spec, key, buf, sizeof buf))
        return 0;
    return strtod(buf, NULL);
}

static int profile_item(ssd_json *w, int json, size_t i) {
    const char *name = ssd_sim_profile_name(i);
    char *profile = NULL, type[64];
    if (json ? ssd_sim_profile_to_json(name, 0, &profile) != 0
             : ssd_sim_profile_value(name, "slc_type", type, sizeof type) != 0) {
        ssd_free(profile);
        return cli_error("sim list", "profile %s does not resolve", name);
    }
    if (json) {
        ssd_json_begin_object(w, NULL);
        ssd_json_str(w, "name", name);
        ssd_json_str(w, "description", ssd_sim_profile_describe(i));
        ssd_json_raw(w, "profile", profile);
        ssd_json_end_object(w);
        ssd_free(profile);
        return 0;
    }
    if (i == 0) {
        printf("%-12s %8s %-8s %8s %8s %9s %9s %9s  %s\n", "profile", "capacity", "cache",
               "nominal", "eff.", "after seq", "after rnd", "floor", "drive");
        printf("%-12s %8s %-8s %8s %8s %9s %9s %9s\n", "", "GB", "", "GiB", "GiB", "MiB/s", "MiB/s",
               "IOPS");
    }
    /* A derived figure, by key, as the profile's JSON has it. */
    double eff = value(name, "cache_effective_bytes");
    int none = !strcmp(type, "none");
    printf("%-12s %8.0f %-8s %8.1f %8.1f %9.0f %9.1f %9.0f  %s\n", name, value(name, "capacity_gb"),
           type, none ? 0 : value(name, "slc_gib"), eff / 1073741824.0,
           value(name, "native_seq_mibps"), value(name, "native_rand_mibps"),
           value(name, "floor_mibps") * 256, ssd_sim_profile_describe(i));
    return 0;
}

static int sim_list(int argc, char **argv) {
    return cli_list("sim list", list_usage, argc, argv, ssd_sim_profile_count(), profile_item);
}

static int sim_show(int argc, char **argv) {
    const char *spec;
    int json, rc = cli_json_args("sim show", show_usage, argc - 1, argv + 1, "SPEC", &json, &spec);
    if (rc >= 0)
        return rc;
    if (!strncmp(spec, "sim:", 4))
        spec += 4;
    char full[4096];
    snprintf(full, sizeof full, "sim:%s", spec);
    if ((rc = cli_target_check("sim show", "SPEC", full)))
        return rc;
    char *text = NULL;
    rc = ssd_sim_profile_to_json(spec, 0, &text);
    if (rc) {
        rc = cli_error("sim show", "sim:%s: %s", spec, text ? text : ssd_strerror(rc));
        ssd_free(text);
        return rc;
    }
    if (json) {
        cli_print_result(text, 1);
        ssd_free(text);
        return 0;
    }
    ssd_free(text);
    printf("# sim:%s - load with sim:file=PATH (GiB, MiB/s as in the reviews)\n", spec);
    for (size_t i = 0; i < ssd_sim_param_count(); i++) {
        char buf[64];
        const char *key = ssd_sim_param_name(i);
        if (ssd_sim_profile_value(spec, key, buf, sizeof buf))
            return cli_error("sim show", "sim:%s: cannot read %s", spec, key);
        printf("%-17s = %-12s # %s\n", key, buf, ssd_sim_param_describe(i));
    }
    return 0;
}

static int sim_truth(int argc, char **argv) {
    const char *uri, *idle_s = NULL, *cmd = "sim truth";
    int trim = 0, json_out = 0;
    double idle = 0;
    const struct cli_own own[] = {{"--trim", &trim, NULL, NULL},
                                  {"--json", &json_out, NULL, NULL},
                                  {"--idle", NULL, &idle_s, NULL},
                                  {NULL, NULL, NULL, NULL}};
    int status = cli_args(cmd, truth_usage, "URI", own, argc - 1, argv + 1, &uri);
    if (status >= 0)
        return status;
    if (idle_s && (status = cli_duration_value(cmd, "--idle", idle_s, &idle)))
        return status;
    char full[4096];
    snprintf(full, sizeof full, "%s%s", strncmp(uri, "sim:", 4) ? "sim:" : "", uri);
    if ((status = cli_target_check(cmd, "URI", full)))
        return status;
    ssd_target *t = cli_open_target(cmd, full, 1, 0, 0, &status);
    if (!t)
        return status;
    char *json = NULL;
    int rc = trim ? ssd_target_trim(t, 0, ssd_target_size(t)) : 0;
    if (!rc && idle > 0)
        rc = ssd_target_idle(t, idle);
    if (!rc)
        rc = ssd_sim_truth_to_json(t, 0, &json);
    if (rc)
        status =
            cli_error(cmd, "%s", *ssd_target_errmsg(t) ? ssd_target_errmsg(t) : ssd_strerror(rc));
    else
        cli_print_result(json, json_out);
    ssd_free(json);
    ssd_target_free(t);
    return status;
}

int cmd_sim(int argc, char **argv) {
    static const struct cli_verb verbs[] = {
        {"list", sim_list, "the built-in profiles and key figures"},
        {"show", sim_show, "every parameter of a profile"},
        {"truth", sim_truth, "ground truth of a sim target"}};
    return cli_verbs("sim", sim_about, verbs, sizeof verbs / sizeof *verbs, argc, argv);
}
