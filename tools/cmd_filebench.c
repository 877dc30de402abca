/* cmd_filebench.c - placeholder. */
#include "commands.h"
int cmd_filebench(int argc, char **argv) {
    return cli_error("filebench", "not implemented yet");
}
