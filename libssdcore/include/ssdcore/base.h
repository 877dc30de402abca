/*
 * ssdcore/base.h - version, export macro and the one error convention.
 *
 * Every ssdcore function that can fail returns 0 (or a non-negative count) on
 * success and a negative code on failure: either -errno for an operating
 * system failure, or one of the SSD_E* codes below (all <= -10000, so they
 * never collide with errno values). ssd_strerror() describes both kinds.
 * Handles that can fail also keep a detailed message (path, offset, line)
 * readable through their own *_errmsg() function.
 *
 * This header, like every public ssdcore header, is plain C that cffi's cdef
 * parser accepts after preprocessing: no static inline functions and no
 * macros inside prototypes.
 *
 * The API convention (docs/ARCHITECTURE.md), the same for every handle X a
 * public header declares (tests/py/test_api_headers.py enumerates them):
 *   int  ssd_X_create(ssd_X **out, ...)   or _open/_parse/_load for handles
 *                                          made from input; 0 or SSD_E*
 *                                          (SSD_EINVAL for a NULL out)
 *   void ssd_X_free(ssd_X *)               NULL is a no-op
 *   int  ssd_X_set_option(ssd_X *, const char *key, const char *value)
 *                                          options are strings, always
 *   const char *ssd_X_errmsg(const ssd_X *)
 *                                          the last error, "" when none;
 *                                          "no handle" for NULL, never NULL
 *   int  ssd_X_set_progress(ssd_X *, fn, user[, min_period_s])
 *                                          0 or SSD_EINVAL
 *   int  ssd_X_to_json(const ssd_X *, [what,] int flags, char **out)
 *                                          flags: enum ssd_json_flags; every
 *                                          other function handing over JSON
 *                                          takes flags before its char ** too
 * Every string and buffer the library hands over is freed with ssd_free().
 * Result structs are versioned: their first member is `size_t size`, which
 * the caller sets to sizeof the struct before passing it in (the library
 * fills only the members that fit and refuses a size below the first
 * version's with SSD_EINVAL), and which the library sets in the structs it
 * hands out (progress reports, sample arrays: the stride), so members can be
 * added at the end later without breaking callers built against an older
 * header. Counts and indices are size_t.
 */
#ifndef SSDCORE_BASE_H
#define SSDCORE_BASE_H

#ifndef SSD_CDEF /* the cffi cdef generator preprocesses without system headers */
#include <stddef.h>
#include <stdint.h>
#endif

#ifndef SSD_API
#if defined(SSD_BUILDING_LIBRARY) && defined(__GNUC__)
#define SSD_API __attribute__((visibility("default")))
#else
#define SSD_API
#endif
#endif

#define SSD_VERSION_MAJOR 0
#define SSD_VERSION_MINOR 1
#define SSD_VERSION_PATCH 0
#define SSD_VERSION_STRING "0.1.0"
/* MAJOR*10000 + MINOR*100 + PATCH, as zstd does. */
#define SSD_VERSION_NUMBER (SSD_VERSION_MAJOR * 10000 + SSD_VERSION_MINOR * 100 + SSD_VERSION_PATCH)

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the library actually linked, which may differ from the
 * header's SSD_VERSION_NUMBER. Thread-safe. */
SSD_API unsigned ssd_version_number(void);
SSD_API const char *ssd_version_string(void);

/*
 * The error table: X(NAME, value, description). It generates the enum,
 * ssd_strerror() and ssd_err_name(), so the three cannot drift apart.
 */
