/* version.c - the smallest program against an installed libssdcore:
 *   cc version.c $(pkg-config --cflags --libs ssdcore) -o version */
#include <stdio.h>

#include <ssdcore.h>

int main(void) {
    printf("ssdcore %s (header %s)\n", ssd_version_string(), SSD_VERSION_STRING);
    return ssd_version_number() == SSD_VERSION_NUMBER ? 0 : 1;
}
