/* archive_lib.h - internal: libarchive, loaded when an archive is first
 * packed or unpacked.
 *
 * libarchive brings a dozen shared libraries with it (libxml2, ICU,
 * libstdc++, nettle...): linked into the library, every process using it,
 * each `ssdcore` command included, paid about 2.5 ms of CPU to map them at
 * start, though only `archive` and `extract` need them. The library and
 * the CLI are therefore not linked with libarchive: ssd_archive_run and
 * ssd_extract_run load it (dlopen) on first use, through
 * ssd__archive_lib_load, and the code calls it as before: including this
 * header in place of <archive.h> and <archive_entry.h> makes each
 * archive_* call below one through the loaded library's table. */
#ifndef SSD_ARCHIVE_LIB_H
#define SSD_ARCHIVE_LIB_H

#include <archive.h>
#include <archive_entry.h>
#include <stddef.h>

/* The soname of libarchive 3.x, the ABI these headers describe. */
#if ARCHIVE_VERSION_NUMBER < 3000000 || ARCHIVE_VERSION_NUMBER >= 4000000
#error "archive_lib.h names libarchive 3's soname (libarchive.so.13): check this libarchive's"
#endif
#define SSD__LIBARCHIVE_SONAME "libarchive.so.13"

/* Every libarchive function fileops calls. */
#define SSD__ARCHIVE_FUNCS(X)                                                                      \
    X(archive_entry_clear)                                                                         \
    X(archive_entry_copy_stat)                                                                     \
    X(archive_entry_filetype)                                                                      \
    X(archive_entry_free)                                                                          \
    X(archive_entry_hardlink)                                                                      \
    X(archive_entry_mtime)                                                                         \
    X(archive_entry_mtime_is_set)                                                                  \
    X(archive_entry_mtime_nsec)                                                                    \
    X(archive_entry_new)                                                                           \
    X(archive_entry_pathname)                                                                      \
    X(archive_entry_perm)                                                                          \
    X(archive_entry_set_nlink)                                                                     \
    X(archive_entry_set_pathname)                                                                  \
    X(archive_entry_set_size)                                                                      \
    X(archive_entry_set_symlink)                                                                   \
    X(archive_entry_size)                                                                          \
    X(archive_entry_symlink)                                                                       \
    X(archive_errno)                                                                               \
    X(archive_error_string)                                                                        \
    X(archive_read_data_block)                                                                     \
    X(archive_read_free)                                                                           \
    X(archive_read_new)                                                                            \
    X(archive_read_next_header)                                                                    \
    X(archive_read_open1)                                                                          \
    X(archive_read_set_callback_data)                                                              \
    X(archive_read_set_read_callback)                                                              \
    X(archive_read_set_seek_callback)                                                              \
    X(archive_read_set_skip_callback)                                                              \
    X(archive_read_support_filter_all)                                                             \
    X(archive_read_support_format_7zip)                                                            \
    X(archive_read_support_format_ar)                                                              \
    X(archive_read_support_format_cab)                                                             \
    X(archive_read_support_format_cpio)                                                            \
    X(archive_read_support_format_iso9660)                                                         \
    X(archive_read_support_format_lha)                                                             \
    X(archive_read_support_format_rar)                                                             \
    X(archive_read_support_format_rar5)                                                            \
    X(archive_read_support_format_tar)                                                             \
    X(archive_read_support_format_warc)                                                            \
    X(archive_read_support_format_xar)                                                             \
    X(archive_read_support_format_zip)                                                             \
    X(archive_set_error)                                                                           \
    X(archive_write_close)                                                                         \
    X(archive_write_data)                                                                          \
    X(archive_write_free)                                                                          \
    X(archive_write_header)                                                                        \
    X(archive_write_new)                                                                           \
    X(archive_write_open2)                                                                         \
    X(archive_write_set_bytes_in_last_block)                                                       \
    X(archive_write_set_bytes_per_block)                                                           \
    X(archive_write_set_format_7zip)                                                               \
    X(archive_write_set_format_option)                                                             \
    X(archive_write_set_format_pax_restricted)                                                     \
    X(archive_write_set_format_zip)                                                                \
    X(archive_write_zip_set_compression_deflate)                                                   \
    X(archive_write_zip_set_compression_store)

/* One pointer per function, of the function's own type (from the headers). */
struct ssd__archive_lib {
#define SSD__ARCHIVE_FIELD(f) __typeof__(&f) f;
    SSD__ARCHIVE_FUNCS(SSD__ARCHIVE_FIELD)
#undef SSD__ARCHIVE_FIELD
};
/* Filled by the first successful ssd__archive_lib_load; never changed after. */
extern struct ssd__archive_lib ssd__archive_lib;

/* Loads libarchive once per process (thread-safe). Returns 0, or
 * SSD_EUNSUPPORTED with "WHAT: libarchive could not be loaded (the
 * loader's reason): install it (Debian: libarchive13)" in err (or, for a
 * libarchive without one of the functions, its name), on this and every
 * later call. */
int ssd__archive_lib_load(char *err, const char *what);
/* The same from the library named, anew at each call, keeping nothing:
 * for the tests of the message when libarchive is missing. */
