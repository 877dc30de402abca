/*
 * ssdcore.h - the umbrella header of libssdcore.
 *
 * If a function does not appear in one of the headers included here, it is
 * not a published API.
 */
#ifndef SSDCORE_H
#define SSDCORE_H

#include "ssdcore/base.h"
#include "ssdcore/fileops.h"

#endif /* SSDCORE_H */
