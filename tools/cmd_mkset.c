/* cmd_mkset.c - placeholder. */
#include "commands.h"
int cmd_mkset(int argc, char **argv) {
    return cli_error("mkset", "not implemented yet");
}
