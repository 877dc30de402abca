/* cmd_archive.c - `ssdcore archive SRC ARCHIVE` (7-Zip-style packing) and
 * `ssdcore extract ARCHIVE DST` (secure unpacking): one command line and one
 * result (ssd_archive_result) for the two handles. */
#include <stdio.h>
#include <string.h>

#include <ssdcore.h>

#include "cli.h"

static const char archive_usage[] =
    "usage: ssdcore archive SRC ARCHIVE [options]\n"
    "Packs the tree SRC into ARCHIVE through libarchive (entries relative to SRC).\n"
    "  --json                print the result as JSON\n" CLI_NO_PROGRESS_HELP;

static const char extract_usage[] =
    "usage: ssdcore extract ARCHIVE DST [options]\n"
    "Unpacks ARCHIVE (7z, zip, tar.*: detected from content) into DST.\n"
    "Absolute paths, '..', paths through symlinks and symlinks pointing out of\n"
    "DST are refused (exit status 1) before anything is written for them.\n"
    "  --json                print the result as JSON\n" CLI_NO_PROGRESS_HELP;

static const struct cli_alias extract_aliases[] = {
    {"allow-absolute-symlinks", "absolute_symlinks", "1"},
    {"no-overwrite", "overwrite", "0"},
    {NULL, NULL, NULL}};

CLI_FILEOPS_SPEC(archive_cli, archive, "archive", archive_usage, "SRC ARCHIVE", 0, NULL);
CLI_FILEOPS_SPEC(extract_cli, extract, "extract", extract_usage, "ARCHIVE DST", 0, extract_aliases);

/* An archive/extract result as text (--json prints the handle's ssd_X_to_json). */
static void print_result(FILE *out, const char *what, const ssd_archive_result *r) {
    double mbps = r->bw_bps / 1048576.0;
    fprintf(out, "%s: %llu files, %llu dirs, %llu symlinks", what, (unsigned long long)r->files,
            (unsigned long long)r->dirs, (unsigned long long)r->symlinks);
    if (r->skipped)
        fprintf(out, ", %llu special files left out", (unsigned long long)r->skipped);
    fputc('\n', out);
    fprintf(out, "  data    %llu bytes\n  archive %llu bytes (%.1f%%)\n",
            (unsigned long long)r->data_bytes, (unsigned long long)r->archive_bytes,
            r->data_bytes ? 100.0 * (double)r->archive_bytes / (double)r->data_bytes : 0.0);
    fprintf(out, "  time    %.3f s (read %.3f, %s %.3f, write %.3f, sync %.3f)\n", r->total_s,
            r->read_s, strcmp(what, "extract") ? "compress" : "decompress", r->codec_s, r->write_s,
            r->sync_s);
    fprintf(out, "  speed   %.1f MiB/s\n", mbps);
}

/* archive (a writer) or extract: parses, runs with the progress line,
 * prints the result; the exit status. */
static int run(int archive, int argc, char **argv) {
    const struct cli_spec *spec = archive ? &archive_cli : &extract_cli;
    const char *cmd = spec->cmd, *pos[2] = {NULL, NULL};
    ssd_archive *a = NULL;
    ssd_extract *x = NULL;
    if (archive ? ssd_archive_create(&a) < 0 : ssd_extract_create(&x) < 0)
        return cli_error(cmd, "out of memory creating the %s",
                         archive ? "archive writer" : "extractor");
    void *h = a ? (void *)a : (void *)x;
    int json = 0;
    const struct cli_own own[] = {
        {"--json", &json, NULL, NULL}, CLI_NO_PROGRESS, {NULL, NULL, NULL, NULL}};
    /* before the parse, so that --progress-interval wins */
    spec->set_option(h, "progress_interval", CLI_PROGRESS_INTERVAL);
    int status = cli_parse(spec, h, own, argc, argv, pos);
    if (status >= 0)
        goto out;
    cli_progress_start(spec, h, !json && cli_progress_wanted());
    ssd_archive_result r = {.size = sizeof r};
    int rc = a ? ssd_archive_run(a, pos[0], pos[1], &r) : ssd_extract_run(x, pos[0], pos[1], &r);
    /* a hostile archive fails too: the message says "refused" */
    status = a ? cli_fileops_done(spec, h, rc, json, "interrupted: %s not written", pos[1])
               : cli_fileops_done(spec, h, rc, json,
                                  "interrupted: %llu file(s) extracted, no partial file left",
                                  (unsigned long long)r.files);
    if (rc < 0)
        goto out;
    if (status < 0) {
        status = 0;
        print_result(stdout, cmd, &r);
    }
    /* like tar's "socket ignored": said, not fatal */
    for (size_t i = 0; a && i < ssd_archive_skipped_count(a); i++)
        fprintf(stderr, "ssdcore archive: left out %s: no data an archive can hold\n",
                cli_safe(ssd_archive_skipped(a, i)));
    if (a && r.skipped > ssd_archive_skipped_count(a))
        fprintf(stderr, "ssdcore archive: ... %llu special files left out in all\n",
                (unsigned long long)r.skipped);
out:
    ssd_archive_free(a);
    ssd_extract_free(x);
    return status;
}

int cmd_archive(int argc, char **argv) {
    return run(1, argc, argv);
}

int cmd_extract(int argc, char **argv) {
    return run(0, argc, argv);
}
