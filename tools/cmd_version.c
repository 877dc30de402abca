/* cmd_version.c - `ssdcore version`. */
#include <stdio.h>

#include <ssdcore.h>

#include "commands.h"

int cmd_version(int argc, char **argv) {
    printf("ssdcore %s\n", ssd_version_string());
    return 0;
}
