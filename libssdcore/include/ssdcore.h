/*
 * ssdcore.h - the umbrella header of libssdcore.
 *
 * If a function does not appear in one of the headers included here, it is
 * not a published API.
 */
#ifndef SSDCORE_H
#define SSDCORE_H

#include "ssdcore/base.h"
#include "ssdcore/hist.h"
#include "ssdcore/target.h"
#include "ssdcore/health.h"
#include "ssdcore/job.h"
#include "ssdcore/sim.h"
#include "ssdcore/series.h"
#include "ssdcore/datasets.h"
#include "ssdcore/analysis.h"
#include "ssdcore/fio_result.h"
#include "ssdcore/fileops.h"
#include "ssdcore/suite.h"
#include "ssdcore/trace.h"
#include "ssdcore/compare.h"
#include "ssdcore/catalog.h"
#include "ssdcore/drive.h"

#endif /* SSDCORE_H */