#define SSD_ERROR_TABLE(X)                                                                         \
    X(SSD_EINVAL, -10001, "invalid argument")                                                      \
    X(SSD_ERANGE, -10002, "value out of range")                                                    \
    X(SSD_ENOMEM, -10003, "out of memory")                                                         \
    X(SSD_EFORMAT, -10004, "malformed input")                                                      \
    X(SSD_EUNSAFE, -10005, "refused: the operation would destroy data")                            \
    X(SSD_EMOUNTED, -10006, "refused: the device is mounted")                                      \
    X(SSD_EUNSUPPORTED, -10007, "not supported here")                                              \
    X(SSD_EINTERRUPTED, -10008, "interrupted")                                                     \
    X(SSD_EALIGN, -10009, "misaligned size or offset")                                             \
    X(SSD_EIO, -10010, "I/O failed")                                                               \
    X(SSD_ENODATA, -10011, "not enough data")                                                      \
    X(SSD_EEXIST, -10012, "already exists")                                                        \
    X(SSD_ESTATE, -10013, "call not valid in the handle's current state")                          \
    X(SSD_EHOSTILE, -10014, "refused: unsafe path in archive")

#define SSD__ERROR_ENUM(name, value, text) name = value,
enum ssd_error { SSD_OK = 0, SSD_ERROR_TABLE(SSD__ERROR_ENUM) SSD_ERROR_MIN = -10015 };
#undef SSD__ERROR_ENUM

/* A static description of any code: SSD_E* codes, -errno values, or 0.
 * Never NULL. Thread-safe. */
SSD_API const char *ssd_strerror(int code);

/* The symbolic name of a code: "SSD_EINVAL", "ENOENT", "SSD_OK", or
 * "unknown". Never NULL. Thread-safe. */
SSD_API const char *ssd_err_name(int code);

/* Frees memory that an ssdcore function returned and documents as "free
 * with ssd_free" (JSON strings and the like). NULL is a no-op. */
SSD_API void ssd_free(void *p);

/* The flags argument of every ssd_*_to_json function. */
enum ssd_json_flags {
    SSD_JSON_COMPACT = 0, /* the document as the function documents it, on one line */
    SSD_JSON_PRETTY = 1,  /* one key or element per line, two spaces a level */
    SSD_JSON_SPACED = 2,  /* ssd_json_create, _restyle: one line, "a": 1, "b": [1, 2] */
    SSD_JSON_TEXT = 4     /* _restyle, drive_identity_json only: not JSON but "key: value" lines */
};

/* Parses a size such as "4096", "4k", "8g", "1.5GiB", "240GB", "512B". The
 * suffixes k m g t p (any case) alone or followed by "i" (and a B) are binary,
 * as fio reads them: "4k" = "4KiB" = 4096. Followed by a capital B without the
 * "i" they are decimal, as drives are sold: "4KB" = "4kB" = 4000, "240GB" =
 * 240e9. A small b after a unit ("4kb", "8Gb": bits? binary?) is refused.
 * Fractions and an exponent ("240e9") are allowed when the result is a whole
 * number of bytes. Returns 0, or SSD_EINVAL (not a size) or SSD_ERANGE (over
 * 2^63). Thread-safe. docs/options.md, "Sizes". */
SSD_API int ssd_parse_size(const char *text, uint64_t *out);

/* What a size looks like, for messages that refuse one ("'4kb' is not a
 * size (" SSD_SIZE_EXAMPLES ")"); Python's messages say the same. */
#define SSD_SIZE_EXAMPLES "like 4096, 4k or 4KiB = 4096, 4KB = 4000, 240GB = 240e9"

/* Why ssd_parse_size refuses text, in the words every front end uses (the
 * library's options, the CLI's flags, Python's parse_size): "'4kb' is
 * ambiguous (a small b could be bits): write 4KiB for binary (= 4k) or 4kB
 * for decimal bytes", else "'4x' is not a size (" SSD_SIZE_EXAMPLES ")".
 * Writes at most n bytes, NUL-terminated, to buf; returns snprintf's
 * length. Thread-safe. */
SSD_API size_t ssd_size_refusal(const char *text, char *buf, size_t n);

/* Parses a duration: "30" or "30s", "500ms", "15m", "2h", "1.5h". Returns 0
 * with *out_s in seconds, or SSD_EINVAL / SSD_ERANGE. Thread-safe. */
SSD_API int ssd_parse_duration(const char *text, double *out_s);

