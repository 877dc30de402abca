/* cmd_extract.c - placeholder. */
#include "commands.h"
int cmd_extract(int argc, char **argv) {
    return cli_error("extract", "not implemented yet");
}
