/* numfmt.h - internal: numbers as JSON writes them, and in order. */
#ifndef SSD_NUMFMT_H
#define SSD_NUMFMT_H

#include <stdint.h>

/* Room for any double in its shortest form, with sign and exponent. */
#define SSD__NUM_BUF 32

/* Writes v in the shortest decimal form that reads back as exactly v
 * (0.35, not 0.34999999999999998), or "null" when v is not finite, since
 * JSON has no NaN or infinity. Returns buf. */
const char *ssd__fmt_json_number(char buf[SSD__NUM_BUF], double v);

/* Writes v as printf("%.*f", digits, v) does (0 <= digits <= 9) and
 * returns the length, when v >= 0 is k / 10^digits rounded to a double
 * for a whole k below 2^50 (a whole number, a latency of whole ns in us,
 * a time of whole us in s): then the digits of k are that text, and it
 * reads back as exactly v. Returns 0 (buf unchanged) for any other v:
 * the caller prints it. A job's log row printed every such number with
 * fprintf: half of a job's time on a sim: target. */
int ssd__fmt_fixed(char buf[SSD__NUM_BUF], double v, int digits);

/* Writes v as printf("%.*f", digits, v) does (0 <= digits <= 9) and
 * returns the length, for any v >= 0 with v * 10^digits below 2^50 whose
 * double product is not exactly halfway between two last digits (a
 * latency's mean, a temperature): the text, not a value that reads back
 * as v. Returns 0 (buf unchanged) otherwise: the caller prints it. A
 * series row's inexact fields (the means, the temperature) went through
 * snprintf: a tenth of a long job's time on a sim: target. */
int ssd__fmt_fixed_rounded(char buf[SSD__NUM_BUF], double v, int digits);

/* A byte count in binary units as the CLI accepts them back: "512 B",
 * "4 KiB", "223.57 GiB", "10 TiB" (two decimals where the largest unit
 * does not divide it). Returns buf. */
const char *ssd__fmt_size(char buf[SSD__NUM_BUF], double bytes);

/* A byte count as a suite file or a CLI flag takes it back exactly, with
 * no space: in the largest unit that divides it, binary as fio writes it
 * ("128k", "32g") or decimal as drives are sold ("50GB", "1GB"), else
 * bytes ("4097"). Returns buf. */
const char *ssd__fmt_size_exact(char buf[SSD__NUM_BUF], uint64_t bytes);

/* Length of the valid UTF-8 sequence at p (1 to 4), or 0 when the bytes
 * there are not UTF-8 (a path's stray 0xff): JSON strings must be UTF-8,
 * so the writers put U+FFFD for such a byte. */
int ssd__utf8_len(const unsigned char *p);

/* qsort's comparison of doubles, ascending (NaN compares equal to all). */
int ssd__cmp_double(const void *a, const void *b);

/* Whether s ends with suffix (a key's unit: "_bytes", "_bps"). */
int ssd__ends_with(const char *s, const char *suffix);

#endif