/*
 * The options of a handle, as a table. ssd_X_options(&n) lists every key
 * ssd_X_set_option accepts, and set_option checks each value against its
 * entry, so the CLI's flags and --help, Python's keyword arguments and
 * docs/options.md are made from the table and cannot drift from it.
 */
enum ssd_option_type {
    SSD_OPTION_SIZE,     /* bytes: "4096", "4k", "1.5g", "240GB" (ssd_parse_size) */
    SSD_OPTION_DURATION, /* seconds: "30", "500ms", "2h" (ssd_parse_duration) */
    SSD_OPTION_INT,      /* a whole number, decimal or hex after "0x" */
    SSD_OPTION_FLOAT,    /* a number */
    SSD_OPTION_BOOL,     /* 1/0, true/false, yes/no or on/off, any case */
    SSD_OPTION_ENUM,     /* one of `words` */
    SSD_OPTION_TEXT      /* any text, such as a path; "" for none */
};

/* ssd_option_info.flags */
enum ssd_option_flags {
    SSD_OPTION_TEST_HOOK = 1 /* for tests (fault injection): the CLI and the docs leave it out */
};

/* One option of a handle. Every string is static, never NULL. */
typedef struct ssd_option_info {
    size_t size;      /* set by the library: sizeof this struct, the stride of the array */
    const char *name; /* the key */
    int type;         /* enum ssd_option_type */
    const char *unit; /* of a number: "B", "s", "B/s", "%"; of a text: what it is ("path") */
    double min, max;  /* the accepted range of a number, both included; max may be HUGE_VAL */
    const char *default_value; /* as text ("4k"); "" when the help says what happens */
    const char *words;         /* SSD_OPTION_ENUM: the accepted values, separated by spaces */
    const char *help;          /* what it does, one line */
    unsigned flags;            /* enum ssd_option_flags */
} ssd_option_info;

/* The string text as a JSON string literal, quotes included, the way every
 * ssdcore JSON writer puts strings: '"' and '\\' escaped, control characters
 * as \u00XX, valid UTF-8 unchanged, and each byte that is not UTF-8 (a
 * file name's stray 0xff) as \ufffd, so the result is always valid UTF-8
 * JSON. *out receives a malloc'd string to free with ssd_free (NULL on
 * failure). Returns 0, SSD_EINVAL (text or out NULL) or SSD_ENOMEM.
 * Thread-safe. */
SSD_API int ssd_json_quote(const char *text, char **out);

/* text as it can go to a terminal (the ssdcore CLI's messages, paths and
 * drive models): each control character (C0, DEL, C1) and each byte that is
 * not UTF-8 as \xNN, the rest as it is. Writes the result and a NUL into
 * out when out is not NULL (4 * strlen(text) + 1 bytes always suffice) and
 * returns its length either way, so one call measures and the next writes;
 * allocates nothing. Thread-safe. */
SSD_API size_t ssd_printable(const char *text, char *out);

/* ---- ssd_json: a JSON document of the caller's own ---------------------
 * The writer every ssd_*_to_json uses, for a program that prints JSON
 * beside the library's (the ssdcore CLI's lists and summaries), so its
 * documents escape strings and numbers as the library's do and embed
 * them. A document is written front to back; commas, and in pretty style
 * newlines and indentation, come by themselves. Inside an object each value
 * takes its key (key NULL inside an array). Nothing is validated.
 *
 *     ssd_json *w = NULL;
 *     ssd_json_create(&w, SSD_JSON_SPACED);
 *     ssd_json_begin_object(w, NULL);
 *     ssd_json_u64(w, "bytes", 4096);
 *     ssd_json_end_object(w);
 *     rc = ssd_json_finish(w, &text);   // {"bytes": 4096}
 *
 * Running out of memory is sticky: every later call does nothing and
 * ssd_json_finish returns SSD_ENOMEM; every call on a NULL writer does
 * nothing, so a document is written without checks and looked at once.
 * One writer per thread. */
typedef struct ssd_json ssd_json;

