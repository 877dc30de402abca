/* main.c - the ssdcore command-line tool: dispatch to a subcommand. */
#include <errno.h>
#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ssdcore.h>

#include "cli.h"

static const struct cli_verb commands[] = {
#define CLI_ROW(name, fn, summary) {name, fn, summary},
    CLI_COMMANDS(CLI_ROW)
#undef CLI_ROW
};

static void usage(FILE *out) {
    cli_verbs_usage(out, "", commands, sizeof commands / sizeof commands[0],
                    "'ssdcore help COMMAND' or 'ssdcore COMMAND --help' describes each command;\n"
                    "every command that prints a result prints it as JSON with --json.\n"
                    "'ssdcore --version' (-v) is 'ssdcore version'.\n");
}

/* A command's output that did not all reach stdout (a full disk under
 * "> out.json") must not pass for success. */
static int finish(const char *cmd, int status) {
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    int e = errno;
    fprintf(stderr, "ssdcore %s: writing the output failed: %s\n", cmd,
            e ? strerror(e) : "I/O error");
    return status ? status : 1;
}

/* "ssdcore help CMD [VERB]" is "ssdcore CMD [VERB] --help"; "ssdcore help
 * help" (and "help --help", as git) is help's own usage. */
static int help(int argc, char **argv) {
    if (argc < 3) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[2], "help") || cli_is_help(argv[2])) {
        fputs("usage: ssdcore help [COMMAND [VERB]]\n"
              "\n"
              "Prints the usage of ssdcore (the commands), or of COMMAND or its VERB: the\n"
              "same as 'ssdcore COMMAND [VERB] --help'.\n",
              stdout);
        return 0;
    }
    char *args[8];
    int n = 0;
    for (int i = 2; i < argc && n < 6; i++)
        args[n++] = argv[i];
    args[n++] = "--help";
    args[n] = NULL;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[2], commands[i].name))
            return finish(argv[2], commands[i].fn(n, args));
    fprintf(stderr, "ssdcore help: unknown %s '%s'\nTry 'ssdcore --help'.\n",
            *argv[2] == '-' ? "option" : "command", argv[2]);
    return 2;
}

int main(int argc, char **argv) {
#ifdef __GLIBC__
    /* Large arrays from the heap, kept there when freed: `analyze` of a
     * million samples allocates and frees arrays of 8-19 MB one after
     * another; glibc gives each a fresh mmap, every 4 KiB page of it a fault
     * when first written (a fifth of the process's CPU). From the heap, a
     * freed array's pages (the file's text, once parsed) serve the next
     * ones: 20,500 -> 15,900 faults, about 15 ms of 135. Only for
     * analyze, which ends once its files are read: holding on to freed
     * memory until exit costs nothing there (a suite runs for hours). */
    if (argc > 1 && !strcmp(argv[1], "analyze")) {
        mallopt(M_MMAP_THRESHOLD, 1 << 30);
        mallopt(M_TRIM_THRESHOLD, 1 << 30);
    }
#endif
    opterr = 0; /* cli_getopt_error says what is wrong, in the one wording */
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (cli_is_help(argv[1])) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "help"))
        return finish("help", help(argc, argv));
    /* -v and --version are "ssdcore version", as git's (and its --json) */
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-v"))
        return finish("version", cmd_version(argc - 1, argv + 1));
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return finish(argv[1], commands[i].fn(argc - 1, argv + 1));
    fprintf(stderr, "ssdcore: unknown %s '%s'\nTry 'ssdcore --help'.\n",
            *argv[1] == '-' ? "option" : "command", argv[1]);
    return 2;
}
