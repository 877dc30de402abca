/* run_suite.c - a methodology suite from C: open a target, run a built-in
 * suite (or a suite file) into a results directory with a progress line,
 * print the headline figures. Ctrl-C stops it and keeps what ran.
 *   cc run_suite.c $(pkg-config --cflags --libs ssdcore) -o run_suite
 *   ./run_suite sim:bx200 lab2016 results/ */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <ssdcore.h>

static void on_sigint(int sig) {
    (void)sig;
    ssd_interrupt();
}

static int progress(void *user, const ssd_suite_progress *p) {
    (void)user;
    fprintf(stderr, "\r[%zu/%zu] %-24s", p->step + 1, p->steps, p->name);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s TARGET SUITE|FILE.suite OUTDIR\n", argv[0]);
        return 2;
    }
    signal(SIGINT, on_sigint);
    ssd_target *t = NULL;
    ssd_suite *s = NULL;
    int rc = ssd_target_create(&t);
    if (!rc && (rc = ssd_target_open(t, argv[1])))
        fprintf(stderr, "%s\n", ssd_target_errmsg(t));
    if (!rc)
        rc = ssd_suite_create(&s, t);
    if (!rc) {
        size_t n = strlen(argv[2]);
        int file = n > 6 && !strcmp(argv[2] + n - 6, ".suite");
        rc = ssd_suite_set_option(s, file ? "suite_file" : "suite", argv[2]);
    }
    if (!rc)
        rc = ssd_suite_set_option(s, "out", argv[3]);
    if (!rc) {
        ssd_suite_set_progress(s, progress, NULL, 0.5);
        rc = ssd_suite_run(s);
        fputc('\n', stderr);
    }
    if (s) {
        char *text = NULL;
        if (ssd_suite_summary_text(s, &text) == 0)
            fputs(text, stdout);
        ssd_free(text);
        printf("report: %s\n", ssd_suite_report_path(s));
    }
    if (rc && rc != SSD_EINTERRUPTED)
        fprintf(stderr, "%s (%s)\n", s ? ssd_suite_errmsg(s) : "", ssd_strerror(rc));
    ssd_suite_free(s);
    ssd_target_free(t);
    return rc == 0 ? 0 : rc == SSD_EINTERRUPTED ? 130 : 1;
}