/* flags: SSD_JSON_COMPACT, SSD_JSON_SPACED or SSD_JSON_PRETTY. 0, or
 * SSD_EINVAL (out NULL, other flags), SSD_ENOMEM; *out NULL then. */
SSD_API int ssd_json_create(ssd_json **out, int flags);
/* NULL is a no-op. */
SSD_API void ssd_json_free(ssd_json *w);
/* The document so far to *out (free with ssd_free): 0, or SSD_ENOMEM
 * (*out NULL) when memory ran out on the way; SSD_EINVAL for NULL. Frees
 * w either way. */
SSD_API int ssd_json_finish(ssd_json *w, char **out);

SSD_API void ssd_json_begin_object(ssd_json *w, const char *key);
SSD_API void ssd_json_end_object(ssd_json *w);
SSD_API void ssd_json_begin_array(ssd_json *w, const char *key);
SSD_API void ssd_json_end_array(ssd_json *w);
/* A string escaped as ssd_json_quote does; NULL writes null. */
SSD_API void ssd_json_str(ssd_json *w, const char *key, const char *s);
/* A number with decimals digits after the point (printf %.*f), or the
 * shortest text that reads back the same when decimals < 0; not finite:
 * null (JSON has no NaN or infinity). */
SSD_API void ssd_json_num(ssd_json *w, const char *key, double v, int decimals);
SSD_API void ssd_json_u64(ssd_json *w, const char *key, uint64_t v);
SSD_API void ssd_json_bool(ssd_json *w, const char *key, int v);
SSD_API void ssd_json_null(ssd_json *w, const char *key);
/* A document another function wrote (an ssd_*_to_json), copied, or
 * re-indented in pretty style; NULL writes null. */
SSD_API void ssd_json_raw(ssd_json *w, const char *key, const char *json);
/* The next element starts a line (a compact document read line by line). */
SSD_API void ssd_json_newline(ssd_json *w);

/* A JSON document (an ssd_*_to_json's) handed over again in another style:
 * SSD_JSON_COMPACT (no white space outside strings: what every ssdcore
 * --json prints), SSD_JSON_SPACED or SSD_JSON_PRETTY, with strings and
 * numbers byte for byte and the text not checked; or SSD_JSON_TEXT, the
 * text form of a result that the ssdcore CLI prints without --json:
 *
 *     {"model":"x","sizes":[1,2],"smart":{"temp_c":40},"jobs":[{"a":1}]}
 *     model: x
 *     sizes: 1, 2
 *     smart:
 *       temp_c: 40
 *     jobs:
 *       - a: 1
 *
 * an object as "key: value" lines, a nested object or array indented two
 * spaces below its key, an array of plain values on one line ("(none)"
 * when empty, an empty object "(empty)"), any other array as "- " items;
 * a member whose value is null (unknown, not reported) has no line; a
 * member's number by its key's unit suffix: "_bytes" in binary units with
 * the count ("223.57 GiB (240057409536 bytes)", "4 KiB (4096 bytes)",
 * "512 B"), "_s" in seconds
 * and "_bps" in MiB/s to a reader's precision ("28.32 s", "512.0 MiB/s"),
 * any other fraction to 4 significant digits ("0.44"), whole numbers as
 * written (an array's numbers too); strings decoded, then as ssd_printable puts them
 * (control characters as \xNN), so the text is safe on a terminal. *out
 * receives the text (free with ssd_free). Returns 0, SSD_EINVAL (json or
 * out NULL, other flags), SSD_EFORMAT (SSD_JSON_TEXT: json is not JSON) or
 * SSD_ENOMEM. Thread-safe. */
SSD_API int ssd_json_restyle(const char *json, int flags, char **out);

/* Asks every running job, replay, suite and idle in this process to stop
 * soon (they return SSD_EINTERRUPTED). Safe to call from a signal handler
 * and from any thread: it only bumps an atomic counter. Runs that start
 * afterwards are not affected. */
SSD_API void ssd_interrupt(void);

#ifdef __cplusplus
}
#endif
#endif /* SSDCORE_BASE_H */
