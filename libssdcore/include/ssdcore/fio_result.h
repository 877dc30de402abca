/*
 * ssdcore/fio_result.h - fio JSON output (--output-format=json): per job and
 * direction, the summary figures and latency percentiles.
 *
 * Latency: fio reports clat (completion), slat (submission) and lat (total =
 * slat + clat). Some engines break clat (io_uring with sqthread_poll reports
 * completion times in the tens of seconds while lat is right): clat is
 * judged inconsistent when its mean exceeds lat's mean by more than 1%, and
 * then lat_ns is used, or nothing. Percentiles come from lat_ns when fio
 * recorded them (lat_percentiles=1), else from a consistent clat_ns.
 *
 * Errors, ownership and thread safety as for ssd_series (series.h): the
 * open/parse functions return a handle in *out even on failure, for
 * ssd_fio_result_errmsg().
 */
#ifndef SSDCORE_FIO_RESULT_H
#define SSDCORE_FIO_RESULT_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ssd_fio_result ssd_fio_result;

/* One job and direction that did I/O, and one entry with ddir "none" for a
 * failed job that did none. Strings are owned by the handle. */
struct ssd_fio_job {
    size_t size; /* sizeof this struct: see "The API convention" in base.h */
    const char *name;
    const char *ddir;  /* "read", "write", "trim" or "none" */
    uint64_t io_bytes; /* bytes moved: a count, exact (fio's io_bytes) */
    double bw_bps, iops, runtime_s;
    double lat_mean_us, lat_p50_us, lat_p99_us, lat_p999_us, lat_max_us; /* NaN if unknown */
    const char *lat_source; /* "lat_ns", "clat_ns" or "none": where the percentiles came from */
    int clat_inconsistent;  /* 1 when clat_ns was rejected */
    int error;              /* the job's "error" (an errno, 5 = EIO); 0 when it succeeded */
};

SSD_API int ssd_fio_result_open(ssd_fio_result **out, const char *path);
SSD_API int ssd_fio_result_parse(ssd_fio_result **out, const char *name, const char *text,
                                 size_t len);
/* NULL is a no-op. */
SSD_API void ssd_fio_result_free(ssd_fio_result *r);
SSD_API const char *ssd_fio_result_errmsg(const ssd_fio_result *r);
/* The API convention's set_option: a fio result takes no options, so every
 * key is refused (SSD_EINVAL, "unknown fio_result option 'KEY'"). */
SSD_API int ssd_fio_result_set_option(ssd_fio_result *r, const char *key, const char *value);
/* Entries: one per job and direction with I/O, in file order. */
SSD_API size_t ssd_fio_result_count(const ssd_fio_result *r);
SSD_API int ssd_fio_result_entry(const ssd_fio_result *r, size_t index, struct ssd_fio_job *out);
/* The entries as a JSON array in a malloc'd string (free with ssd_free).
 * flags: enum ssd_json_flags.
 * Returns 0, SSD_EINVAL or SSD_ENOMEM. */
SSD_API int ssd_fio_result_to_json(const ssd_fio_result *r, int flags, char **out);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_FIO_RESULT_H */
