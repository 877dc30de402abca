/* cmd_archive.c - placeholder. */
#include "commands.h"
int cmd_archive(int argc, char **argv) {
    return cli_error("archive", "not implemented yet");
}