int ssd__archive_lib_try(const char *soname, char *err, const char *what);

/* Below, in the files that include this header, each libarchive call goes
 * through the table (archive_lib.c, which fills it, defines
 * SSD__ARCHIVE_LIB_IMPL). */
#ifndef SSD__ARCHIVE_LIB_IMPL
#define archive_entry_clear ssd__archive_lib.archive_entry_clear
#define archive_entry_copy_stat ssd__archive_lib.archive_entry_copy_stat
#define archive_entry_filetype ssd__archive_lib.archive_entry_filetype
#define archive_entry_free ssd__archive_lib.archive_entry_free
#define archive_entry_hardlink ssd__archive_lib.archive_entry_hardlink
#define archive_entry_mtime ssd__archive_lib.archive_entry_mtime
#define archive_entry_mtime_is_set ssd__archive_lib.archive_entry_mtime_is_set
#define archive_entry_mtime_nsec ssd__archive_lib.archive_entry_mtime_nsec
#define archive_entry_new ssd__archive_lib.archive_entry_new
#define archive_entry_pathname ssd__archive_lib.archive_entry_pathname
#define archive_entry_perm ssd__archive_lib.archive_entry_perm
#define archive_entry_set_nlink ssd__archive_lib.archive_entry_set_nlink
#define archive_entry_set_pathname ssd__archive_lib.archive_entry_set_pathname
#define archive_entry_set_size ssd__archive_lib.archive_entry_set_size
#define archive_entry_set_symlink ssd__archive_lib.archive_entry_set_symlink
#define archive_entry_size ssd__archive_lib.archive_entry_size
#define archive_entry_symlink ssd__archive_lib.archive_entry_symlink
#define archive_errno ssd__archive_lib.archive_errno
#define archive_error_string ssd__archive_lib.archive_error_string
#define archive_read_data_block ssd__archive_lib.archive_read_data_block
#define archive_read_free ssd__archive_lib.archive_read_free
#define archive_read_new ssd__archive_lib.archive_read_new
#define archive_read_next_header ssd__archive_lib.archive_read_next_header
#define archive_read_open1 ssd__archive_lib.archive_read_open1
#define archive_read_set_callback_data ssd__archive_lib.archive_read_set_callback_data
#define archive_read_set_read_callback ssd__archive_lib.archive_read_set_read_callback
#define archive_read_set_seek_callback ssd__archive_lib.archive_read_set_seek_callback
#define archive_read_set_skip_callback ssd__archive_lib.archive_read_set_skip_callback
#define archive_read_support_filter_all ssd__archive_lib.archive_read_support_filter_all
#define archive_read_support_format_7zip ssd__archive_lib.archive_read_support_format_7zip
#define archive_read_support_format_ar ssd__archive_lib.archive_read_support_format_ar
#define archive_read_support_format_cab ssd__archive_lib.archive_read_support_format_cab
#define archive_read_support_format_cpio ssd__archive_lib.archive_read_support_format_cpio
#define archive_read_support_format_iso9660 ssd__archive_lib.archive_read_support_format_iso9660
#define archive_read_support_format_lha ssd__archive_lib.archive_read_support_format_lha
#define archive_read_support_format_rar ssd__archive_lib.archive_read_support_format_rar
#define archive_read_support_format_rar5 ssd__archive_lib.archive_read_support_format_rar5
#define archive_read_support_format_tar ssd__archive_lib.archive_read_support_format_tar
#define archive_read_support_format_warc ssd__archive_lib.archive_read_support_format_warc
#define archive_read_support_format_xar ssd__archive_lib.archive_read_support_format_xar
#define archive_read_support_format_zip ssd__archive_lib.archive_read_support_format_zip
#define archive_set_error ssd__archive_lib.archive_set_error
#define archive_write_close ssd__archive_lib.archive_write_close
#define archive_write_data ssd__archive_lib.archive_write_data
#define archive_write_free ssd__archive_lib.archive_write_free
#define archive_write_header ssd__archive_lib.archive_write_header
#define archive_write_new ssd__archive_lib.archive_write_new
#define archive_write_open2 ssd__archive_lib.archive_write_open2
#define archive_write_set_bytes_in_last_block ssd__archive_lib.archive_write_set_bytes_in_last_block
#define archive_write_set_bytes_per_block ssd__archive_lib.archive_write_set_bytes_per_block
#define archive_write_set_format_7zip ssd__archive_lib.archive_write_set_format_7zip
#define archive_write_set_format_option ssd__archive_lib.archive_write_set_format_option
#define archive_write_set_format_pax_restricted                                                    \
    ssd__archive_lib.archive_write_set_format_pax_restricted
#define archive_write_set_format_zip ssd__archive_lib.archive_write_set_format_zip
#define archive_write_zip_set_compression_deflate                                                  \
    ssd__archive_lib.archive_write_zip_set_compression_deflate
#define archive_write_zip_set_compression_store                                                    \
    ssd__archive_lib.archive_write_zip_set_compression_store
#endif

#endif
